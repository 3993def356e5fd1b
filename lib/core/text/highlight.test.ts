import { describe, expect, it } from "vitest";
import { highlightPieces } from "./highlight";

describe("highlightPieces", () => {
  it("marks every occurrence, case-insensitively, and keeps the text whole", () => {
    const pieces = highlightPieces("Route tests: run the ROUTE", ["route"]);
    expect(pieces).toEqual([
      { text: "Route", isMatch: true },
      { text: " tests: run the ", isMatch: false },
      { text: "ROUTE", isMatch: true },
    ]);
    expect(pieces.map((piece) => piece.text).join("")).toBe("Route tests: run the ROUTE");
  });

  it("merges overlapping words and takes wildcards literally", () => {
    expect(highlightPieces("a_b%c", ["a_b", "b%"])).toEqual([
      { text: "a_b%", isMatch: true },
      { text: "c", isMatch: false },
    ]);
  });

  it("without words (or with empty ones) nothing is a match", () => {
    expect(highlightPieces("text", [])).toEqual([{ text: "text", isMatch: false }]);
    expect(highlightPieces("", ["x"])).toEqual([]);
  });
});
