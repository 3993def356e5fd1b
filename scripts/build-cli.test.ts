/**
 * The CLI bundle: when it counts as fresh, and that the bundled `baton scan` (Prisma's generated
 * client, the bulk writer, the parser worker) prints what the TypeScript sources print, on SQLite and
 * PostgreSQL.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REALCLI_PRESENT, copyRealcliHome } from "../lib/server/sessions/session-test-fixtures";
import { GitFixture, handoffMarkdown } from "../lib/server/test-support/git-fixture";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../lib/server/test-support/test-database";
import { buildCli, freshBundle } from "./build-cli.mjs";

const projectRoot = path.resolve(import.meta.dirname, "..");

describe("bundle freshness", () => {
  let root: string;

  beforeAll(() => {
    // A project of its own: the real one's bundle is never made stale by this test.
    root = mkdtempSync(path.join(os.tmpdir(), "baton-bundle-"));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    write("package.json", '{ "type": "module" }');
    write("tsconfig.json", "{}");
    write("scripts/build-cli.mjs", "");
    write("cli/baton.ts", 'import { answer } from "../lib/answer";\nexport async function main(): Promise<number> { console.log(answer, import.meta.dirname); return 0; }\n');
    write("lib/answer.ts", "export const answer: number = 42;\n");
    write("lib/server/sessions/parse-worker.ts", "export {};\n");
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("is fresh until a source it was built from changes, and a rebuild goes to a new folder", async () => {
    expect(freshBundle(root)).toBeNull();
    const first = await buildCli(root);
    expect(freshBundle(root)).toBe(first);
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", `const { main } = await import(${JSON.stringify(path.join(first, "cli.mjs"))}); await main();`], { encoding: "utf8" });
    // import.meta keeps meaning the source file's folder inside the bundle.
    expect(run.stdout.trim()).toBe(`42 ${path.join(root, "cli")}`);

    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(root, "lib/answer.ts"), later, later);
    expect(freshBundle(root)).toBeNull();
    const second = await buildCli(root);
    expect(second).not.toBe(first);
    expect(freshBundle(root)).toBe(second);
    // A process may still be running from the earlier build.
    expect(existsSync(path.join(first, "cli.mjs"))).toBe(true);

    writeFileSync(path.join(root, "tsconfig.json"), '{ "compilerOptions": {} }');
    expect(freshBundle(root)).toBeNull();
  });

  it("a source that does not compile fails the build and leaves nothing behind", async () => {
    const current = await buildCli(root);
    writeFileSync(path.join(root, "lib/answer.ts"), "export const answer = ;\n");
    await expect(buildCli(root)).rejects.toThrow();
    expect(freshBundle(root)).toBeNull();
    expect(existsSync(current)).toBe(true);
  });
});

for (const provider of testProviders) {
  describe.skipIf(provider.skip || !REALCLI_PRESENT)(`bundled baton scan = sources (${provider.name})${provider.skip ? `: ${POSTGRES_SKIP_MESSAGE}` : ""}`, () => {
    let scratch: string;
    let repo: GitFixture;
    let env: Record<string, string>;
    const databases: TestDatabase[] = [];

    beforeAll(async () => {
      scratch = mkdtempSync(path.join(os.tmpdir(), "baton-bundle-scan-"));
      const copied = copyRealcliHome(scratch);
      env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: copied.home, BATON_DATA_DIR: path.join(scratch, "data"), ...copied.env };
      repo = new GitFixture("shop");
      const file = "docs/ai/handoff/claude-code/20112026/handoff_cart.md";
      repo.write(file, handoffMarkdown({ phase: "cart", path: file })).commit("handoff");
      if (freshBundle(projectRoot) === null) await buildCli(projectRoot);
    }, 120_000);
    afterAll(async () => {
      for (const database of databases) await database.drop();
      rmSync(scratch, { recursive: true, force: true });
      rmSync(path.dirname(repo.root), { recursive: true, force: true });
    });

    async function scan(bundled: boolean) {
      const database = await provider.create();
      databases.push(database);
      // Parser workers forced on: the corpus is far below the size that starts them by default.
      const args = [path.join(projectRoot, "bin", "baton.mjs"), "scan", repo.root, "--agents", "--workers", "2", "--json"];
      const run = spawnSync(process.execPath, args, {
        cwd: projectRoot,
        env: { ...env, DATABASE_URL: database.target.url, ...(bundled ? {} : { BATON_NO_BUNDLE: "1" }) } as unknown as NodeJS.ProcessEnv,
        encoding: "utf8",
        maxBuffer: 1 << 28,
      });
      expect(run.stderr).not.toMatch(/running from sources|Error/);
      expect(run.status).toBe(0);
      return JSON.parse(run.stdout) as Record<string, unknown>;
    }

    /** Ids, times and durations differ between two scans into two databases. */
    const comparable = (report: Record<string, unknown>) =>
      JSON.parse(JSON.stringify(report, (key, value: unknown) => (/^(id|.*Id|.*At|durationMs|scanRunId|timings)$/.test(key) && key !== "sessionId" && key !== "agentId" ? undefined : value)));

    it("prints the same report, handoffs and agent sessions", async () => {
      const bundled = await scan(true);
      const sources = await scan(false);
      expect((bundled.handoffs as unknown[]).length).toBe(1);
      expect((bundled.sessions as unknown[]).length).toBeGreaterThan(0);
      expect(comparable(bundled)).toEqual(comparable(sources));
    }, 120_000);
  });
}
