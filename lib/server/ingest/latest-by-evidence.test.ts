/**
 * The latest after a fresh clone (issue 26 item 5): a handoff's own written time, else the date in its
 * name, else the commit time of the last change to the file (living files are rewritten in place); where
 * every file arrived in one commit, the written dates decide; a name saying "current" is a hint.
 */
import { describe, expect, it } from "vitest";
import type { BulkWriter } from "../db/bulk";
import type { Db } from "../db/client";
import { getScanReport } from "../queries/scan-report";
import { useProviderDatabase } from "../test-support/provider-database";
import { GitFixture } from "../test-support/git-fixture";
import { testProviders } from "../test-support/test-database";
import { scanPaths } from "./scan";

const note = (title: string, extra = "") => `# ${title}\n\n${extra}## Next step\nCarry on with ${title}.\n`;

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`the latest handoff by evidence (${provider.name})`, () => {
    let bulk: BulkWriter;
    let db: Db;
    useProviderDatabase(provider, (opened) => ({ bulk, db } = opened));
    const latestOf = async (repo: GitFixture) => {
      const scanned = (await scanPaths([repo.root], { bulk })).repos[0]!;
      expect(scanned.status).toBe("ok");
      return (await getScanReport(db, { repoIds: [scanned.repoId!] })).latest;
    };

    it("a written time with no zone is read at the offset of the commit that added the file", async () => {
      const repo = new GitFixture("unzoned");
      repo.write("HANDOFF_LOG.md", "# 引き継ぎログ\n\n最終更新: 2026-04-29 17:19\n\n## 次のステップ\nテストを書く。\n").commit("log");
      repo.git("commit", "-q", "--amend", "--no-edit", "--date", "2026-04-29T17:21:00+09:00");
      const scanned = (await scanPaths([repo.root], { bulk })).repos[0]!;
      const report = await getScanReport(db, { repoIds: [scanned.repoId!] });
      expect(report.handoffs[0]).toMatchObject({ path: "HANDOFF_LOG.md", timestamp: "2026-04-29T08:19:00.000Z", day: "2026-04-29" });
    });

    it("a living file rewritten in place is the latest by its last change", async () => {
      const repo = new GitFixture("living");
      repo.write("docs/handoffs/HANDOFF.md", note("living v1")).commit("living v1");
      repo.write("docs/handoffs/2026-03-02-import.md", note("import")).commit("dated");
      repo.write("docs/handoffs/HANDOFF.md", note("living v2")).commit("living v2");
      expect(await latestOf(repo)).toBe("docs/handoffs/HANDOFF.md");
    });

    it("every file arrived in one commit: the written dates decide, then the date in the name", async () => {
      const repo = new GitFixture("one-commit");
      repo.write("docs/handoffs/zz-undated.md", note("undated"));
      repo.write("docs/handoffs/2026-03-05-parser.md", note("parser"));
      repo.write("docs/handoffs/b-written.md", note("written", "Date: 2026-03-04 10:00 UTC\n\n"));
      repo.commit("import every handoff at once");
      expect(await latestOf(repo)).toBe("docs/handoffs/2026-03-05-parser.md");
    });

    it("a name saying current wins where the times cannot tell", async () => {
      const repo = new GitFixture("current-name");
      repo.write("docs/handoffs/notes-a.md", note("a")).write("docs/handoffs/HANDOFF_CURRENT.md", note("current")).write("docs/handoffs/notes-b.md", note("b"));
      repo.commit("all at once");
      expect(await latestOf(repo)).toBe("docs/handoffs/HANDOFF_CURRENT.md");
    });
  });
}
