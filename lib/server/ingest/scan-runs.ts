/**
 * A scan's ScanRun row: opened as "running" with the process that runs it, closed by that process
 * (ok / partial / failed). A process killed outright (kill -9, a power cut) never closes its row, so
 * every scan first closes the rows it can tell are dead as "interrupted" (`scan --json` lists them in
 * `interruptedScans`; the CLI says so in words):
 * - a row of this machine whose process is gone;
 * - a row of another machine (a shared PostgreSQL database) started more than OTHER_HOST_STALE_MS ago;
 * - a row that names no process (written before rows recorded one) started more than LEGACY_STALE_MS ago.
 */
import os from "node:os";
import type { BulkWriter } from "../db/bulk";

const OTHER_HOST_STALE_MS = 24 * 60 * 60_000;
const LEGACY_STALE_MS = 60 * 60_000;

export interface InterruptedScan {
  id: string;
  kind: string;
  startedAt: string;
}

interface ScanOwner {
  pid: number;
  host: string;
}

export function currentOwner(): ScanOwner {
  return { pid: process.pid, host: os.hostname() };
}

export async function openScanRun(bulk: BulkWriter, id: string, kind: "handoffs" | "agents", startedAt: Date = new Date()): Promise<InterruptedScan[]> {
  const interrupted = await closeInterruptedScans(bulk, startedAt);
  await bulk.execute(`INSERT INTO "ScanRun" ("id", "startedAt", "kind", "status", "summary") VALUES (?, ?, ?, 'running', ?)`, [id, startedAt, kind, JSON.stringify({ owner: currentOwner() })]);
  return interrupted;
}

function ownerOf(summary: string): ScanOwner | null {
  try {
    const owner = (JSON.parse(summary) as { owner?: Partial<ScanOwner> }).owner;
    return owner && Number.isSafeInteger(owner.pid) && typeof owner.host === "string" ? { pid: owner.pid!, host: owner.host } : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function isDead(row: { startedAt: Date; summary: string }, now: Date, here: ScanOwner = currentOwner()): boolean {
  const age = now.getTime() - row.startedAt.getTime();
  const owner = ownerOf(row.summary);
  if (owner === null) return age > LEGACY_STALE_MS;
  if (owner.host !== here.host) return age > OTHER_HOST_STALE_MS;
  return owner.pid !== here.pid && !isAlive(owner.pid);
}

export async function closeInterruptedScans(bulk: BulkWriter, now: Date = new Date()): Promise<InterruptedScan[]> {
  const running = await bulk.query<{ id: string; kind: string; startedAt: Date | string | number; summary: string }>(`SELECT "id", "kind", "startedAt", "summary" FROM "ScanRun" WHERE "status" = 'running'`);
  const dead = running
    .map((row) => ({ ...row, startedAt: new Date(row.startedAt) }))
    .filter((row) => isDead(row, now));
  for (const row of dead) {
    const summary = { interrupted: true, note: "this scan stopped before it finished (its process ended: killed, or the machine stopped); a later scan closed it", owner: ownerOf(row.summary) };
    // Only while still running: a scan that finished meanwhile keeps its own result.
    await bulk.execute(`UPDATE "ScanRun" SET "status" = 'interrupted', "finishedAt" = ?, "summary" = ? WHERE "id" = ? AND "status" = 'running'`, [now, JSON.stringify(summary), row.id]);
  }
  return dead.map((row) => ({ id: row.id, kind: row.kind, startedAt: row.startedAt.toISOString() }));
}
