/**
 * `npm run bench`: Baton's ingest measured against a reference taken in the same run, as ratios, both
 * in-process and as whole commands (what a user runs). Targets (issue 2, on a 2-core machine): full scan
 * of 10,000 handoffs on 50 branches < 20 s, no-change rescan < 1 s.
 *
 *   npm run bench                 all benchmarks
 *   npm run bench -- handoffs     only the handoff scan
 *   npm run bench -- --json       machine-readable results on stdout
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { openBulkWriter } from "../lib/server/db/bulk";
import type { DatabaseTarget } from "../lib/server/db/database-url";
import { migrateDatabase } from "../lib/server/db/migrate";
import { scanPaths } from "../lib/server/ingest/scan";
import { generateHandoffRepo } from "./generate-handoff-repo";

const root = path.resolve(import.meta.dirname, "..");
const work = path.join(root, "bench", ".tmp");
const args = process.argv.slice(2);
const asJson = args.includes("--json");
const only = args.filter((arg) => !arg.startsWith("--"));
const log = (text: string) => process.stderr.write(`${text}\n`);

interface Result {
  name: string;
  seconds: number;
  note?: string;
}

function time<T>(work: () => T): [T, number] {
  const start = process.hrtime.bigint();
  const value = work();
  return [value, Number(process.hrtime.bigint() - start) / 1e9];
}

async function timeAsync<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = process.hrtime.bigint();
  const value = await work();
  return [value, Number(process.hrtime.bigint() - start) / 1e9];
}

async function freshSqlite(name: string): Promise<DatabaseTarget> {
  const filePath = path.join(work, `${name}.db`);
  for (const suffix of ["", "-wal", "-shm"]) rmSync(filePath + suffix, { force: true });
  const target: DatabaseTarget = { provider: "sqlite", url: `file:${filePath}`, filePath };
  await migrateDatabase(target);
  return target;
}

function runCli(target: DatabaseTarget, cliArgs: string[]): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [path.join(root, "bin", "baton.mjs"), ...cliArgs], {
    env: { ...process.env, DATABASE_URL: target.url },
    stdio: ["ignore", "ignore", "pipe"],
    maxBuffer: 1 << 30,
  });
  if (result.status !== 0) throw new Error(`baton ${cliArgs.join(" ")} failed: ${result.stderr.toString()}`);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function benchHandoffs() {
  const repoRoot = path.join(work, "handoff-repo");
  log("generating 10,000 handoffs on 50 branches (git fast-import)…");
  const [generated, generateSeconds] = time(() => generateHandoffRepo(repoRoot, { handoffs: 10_000, branches: 50 }));

  // Reference: the raw git reads a scan cannot avoid — list every branch's handoff tree and read every blob once.
  const [, referenceSeconds] = time(() => {
    const refs = execFileSync("git", ["for-each-ref", "--format=%(objectname)", "refs/heads"], { cwd: repoRoot, encoding: "utf8" }).trim().split("\n");
    const blobs = new Set<string>();
    for (const ref of refs) {
      const out = execFileSync("git", ["ls-tree", "-r", ref, "--", "docs/ai/handoff"], { cwd: repoRoot, encoding: "utf8", maxBuffer: 1 << 28 });
      for (const line of out.split("\n")) if (line) blobs.add(line.split(/\s+/)[2]!);
    }
    execFileSync("git", ["cat-file", "--batch"], { cwd: repoRoot, input: [...blobs].join("\n") + "\n", maxBuffer: 1 << 30 });
  });

  const target = await freshSqlite("handoffs-inprocess");
  const bulk = openBulkWriter(target);
  const [full, fullSeconds] = await timeAsync(() => scanPaths([repoRoot], { bulk }));
  const [, rescanSeconds] = await timeAsync(() => scanPaths([repoRoot], { bulk }));
  await bulk.close();
  const stats = full.repos[0]!.stats;

  const commandTarget = await freshSqlite("handoffs-command");
  const commandFull = runCli(commandTarget, ["scan", repoRoot, "--json"]);
  const commandRescan = runCli(commandTarget, ["scan", repoRoot, "--json"]);
  const [, nodeStartSeconds] = time(() => execFileSync(process.execPath, ["-e", "0"]));

  const handoffs = generated.handoffs;
  const results: Result[] = [
    { name: "reference: git ls-tree ×50 + cat-file --batch of every blob", seconds: referenceSeconds },
    { name: "full scan (in-process)", seconds: fullSeconds, note: `${Math.round(handoffs / fullSeconds)} files/s, ${stats.handoffsNew} handoffs stored` },
    { name: "no-change rescan (in-process)", seconds: rescanSeconds },
    { name: "full scan (`baton scan --json`, whole command)", seconds: commandFull },
    { name: "no-change rescan (`baton scan --json`, whole command)", seconds: commandRescan },
    { name: "reference: `node -e 0` (process start)", seconds: nodeStartSeconds },
  ];
  return {
    benchmark: "handoffs",
    corpus: { handoffs, branches: generated.branches, generateSeconds },
    results,
    ratios: {
      fullScanVsGitReads: fullSeconds / referenceSeconds,
      rescanVsFullScan: rescanSeconds / fullSeconds,
      commandRescanVsNodeStart: commandRescan / nodeStartSeconds,
    },
    targets: { fullScanUnder20s: fullSeconds < 20 && commandFull < 20, rescanUnder1s: rescanSeconds < 1 },
  };
}

const benchmarks: Record<string, () => Promise<unknown>> = { handoffs: benchHandoffs };

mkdirSync(work, { recursive: true });
const selected = only.length > 0 ? only : Object.keys(benchmarks);
const output: unknown[] = [];
for (const name of selected) {
  const bench = benchmarks[name];
  if (!bench) throw new Error(`unknown benchmark "${name}" (have: ${Object.keys(benchmarks).join(", ")})`);
  const result = (await bench()) as { benchmark: string; results: Result[]; ratios: Record<string, number>; targets: Record<string, boolean> };
  output.push(result);
  if (!asJson) {
    console.log(`\n## ${result.benchmark}`);
    for (const entry of result.results) console.log(`${entry.seconds.toFixed(3).padStart(9)} s  ${entry.name}${entry.note ? `  (${entry.note})` : ""}`);
    for (const [ratio, value] of Object.entries(result.ratios)) console.log(`  ratio ${ratio}: ${value.toFixed(2)}×`);
    for (const [target, met] of Object.entries(result.targets)) console.log(`  target ${target}: ${met ? "met" : "NOT met"}`);
  }
}
if (asJson) console.log(JSON.stringify(output, null, 2));
