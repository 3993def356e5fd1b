import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { BulkWriter } from "../db/bulk";
import type { Db } from "../db/client";
import { getSessionReport } from "../queries/scan-report";
import { searchPalette } from "../queries/palette-search";
import { POSTGRES_SKIP_MESSAGE, testProviders } from "../test-support/test-database";
import { sessionTitles } from "../usage/usage-queries";
import { scanAgentSources } from "./scan-agents";
import { sqlReaderFor } from "../db/sql-reader";
import { useProviderDatabase } from "../test-support/provider-database";

/**
 * Session titles through ingest: the first prompt is stored masked and bounded, an appended prompt
 * never replaces it, an earlier one read later does, and a log read before titles existed gets its
 * title from one more read of its head.
 */

const scratch = mkdtempSync(path.join(os.tmpdir(), "baton-titles-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const emptyHome = path.join(scratch, "empty-home");
mkdirSync(emptyHome, { recursive: true });
const only = (claudeDir: string) => ({ CLAUDE_CONFIG_DIR: claudeDir, CODEX_HOME: path.join(scratch, "none"), GEMINI_DATA_DIR: path.join(scratch, "none"), OPENCODE_DATA_DIR: path.join(scratch, "none") });

const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 9, minute)).toISOString();
const user = (sessionId: string, minute: number, content: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ type: "user", sessionId, cwd: "/work/app", gitBranch: "main", timestamp: at(minute), uuid: `u-${sessionId}-${minute}`, message: { role: "user", content }, ...extra });
const assistant = (sessionId: string, minute: number) =>
  JSON.stringify({
    type: "assistant",
    sessionId,
    cwd: "/work/app",
    gitBranch: "main",
    timestamp: at(minute),
    requestId: `req-${sessionId}-${minute}`,
    message: { id: `msg-${sessionId}-${minute}`, role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "text", text: "ok" }], usage: { input_tokens: 3, cache_creation_input_tokens: 100, cache_read_input_tokens: 0, output_tokens: 7 } },
  });
const lines = (...entries: string[]) => `${entries.join("\n")}\n`;

const KEY = "sk-ant-api03-" + "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe".repeat(3);

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`session titles through ingest (${provider.name})`, () => {
    let bulk: BulkWriter;
    let db: Db;
    useProviderDatabase(provider, (opened) => ({ bulk, db } = opened));

    const stored = async (externalId: string) => db.agentSession.findFirstOrThrow({ where: { externalId, parentId: null }, select: { id: true, title: true, titleAt: true } });

    it("stores the first prompt masked; an appended prompt does not replace it; pages, palette and reports read it", async () => {
      const claude = path.join(scratch, `append-${provider.name}`);
      const project = path.join(claude, "projects", "-work-app");
      mkdirSync(project, { recursive: true });
      const id = "11111111-1111-4111-8111-111111111111";
      const file = path.join(project, `${id}.jsonl`);
      writeFileSync(
        file,
        lines(
          user(id, 0, "<local-command-caveat>Caveat: local commands below.</local-command-caveat>", { isMeta: true }),
          user(id, 1, `Wire the Stripe webhook; the staging key is ${KEY}`),
          assistant(id, 2),
        ),
      );
      const scan = () => scanAgentSources({ bulk, env: only(claude), homeDir: emptyHome, workers: 0 });
      await scan();
      const first = await stored(id);
      expect(first.title).toMatch(/^Wire the Stripe webhook; the staging key is \[secret:/);
      expect(first.title).not.toContain(KEY.slice(0, 24));
      expect(first.titleAt?.toISOString()).toBe(at(1));

      appendFileSync(file, lines(user(id, 5, "Now the refunds endpoint"), assistant(id, 6)));
      const second = await scan();
      expect(second.sources[0]!.stats).toMatchObject({ filesRead: 1, sessionsReset: 0 });
      expect((await stored(id)).title).toBe(first.title);

      expect((await sessionTitles(db, [first.id])).get(first.id)).toBe(first.title);
      const report = await getSessionReport(sqlReaderFor(db), [second.sources[0]!.sourceId]);
      expect(report.sessions.find((session) => session.sessionId === id)?.title).toBe(first.title);
      // Any case, on both databases; and no part of the key finds it.
      expect((await searchPalette(db, "STRIPE webhook")).sessions.map((session) => session.id)).toEqual([first.id]);
      expect((await searchPalette(db, KEY.slice(13, 30))).sessions).toEqual([]);
    });

    it("an earlier prompt read in a later scan (another file of the session) becomes the title", async () => {
      const claude = path.join(scratch, `merge-${provider.name}`);
      const project = path.join(claude, "projects", "-work-app");
      mkdirSync(project, { recursive: true });
      const id = "22222222-2222-4222-8222-222222222222";
      writeFileSync(path.join(project, `${id}.jsonl`), lines(user(id, 30, "Continue where we left off"), assistant(id, 31)));
      const scan = () => scanAgentSources({ bulk, env: only(claude), homeDir: emptyHome, workers: 0 });
      await scan();
      expect((await stored(id)).title).toBe("Continue where we left off");
      // A copy of the session's start in another file (its lines name the same session).
      writeFileSync(path.join(project, "33333333-3333-4333-8333-333333333333.jsonl"), lines(user(id, 10, "Plan the billing migration"), assistant(id, 11)));
      await scan();
      expect((await stored(id)).title).toBe("Plan the billing migration");
    });

    it("a log read before titles existed is read once more, for its head, and then left alone", async () => {
      const claude = path.join(scratch, `legacy-${provider.name}`);
      const project = path.join(claude, "projects", "-work-app");
      mkdirSync(project, { recursive: true });
      const id = "44444444-4444-4444-8444-444444444444";
      writeFileSync(path.join(project, `${id}.jsonl`), lines(user(id, 0, "Upgrade the ORM"), assistant(id, 1), user(id, 2, "Then run the suite"), assistant(id, 3)));
      const scan = () => scanAgentSources({ bulk, env: only(claude), homeDir: emptyHome, workers: 0 });
      const first = await scan();
      const before = await db.agentSession.findFirstOrThrow({ where: { externalId: id, parentId: null } });
      // What an older Baton stored: no title, a carry without `titlePending`.
      await db.agentSession.update({ where: { id: before.id }, data: { title: null, titleAt: null } });
      await db.fileState.updateMany({ where: { sourceId: first.sources[0]!.sourceId }, data: { carry: JSON.stringify({ toolResultBytes: 0 }) } });

      const again = await scan();
      expect(again.sources[0]!.stats).toMatchObject({ filesRead: 1, bytesRead: 0, sessionsReset: 0 });
      const after = await db.agentSession.findFirstOrThrow({ where: { id: before.id } });
      expect(after.title).toBe("Upgrade the ORM");
      // Totals untouched by the extra read.
      expect([after.requestCount, after.totalTokens]).toEqual([before.requestCount, before.totalTokens]);
      const state = await db.fileState.findFirstOrThrow({ where: { sourceId: first.sources[0]!.sourceId } });
      expect(JSON.parse(state.carry ?? "{}")).toMatchObject({ titlePending: false });

      const third = await scan();
      expect(third.sources[0]!.stats).toMatchObject({ filesRead: 0, filesUnchanged: 1 });
    });
  });
}

if (testProviders.some((provider) => provider.skip)) console.warn(`session titles through ingest (postgresql): ${POSTGRES_SKIP_MESSAGE}`);
