/**
 * The review claim you hold on a repository's handoffs, for `baton statusline`: on the team server you
 * are logged in to (`baton login`; GET /api/auth-check and /api/reviews?mine=1, in parallel), else in the
 * single-user database (read-only; the claims of the local user). Claude Code runs the status line after
 * every message, so this never takes longer than CLAIM_TIMEOUT_MS: past that (a slow server, a locked
 * database) the answer is "unknown", and the caller caches whatever came back (statusline.ts).
 *
 * A server's repository is its own mirror of the project, with its own path: a claim is matched to this
 * checkout by the handoff's repo-relative path, among the handoffs this checkout holds.
 */
import { existsSync } from "node:fs";
import { OPEN_REVIEW_STATES } from "../../core/reviews/review-states.data";
import type { DatabaseTarget } from "../db/database-url";
import { LOCAL_ACTOR_ID } from "../reviews/review-actor";
import { dbTimeToMs } from "../sessions/session-ids";

export const CLAIM_TIMEOUT_MS = 300;

export type ClaimSource = { kind: "server"; server: string; token: string } | { kind: "database"; target: DatabaseTarget };

export interface ReviewClaim {
  handoffPath: string;
  /** ISO time the claim expires. */
  until: string;
  /** Where it is held: the server's address, or "this machine". */
  where: string;
}

export type ClaimAnswer = { kind: "claim"; claim: ReviewClaim | null } | { kind: "unknown"; problem: string };

interface ClaimRow {
  handoffPath: string;
  claimExpiresAt: unknown;
}

/** A claim's expiry as epoch ms: a Date from PostgreSQL (UTC wall time read as local: dbTimeToMs undoes it), SQLite's text or number. */
function expiry(value: unknown): number | null {
  if (value instanceof Date) return dbTimeToMs(value);
  if (typeof value === "number") return value;
  if (typeof value === "string") {
    const parsed = Date.parse(value.includes("T") || value.includes("Z") || value.includes("+") ? value : `${value.replace(" ", "T")}Z`);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

/** The soonest-expiring live claim among rows whose handoff this checkout holds. */
function pick(rows: readonly ClaimRow[], handoffPaths: ReadonlySet<string>, now: number, where: string): ReviewClaim | null {
  const live = rows
    .map((row) => ({ path: row.handoffPath, until: expiry(row.claimExpiresAt) }))
    .filter((row): row is { path: string; until: number } => row.until !== null && row.until > now && handoffPaths.has(row.path))
    .sort((a, b) => a.until - b.until || a.path.localeCompare(b.path));
  return live[0] === undefined ? null : { handoffPath: live[0].path, until: new Date(live[0].until).toISOString(), where };
}

async function fromServer(source: Extract<ClaimSource, { kind: "server" }>, handoffPaths: ReadonlySet<string>, now: number, timeoutMs: number): Promise<ClaimAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  const get = async (route: string) => {
    const response = await fetch(`${source.server}${route}`, { headers: { Authorization: `Bearer ${source.token}`, Accept: "application/json" }, redirect: "error", signal });
    if (!response.ok) throw new Error(`${route}: HTTP ${response.status}`);
    return (await response.json()) as unknown;
  };
  try {
    const [who, list] = await Promise.all([get("/api/auth-check"), get("/api/reviews?mine=1")]);
    const userId = (who as { userId?: unknown } | null)?.userId;
    const reviews = (list as { reviews?: unknown } | null)?.reviews;
    if (typeof userId !== "string" || !Array.isArray(reviews)) return { kind: "unknown", problem: `${source.server} answered in an unexpected shape` };
    const mine = reviews.filter((review): review is ClaimRow & { claimedBy: string } => typeof review === "object" && review !== null && (review as { claimedBy?: unknown }).claimedBy === userId && typeof (review as { handoffPath?: unknown }).handoffPath === "string");
    return { kind: "claim", claim: pick(mine, handoffPaths, now, source.server) };
  } catch (error) {
    const reason = (error as Error).name === "TimeoutError" || (error as Error).name === "AbortError" ? `no answer within ${timeoutMs} ms` : (error as Error).message;
    return { kind: "unknown", problem: `${source.server}: ${reason}` };
  }
}

async function fromDatabase(source: Extract<ClaimSource, { kind: "database" }>, root: string, handoffPaths: ReadonlySet<string>, now: number, timeoutMs: number): Promise<ClaimAnswer> {
  const { target } = source;
  const states = OPEN_REVIEW_STATES.map(() => "?").join(", ");
  const sql = `SELECT r."handoffPath", r."claimExpiresAt" FROM "Review" r JOIN "Repo" p ON p."id" = r."repoId" WHERE r."claimedBy" = ? AND p."path" = ? AND r."state" IN (${states})`;
  const params = [LOCAL_ACTOR_ID, root, ...OPEN_REVIEW_STATES];
  if (target.provider === "sqlite") {
    // No database yet (the hooks and the status line never create one): nothing claimed.
    if (target.filePath === null || !existsSync(target.filePath)) return { kind: "claim", claim: null };
    const { default: Database } = await import("better-sqlite3");
    let db: InstanceType<typeof Database> | null = null;
    try {
      db = new Database(target.filePath, { readonly: true, fileMustExist: true, timeout: timeoutMs });
      const rows = db.prepare(sql).all(...params) as ClaimRow[];
      return { kind: "claim", claim: pick(rows, handoffPaths, now, "this machine") };
    } catch (error) {
      return { kind: "unknown", problem: `${target.filePath}: ${(error as Error).message}` };
    } finally {
      db?.close();
    }
  }
  const { openBulkWriter } = await import("../db/bulk");
  const bulk = openBulkWriter(target);
  let timer: NodeJS.Timeout | undefined;
  try {
    const rows = await Promise.race([
      bulk.query<ClaimRow>(sql, params),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs))),
    ]);
    return { kind: "claim", claim: pick(rows, handoffPaths, now, "this machine") };
  } catch (error) {
    return { kind: "unknown", problem: `the database: ${(error as Error).message}` };
  } finally {
    clearTimeout(timer);
    void bulk.close().catch(() => undefined);
  }
}

/**
 * @param root the checkout's root (the single-user database registers repositories by it)
 * @param handoffPaths every handoff path this checkout holds (repo-relative)
 */
export async function reviewClaim(source: ClaimSource, root: string, handoffPaths: ReadonlySet<string>, options: { now?: number; timeoutMs?: number } = {}): Promise<ClaimAnswer> {
  const now = options.now ?? Date.now();
  const timeoutMs = options.timeoutMs ?? CLAIM_TIMEOUT_MS;
  return source.kind === "server" ? fromServer(source, handoffPaths, now, timeoutMs) : fromDatabase(source, root, handoffPaths, now, timeoutMs);
}
