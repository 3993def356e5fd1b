import { describe, expect, it } from "vitest";
import { leaseLeft, reviewSummary } from "./review-format";

const now = Date.parse("2026-12-02T10:00:00Z");

describe("review formats", () => {
  it.each([
    [null, ""],
    ["2026-12-02T09:59:00Z", "expired"],
    ["2026-12-02T10:00:00Z", "expired"],
    ["2026-12-02T10:00:30Z", "30 s left"],
    ["2026-12-02T10:14:10Z", "14 min left"],
    ["2026-12-02T11:30:00Z", "1 h 30 min left"],
  ])("lease ending %s: %s", (end, text) => {
    expect(leaseLeft(end, now)).toBe(text);
  });
  it("summarises counts", () => {
    expect(reviewSummary({ open: 9, claimed: 3, blocked: 2 })).toBe("9 open · 3 claimed · 2 blocked");
  });
});
