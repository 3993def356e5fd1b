/**
 * What the hooks record, one JSON line each in `<data folder>/agent-loop/events.jsonl` (written at
 * hook time, with no server or database), and read back by `scan --agents` into the database. The
 * reader is total: a bad line is reported with its number and the rest is read.
 */

export const LOOP_RECORD_VERSION = 1;

export type LoopRecordKind = "guard-instruction" | "resume-injected";

export interface LoopRecord {
  v: number;
  /** Stable id (runtime, session, kind, time): a line read twice is stored once. */
  id: string;
  kind: LoopRecordKind;
  /** ISO 8601 UTC. */
  at: string;
  runtime: string;
  sessionId: string | null;
  /** The runtime's event name (`UserPromptSubmit`, `SessionStart`, …) and SessionStart's source. */
  event: string;
  source: string | null;
  /** Repository root (absolute) the hook ran in, or null outside a repository. */
  repo: string | null;
  branch: string | null;
  headSha: string | null;
  /** resume-injected: the handoff given; guard-instruction: the previous handoff named. Repo-relative. */
  handoffPath: string | null;
  /** resume-injected: the stable handoff id (as `scan --json`), when known. */
  handoffId: string | null;
  /** The git blob sha of that handoff's content: with handoffPath, the same on every machine (ids are per checkout). */
  handoffBlobSha: string | null;
  /** guard-instruction: where the handoff was asked for. */
  targetPath: string | null;
  /** guard-instruction: the position and the threshold. */
  percent: number | null;
  tokens: number | null;
  window: number | null;
  threshold: number | null;
  /** resume-injected: what was given (`full`, `truncated`, `reminder`). */
  delivered: string | null;
}

export interface LoopRecordIssue {
  line: number;
  message: string;
}

function str(value: unknown): string | null {
  return typeof value === "string" && value !== "" && !value.includes("\0") ? value : null;
}

function num(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
}

/** Reads events.jsonl text: the records, and one issue per line that is not one. */
export function parseLoopRecords(text: string, firstLine = 1): { records: LoopRecord[]; issues: LoopRecordIssue[] } {
  const records: LoopRecord[] = [];
  const issues: LoopRecordIssue[] = [];
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    const lineNumber = firstLine + index;
    if (line.trim() === "") return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      issues.push({ line: lineNumber, message: "not JSON" });
      return;
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      issues.push({ line: lineNumber, message: "not a JSON object" });
      return;
    }
    const raw = parsed as Record<string, unknown>;
    const kind = raw.kind;
    const id = str(raw.id);
    const at = str(raw.at);
    const runtime = str(raw.runtime);
    if ((kind !== "guard-instruction" && kind !== "resume-injected") || id === null || at === null || Number.isNaN(Date.parse(at)) || runtime === null) {
      issues.push({ line: lineNumber, message: "not a loop record (kind, id, at or runtime missing or wrong)" });
      return;
    }
    records.push({
      v: num(raw.v) ?? LOOP_RECORD_VERSION,
      id,
      kind,
      at: new Date(at).toISOString(),
      runtime,
      sessionId: str(raw.sessionId),
      event: str(raw.event) ?? "",
      source: str(raw.source),
      repo: str(raw.repo),
      branch: str(raw.branch),
      headSha: str(raw.headSha),
      handoffPath: str(raw.handoffPath),
      handoffId: str(raw.handoffId),
      handoffBlobSha: str(raw.handoffBlobSha),
      targetPath: str(raw.targetPath),
      percent: num(raw.percent),
      tokens: num(raw.tokens),
      window: num(raw.window),
      threshold: num(raw.threshold),
      delivered: str(raw.delivered),
    });
  });
  return { records, issues };
}
