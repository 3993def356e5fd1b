import { describe, expect, it } from "vitest";
import { dbTimeToIso, dbTimeToMs } from "./session-ids";

describe("dbTimeToIso", () => {
  it.each([
    // SQLite's text: rewritten, the same string toISOString gives.
    ["2027-02-09T03:33:15.483+00:00", "2027-02-09T03:33:15.483Z"],
    ["1999-12-31T23:59:59.999+00:00", "1999-12-31T23:59:59.999Z"],
    // Any other text is parsed (an offset, no milliseconds, a Z).
    ["2027-02-09T05:33:15.483+02:00", "2027-02-09T03:33:15.483Z"],
    ["2027-02-09T03:33:15+00:00", "2027-02-09T03:33:15.000Z"],
    ["2027-02-09T03:33:15.483Z", "2027-02-09T03:33:15.483Z"],
    [null, null],
    [undefined, null],
    ["not a time", null],
  ])("%j → %j", (value, expected) => {
    expect(dbTimeToIso(value)).toBe(expected);
  });

  it("agrees with dbTimeToMs on node-postgres' Dates (UTC wall time read as local)", () => {
    const local = new Date(2027, 1, 9, 3, 33, 15, 483);
    expect(dbTimeToIso(local)).toBe(new Date(dbTimeToMs(local)!).toISOString());
    expect(dbTimeToIso(local)).toBe("2027-02-09T03:33:15.483Z");
  });
});
