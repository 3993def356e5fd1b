/**
 * The session pages' reads (lib/server/queries/sessions.ts) over the demo workspace (real git repos,
 * handoffs and agent logs, scanned as `npm start` does): the list's filters, sorts and pages, one
 * session's requests and subagents adding up to its totals, links, the user's window override and the
 * Sources page's list. On SQLite, and on PostgreSQL when BATON_TEST_DATABASE_URL is set.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOG_RUNTIMES, RUNTIME } from "../../core/runtimes/runtimes";
import { sumTokens, totalTokens } from "../../core/tokens";
import type { BulkWriter } from "../db/bulk";
import type { Db } from "../db/client";
import { seedDemoWorkspace } from "../demo/demo-workspace";
import { useProviderDatabase } from "../test-support/provider-database";
import { POSTGRES_SKIP_MESSAGE, testProviders } from "../test-support/test-database";
import { getSession, getSessionsForHandoff, sessionExists, setUserContextWindow } from "./sessions";
import { handoffName } from "../../core/chains/chain-name";
import { getSessionFacets, listSessions, parseSessionFilters, type SessionListItem } from "./session-list";
import { listAgentSources } from "./agent-sources";

const scratch = mkdtempSync(path.join(os.tmpdir(), "baton-session-queries-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The demo's main session that has a subagent (the Claude session of acme-billing's payments work). */
const WITH_SUBAGENT = "7c1e4b2a-93f0-4d7e-b1c2-5a8f0e6d3b91";

const all = (db: Db, params: Record<string, string> = {}) => listSessions(db, parseSessionFilters({ pageSize: "200", ...params }));
const isSortedBy = (items: SessionListItem[], value: (item: SessionListItem) => number) => items.every((item, index) => index === 0 || value(items[index - 1]!) >= value(item));

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`session queries over the demo workspace (${provider.name})${provider.skip ? ` — ${POSTGRES_SKIP_MESSAGE}` : ""}`, () => {
    let db: Db;
    let bulk: BulkWriter;
    useProviderDatabase(provider, (handle) => {
      ({ db, bulk } = handle);
    });
    beforeAll(() => seedDemoWorkspace(bulk, path.join(scratch, provider.name)), 240_000);

    it("lists main sessions only, each with totals that add up, newest first", async () => {
      const list = await all(db);
      const rows = await db.agentSession.findMany({ select: { parentId: true, supersededById: true } });
      expect(list.total).toBe(rows.filter((row) => row.parentId === null && row.supersededById === null).length);
      expect(list.total).toBeGreaterThanOrEqual(5);
      expect(list.items).toHaveLength(list.total);
      for (const item of list.items) expect(item.totalTokens).toBe(totalTokens(item));
      expect(isSortedBy(list.items, (item) => Date.parse(item.endedAt ?? "1970-01-01"))).toBe(true);
      expect(new Set(list.items.map((item) => item.runtime))).toEqual(new Set([RUNTIME.claudeCode, RUNTIME.codex, RUNTIME.geminiCli]));
    });

    it("filters by runtime, repo and day, and pages through the same order", async () => {
      const everything = (await all(db)).items;
      const codex = await all(db, { runtime: RUNTIME.codex });
      expect(codex.items.map((item) => item.id).sort()).toEqual(everything.filter((item) => item.runtime === RUNTIME.codex).map((item) => item.id).sort());
      const repo = everything.find((item) => item.repo !== null)!.repo!;
      expect((await all(db, { repo: repo.id })).items.every((item) => item.repo?.id === repo.id)).toBe(true);
      const day = everything[everything.length - 1]!.startedAt!.slice(0, 10);
      const onDay = (await all(db, { from: day, to: day })).items;
      const expected = everything.filter((item) => item.startedAt!.slice(0, 10) <= day && (item.endedAt ?? item.startedAt)!.slice(0, 10) >= day);
      expect(onDay.map((item) => item.id).sort()).toEqual(expected.map((item) => item.id).sort());
      expect(onDay.length).toBeGreaterThan(0);
      const pages = [];
      for (let page = 1; page <= Math.ceil(everything.length / 3); page += 1) pages.push(...(await listSessions(db, parseSessionFilters({ pageSize: "3", page: String(page) }))).items);
      expect(pages.map((item) => item.id)).toEqual(everything.map((item) => item.id));
    });

    it("sorts by peak share, tokens and duration", async () => {
      expect(isSortedBy((await all(db, { sort: "peak" })).items, (item) => item.peakContextPercent ?? -1)).toBe(true);
      expect(isSortedBy((await all(db, { sort: "tokens" })).items, (item) => item.totalTokens)).toBe(true);
      expect(isSortedBy((await all(db, { sort: "duration" })).items, (item) => item.durationMs ?? -1)).toBe(true);
      // A bad value in the address is dropped, not an error page.
      expect(parseSessionFilters({ sort: "nonsense", page: "-3" })).toMatchObject({ sort: "recent", page: 1 });
    });

    it("offers the runtimes and repos that have sessions as facets", async () => {
      const everything = (await all(db)).items;
      const facets = await getSessionFacets(db);
      expect(facets.runtimes).toEqual([...new Set(everything.map((item) => item.runtime))].sort());
      expect(facets.repos.map((repo) => repo.id).sort()).toEqual([...new Set(everything.flatMap((item) => (item.repo ? [item.repo.id] : [])))].sort());
    });

    it("reads one session whole: its requests add up to its totals, subagents included and listed apart", async () => {
      const main = await db.agentSession.findFirst({ where: { externalId: WITH_SUBAGENT, parentId: null }, select: { id: true } });
      const detail = (await getSession(db, main!.id))!;
      expect(detail.requests).toHaveLength(detail.requestCount);
      expect(sumTokens(detail.requests)).toEqual({
        inputTokens: detail.inputTokens,
        cacheWriteTokens: detail.cacheWriteTokens,
        cacheReadTokens: detail.cacheReadTokens,
        outputTokens: detail.outputTokens,
        reasoningTokens: detail.reasoningTokens,
      });
      expect(detail.subagentCount).toBe(1);
      const [subagent] = detail.subagents;
      const ofSubagent = detail.requests.filter((request) => request.agentId === subagent!.agentId);
      expect(ofSubagent).toHaveLength(subagent!.requests);
      expect(sumTokens(ofSubagent).inputTokens).toBe(subagent!.inputTokens);
      // By time, and the peak is over the main session's own requests.
      expect(detail.requests.every((request, index) => index === 0 || (detail.requests[index - 1]!.t ?? 0) <= (request.t ?? 0))).toBe(true);
      expect(detail.peakContextTokens).toBe(Math.max(...detail.requests.filter((request) => request.agentId === null).map((request) => request.contextTokens)));
      expect(detail.handoffs.map((handoff) => handoff.method)).toContain("session-id");
      // Each linked handoff by its one name, as every page lists it.
      const stored = await db.handoff.findMany({ where: { id: { in: detail.handoffs.map((handoff) => handoff.id) } }, select: { id: true, phase: true, title: true, path: true } });
      expect(detail.handoffs.map((handoff) => handoff.name)).toEqual(detail.handoffs.map((handoff) => handoffName(stored.find((row) => row.id === handoff.id)!)));
      expect(detail.notices).toEqual([]);
      expect(await sessionExists(db, main!.id)).toBe(true);
    });

    it("has no page for a subagent or an unknown id", async () => {
      const subagent = await db.agentSession.findFirst({ where: { parentId: { not: null } }, select: { id: true } });
      expect(await getSession(db, subagent!.id)).toBeNull();
      expect(await sessionExists(db, subagent!.id)).toBe(false);
      expect(await getSession(db, "no-such-session")).toBeNull();
      expect(await sessionExists(db, "no-such-session")).toBe(false);
    });

    it("finds a handoff's sessions with how each was linked, session id first", async () => {
      const links = await db.sessionHandoffLink.findMany({ select: { handoffId: true, sessionId: true, method: true } });
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        const found = await getSessionsForHandoff(db, link.handoffId);
        expect(found.map((entry) => [entry.session.id, entry.method])).toContainEqual([link.sessionId, link.method]);
      }
      expect(await getSessionsForHandoff(db, "no-such-handoff")).toEqual([]);
    });

    it("takes the user's context window and gives it back to the model table when cleared", async () => {
      const main = (await all(db, { runtime: RUNTIME.claudeCode })).items[0]!;
      const before = (await getSession(db, main.id))!;
      await setUserContextWindow(db, main.id, 400_000);
      const overridden = (await getSession(db, main.id))!;
      expect(overridden).toMatchObject({ contextWindow: 400_000, contextWindowSource: "user", userContextWindow: 400_000 });
      expect(overridden.peakContextPercent).toBeCloseTo((overridden.peakContextTokens * 100) / 400_000, 9);
      await setUserContextWindow(db, main.id, null);
      expect(await getSession(db, main.id)).toMatchObject({ contextWindow: before.contextWindow, contextWindowSource: before.contextWindowSource, userContextWindow: null, peakContextPercent: before.peakContextPercent });
      await expect(setUserContextWindow(db, main.id, 12.5)).rejects.toThrow(RangeError);
      await expect(setUserContextWindow(db, "no-such-session", 200_000)).rejects.toThrow(/no session/);
    });

    it("lists the agent log folders and the repos' state files as sources, with their files and sessions", async () => {
      const sources = await listAgentSources(db);
      expect(sources.every((source) => source.kind !== "repo")).toBe(true);
      const logSources = sources.filter((source) => (LOG_RUNTIMES as string[]).includes(source.kind));
      expect(new Set(logSources.map((source) => source.kind))).toEqual(new Set([RUNTIME.claudeCode, RUNTIME.codex, RUNTIME.geminiCli]));
      const listed = (await all(db)).items;
      for (const source of logSources) {
        expect(source.files).toBeGreaterThan(0);
        expect(source.lastStatus).toBe("ok");
        expect(source.sessions).toBe(listed.filter((item) => item.source.id === source.id).length);
      }
    });
  });
}
