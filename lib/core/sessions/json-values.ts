/** Narrowing helpers for untrusted JSON: logs are written by other programs and drift between versions. */

import { MAX_REQUEST_TOKENS, safeTokenCount, tokenCountProblem } from "../text/safe-values";
import type { BadLine } from "./types";

export type JsonObject = Record<string, unknown>;

export function asObject(value: unknown): JsonObject | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
}

export function asArray(value: unknown): unknown[] | null {
  return Array.isArray(value) ? value : null;
}

/** A non-empty string, else null (empty strings in these logs mean "not recorded"). */
export function asString(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** A finite number, else null. */
export function asNumber(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/**
 * A token count as counted: a whole number from 0 to 10^8 (one request), else 0 (a missing field
 * means none were used; anything else is reported by reportMalformedTokenCounts). The rule is
 * lib/core/text/safe-values.ts's, shared by every parser.
 */
export function tokenCount(value: unknown): number {
  return safeTokenCount(value);
}

/** A logged count tokenCount takes as it is: absent (null or missing), or a whole number from 0 to 10^8. */
export function isTokenCount(value: unknown): boolean {
  return tokenCountProblem(value) === null;
}

const NOT_A_COUNT = "not a token count: ";

/**
 * The fields of a usage object whose values are there but are no token count (a string, a negative,
 * fractional or absurd number, an object, …), each with why and what was counted (0); null when every
 * field is a count. `max`: the bound (10^8 for one request; cumulative totals pass their own).
 */
export function malformedTokenCounts(counts: JsonObject, fields: readonly string[], where: string, max = MAX_REQUEST_TOKENS): string[] | null {
  let found: string[] | null = null;
  for (const field of fields) {
    const value = counts[field];
    const problem = tokenCountProblem(value, max);
    if (problem === null) continue;
    (found ??= []).push(`${where}.${field} is ${previewValue(value)} (${problem}), counted as 0`);
  }
  return found;
}

/**
 * Reports a line's malformed token counts as a bad line (one per line, whatever the number of
 * fields). The request still counts, with 0 for those fields: the line is real, and its other counts
 * are too; what is reported is that one value was not taken as written.
 */
export function reportMalformedTokenCounts(badLines: BadLine[], line: number, counts: JsonObject, fields: readonly string[], where: string, max = MAX_REQUEST_TOKENS): void {
  const found = malformedTokenCounts(counts, fields, where, max);
  if (found === null) return;
  const last = badLines.at(-1);
  if (last !== undefined && last.line === line && last.message.startsWith(NOT_A_COUNT)) last.message += `; ${found.join("; ")}`;
  else badLines.push({ line, message: `${NOT_A_COUNT}${found.join("; ")}` });
}

/** The value as a finding shows it: JSON, at most 40 characters. */
export function previewValue(value: unknown): string {
  const text = typeof value === "number" ? String(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

export function parseJsonObject(text: string): JsonObject | null {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return null;
  }
}

const NO_OFFSET = /T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

/**
 * Milliseconds since the epoch from an ISO string or an epoch number (seconds or milliseconds:
 * values below 1e11 cannot be milliseconds of any date these logs were written on).
 */
export function timestampMs(value: unknown): number | null {
  if (typeof value === "string") {
    if (value.length === 0) return null;
    // A date-time without an offset would be read in the machine's zone; these files mean UTC
    // (Python's utcnow().isoformat() writes no offset).
    const parsed = Date.parse(NO_OFFSET.test(value) ? `${value}Z` : value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  if (typeof value === "number" && Number.isFinite(value) && value > 0) {
    return value < 1e11 ? Math.round(value * 1000) : Math.round(value);
  }
  return null;
}

export function isoFromMs(ms: number | null): string | null {
  if (ms === null) return null;
  const date = new Date(ms);
  return Number.isFinite(date.getTime()) ? date.toISOString() : null;
}

/** Canonical and in range (month 01–12, day 01–31, hour 00–23, …): Date.parse accepts every such string. */
const CANONICAL_ISO = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** Whether a logged timestamp reads as a date (absent and "" are "not recorded"); canonical ISO is checked without Date.parse. */
export function isDateOrAbsent(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (typeof value === "string" && CANONICAL_ISO.test(value)) return true;
  return timestampMs(value) !== null;
}

/** ISO 8601 UTC with milliseconds; a string already in that form is returned as is (no Date round trip). */
export function canonicalTimestamp(value: unknown): string | null {
  if (typeof value === "string" && CANONICAL_ISO.test(value)) return value;
  return isoFromMs(timestampMs(value));
}

export function isoTimestamp(value: unknown): string | null {
  return isoFromMs(timestampMs(value));
}

/**
 * Tracks the earliest and latest timestamps seen. Timestamps already in canonical ISO form
 * (`2026-01-02T03:04:05.678Z`, what the CLIs write) compare as strings, which is much cheaper than
 * Date.parse on every line; others are parsed.
 */
export class TimeRange {
  private minIso: string | null = null;
  private maxIso: string | null = null;
  private minMs: number | null = null;
  private maxMs: number | null = null;

  add(ms: number | null): void {
    if (ms === null) return;
    if (this.minMs === null || ms < this.minMs) this.minMs = ms;
    if (this.maxMs === null || ms > this.maxMs) this.maxMs = ms;
  }

  /** Adds a raw timestamp value (string or epoch number). */
  addValue(value: unknown): void {
    if (typeof value === "string" && CANONICAL_ISO.test(value)) {
      if (this.minIso === null || value < this.minIso) this.minIso = value;
      if (this.maxIso === null || value > this.maxIso) this.maxIso = value;
      return;
    }
    this.add(timestampMs(value));
  }

  get startedAt(): string | null {
    const fromIso = this.minIso === null ? null : Date.parse(this.minIso);
    return isoFromMs(pick(fromIso, this.minMs, Math.min));
  }

  get endedAt(): string | null {
    const fromIso = this.maxIso === null ? null : Date.parse(this.maxIso);
    return isoFromMs(pick(fromIso, this.maxMs, Math.max));
  }
}

function pick(a: number | null, b: number | null, choose: (x: number, y: number) => number): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return choose(a, b);
}

/** Ordered set of model ids, first-seen order. */
export class ModelList {
  private readonly seen = new Set<string>();

  add(model: string | null): void {
    // A Set keeps insertion order; adding a model seen before changes nothing.
    if (model !== null) this.seen.add(model);
  }

  get list(): string[] {
    return [...this.seen];
  }
}

export function countType(counts: Record<string, number>, type: string): void {
  counts[type] = (counts[type] ?? 0) + 1;
}
