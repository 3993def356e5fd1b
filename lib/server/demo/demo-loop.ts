/**
 * The demo's agent-loop records (demo/agent-loop.yaml): what Baton's hooks would have recorded in the
 * demo sessions, inserted into the demo database so the dashboard shows the loop (the guard's marker
 * on a burn chart, "resumed by session … through the hook", the on-time rate) without touching the
 * data folder's events.jsonl.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { LOOP_EVENT_COLUMNS } from "../agent-loop/ingest-loop-records";
import { recordId } from "../agent-loop/loop-files";
import type { BulkWriter, Row } from "../db/bulk";
import { RUNTIME } from "../../core/runtimes/runtimes";

const eventSchema = z.object({
  kind: z.enum(["guard-instruction", "resume-injected"]),
  runtime: z.string(),
  session: z.string(),
  at: z.string(),
  repo: z.string(),
  branch: z.string(),
  source: z.string().optional(),
  handoff: z.string().optional(),
  tokens: z.number().optional(),
  window: z.number().optional(),
  threshold: z.number().optional(),
  target: z.string().optional(),
  previous: z.string().optional(),
});

export async function insertDemoLoopEvents(bulk: BulkWriter, repos: ReadonlyMap<string, string>, projectRoot: string): Promise<number> {
  const plan = z.object({ events: z.array(eventSchema) }).parse(parse(readFileSync(path.join(projectRoot, "demo", "agent-loop.yaml"), "utf8")));
  const rows: Row[] = [];
  for (const event of plan.events) {
    const repoPath = repos.get(event.repo);
    if (!repoPath) throw new Error(`demo/agent-loop.yaml: unknown repo ${event.repo}`);
    const handoffPath = event.kind === "resume-injected" ? (event.handoff ?? null) : (event.previous ?? null);
    const handoff = handoffPath === null ? [] : await bulk.query<{ id: string; blobSha: string }>(`SELECT h."id", h."blobSha" FROM "Handoff" h JOIN "Repo" r ON r."id" = h."repoId" WHERE r."path" = ? AND h."path" = ? AND h."isGone" = ? ORDER BY h."id" LIMIT 1`, [repoPath, handoffPath, false]);
    const percent = event.tokens !== undefined && event.window !== undefined ? (event.tokens * 100) / event.window : null;
    rows.push([
      recordId([event.runtime, event.session, event.kind, event.at, handoffPath]),
      event.kind,
      new Date(event.at),
      event.runtime,
      event.session,
      event.kind === "resume-injected" ? "SessionStart" : event.runtime === RUNTIME.geminiCli ? "BeforeAgent" : "PostToolUse",
      event.source ?? null,
      repoPath,
      event.branch,
      null,
      handoffPath,
      handoff[0]?.id ?? null,
      handoff[0]?.blobSha ?? null,
      event.target ?? null,
      percent,
      event.tokens ?? null,
      event.window ?? null,
      event.threshold ?? null,
      event.kind === "resume-injected" ? "full" : null,
    ]);
  }
  await bulk.insert("AgentLoopEvent", LOOP_EVENT_COLUMNS, rows, { ignoreConflicts: true });
  return rows.length;
}
