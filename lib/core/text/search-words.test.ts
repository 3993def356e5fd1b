import { describe, expect, it } from "vitest";
import { escapeLike, hasLikeWildcards, searchWords } from "./search-words";

describe("searchWords", () => {
  it.each([
    ["", [], false],
    ["  Route  TESTS ", ["route", "tests"], false],
    ["a b c d e f g h i j", ["a", "b", "c", "d", "e", "f", "g", "h"], false],
    ["x_s1 %00", ["x_s1", "%00"], false],
    ["a\u0000b", ["a\u0000b"], true],
    ["ok \uD800", ["ok", "\uD800"], true],
    ["ok \uDC00x", ["ok", "\udc00x"], true],
    ["emoji \uD83D\uDE00", ["emoji", "\uD83D\uDE00"], false],
  ])("%j → %j (matches nothing: %s)", (query, words, matchesNothing) => {
    expect(searchWords(query)).toEqual({ words, matchesNothing });
  });
});

describe("escapeLike", () => {
  it.each([
    ["plain", "plain"],
    ["x_s1", "x\\_s1"],
    ["100%", "100\\%"],
    ["back\\slash", "back\\\\slash"],
    ["\\%_", "\\\\\\%\\_"],
  ])("%j → %j", (text, pattern) => {
    expect(escapeLike(text)).toBe(pattern);
    expect(hasLikeWildcards(text)).toBe(text !== pattern);
  });
});
