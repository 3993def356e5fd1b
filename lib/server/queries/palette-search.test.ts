/**
 * The command palette's search: handoffs through the list's full-text search, sessions, repos and
 * branches by their names, each word literally (a `_` in the query is no wildcard), on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../db/client";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../test-support/test-database";
import { searchPalette } from "./palette-search";

if (testProviders[1]!.skip) console.warn(`palette search (postgresql): ${POSTGRES_SKIP_MESSAGE}`);

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`palette search (${provider.name})`, () => {
    let database: TestDatabase;
    let db: Db;
    beforeAll(async () => {
      database = await provider.create();
      db = createDb(database.target);
      const source = await db.source.create({ data: { kind: "repo", root: "/tmp/palette-billing", label: "palette-billing" } });
      const repo = await db.repo.create({ data: { sourceId: source.id, path: "/tmp/palette-billing", name: "palette-billing" } });
      await db.branch.createMany({
        data: [
          { repoId: repo.id, name: "feat/route_tests", isRemote: false, headSha: "a".repeat(40) },
          { repoId: repo.id, name: "feat/routeXtests", isRemote: false, headSha: "b".repeat(40) },
        ],
      });
      const text = "wire the bff routes; next: run npm test";
      await db.handoff.create({
        data: { id: "h1", repoId: repo.id, path: "docs/handoff_wire-bff-routes.md", phase: "wire-bff-routes", blobSha: "h1", committed: true, inWorkingTree: false, parsed: "{}", content: text, searchText: text, sizeBytes: text.length },
      });
      const agents = await db.source.create({ data: { kind: "claude-code", root: "/tmp/palette-agents", label: "Claude Code" } });
      await db.agentSession.create({ data: { id: "s1", sourceId: agents.id, runtime: "claude-code", externalId: "9a8b7c6d-0000", cwd: "/tmp/palette-billing", branch: "feat/route_tests" } });
    });
    afterAll(async () => {
      await db?.$disconnect();
      await database?.drop();
    });

    it("finds each kind, grouped", async () => {
      const results = await searchPalette(db, "route");
      expect(results.handoffs.map((handoff) => handoff.title)).toEqual(["wire-bff-routes"]);
      expect(results.sessions.map((session) => session.sessionId)).toEqual(["9a8b7c6d-0000"]);
      expect(results.branches.map((branch) => branch.name).sort()).toEqual(["feat/routeXtests", "feat/route_tests"]);
      expect((await searchPalette(db, "palette")).repos.map((repo) => repo.name)).toEqual(["palette-billing"]);
      expect((await searchPalette(db, "9a8b7c6d")).sessions).toHaveLength(1);
    });

    it("takes _ literally, needs every word, and answers an empty or unstorable query with nothing", async () => {
      expect((await searchPalette(db, "route_tests")).branches.map((branch) => branch.name)).toEqual(["feat/route_tests"]);
      expect((await searchPalette(db, "route nowhere")).handoffs).toEqual([]);
      const nothing = { handoffs: [], sessions: [], repos: [], branches: [], order: ["handoffs", "sessions", "repos", "branches"] };
      expect(await searchPalette(db, "  ")).toEqual(nothing);
      expect(await searchPalette(db, "x\u0000")).toEqual(nothing);
    });

    it("a repository's exact name: the repository first, then its handoffs (their text need not name it), sessions after", async () => {
      const results = await searchPalette(db, "palette-billing");
      expect(results.order[0]).toBe("repos");
      expect(results.order.indexOf("handoffs")).toBeLessThan(results.order.indexOf("sessions"));
      expect(results.repos.map((repo) => repo.name)).toEqual(["palette-billing"]);
      expect(results.handoffs.map((handoff) => handoff.id)).toEqual(["h1"]);
      // The session matched on its folder only.
      expect(results.sessions.map((session) => session.sessionId)).toEqual(["9a8b7c6d-0000"]);
      // A word the repo's name only contains: the repo is found, its handoffs are not pulled in.
      expect((await searchPalette(db, "billing")).handoffs).toEqual([]);
    });
  });
}
