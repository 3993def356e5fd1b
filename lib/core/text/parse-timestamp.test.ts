import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { AMBIGUOUS_READINGS, parseTimestamp, parseTimestampDetailed } from "./parse-timestamp";
import { FIXED_ZONES } from "./time-zones.data";

describe("parseTimestamp", () => {
  test.each([
    ["2026-08-08T14:32:00Z", "2026-08-08T14:32:00.000Z"],
    ["2026-08-08T14:32:00.250Z", "2026-08-08T14:32:00.250Z"],
    ["2026-08-08T14:32:00+02:00", "2026-08-08T12:32:00.000Z"],
    ["2026-08-08T14:32:00-0530", "2026-08-08T20:02:00.000Z"],
    ["2026-08-08 14:32 UTC", "2026-08-08T14:32:00.000Z"],
    ["2026-08-08 14:32 GMT+2", "2026-08-08T12:32:00.000Z"],
    ["2026-06-23 05:25 +08:00", "2026-06-22T21:25:00.000Z"],
    ["2026-02-05 14:44:56", "2026-02-05T14:44:56"],
    ["`2026-02-05 14:44`", "2026-02-05T14:44:00"],
    ["2026-08-08", "2026-08-08"],
    ["2026-08-08 (Saturday)", "2026-08-08"],
    ["8 August 2026", "2026-08-08"],
    ["8th Aug 2026, 09:05", "2026-08-08T09:05:00"],
    ["August 8, 2026 2:32 PM UTC", "2026-08-08T14:32:00.000Z"],
    ["Aug 8 2026 12:00 am", "2026-08-08T00:00:00"],
    ["08082026", "2026-08-08"],
    ["22 de Enero 2026", "2026-01-22"],
    ["22 de janeiro de 2026, 14:10", "2026-01-22T14:10:00"],
    ["4. Februar 2026", "2026-02-04"],
    ["17 janvier 2026", "2026-01-17"],
    ["3 März 2026", "2026-03-03"],
    ["1786192320", "2026-08-08T12:32:00.000Z"],
  ])("%j → %j", (raw, iso) => {
    expect(parseTimestamp(raw)).toBe(iso);
  });

  test.each([
    ["empty", ""],
    ["prose", "this afternoon"],
    ["placeholder", "[TIMESTAMP]"],
    ["ambiguous slashes", "02/05/2026"],
    ["impossible date", "2026-02-30"],
    ["impossible time", "2026-02-01 25:00"],
    ["bad offset", "2026-02-01T10:00:00+25:00"],
    ["impossible DDMMYYYY", "31022026"],
    ["not a month", "8 Augustus 2026"],
    ["13 PM", "Aug 8 2026 13:00 pm"],
  ])("%s → null", (_name, raw) => {
    expect(parseTimestamp(raw)).toBeNull();
  });
});

describe("time zones", () => {
  test.each([
    // Offsets, with or without a colon or minutes.
    ["2026-02-17 13:45 +0900", "2026-02-17T04:45:00.000Z", "+0900"],
    ["2026-02-17 13:45 +09:00", "2026-02-17T04:45:00.000Z", "+09:00"],
    ["2026-02-17 13:45 +9", "2026-02-17T04:45:00.000Z", "+9"],
    ["2026-02-17 13:45 -3", "2026-02-17T16:45:00.000Z", "-3"],
    ["2026-02-17T13:45:00-03:00", "2026-02-17T16:45:00.000Z", "-03:00"],
    ["2026-02-17 13:45 UTC+9", "2026-02-17T04:45:00.000Z", "UTC+9"],
    ["2026-02-17 13:45 (GMT-03:00)", "2026-02-17T16:45:00.000Z", "GMT-03:00"],
    ["2026-02-17T13:45:00Z", "2026-02-17T13:45:00.000Z", "Z"],
    ["2026-02-17 13:45 utc", "2026-02-17T13:45:00.000Z", "utc"],
    // Abbreviations: a fixed offset as written.
    ["2026-02-17 13:45 PST", "2026-02-17T21:45:00.000Z", "PST"],
    ["2026-07-17 13:45 PDT", "2026-07-17T20:45:00.000Z", "PDT"],
    ["2026-02-17 13:45 EST", "2026-02-17T18:45:00.000Z", "EST"],
    ["2026-07-17 13:45 EDT", "2026-07-17T17:45:00.000Z", "EDT"],
    ["2026-02-17 13:45 CST", "2026-02-17T19:45:00.000Z", "CST"],
    ["2026-07-17 13:45 CDT", "2026-07-17T18:45:00.000Z", "CDT"],
    ["2026-02-17 13:45 MST", "2026-02-17T20:45:00.000Z", "MST"],
    ["2026-07-17 13:45 MDT", "2026-07-17T19:45:00.000Z", "MDT"],
    ["2026-02-17 13:45 CET", "2026-02-17T12:45:00.000Z", "CET"],
    ["2026-07-17 13:45 CEST", "2026-07-17T11:45:00.000Z", "CEST"],
    ["2026-07-17 13:45 BST", "2026-07-17T12:45:00.000Z", "BST"],
    ["2026-02-17 13:45 IST", "2026-02-17T08:15:00.000Z", "IST"],
    ["2026-02-17 13:45 JST", "2026-02-17T04:45:00.000Z", "JST"],
    ["2026-02-17 13:45 KST", "2026-02-17T04:45:00.000Z", "KST"],
    ["2026-02-17 13:45 BRT", "2026-02-17T16:45:00.000Z", "BRT"],
    ["2026-07-17 13:45 AEST", "2026-07-17T03:45:00.000Z", "AEST"],
    ["2026-02-17 13:45 AEDT", "2026-02-17T02:45:00.000Z", "AEDT"],
    ["2026-02-17 13:45 GMT", "2026-02-17T13:45:00.000Z", "GMT"],
    ["2026-02-17 1:45 PM PST", "2026-02-17T21:45:00.000Z", "PST"],
    ["2026-02-17 13:45 (KST)", "2026-02-17T04:45:00.000Z", "KST"],
    // Regions and IANA names follow daylight saving on that date.
    ["2026-02-17 13:45 PT", "2026-02-17T21:45:00.000Z", "PT"],
    ["2026-07-17 13:45 PT", "2026-07-17T20:45:00.000Z", "PT"],
    ["2026-07-17 13:45 Europe/Berlin", "2026-07-17T11:45:00.000Z", "Europe/Berlin"],
    ["2026-02-17 13:45 America/Los_Angeles", "2026-02-17T21:45:00.000Z", "America/Los_Angeles"],
    ["2026-02-17 13:45 Asia/Seoul", "2026-02-17T04:45:00.000Z", "Asia/Seoul"],
    // Other forms people write.
    ["Feb 17, 2026 1:45 PM PST", "2026-02-17T21:45:00.000Z", "PST"],
    ["17 February 2026, 13:45 CET", "2026-02-17T12:45:00.000Z", "CET"],
    ["Tue Feb 17 13:45:00 PST 2026", "2026-02-17T21:45:00.000Z", "PST"],
    ["20260217T134500Z", "2026-02-17T13:45:00.000Z", "Z"],
    ["20260217T1345+0900", "2026-02-17T04:45:00.000Z", "+0900"],
  ])("%j → %j (zone %j)", (raw, iso, zone) => {
    expect(parseTimestampDetailed(raw)).toEqual({ iso, zone });
  });

  test.each([
    ["no zone: a local time", "2026-02-17 13:45", "2026-02-17T13:45:00"],
    ["an unknown word is not a zone", "2026-02-17 13:45 ABC", "2026-02-17T13:45:00"],
    ["a zone without a time: the date", "2026-02-17 PST", "2026-02-17"],
    ["not an IANA zone", "2026-02-17 13:45 Done/Verified", "2026-02-17T13:45:00"],
  ])("%s", (_name, raw, iso) => {
    expect(parseTimestampDetailed(raw)).toEqual({ iso, zone: null });
  });

  test("every ambiguous abbreviation has a reading in the table", () => {
    for (const abbreviation of Object.keys(AMBIGUOUS_READINGS)) expect(FIXED_ZONES[abbreviation], abbreviation).toBeTypeOf("number");
  });
});

describe("date orders", () => {
  test.each([
    ["2026/02/17", "2026-02-17"],
    ["2026/2/7 09:05", "2026-02-07T09:05:00"],
    ["2026.02.17", "2026-02-17"],
    ["17/02/2026", "2026-02-17"],
    ["02/17/2026", "2026-02-17"],
    ["17.02.2026 13:45", "2026-02-17T13:45:00"],
    ["17-02-2026", "2026-02-17"],
    ["05/05/2026", "2026-05-05"],
    ["2026年2月17日 13:45", "2026-02-17T13:45:00"],
    ["2026년 2월 17일 13:45 KST", "2026-02-17T04:45:00.000Z"],
    ["2026年2月17日 13時45分", "2026-02-17T13:45:00"],
    ["20260217", "2026-02-17"],
  ])("%j → %j", (raw, iso) => {
    expect(parseTimestamp(raw)).toBe(iso);
  });

  test.each([
    ["day and month both 12 or less", "02/05/2026"],
    ["dots, both 12 or less", "02.05.2026"],
    ["impossible day-first", "31/02/2026"],
    ["ISO week date", "2026-W08-2"],
    ["two-digit year", "17/02/26"],
  ])("%s → null", (_name, raw) => {
    expect(parseTimestamp(raw)).toBeNull();
  });
});

describe("property", () => {
  test("never throws; an instant has its zone, a local time has none", () => {
    const token = fc.constantFrom("2026-02-17", "17/02/2026", "2026年2月17日", "Feb 17, 2026", " ", "T", "13:45", ":00", " PM", " PST", "+09:00", "Z", " UTC", "-3", " Asia/Seoul", " PT", "(", ")", "20260217T1345Z");
    fc.assert(
      fc.property(fc.array(fc.oneof(token, fc.string({ maxLength: 6 })), { maxLength: 12 }), (parts) => {
        const { iso, zone } = parseTimestampDetailed(parts.join(""));
        if (iso === null) expect(zone).toBeNull();
        else if (zone !== null) expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        else expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}(?:\.\d{3})?(?:\.\d{3}Z)?)?$|Z$/);
      }),
      { numRuns: 500 },
    );
  });
});
