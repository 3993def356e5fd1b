/**
 * Discovery end to end on a real git repo, on SQLite and PostgreSQL: the layouts people use, what is
 * never a handoff, `--glob` and `.baton.json` (and re-reading every branch when they change), the
 * "nothing found" hint, LATEST.md hints, and symbolic links that are reported instead of followed.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scanCommand } from "../../../cli/commands/scan";
import type { Io } from "../../../cli/io";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { createDb, type Db } from "../db/client";
import { getScanReport } from "../queries/scan-report";
import { GitFixture, handoffMarkdown } from "../test-support/git-fixture";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../test-support/test-database";
import type { DiscoveryHint } from "./discovery-hint";
import { getLatestHint } from "./latest-hint";
import { scanPaths } from "./scan";

const handoff = (file: string, extra: { previous?: string } = {}) => handoffMarkdown({ phase: path.basename(file, ".md"), path: file, ...extra });
/** Session notes no handoff rule takes by their content (no writer, no previous handoff): only a glob makes them handoffs. */
const notes = (file: string) => `# Notes ${path.basename(file, ".md")}\n\n## Done\n- the auth flow\n\n## Next\n- the database layer\n`;

const LAYOUTS = {
  docsHandoffs: "docs/handoffs/2026-03-01-auth.md",
  nestedFolder: "docs/team-x/handoff/session-2.md",
  flatProtocol: "docs/ai/handoff/flat-notes.md",
  rootFile: "HANDOFF.md",
  suffixed: "notes/x_handoff.md",
  upperFolder: "packages/api/HANDOFFS/2026-03-02.md",
};
const NEVER = ["docs/handoffs/README.md", "docs/handoffs/LATEST.md", "docs/handoffs/HANDOFF_TEMPLATE.md", "docs/handoffs/index.md", "vendor/lib/docs/handoffs/theirs.md", "dist/handoffs/built.md"];

function fakeIo() {
  let out = "";
  let err = "";
  const io: Io = { out: (text) => (out += `${text}\n`), err: (text) => (err += `${text}\n`), isTty: false };
  return { io, stdout: () => out, stderr: () => err };
}

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`discovery (${provider.name})`, () => {
    let database: TestDatabase;
    let bulk: BulkWriter;
    let db: Db;
    const cleanup: string[] = [];

    beforeAll(async () => {
      database = await provider.create();
      bulk = openBulkWriter(database.target);
      db = createDb(database.target);
    });
    afterAll(async () => {
      await bulk?.close();
      await db?.$disconnect();
      await database?.drop();
      for (const folder of cleanup) rmSync(folder, { recursive: true, force: true });
    });

    async function report(repoId: string) {
      return getScanReport(db, { repoIds: [repoId] });
    }

    it("finds handoffs in every layout, never indexes, pointers, templates or dependency copies; a LATEST.md is a hint", async () => {
      const repo = new GitFixture("layouts");
      repo.write("README.md", "# layouts\n");
      for (const file of Object.values(LAYOUTS)) repo.write(file, handoff(file));
      for (const file of NEVER) repo.write(file, handoff(file));
      repo.write("docs/handoffs/LATEST.md", "# Latest\n\nThe current handoff is [auth](2026-03-01-auth.md).\n");
      repo.commit("handoffs in many layouts");
      repo.checkout("feat/more", true);
      repo.write("docs/handoffs/2026-03-03-more.md", handoff("docs/handoffs/2026-03-03-more.md", { previous: LAYOUTS.docsHandoffs }));
      repo.commit("another on a branch");
      repo.checkout("main");
      // Working tree only: a dependency's copy, and a nested worktree of the same project.
      repo.write("node_modules/some-skill/docs/handoffs/2026-03-01-auth.md", handoff("x.md"));
      repo.write("web/node_modules/pkg/HANDOFF.md", handoff("y.md"));
      repo.write(".claude/worktrees/w1/.git", "gitdir: /elsewhere\n");
      repo.write(".claude/worktrees/w1/docs/handoffs/2026-03-01-auth.md", handoff("z.md"));

      const result = await scanPaths([repo.root], { bulk });
      const scanned = result.repos[0]!;
      expect(scanned.status).toBe("ok");
      const found = await report(scanned.repoId!);
      expect(found.handoffs.map((entry) => entry.path).sort()).toEqual([...Object.values(LAYOUTS), "docs/handoffs/2026-03-03-more.md"].sort());
      for (const entry of found.handoffs) expect(entry).toMatchObject({ committed: true, commitSha: expect.stringMatching(/^[0-9a-f]{40}$/) });
      expect(found.handoffs.find((entry) => entry.path === "docs/handoffs/2026-03-03-more.md")).toMatchObject({ branches: ["feat/more"], previousPath: LAYOUTS.docsHandoffs });

      expect(await getLatestHint(bulk, scanned.repoId!)).toEqual({ path: LAYOUTS.docsHandoffs, source: "docs/handoffs/LATEST.md" });
      expect(scanned.discovery).toMatchObject({ config: null, latestHint: { source: "docs/handoffs/LATEST.md", path: LAYOUTS.docsHandoffs }, nothingFound: null });

      // The hint follows the file; one naming no handoff is a warning on it, and the fact is cleared.
      writeFileSync(path.join(repo.root, "docs/handoffs/LATEST.md"), "Latest: `2026-09-09-gone.md`\n");
      const again = await scanPaths([repo.root], { bulk });
      expect(await getLatestHint(bulk, scanned.repoId!)).toBeNull();
      expect(again.repos[0]!.stats.derived).toBe(true);
      const issues = await db.ingestIssue.findMany({ where: { sourceId: scanned.sourceId! }, select: { path: true, rule: true, severity: true } });
      expect(issues.filter((issue) => issue.rule !== "not-a-handoff-name")).toEqual([{ path: "docs/handoffs/LATEST.md", rule: "latest-hint-unresolved", severity: "warning" }]);
      // Left out by their names (never read), each listed as info; dependency and build copies are no business of the repo's.
      expect([...new Set(issues.filter((issue) => issue.rule === "not-a-handoff-name").map((issue) => `${issue.path} ${issue.severity}`))].sort()).toEqual(
        ["docs/handoffs/HANDOFF_TEMPLATE.md", "docs/handoffs/LATEST.md", "docs/handoffs/README.md", "docs/handoffs/index.md"].map((file) => `${file} info`),
      );
      expect(again.repos[0]!.discovery!.notHandoffs.map((entry) => entry.path).sort()).toEqual(["docs/handoffs/HANDOFF_TEMPLATE.md", "docs/handoffs/LATEST.md", "docs/handoffs/README.md", "docs/handoffs/index.md"]);
    });

    it("--glob on a rescan re-reads branches that did not move: the handoffs it adds are committed, with their commit", async () => {
      const repo = new GitFixture("glob-reread");
      // Dated progress notes imported in one commit: where the path says "session" they would be a series
      // found by their content (content-evidence.ts); here nothing takes them until the glob does.
      repo.write("README.md", "# r\n");
      repo.write("notes/progress/2026-03-01-auth.md", notes("notes/progress/2026-03-01-auth.md"));
      repo.write("notes/progress/2026-03-02-db.md", notes("notes/progress/2026-03-02-db.md"));
      repo.write("notes/progress/2026-03-04-ui.md", notes("notes/progress/2026-03-04-ui.md"));
      repo.write("docs/guide/install.md", "# Install\n").write("docs/guide/usage.md", "# Usage\n");
      repo.commit("session notes");
      repo.git("branch", "feat/x");

      const first = (await scanPaths([repo.root], { bulk })).repos[0]!;
      expect(first.stats).toMatchObject({ branches: 2, branchesRead: 2, rediscovered: true });
      expect((await report(first.repoId!)).handoffs).toEqual([]);
      // Nothing found: where Baton looked, and the folder that looks like handoffs with the line to add.
      const hint = first.discovery!.nothingFound!;
      expect(hint.looked.rules.join(" ")).toMatch(/folders named handoff/);
      expect(hint.suggestions).toEqual([
        expect.objectContaining({
          folder: "notes/progress",
          glob: "notes/progress/*.md",
          markdownFiles: 3,
          configLine: '.baton.json: {"handoffs":["notes/progress/*.md"]}',
          command: `baton scan '${repo.root}' --glob 'notes/progress/*.md'`,
        }),
      ]);
      const stored = await db.repo.findUnique({ where: { id: first.repoId! }, select: { discoveryHint: true } });
      expect(JSON.parse(stored!.discoveryHint!) as DiscoveryHint).toEqual(hint);

      // Same heads, new glob: every branch is read again.
      const second = (await scanPaths([repo.root], { bulk, globs: ["notes/progress/*.md"] })).repos[0]!;
      expect(second.stats).toMatchObject({ branchesRead: 2, rediscovered: true });
      const found = (await report(second.repoId!)).handoffs;
      expect(found).toHaveLength(3);
      for (const entry of found) {
        expect(entry).toMatchObject({ committed: true, inWorkingTree: true, branches: ["feat/x", "main"], commitSha: expect.stringMatching(/^[0-9a-f]{40}$/) });
      }
      expect(second.discovery!.nothingFound).toBeNull();
      expect((await db.repo.findUnique({ where: { id: second.repoId! }, select: { discoveryHint: true } }))!.discoveryHint).toBeNull();

      // The glob is kept; nothing changed since: nothing is read again.
      const third = (await scanPaths([repo.root], { bulk })).repos[0]!;
      expect(third.stats).toMatchObject({ branchesRead: 0, rediscovered: false, filesRead: 0, derived: false });
      expect((await report(third.repoId!)).handoffs).toHaveLength(3);
    });

    it("reads the repo's .baton.json: its globs and ignores apply; a bad file is a finding and the defaults apply", async () => {
      const repo = new GitFixture("config");
      repo.write("journal/2026-03-01.md", notes("journal/2026-03-01.md"));
      repo.write("journal/2026-03-02.md", notes("journal/2026-03-02.md"));
      repo.write("docs/handoffs/2026-03-03.md", handoff("docs/handoffs/2026-03-03.md"));
      repo.write("docs/handoffs/archive/2025-01-01.md", handoff("docs/handoffs/archive/2025-01-01.md"));
      repo.write(".baton.json", JSON.stringify({ handoffs: ["journal/*.md"], ignore: ["docs/handoffs/archive/**"] }, null, 2));
      repo.commit("with settings");
      repo.git("branch", "feat/y");

      const paths = async (repoId: string) => (await report(repoId)).handoffs.map((entry) => entry.path).sort();
      const first = (await scanPaths([repo.root], { bulk })).repos[0]!;
      expect(await paths(first.repoId!)).toEqual(["docs/handoffs/2026-03-03.md", "journal/2026-03-01.md", "journal/2026-03-02.md"]);
      expect(first.discovery).toMatchObject({ config: ".baton.json", globs: ["journal/*.md"], ignore: ["docs/handoffs/archive/**"] });
      for (const entry of (await report(first.repoId!)).handoffs) expect(entry.branches).toEqual(["feat/y", "main"]);

      // Broken in the working tree: a visible finding, not a crash; the defaults apply meanwhile.
      writeFileSync(path.join(repo.root, ".baton.json"), '{ "handoffs": "journal/*.md" }\n');
      const broken = (await scanPaths([repo.root], { bulk })).repos[0]!;
      expect(broken.status).toBe("partial");
      expect(broken.stats.rediscovered).toBe(true);
      const errors = (await report(broken.repoId!)).errors;
      expect(errors).toEqual([expect.objectContaining({ path: ".baton.json", rule: "config-invalid", message: expect.stringMatching(/handoffs: .*array/i) })]);
      expect(await paths(broken.repoId!)).toEqual(["docs/handoffs/2026-03-03.md", "docs/handoffs/archive/2025-01-01.md"]);

      // Fixed: the finding goes, the settings apply again.
      writeFileSync(path.join(repo.root, ".baton.json"), JSON.stringify({ handoffs: ["journal/*.md"], ignore: ["docs/handoffs/archive/**"] }));
      const fixed = (await scanPaths([repo.root], { bulk })).repos[0]!;
      expect(fixed.status).toBe("ok");
      expect((await report(fixed.repoId!)).errors).toEqual([]);
      expect(await paths(fixed.repoId!)).toEqual(["docs/handoffs/2026-03-03.md", "journal/2026-03-01.md", "journal/2026-03-02.md"]);
    });

    it("a skipped symbolic link is in scan --json errors[] and stored for the Ingest errors page until it is gone", async () => {
      const repo = new GitFixture("links");
      repo.write("docs/handoffs/2026-03-01.md", handoff("docs/handoffs/2026-03-01.md"));
      repo.write("AGENTS.md", "# Agents\n");
      repo.write("real/handoff-inside.md", handoff("real/handoff-inside.md"));
      repo.commit("init");
      const outside = mkdtempSync(path.join(os.tmpdir(), "baton-links-outside-"));
      cleanup.push(outside);
      writeFileSync(path.join(outside, "secret.md"), "# outside\n");
      const links: [string, string][] = [
        ["docs/handoffs/passwd.md", "/etc/passwd"],
        ["docs/handoffs/zero.md", "/dev/zero"],
        ["docs/handoffs/etc", "/etc"],
        ["docs/handoffs/broken.md", path.join(outside, "nowhere.md")],
        ["docs/handoffs/escape.md", path.join(outside, "secret.md")],
        ["docs/handoffs/inside.md", "../../real/handoff-inside.md"],
        ["CLAUDE.md", "AGENTS.md"],
      ];
      for (const [link, target] of links) symlinkSync(target, path.join(repo.root, link));

      const run = async () => {
        const { io, stdout } = fakeIo();
        const code = await scanCommand([repo.root, "--json"], io, { ...process.env, DATABASE_URL: database.target.url });
        return { code, json: JSON.parse(stdout()) as { errors: { repo: string; path: string; rule: string; message: string }[]; handoffs: { path: string }[] } };
      };
      const { code, json } = await run();
      expect(code).toBe(0);
      const skipped = ["docs/handoffs/broken.md", "docs/handoffs/escape.md", "docs/handoffs/etc", "docs/handoffs/passwd.md", "docs/handoffs/zero.md"];
      const linkErrors = json.errors.filter((error) => error.rule === "worktree-symlink-not-followed");
      expect(linkErrors.map((error) => error.path).sort()).toEqual(skipped);
      expect(linkErrors.find((error) => error.path === "docs/handoffs/broken.md")!.message).toMatch(/broken/);
      expect(linkErrors.find((error) => error.path === "docs/handoffs/passwd.md")!.message).toMatch(/outside the repository/);
      // The link to a file inside the repo is read as that file; CLAUDE.md → AGENTS.md is no handoff's business.
      expect(json.handoffs.map((entry) => entry.path).sort()).toEqual(["docs/handoffs/2026-03-01.md", "docs/handoffs/inside.md", "real/handoff-inside.md"]);
      expect(JSON.stringify(json)).not.toMatch(/root:x:0:0/);

      const stored = async () => (await db.ingestIssue.findMany({ where: { source: { root: json.errors[0]!.repo }, rule: "worktree-symlink-not-followed" }, select: { path: true } })).map((row) => row.path).sort();
      expect(await stored()).toEqual(skipped);
      // A second scan does not list them twice; a removed link is no longer listed.
      await run();
      expect(await stored()).toEqual(skipped);
      rmSync(path.join(repo.root, "docs/handoffs/passwd.md"));
      await run();
      expect(await stored()).toEqual(skipped.filter((link) => link !== "docs/handoffs/passwd.md"));
    });

    it("prints the nothing-found hint in the text output, exit 0", async () => {
      const repo = new GitFixture("empty");
      repo.write("README.md", "# e\n");
      mkdirSync(path.join(repo.root, "progress"), { recursive: true });
      for (const day of ["01", "02", "03"]) repo.write(`progress/2026-03-${day}.md`, `# Progress ${day}\n`);
      repo.commit("init");
      const { io, stdout } = fakeIo();
      const code = await scanCommand([repo.root], io, { ...process.env, DATABASE_URL: database.target.url });
      expect(code).toBe(0);
      expect(stdout()).toMatch(/0 handoffs/);
      expect(stdout()).toMatch(/no handoffs found\. Baton looked for:/);
      expect(stdout()).toContain("progress/ (3 .md files");
      expect(stdout()).toContain(`.baton.json: {"handoffs":["progress/*.md"]}`);
      expect(stdout()).toContain(`baton scan '${repo.root}' --glob 'progress/*.md'`);
    });
  });
}

if (testProviders[1]!.skip) console.warn(`discovery (postgresql): ${POSTGRES_SKIP_MESSAGE}`);
