import { describe, expect, test } from "vitest";
import { atCommitOffset, isLocalDateTime } from "./local-time";

describe("a written time with no zone, read at the offset of the commit that added the file", () => {
  test.each([
    ["2026-04-29T17:19:00", "+0900", "2026-04-29T08:19:00.000Z"],
    ["2026-03-19T22:38", "-0300", "2026-03-20T01:38:00.000Z"],
    ["2026-01-01T00:00:00.5", "+0000", "2026-01-01T00:00:00.500Z"],
  ])("%s at %s → %s", (local, offset, iso) => {
    expect(new Date(atCommitOffset(local, offset)!).toISOString()).toBe(iso);
  });

  test.each([["2026-04-29"], ["2026-04-29T17:19:00.000Z"], ["yesterday"], [null]])("%j is no local date-time", (value) => {
    expect(isLocalDateTime(value)).toBe(false);
  });

  test("an unreadable offset gives nothing", () => {
    expect(atCommitOffset("2026-04-29T17:19:00", "JST")).toBeNull();
    expect(atCommitOffset("2026-04-29T17:19:00", "+1900")).toBeNull();
  });
});
