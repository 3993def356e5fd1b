/**
 * The rules every value read from a handoff or a log meets before it is written, the same for SQLite
 * and PostgreSQL (CONTRACTS.md, "Discovery and reading"): text holds no NUL and no lone surrogate,
 * numbers are finite, and a token count is a safe whole number from 0 to MAX_REQUEST_TOKENS.
 *
 * Why each rule: PostgreSQL refuses a NUL in `text` (the whole statement fails, and with it the
 * scan's transaction), SQLite stores it and every reader then cuts the string there; both drivers
 * encode a lone surrogate as U+FFFD, so what is stored is not what was read; an integer column
 * refuses ±Infinity and 1e30 (PostgreSQL) or holds a float that no sum or percentage survives.
 * The checks here decide; the callers (check-session-log.ts, check-seed-records.ts, the handoff
 * ingest) say which file and line a change is reported on.
 */

/** No single request of any model reads or writes more tokens than this (the largest windows are ~10^7). */
export const MAX_REQUEST_TOKENS = 100_000_000;

/**
 * A NUL, or a UTF-16 surrogate without its pair. (No `u` flag: the pattern looks at code units, so
 * a well-formed pair is two units that match neither branch.)
 */
// eslint-disable-next-line no-control-regex -- finding the NUL is the point
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSAFE_TEXT_ALL = new RegExp(UNSAFE_TEXT.source, "g");

/** Whether the text is stored as it is (no NUL, no lone surrogate). */
export function isSafeText(text: string): boolean {
  return !UNSAFE_TEXT.test(text);
}

export interface CleanedText {
  text: string;
  /** NUL characters removed. */
  nul: number;
  /** Lone surrogates removed. */
  surrogates: number;
}

/** The text without NULs and lone surrogates, with how many of each went; null when it is safe as it is. */
export function cleanText(text: string): CleanedText | null {
  if (!UNSAFE_TEXT.test(text)) return null;
  let nul = 0;
  let surrogates = 0;
  const cleaned = text.replace(UNSAFE_TEXT_ALL, (match) => {
    if (match === "\u0000") nul += 1;
    else surrogates += 1;
    return "";
  });
  return { text: cleaned, nul, surrogates };
}

/** The text without NULs and lone surrogates (for text Baton writes itself that quotes what it read). */
export function safeText(text: string): string {
  return cleanText(text)?.text ?? text;
}

/** "2 NUL characters and 1 lone surrogate" (what cleanText removed), for a finding. */
export function describeRemoved(cleaned: CleanedText): string {
  const parts: string[] = [];
  if (cleaned.nul > 0) parts.push(`${cleaned.nul} NUL character${cleaned.nul === 1 ? "" : "s"}`);
  if (cleaned.surrogates > 0) parts.push(`${cleaned.surrogates} lone surrogate${cleaned.surrogates === 1 ? "" : "s"}`);
  return parts.join(" and ");
}

/** A finite number as it is, else null (NaN, ±Infinity and anything not a number). */
export function finiteOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** Why a logged value is not a token count, or null when it is one (absent counts as none used). */
export function tokenCountProblem(value: unknown, max = MAX_REQUEST_TOKENS): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "number") return "not a number";
  if (!Number.isFinite(value)) return "not finite";
  if (value < 0) return "negative";
  if (!Number.isInteger(value)) return "not a whole number";
  if (!Number.isSafeInteger(value)) return "beyond exact integers";
  if (value > max) return max === MAX_REQUEST_TOKENS ? "over 10^8 for one request" : `over ${max}`;
  return null;
}

/** A token count as used: the value when it is one (tokenCountProblem is null), else 0. */
export function safeTokenCount(value: unknown, max = MAX_REQUEST_TOKENS): number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= max ? value : 0;
}

/**
 * A row about to be written, value by value: text without NULs and lone surrogates, numbers finite
 * (else null). Returns what was changed, by column, for the caller to report on the row's file.
 */
export function checkRowValues(row: unknown[], columns: readonly string[]): string[] {
  const changes: string[] = [];
  for (let index = 0; index < row.length; index += 1) {
    const value = row[index];
    if (typeof value === "string") {
      const cleaned = cleanText(value);
      if (cleaned === null) continue;
      row[index] = cleaned.text;
      changes.push(`${columns[index] ?? `column ${index + 1}`} held ${describeRemoved(cleaned)}: removed`);
    } else if (typeof value === "number" && !Number.isFinite(value)) {
      row[index] = null;
      changes.push(`${columns[index] ?? `column ${index + 1}`} was ${String(value)}: not recorded`);
    }
  }
  return changes;
}
