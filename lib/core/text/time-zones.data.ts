/**
 * Time-zone abbreviations as people write them after a time (documented in docs/lint-rules.md).
 *
 * A fixed abbreviation (`PST`, `CEST`, `KST`) is a fixed offset in minutes east of UTC: writing `PST`
 * in July still means UTC−8, as written. A generic one (`PT`, `ET`) names a region whose offset depends on
 * the date, so it maps to an IANA zone and the offset is looked up for that date.
 *
 * Abbreviations that mean several zones take their most common reading in English text, listed in
 * AMBIGUOUS_READINGS (and in the docs) so a user can see why: write an offset (`+08:00`) to be exact.
 */
export const FIXED_ZONES: Record<string, number> = {
  UTC: 0, UT: 0, GMT: 0, Z: 0, WET: 0, WEST: 60,
  BST: 60, IST: 330, CET: 60, CEST: 120, MET: 60, MEST: 120, EET: 120, EEST: 180, MSK: 180, TRT: 180,
  SAST: 120, WAT: 60, CAT: 120, EAT: 180, GST: 240, PKT: 300, NPT: 345, ICT: 420, WIB: 420, WITA: 480, WIT: 540,
  SGT: 480, HKT: 480, PHT: 480, AWST: 480, JST: 540, KST: 540, ACST: 570, ACDT: 630, AEST: 600, AEDT: 660,
  NZST: 720, NZDT: 780,
  HST: -600, AKST: -540, AKDT: -480, PST: -480, PDT: -420, MST: -420, MDT: -360, CST: -360, CDT: -300, EST: -300,
  EDT: -240, AST: -240, ADT: -180, NST: -210, NDT: -150, BRT: -180, BRST: -120, ART: -180, CLT: -240, CLST: -180,
  COT: -300, PET: -300, UYT: -180,
};

/** Region abbreviations whose offset depends on the date (daylight saving), by IANA zone. */
export const REGION_ZONES: Record<string, string> = {
  PT: "America/Los_Angeles",
  MT: "America/Denver",
  CT: "America/Chicago",
  ET: "America/New_York",
  AET: "Australia/Sydney",
  UK: "Europe/London",
};

/** Abbreviations with more than one common meaning, and the reading Baton takes. */
export const AMBIGUOUS_READINGS: Record<string, string> = {
  IST: "India Standard Time (UTC+05:30), not Irish or Israel Standard Time",
  CST: "US Central Standard Time (UTC−06:00), not China Standard Time",
  BST: "British Summer Time (UTC+01:00), not Bangladesh Standard Time",
  AST: "Atlantic Standard Time (UTC−04:00), not Arabia Standard Time",
  GST: "Gulf Standard Time (UTC+04:00), not South Georgia Time",
};
