/**
 * Stable ids and small value helpers shared by session ingest, linking and queries.
 */
import os from "node:os";
import { hexDigest } from "../hex-digest";

/** A main session: sha256(runtime, source root, external id), 24 hex. Stable across scans. */
export function agentSessionId(runtime: string, sourceRoot: string, externalId: string): string {
  return hexDigest("sha256", `${runtime}\0${sourceRoot}\0${externalId}`).slice(0, 24);
}

/** A subagent of a main session: derived from the parent's id, so later slices need no external id. */
export function subagentSessionId(parentId: string, agentId: string): string {
  return hexDigest("sha256", `${parentId}\0agent\0${agentId}`).slice(0, 24);
}

/**
 * The folder agent logs are looked for under: `BATON_HOME_DIR` when set (tests and sandboxes point
 * it at a copy), else the user's home (`HOME` on POSIX, which os.homedir() honours).
 */
export function agentHomeDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const override = env.BATON_HOME_DIR?.trim();
  return override ? override : os.homedir();
}

/**
 * A DateTime column read through the bulk path as epoch ms. SQLite hands back the ISO text Baton
 * wrote; node-postgres turns `timestamp without time zone` into a Date read as *local* wall time,
 * while Baton writes UTC wall time, so that offset is undone here.
 */
export function dbTimeToMs(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    const ms = value.getTime();
    return Number.isNaN(ms) ? null : ms - value.getTimezoneOffset() * 60_000;
  }
  const ms = Date.parse(String(value));
  return Number.isNaN(ms) ? null : ms;
}

/** The UTC form SQLite's rows hold (`2027-02-09T03:33:15.483+00:00`): toISOString's with `+00:00` for `Z`. */
const UTC_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;

/**
 * A DateTime column as toISOString writes it (null when none). SQLite's text is rewritten, not
 * parsed and written again: lists and reports write two per session, by the ten thousand.
 */
export function dbTimeToIso(value: unknown): string | null {
  if (typeof value === "string" && UTC_TEXT.test(value)) return `${value.slice(0, 23)}Z`;
  const ms = dbTimeToMs(value);
  return ms === null ? null : new Date(ms).toISOString();
}

/** BIGINT / COUNT / SUM come back as bigint (Prisma), string (pg) or number (SQLite). */
export function toNumber(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string" && value !== "") return Number(value);
  return 0;
}

export function toNullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : toNumber(value);
}

export function parseJsonOr<T>(text: unknown, fallback: T): T {
  if (typeof text !== "string" || text === "") return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}
