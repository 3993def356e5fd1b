/**
 * Ingest (incremental reads, stored samples, SQL-side recompute) must give exactly what the
 * whole-file path gives (loadAgentSessions → summariseSession), on every public sample the parsers
 * are tested against: 1.0.x inline sidechains, 2.0.x flat agent files, subagents, compactions,
 * Codex duplicate events, Gemini JSON and JSONL, OpenCode database and JSON tree.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureSuite, PUBLIC } from "../../core/test-support/shared-fixtures";
import { tokenFields } from "../../core/sessions/__fixtures__/realcli-truth";
import type { SessionSummary } from "../../core/sessions/types";
import { loadAgentSessions } from "../agents/load-agent-sessions";
import type { BulkWriter } from "../db/bulk";
import type { Db } from "../db/client";
import { getSession } from "../queries/sessions";
import { POSTGRES_SKIP_MESSAGE, testProviders } from "../test-support/test-database";
import { scanAgentSources } from "./scan-agents";
import { useProviderDatabase } from "../test-support/provider-database";

const scratch = mkdtempSync(path.join(os.tmpdir(), "baton-ingest-vs-summary-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const none = path.join(scratch, "none");
const home = path.join(scratch, "home");
mkdirSync(home, { recursive: true });

function openCodeCopy(database: string): string {
  const dir = path.join(scratch, `opencode-${path.basename(path.dirname(database))}`);
  mkdirSync(dir, { recursive: true });
  copyFileSync(database, path.join(dir, "opencode.db"));
  return dir;
}

const CASES: [string, Record<string, string>][] = [
  ["claude: marot/spotter", { CLAUDE_CONFIG_DIR: path.join(PUBLIC, "claude-code", "marot-spotter") }],
  ["claude: entireio", { CLAUDE_CONFIG_DIR: path.join(PUBLIC, "claude-code", "entireio-cli") }],
  ["claude: claude-code-viewer (1.0.x sidechains, 2.0.x flat agent)", { CLAUDE_CONFIG_DIR: path.join(PUBLIC, "claude-code", "d-kimuson-claude-code-viewer") }],
  ["claude: ccusage fixtures", { CLAUDE_CONFIG_DIR: path.join(PUBLIC, "claude-code", "ccusage-fixtures") }],
  ["codex: localpush", { CODEX_HOME: path.join(PUBLIC, "codex", "madshn-localpush") }],
  ["codex: ccusage fixtures", { CODEX_HOME: path.join(PUBLIC, "codex", "ccusage-fixtures") }],
  ["codex: claude-code-log", { CODEX_HOME: path.join(PUBLIC, "codex", "daaain-claude-code-log") }],
  ["gemini: entireio", { GEMINI_DATA_DIR: path.join(PUBLIC, "gemini", "entireio-cli", "tmp") }],
  ["gemini: embedded doc sample", { GEMINI_DATA_DIR: path.join(PUBLIC, "gemini", "embedded-real-doc-sample", "tmp") }],
  ["gemini: synthetic jsonl", { GEMINI_DATA_DIR: path.join(PUBLIC, "gemini", "synthetic-jsonl", "tmp") }],
  ["opencode: legacy JSON tree", { OPENCODE_DATA_DIR: path.join(PUBLIC, "opencode", "synthetic", "legacy-json") }],
  ["opencode: sqlite", { OPENCODE_DATA_DIR: "sqlite" }],
];

const present = existsSync(PUBLIC);

/**
 * Default batches, and one-file batches that write every session draft to the scan's temporary table
 * (draft-store.ts) after every file: sessions fed by several files (subagents, 2.0.x flat agent files,
 * resumed Codex threads) are then merged back from the table.
 */
const BATCHINGS = [
  ["default batches", undefined],
  ["one file per batch, drafts spilled after each", { samples: 1, files: 1, heldDrafts: 0 }],
] as const;

for (const provider of testProviders) for (const [batching, batchSizes] of BATCHINGS) {
  describe.skipIf(provider.skip || !present)(fixtureSuite(`ingest equals the whole-file summaries (${provider.name}, ${batching})`, PUBLIC, present), () => {
    let bulk: BulkWriter;
    let db: Db;
    useProviderDatabase(provider, (opened) => ({ bulk, db } = opened));

    it.each(CASES)("%s", async (_name, partial) => {
      const raw = { CLAUDE_CONFIG_DIR: none, CODEX_HOME: none, GEMINI_DATA_DIR: none, OPENCODE_DATA_DIR: none, ...partial };
      const env = raw.OPENCODE_DATA_DIR === "sqlite" ? { ...raw, OPENCODE_DATA_DIR: openCodeCopy(path.join(PUBLIC, "opencode", "synthetic", "sqlite", "opencode.db")) } : raw;
      const { sessions: expected } = await loadAgentSessions({ env, homeDir: home });
      expect(expected.length).toBeGreaterThan(0);
      const result = await scanAgentSources({ bulk, env, homeDir: home, batchSizes });
      const sourceIds = result.sources.map((source) => source.sourceId);
      for (const summary of expected) {
        const row = await db.agentSession.findFirst({ where: { externalId: summary.sessionId, parentId: null, sourceId: { in: sourceIds } }, select: { id: true } });
        if (summary.requests === 0 && summary.compactions === 0) {
          // A file with nothing countable is not a session for ingest (docs/token-accounting.md).
          expect(row, summary.sessionId).toBeNull();
          continue;
        }
        expect(row, summary.sessionId).not.toBeNull();
        compare((await getSession(db, row!.id))!, summary);
      }
    });
  });
}

function compare(stored: NonNullable<Awaited<ReturnType<typeof getSession>>>, summary: SessionSummary) {
  const label = `${summary.runtime} ${summary.sessionId}`;
  expect(tokenFields(stored), label).toEqual(tokenFields(summary));
  expect(stored.requestCount, label).toBe(summary.requests);
  expect(stored.compactionCount, label).toBe(summary.compactions);
  expect(stored.peakContextTokens, label).toBe(summary.peakContextTokens ?? 0);
  expect([stored.contextWindow, stored.contextWindowSource], label).toEqual([summary.contextWindow, summary.contextWindowSource]);
  expect([stored.cwd, stored.branch], label).toEqual([summary.cwd, summary.branch]);
  expect([...stored.models].sort(), label).toEqual([...summary.models].sort());
  expect(stored.startedAt, label).toBe(summary.startedAt === null ? null : new Date(summary.startedAt).toISOString());
  expect(stored.endedAt, label).toBe(summary.endedAt === null ? null : new Date(summary.endedAt).toISOString());
  const agents = (list: { agentId: string; requests: number; inputTokens: number; cacheWriteTokens: number; cacheReadTokens: number; outputTokens: number; reasoningTokens: number }[]) =>
    list.map(({ agentId, requests, inputTokens, cacheWriteTokens, cacheReadTokens, outputTokens, reasoningTokens }) => ({ agentId, requests, inputTokens, cacheWriteTokens, cacheReadTokens, outputTokens, reasoningTokens })).sort((a, b) => a.agentId.localeCompare(b.agentId));
  // Ingest lists every agent that has requests (1.0.x inline sidechain lines name theirs too).
  expect(agents(stored.subagents).filter((agent) => summary.subagents.some((known) => known.agentId === agent.agentId)), label).toEqual(agents(summary.subagents));
  expect(stored.sourceIssues.map((issue) => [issue.badLines, issue.unknownTypes]), label).toEqual(summary.sourceIssues.map((issue) => [issue.badLines, issue.unknownTypes]));
}

if (testProviders[1]!.skip) console.warn(`ingest equals the whole-file summaries (postgresql): ${POSTGRES_SKIP_MESSAGE}`);
