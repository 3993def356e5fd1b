/**
 * Secrets at ingest, end to end on both databases: contents stored by an older reader version are
 * re-read and cleaned by the next scan, and a value detected in one handoff is masked in every other
 * handoff of the repo, in the same scan or a later one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseHandoff } from "../../core/handoff/parse-handoff";
import { READER_VERSION } from "../../core/handoff/reader-version";
import { fakeSecrets } from "../../core/handoff/secrets/test-support/fake-secrets";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { GitFixture, handoffMarkdown } from "../test-support/git-fixture";
import { tablesHolding } from "../test-support/tables-holding";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../test-support/test-database";
import { scanPaths } from "./scan";

const H = (phase: string) => `docs/ai/handoff/claude-code/20112026/handoff_${phase}.md`;

interface HandoffRow {
  id: string;
  path: string;
  content: string;
  readerVersion: number;
  secretCount: number;
}

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`secrets at ingest (${provider.name})`, () => {
    let database: TestDatabase;
    let bulk: BulkWriter;

    beforeAll(async () => {
      database = await provider.create();
      bulk = openBulkWriter(database.target);
    });
    afterAll(async () => {
      await bulk?.close();
      await database?.drop();
    });

    const handoffs = async (repoRoot: string) =>
      bulk.query<HandoffRow>(
        `SELECT h."id", h."path", h."content", h."readerVersion", h."secretCount" FROM "Handoff" h JOIN "Repo" r ON r."id" = h."repoId" WHERE r."path" = ? ORDER BY h."path"`,
        [repoRoot],
      );

    it("re-reads a content stored by an older reader version and removes its secret from every column", async () => {
      const secret = fakeSecrets.projectKey(101);
      const repo = new GitFixture("upgrade");
      const file = H("upgrade");
      const raw = handoffMarkdown({
        phase: "upgrade",
        path: file,
        next: `Call the billing API with the API key \`${secret}\` and check \`src/app.ts:20\`.`,
        extra: `\n| credential | \`${secret}\` |\n`,
      }).replace('Finish upgrade. User: "keep the API stable".', `Finish upgrade with operator credential ${secret}.`);
      repo.write(file, raw).commit("handoff with a key");
      const first = await scanPaths([repo.root], { bulk });
      const [stored] = await handoffs(repo.root);
      expect(stored!.readerVersion).toBe(READER_VERSION);
      expect(await tablesHolding(bulk, secret)).toEqual([]);

      // What an older Baton stored: the secret unmasked in the text, the search text, the parsed
      // structure, goal, next action and a finding message.
      const parsed = parseHandoff(raw).value;
      expect(parsed.goal?.text).toContain(secret);
      expect(parsed.nextAction?.text).toContain(secret);
      await bulk.execute(
        `UPDATE "Handoff" SET "readerVersion" = 0, "content" = ?, "searchText" = ?, "parsed" = ?, "goal" = ?, "nextAction" = ?, "secretCount" = 0 WHERE "id" = ?`,
        [raw, `${file}\n${raw}`.toLowerCase(), JSON.stringify({ parsed, secrets: [], parseIssues: [], pointerIssues: [] }), parsed.goal!.text, parsed.nextAction!.text, stored!.id],
      );
      await bulk.execute(`INSERT INTO "HandoffFinding" ("handoffId", "rule", "severity", "line", "message") VALUES (?, 'old-rule', 'warning', 1, ?)`, [
        stored!.id,
        `old finding quoting ${secret}`,
      ]);
      await bulk.execute(`DELETE FROM "SecretFingerprint"`);
      expect(await tablesHolding(bulk, secret)).toEqual(["Handoff", "HandoffFinding"]);
      expect(await tablesHolding(bulk, secret.toLowerCase())).toContain("Handoff");

      // Nothing moved in git: only the version makes the scan read it again.
      const rescan = await scanPaths([repo.root], { bulk });
      expect(rescan.repos[0]!.stats).toMatchObject({ branchesRead: 0, handoffsNew: 0, handoffsReread: 1, derived: true });
      expect(await tablesHolding(bulk, secret)).toEqual([]);
      expect(await tablesHolding(bulk, secret.toLowerCase())).toEqual([]);
      const [cleaned] = await handoffs(repo.root);
      expect(cleaned).toMatchObject({ id: stored!.id, readerVersion: READER_VERSION, secretCount: 1 });
      expect(cleaned!.content).toContain(`[secret:api-key …${secret.slice(-4)}]`);
      const findings = await bulk.query<{ rule: string; line: number }>(`SELECT "rule", "line" FROM "HandoffFinding" WHERE "handoffId" = ? AND "rule" = 'secret-present'`, [stored!.id]);
      expect(findings.length).toBeGreaterThanOrEqual(3);
      expect(first.repos[0]!.stats.handoffsReread).toBe(0);

      // Settled: the next scan reads nothing again.
      const idle = await scanPaths([repo.root], { bulk });
      expect(idle.repos[0]!.stats).toMatchObject({ handoffsReread: 0, derived: false });
    });

    it("cleans from the stored text when the source is gone (an uncommitted file edited since)", async () => {
      const secret = fakeSecrets.base62(32, 102);
      const repo = new GitFixture("gone-source");
      repo.write("README.md", "# r\n").commit("init");
      const file = H("draft");
      const raw = handoffMarkdown({ phase: "draft", path: file, next: `Use the access token \`${secret}\` for staging.` });
      repo.write(file, raw);
      await scanPaths([repo.root], { bulk });
      const [stored] = await handoffs(repo.root);
      await bulk.execute(`UPDATE "Handoff" SET "readerVersion" = 0, "content" = ?, "searchText" = ? WHERE "id" = ?`, [raw, raw.toLowerCase(), stored!.id]);
      // The file changes: the stored content's blob is in neither the working tree nor git.
      repo.write(file, handoffMarkdown({ phase: "draft", path: file, next: "Run `npm test`." }));
      await scanPaths([repo.root], { bulk });
      expect(await tablesHolding(bulk, secret)).toEqual([]);
      const old = (await handoffs(repo.root)).find((row) => row.id === stored!.id)!;
      expect(old.readerVersion).toBe(READER_VERSION);
      expect(old.content).toContain("[secret:");
    });

    it("masks a value found in a new handoff in the handoffs stored before it", async () => {
      const secret = fakeSecrets.hex32(103);
      const repo = new GitFixture("later");
      const plain = H("plain");
      repo.write(plain, handoffMarkdown({ phase: "plain", path: plain, next: `Retry the import with ${secret} if it fails.` })).commit("plain");
      await scanPaths([repo.root], { bulk });
      // Nothing says it is a secret yet: it is stored as written.
      expect((await handoffs(repo.root))[0]!.content).toContain(secret);

      const labelled = H("labelled");
      repo.write(labelled, handoffMarkdown({ phase: "labelled", path: labelled, extra: `\nOperator credential: \`${secret}\`\n` })).commit("labelled");
      const result = await scanPaths([repo.root], { bulk });
      expect(result.repos[0]!.stats).toMatchObject({ handoffsNew: 1, handoffsReread: 1 });
      expect(await tablesHolding(bulk, secret)).toEqual([]);
      const rows = await handoffs(repo.root);
      expect(rows.map((row) => row.secretCount)).toEqual([1, 1]);
      const plainFindings = await bulk.query<{ line: number }>(
        `SELECT "line" FROM "HandoffFinding" WHERE "handoffId" = ? AND "rule" = 'secret-present'`,
        [rows.find((row) => row.path === plain)!.id],
      );
      expect(plainFindings).toHaveLength(1);
    });

    it("masks a value in every handoff of one scan, whichever is read first", async () => {
      const secret = fakeSecrets.base62(28, 104);
      const repo = new GitFixture("same-scan");
      const [a, b, c] = [H("a_plain"), H("b_labelled"), H("c_plain")];
      repo.write(a, handoffMarkdown({ phase: "a", path: a, next: `Retry with ${secret}.` }));
      repo.write(b, handoffMarkdown({ phase: "b", path: b, extra: `\nThe token is \`${secret}\`\n` }));
      repo.write(c, handoffMarkdown({ phase: "c", path: c, extra: `\n    ${secret}\n` }));
      repo.commit("three");
      repo.write(H("d_draft"), handoffMarkdown({ phase: "d", path: H("d_draft"), next: `Curl it with ${secret}` }));
      const result = await scanPaths([repo.root], { bulk });
      expect(result.repos[0]!.stats).toMatchObject({ handoffsNew: 4, handoffsReread: 0 });
      expect(await tablesHolding(bulk, secret)).toEqual([]);
      expect((await handoffs(repo.root)).map((row) => row.secretCount)).toEqual([1, 1, 1, 1]);
    });
  });
}

if (testProviders[1]!.skip) console.warn(`secrets at ingest (postgresql): ${POSTGRES_SKIP_MESSAGE}`);
