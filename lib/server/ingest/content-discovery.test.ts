/**
 * Handoffs found by their content alone (issue 26 item 3), end to end: a file no handoff folder or name
 * points at is stored only when its content has a handoff's shape and the repository confirms it
 * (judge-document.ts `judgeByContent`, content-evidence.ts). Reports, guides and notes that name a model,
 * carry a date and list next steps are left alone, and not listed as "not a handoff" either: a project's
 * documents are no handoff's business. The rules do not depend on the database: SQLite only.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { BulkWriter } from "../db/bulk";
import type { Db } from "../db/client";
import { getScanReport } from "../queries/scan-report";
import { readRepoHandoffs } from "../agent-loop/repo-handoffs";
import { readRepoInfo } from "../git";
import { lintRepo } from "../lint/lint-repo";
import { GitFixture } from "../test-support/git-fixture";
import { testProviders } from "../test-support/test-database";
import { useProviderDatabase } from "../test-support/provider-database";
import { scanPaths } from "./scan";

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "__fixtures__", "by-content", name), "utf8");
const sqlite = testProviders.filter((provider) => provider.name === "sqlite");

for (const provider of sqlite) {
  describe(`handoffs found by their content (${provider.name})`, () => {
    let bulk: BulkWriter;
    let db: Db;
    useProviderDatabase(provider, (opened) => ({ bulk, db } = opened));

    function buildRepo(): { repo: GitFixture; head: string } {
      const repo = new GitFixture("by-content");
      const head = repo.write("README.md", "# invoices\n").commit("init");
      // The fixture's commits are made on 2026-11-01 (git-fixture.ts): the journal records that day.
      repo.write("docs/journal_codex.md", fixture("journal.md")).commit("journal");
      repo.write("notes/journal-2.md", fixture("journal-other-days.md")).commit("an old journal copied in");
      repo.write("docs/deployments/report.md", fixture("report.md")).commit("report");
      repo.git("branch", "feat/invoices");
      repo.write("notes/session-note.md", fixture("session-note.md").replace("SHA_HERE", head.slice(0, 9))).commit("session note");
      repo.write("notes/stale-note.md", fixture("session-note.md").replace("SHA_HERE", "0123abc4567").replace("feat/invoices", "main")).commit("a note with a made-up sha");
      return { repo, head };
    }

    it("keeps what the repository confirms, leaves the rest alone without listing it", async () => {
      const { repo } = buildRepo();
      const scanned = (await scanPaths([repo.root], { bulk })).repos[0]!;
      expect(scanned.status).toBe("ok");
      const report = await getScanReport(db, { repoIds: [scanned.repoId!] });
      // The journal changed on a day it records; the session note's HEAD resolves and its branch exists.
      expect(report.handoffs.map((entry) => entry.path).sort()).toEqual(["docs/journal_codex.md", "notes/session-note.md"]);
      // A report ("Résumé" is a summary, "Branch: main" names no session), a journal never changed on the
      // days it records, a note whose sha is no commit of the repo: ordinary documents, not listed.
      expect(scanned.discovery!.notHandoffs.map((entry) => entry.path)).toEqual([]);

      const journal = await db.handoff.findFirstOrThrow({ where: { path: "docs/journal_codex.md" }, select: { runtime: true, timestamp: true } });
      // The newest entry's heading: its writer, and its time in its zone.
      expect(journal.runtime).toBe("codex");
      expect(journal.timestamp?.toISOString()).toBe("2026-11-01T08:30:00.000Z");
    });

    it("takes a series of dated session notes where the path says session, not dated reports elsewhere", async () => {
      const repo = new GitFixture("session-notes");
      repo.write("README.md", "# app\n").commit("init");
      // Commits are made on 2026-11-01 (git-fixture.ts): notes dated that day were written that day.
      const note = (topic: string) => `# Sessão 2026-11-01 — ${topic}\n\n## Feito\n- ${topic}\n\n## Próximos passos\n- revisar o fluxo de ${topic}\n`;
      repo.write("docs/sessions/2026-11-01_login.md", note("login")).commit("session notes");
      repo.write("docs/sessions/2026-11-01_convites.md", note("convites")).commit("session notes");
      repo.write("docs/reports/2026-11-01_login.md", note("login")).write("docs/reports/2026-11-01_convites.md", note("convites")).commit("reports");
      // A single note in a folder named for sessions is its first note when committed on the day it writes; one
      // dated a month before its commit is no series, and a note alone elsewhere is not either.
      repo.write("notes/session/2026-11-01_alone.md", note("alone")).commit("one note");
      repo.write("archive/session/2026-10-01_old.md", note("old").replace("2026-11-01", "2026-10-01")).commit("an old note");
      repo.write("notes/2026-11-01_session-alone.md", note("elsewhere")).commit("a note in a folder of its own");
      const scanned = (await scanPaths([repo.root], { bulk })).repos[0]!;
      const report = await getScanReport(db, { repoIds: [scanned.repoId!] });
      expect(report.handoffs.map((entry) => entry.path).sort()).toEqual([
        "docs/sessions/2026-11-01_convites.md",
        "docs/sessions/2026-11-01_login.md",
        "notes/session/2026-11-01_alone.md",
      ]);
      expect(scanned.discovery!.notHandoffs).toEqual([]);
    });

    it("keeps a living status committed together with the repository's handoffs, not one committed apart or in a sweep", async () => {
      const repo = new GitFixture("committed-with-handoffs");
      repo.write("README.md", "# app\n").commit("init");
      const status = (title: string) => `# ${title}\n\n## Erledigt\n- Login\n\n## Nächste Schritte\n1. Export bauen\n`;
      const handoff = (topic: string) => `# Handoff 2026-11-01 — ${topic}\n\n## State\n- ${topic} done\n\n## Next action\n- ship ${topic}\n`;
      // An agent ends its session: the handoff and the status it keeps, in one commit.
      repo.write("docs/handoffs/2026-11-01-login.md", handoff("login")).write("docs/PROGRESS.md", status("Fortschritt")).commit("session end");
      // The same shape committed on its own is a report; four at once with a handoff is a documentation sweep.
      repo.write("docs/QUARTERLY.md", status("Quartalsbericht")).commit("report");
      repo.write("docs/handoffs/2026-11-01-export.md", handoff("export"));
      for (const name of ["ROADMAP_A", "ROADMAP_B", "ROADMAP_C", "ROADMAP_D"]) repo.write(`wiki/${name}.md`, status(name));
      repo.commit("import the wiki");
      const scanned = (await scanPaths([repo.root], { bulk })).repos[0]!;
      const report = await getScanReport(db, { repoIds: [scanned.repoId!] });
      expect(report.handoffs.map((entry) => entry.path).sort()).toEqual(["docs/PROGRESS.md", "docs/handoffs/2026-11-01-export.md", "docs/handoffs/2026-11-01-login.md"]);
      // A companion of the handoffs, never the one to resume from.
      expect(report.latest).toBe("docs/handoffs/2026-11-01-export.md");
    });

    it("keeps one living file named for sessions that commits rewrote on two or more days, not one written once", async () => {
      const repo = new GitFixture("next-session");
      repo.write("README.md", "# app\n").commit("init");
      const next = (step: string) => `# Propera Sessió (Objectius)\n\n## Prioritats Immediates\n\n1. ${step}\n\n## Tasques Pendents\n\n- [ ] revisar icones\n`;
      repo.write("NEXT_SESSION.md", next("Integrar Google Meet")).write("docs/SESSION_SUMMARY.md", next("Resum")).commit("session 1");
      // Rewritten two days later (its author date), at the end of the next session.
      repo.write("NEXT_SESSION.md", next("Desplegar la versió web"));
      repo.git("add", "-A");
      repo.git("commit", "-q", "-m", "session 2", "--date", "2026-11-03T10:00:00Z");
      const scanned = (await scanPaths([repo.root], { bulk })).repos[0]!;
      const report = await getScanReport(db, { repoIds: [scanned.repoId!] });
      expect(report.handoffs.map((entry) => entry.path)).toEqual(["NEXT_SESSION.md"]);
      expect(report.latest).toBe("NEXT_SESSION.md");
    });

    it("asks the repository about a sha under a qualified label: no commit of it, a candidate that is one takes its place", async () => {
      const repo = new GitFixture("qualified-head");
      const head = repo.write("README.md", "# app\n").commit("init");
      const status = `# Handover Status\n\n| Item | Value |\n|---|---|\n| Source commit inspected | \`${head}\` |\n| Current Alembic head | \`4e1f2a3b5c84\` |\n| Handover generated | 2026-11-01 |\n\n## Next steps\n- wire the SCADA feed\n`;
      repo.write("docs/handover/HANDOVER_STATUS.md", status).commit("handover");
      await scanPaths([repo.root], { bulk });
      const stored = await db.handoff.findFirstOrThrow({ where: { path: "docs/handover/HANDOVER_STATUS.md" }, select: { headSha: true } });
      expect(stored.headSha).toBe(head);
    });

    it("where an agent commits every report with its rolling handoff, keeps only the status updated at several session ends", async () => {
      const repo = new GitFixture("rolling-handoff");
      repo.write("README.md", "# app\n").commit("init");
      const status = (title: string) => `# ${title}\n\n## Done\n- ${title}\n\n## Next steps\n1. review ${title}\n`;
      for (const [index, report] of ["r1", "r2", "r3", "r4"].entries()) {
        repo.write("docs/ai/handoff.md", `# Handoff\n\nUpdated: 2026-11-0${index + 1}\n\n## Next action\n- ${report}\n`);
        repo.write(`docs/ai/report-${report}.md`, status(`Report ${report}`));
        if (index % 2 === 0) repo.write("docs/STATUS.md", status(`Status ${index}`));
        repo.commit(`session ${report}`);
      }
      const scanned = (await scanPaths([repo.root], { bulk })).repos[0]!;
      const report = await getScanReport(db, { repoIds: [scanned.repoId!] });
      expect(report.handoffs.map((entry) => entry.path).sort()).toEqual(["docs/STATUS.md", "docs/ai/handoff.md"]);
    });

    it("counts a series whose notes were pushed days later, a session log of dated entries, and a living status the agent instructions name", async () => {
      const repo = new GitFixture("living-status");
      repo.write("README.md", "# app\n").commit("init");
      // Commits are made on 2026-11-01 (git-fixture.ts). Notes written two days before and pushed today still
      // form a series with one written today; a note dated months off stays in it by its dated name.
      const note = (day: string, topic: string) => `# Session ${day}\n\n## Ergebnisse\n- ${topic} erledigt\n\n## Entscheidungen\n- ${topic} bleibt\n`;
      repo.write("docs/sessions/2026-10-30.md", note("2026-10-30", "Login")).write("docs/sessions/2026-11-01.md", note("2026-11-01", "Export"));
      repo.write("docs/sessions/2026-03-01.md", note("2026-03-01", "Import")).commit("session notes");
      // A roadmap in the same folder, undated by its name and written long before: not one of the notes.
      repo.write("docs/sessions/ROADMAP.md", "# Roadmap\n\nLast updated: 2026-06-01\n\n## Done\n- phase 1\n\n## Next steps\n- phase 2\n").commit("roadmap");
      // One file of dated session entries is a series by itself.
      const log = "# Sesiones\n\n## Sesion 2026-10-31 - datos\n\n### Completado\n- importador\n\n### Proxima sesion\n- validar\n\n## Sesion 2026-11-01 - panel\n\n### Completado\n- panel\n\n### Proxima sesion\n- exportar CSV\n";
      repo.write("ops/SESSION_LOG.md", log).commit("log");
      // A living status: named by CLAUDE.md (kept), and the same shape named by nothing (a report: left alone).
      const status = (title: string) => `# ${title}\n\n**Zuletzt aktualisiert:** 2026-11-01\n\n## Erledigt\n- Login\n\n## Nächste Schritte\n1. Export bauen\n`;
      repo.write("docs/CURRENT_STATUS.md", status("Projektstatus")).write("docs/QUARTERLY.md", status("Quartalsbericht"));
      repo.write("CLAUDE.md", "# Agent rules\n\n1. Lies `docs/CURRENT_STATUS.md` zuerst.\n2. Aktualisiere ihn am Ende jeder Session.\n").commit("status");
      // A tracker a skill names, whose next step is a blank to copy: no work to resume.
      repo.write(".flow/current.md", status("Current sprint").replace("Projektstatus", "Sprint")).write(".flow/metrics.md", "# Metrics\n\nLast Updated: 2026-11-01\n\n## Next\nCopy at the start of each session:\n## Session: <date>\n");
      repo.write(".claude/skills/session/SKILL.md", "---\nname: session\n---\nRead .flow/current.md, then update .flow/metrics.md.\n").commit("flow");
      const scanned = (await scanPaths([repo.root], { bulk })).repos[0]!;
      const report = await getScanReport(db, { repoIds: [scanned.repoId!] });
      expect(report.handoffs.map((entry) => entry.path).sort()).toEqual([
        ".flow/current.md",
        "docs/CURRENT_STATUS.md",
        "docs/sessions/2026-03-01.md",
        "docs/sessions/2026-10-30.md",
        "docs/sessions/2026-11-01.md",
        "ops/SESSION_LOG.md",
      ]);
      expect(scanned.discovery!.notHandoffs).toEqual([]);
    });

    it("takes a history of session folders imported in one later commit, and leaves their index out", async () => {
      const repo = new GitFixture("imported-sessions");
      repo.write("README.md", "# bot\n").commit("init");
      // Commits are made on 2026-11-01 (git-fixture.ts): sessions of September, imported at once, each in a
      // dated folder of its own. Their commit day says nothing of when each was written.
      const summary = (day: string) => `# Resumen final de sesión\n\n**Fecha:** ${day}\n\n## Completado\n- panel\n\n## Próximos pasos\n- pruebas\n`;
      repo.write("reports/2026-09/sesion_2026-09-03_10-00_panel/04_RESUMEN_FINAL_SESION.md", summary("2026-09-03"));
      repo.write("reports/2026-09/sesion_2026-09-05_18-30_login/04_RESUMEN_FINAL_SESION.md", summary("2026-09-05"));
      repo.write("reports/2026-09/INDEX_SESIONES.md", "# Índice de sesiones\n\n**Fecha:** 2026-09-05\n\n## Completado\n- 2 sesiones\n").commit("import the session history");
      const scanned = (await scanPaths([repo.root], { bulk })).repos[0]!;
      const report = await getScanReport(db, { repoIds: [scanned.repoId!] });
      expect(report.handoffs.map((entry) => entry.path).sort()).toEqual([
        "reports/2026-09/sesion_2026-09-03_10-00_panel/04_RESUMEN_FINAL_SESION.md",
        "reports/2026-09/sesion_2026-09-05_18-30_login/04_RESUMEN_FINAL_SESION.md",
      ]);
    });

    it("takes undated living files named for sessions when two or more are kept together, not one alone", async () => {
      const repo = new GitFixture("session-named");
      repo.write("README.md", "# journal\n").commit("init");
      const status = (title: string) => `# ${title}\n\n## Completed\n- sign-in\n\n## Next steps\n1. the dashboard\n`;
      repo.write("SESSION_SYNC.md", status("Session sync & status")).write("session-notes.md", status("Session notes")).commit("session files");
      // One alone in its folder, and a design page about HTTP sessions with no work to resume.
      repo.write("docs/SESSION_HANDLING.md", status("Session handling")).write("docs/cookies-session.md", "# Cookie sessions\n\nWe store sessions in Redis.\n").commit("docs");
      const scanned = (await scanPaths([repo.root], { bulk })).repos[0]!;
      const report = await getScanReport(db, { repoIds: [scanned.repoId!] });
      expect(report.handoffs.map((entry) => entry.path).sort()).toEqual(["SESSION_SYNC.md", "session-notes.md"]);
    });

    it("reads the same in the agent loop and in lint as in the scan", async () => {
      const { repo } = buildRepo();
      const loop = await readRepoHandoffs(repo.root, await readRepoInfo(repo.root));
      expect(loop.handoffs.map((handoff) => handoff.path).sort()).toEqual(["docs/journal_codex.md", "notes/session-note.md"]);
      const lint = await lintRepo(repo.root);
      const linted = lint.files.map((file) => file.path);
      expect(linted).toContain("docs/journal_codex.md");
      expect(linted).not.toContain("docs/deployments/report.md");
      expect(lint.discovery.notHandoffs.map((entry) => entry.path)).toEqual([]);
    });
  });
}
