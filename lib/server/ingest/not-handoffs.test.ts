/**
 * Files in a handoff folder that are not handoffs (lib/core/handoff/documents/handoff-signals.ts), end to end on
 * SQLite and PostgreSQL: a backlog and a TODO list kept in `handover/`, an unfilled template; they are
 * listed with the reason, never stored, never the latest; a rescan keeps the list; one stored as a handoff
 * by an older reader is removed when read again.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { BulkWriter } from "../db/bulk";
import type { Db } from "../db/client";
import { getScanReport } from "../queries/scan-report";
import { GitFixture } from "../test-support/git-fixture";
import { POSTGRES_SKIP_MESSAGE, testProviders } from "../test-support/test-database";
import { scanPaths } from "./scan";
import { useProviderDatabase } from "../test-support/provider-database";

const SESSION = `# Session report 2026-02-26 23:37

## Done
- released the order form

## Next
- add a unit type flag in the admin page
`;
const BACKLOG = "# V2 Backlog\n\n## Goal\nShip the importer.\n\n## Next\n- P0: parser\n- P1: review UI\n";
const TODO = "# TODO\n\n## In progress\n- [ ] importer\n\n## Done\n- [x] parser\n";
const DESIGN = "# Layer refactor\n\nLast updated: 2026-03-03\n\n## Scope\n- six layers\n";
const UNFILLED = "# Handoff\n\n## Goal\n- (one line)\n\n## State\n- Branch:\n- Last commit:\n\n## Next action\n- (exactly one step)\n";

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`files in a handoff folder that are not handoffs (${provider.name})`, () => {
    let bulk: BulkWriter;
    let db: Db;
    useProviderDatabase(provider, (opened) => ({ bulk, db } = opened));

    it("are listed with the reason, never stored or the latest, also after a rescan", async () => {
      const repo = new GitFixture("not-handoffs");
      repo.write("handover/sessions/2026-02-26_2337_end.md", SESSION).commit("session report");
      // Committed later: by commit time alone, each of these would be the latest.
      repo.write("handover/v2/V2_BACKLOG.md", BACKLOG).write("handover/TODO.md", TODO).write("handover/v2/layer-refactor.md", DESIGN);
      repo.write("docs/HANDOFF.md", UNFILLED).commit("project documents");

      const scanned = (await scanPaths([repo.root], { bulk })).repos[0]!;
      expect(scanned.status).toBe("ok");
      const expected = [
        { path: "docs/HANDOFF.md", rule: "handoff-empty" },
        { path: "handover/TODO.md", rule: "not-a-handoff" },
        { path: "handover/v2/V2_BACKLOG.md", rule: "not-a-handoff" },
      ];
      expect(scanned.discovery!.notHandoffs.map(({ path, rule }) => ({ path, rule }))).toEqual(expected);
      expect(scanned.discovery!.notHandoffs[1]!.reason).toMatch(/"todo"/);
      const report = await getScanReport(db, { repoIds: [scanned.repoId!] });
      expect(report.handoffs.map((entry) => entry.path).sort()).toEqual(["handover/sessions/2026-02-26_2337_end.md", "handover/v2/layer-refactor.md"]);
      // The design note is newer but has nothing to resume from.
      expect(report.latest).toBe("handover/sessions/2026-02-26_2337_end.md");

      repo.write("handover/sessions/2026-02-27_0900_end.md", SESSION.replace("23:37", "09:00")).commit("next session");
      const again = (await scanPaths([repo.root], { bulk })).repos[0]!;
      expect(again.status).toBe("ok");
      expect(again.discovery!.notHandoffs.map(({ path, rule }) => ({ path, rule }))).toEqual(expected);
      expect((await getScanReport(db, { repoIds: [scanned.repoId!] })).latest).toBe("handover/sessions/2026-02-27_0900_end.md");
    });

    it("decides by content and name together, and lists every file it leaves out with the reason", async () => {
      const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "__fixtures__", "what-is-a-handoff", name), "utf8");
      const repo = new GitFixture("content-and-name");
      repo.write("docs/handover/2026-03-04-auth.md", fixture("auth.md")).commit("auth");
      repo.write("docs/handover/2026-03-06-template-groups-refactor.md", fixture("template-groups-refactor.md")).commit("templates");
      // Committed last: by commit time each would be the latest.
      repo.write("docs/handover/SESSION_LOG.md", fixture("session-log.md")).write("docs/handover/HANDOVER_GUIDE.md", fixture("guide.md"));
      repo.write("docs/handover/README.md", fixture("readme.md")).write(".claude/commands/handoff.md", fixture("command.md"));
      repo.write("notes/handoff-command.md", fixture("command.md")).commit("how we work");

      const scanned = (await scanPaths([repo.root], { bulk })).repos[0]!;
      expect(scanned.status).toBe("ok");
      const report = await getScanReport(db, { repoIds: [scanned.repoId!] });
      // A dated slug is a handoff whatever word its topic holds; the session log beside them is not one.
      expect(report.handoffs.map((entry) => entry.path).sort()).toEqual(["docs/handover/2026-03-04-auth.md", "docs/handover/2026-03-06-template-groups-refactor.md"]);
      expect(report.chains.flatMap((chain) => chain.handoffs)).not.toContain("docs/handover/SESSION_LOG.md");
      expect(report.latest).toBe("docs/handover/2026-03-06-template-groups-refactor.md");
      expect(report.chains.find((chain) => chain.handoffs.includes("docs/handover/2026-03-04-auth.md"))?.handoffs).toEqual([
        "docs/handover/2026-03-04-auth.md",
        "docs/handover/2026-03-06-template-groups-refactor.md",
      ]);
      expect(scanned.discovery!.notHandoffs.map(({ path, rule }) => ({ path, rule }))).toEqual([
        { path: ".claude/commands/handoff.md", rule: "not-a-handoff-name" },
        { path: "docs/handover/HANDOVER_GUIDE.md", rule: "handoff-instructions" },
        { path: "docs/handover/README.md", rule: "not-a-handoff-name" },
        { path: "docs/handover/SESSION_LOG.md", rule: "handoff-companion" },
        { path: "notes/handoff-command.md", rule: "handoff-instructions" },
      ]);
      // The repository confirms what it can: "main" is a branch, the sha beside it is no commit of this repo.
      const refactor = report.handoffs.find((entry) => entry.path.endsWith("template-groups-refactor.md"))!;
      expect(refactor).toMatchObject({ branch: "main", headSha: null, day: "2026-03-06", date: null });
      const reviews = await db.review.findMany({ where: { repoId: scanned.repoId! }, select: { handoffPath: true, state: true } });
      expect(reviews.filter((review) => review.state !== "continued").map((review) => review.handoffPath)).toEqual(["docs/handover/2026-03-06-template-groups-refactor.md"]);
    });

    it("one stored as a handoff by an older reader is removed when read again", async () => {
      const repo = new GitFixture("not-handoffs-upgrade");
      repo.write("handover/2026-02-26.md", SESSION).write("handover/V2_BACKLOG.md", BACKLOG).commit("handover folder");
      // A glob names it: stored as a handoff, as an older reader stored it.
      const first = (await scanPaths([repo.root], { bulk, globs: ["handover/V2_BACKLOG.md"] })).repos[0]!;
      expect((await getScanReport(db, { repoIds: [first.repoId!] })).handoffs.map((entry) => entry.path).sort()).toEqual(["handover/2026-02-26.md", "handover/V2_BACKLOG.md"]);
      await db.handoff.updateMany({ where: { repoId: first.repoId! }, data: { readerVersion: 4 } });
      await db.source.update({ where: { id: first.sourceId! }, data: { globs: "[]" } });

      const upgraded = (await scanPaths([repo.root], { bulk })).repos[0]!;
      expect(upgraded.status).toBe("ok");
      expect((await getScanReport(db, { repoIds: [first.repoId!] })).handoffs.map((entry) => entry.path)).toEqual(["handover/2026-02-26.md"]);
      expect(upgraded.discovery!.notHandoffs.map(({ path, rule }) => ({ path, rule }))).toEqual([{ path: "handover/V2_BACKLOG.md", rule: "not-a-handoff" }]);
    });
  });
}

if (testProviders[1]!.skip) console.warn(`not-handoffs (postgresql): ${POSTGRES_SKIP_MESSAGE}`);
