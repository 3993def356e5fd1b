/**
 * `npm run bench -- usage` (issue 19): `baton report daily --json` on the ~400 MB generated Claude
 * Code corpus (the sessions benchmark's, bench/.tmp/claude-corpus) against ccusage 20.0.24's
 * `daily --json --offline` on the same files, as ratios from the same run. Baton reads its database
 * (ingested once first, not timed); ccusage re-parses every file each time. Rounds alternate the two
 * (BATON_BENCH_ROUNDS, default 5) and medians are compared, as the machines here drift.
 *
 * ccusage is run with node from its npm-packed tarball: CCUSAGE_CLI names its `src/cli.js` (with the
 * platform package in node_modules beside it), else /tmp/ccusage-pack/package/src/cli.js, else the
 * sessions benchmark's install (bench/.tmp/ccusage). Without any, that side is skipped with a message.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { DatabaseTarget } from "../lib/server/db/database-url";
import { migrateDatabase } from "../lib/server/db/migrate";
import { generateClaudeCorpus } from "./generate-claude-corpus";

interface Result {
  name: string;
  seconds: number;
  note?: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { env, encoding: "utf8", maxBuffer: 1 << 30 });
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, status: result.status, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
}

/** ccusage's launcher script, set up from the packed tarballs in /tmp when that is where they are. */
function findCcusage(work: string): { command: string[]; note: string } | null {
  if (process.env.CCUSAGE_CLI && existsSync(process.env.CCUSAGE_CLI)) return { command: [process.execPath, process.env.CCUSAGE_CLI], note: `ccusage (${process.env.CCUSAGE_CLI})` };
  const packed = "/tmp/ccusage-pack/package/src/cli.js";
  const platform = `ccusage-${process.platform}-${process.arch}`;
  const nativeUnpacked = "/tmp/ccusage-pack/native/package";
  if (existsSync(packed)) {
    const target = path.join("/tmp/ccusage-pack/package/node_modules/@ccusage", platform);
    if (!existsSync(target) && existsSync(nativeUnpacked)) {
      mkdirSync(path.dirname(target), { recursive: true });
      cpSync(nativeUnpacked, target, { recursive: true });
    }
    if (existsSync(target)) return { command: [process.execPath, packed], note: "ccusage 20.0.24 from its npm-packed tarball in /tmp (node src/cli.js)" };
  }
  const installed = path.join(work, "ccusage", "node_modules", ".bin", "ccusage");
  if (existsSync(installed)) return { command: [installed], note: "ccusage 20.0.24 (bench/.tmp/ccusage)" };
  return null;
}

export async function benchUsage(work: string, root: string, log: (text: string) => void) {
  const corpus = path.join(work, "claude-corpus");
  log("generating (or reusing) the Claude Code corpus…");
  const truth = generateClaudeCorpus(corpus);
  const none = path.join(work, "none");
  const home = path.join(work, "empty-home");
  mkdirSync(home, { recursive: true });
  const dbFile = path.join(work, "usage-report.db");
  for (const suffix of ["", "-wal", "-shm"]) rmSync(dbFile + suffix, { force: true });
  const target: DatabaseTarget = { provider: "sqlite", url: `file:${dbFile}`, filePath: dbFile };
  await migrateDatabase(target);
  const env = { ...process.env, HOME: home, BATON_HOME_DIR: home, CLAUDE_CONFIG_DIR: corpus, CODEX_HOME: none, GEMINI_DATA_DIR: none, OPENCODE_DATA_DIR: none, DATABASE_URL: target.url, TZ: "UTC" };
  const baton = (args: string[]) => run(process.execPath, [path.join(root, "bin", "baton.mjs"), ...args], env);
  log("Baton: ingesting the corpus once (not timed)…");
  const ingest = baton(["scan", "--agents", "--json"]);
  if (ingest.status !== 0) throw new Error(`baton scan failed: ${ingest.stderr}`);

  const ccusage = findCcusage(work);
  if (!ccusage) log("SKIPPED ccusage: no packed ccusage found (npm pack ccusage@20.0.24 and @ccusage/ccusage-linux-x64@20.0.24 into /tmp/ccusage-pack, or set CCUSAGE_CLI)");
  const rounds = Math.max(1, Number(process.env.BATON_BENCH_ROUNDS ?? 5));
  const withScan: number[] = [];
  const noScan: number[] = [];
  const theirs: number[] = [];
  let batonDoc = "";
  let ccusageDoc = "";
  for (let round = 0; round < rounds; round += 1) {
    log(`round ${round + 1}/${rounds}: baton report daily --json, --no-scan, ccusage daily --json --offline…`);
    const scanned = baton(["report", "daily", "--json", "-z", "UTC"]);
    if (scanned.status !== 0) throw new Error(`baton report failed: ${scanned.stderr}`);
    withScan.push(scanned.seconds);
    const plain = baton(["report", "daily", "--json", "--no-scan", "-z", "UTC"]);
    noScan.push(plain.seconds);
    batonDoc = plain.stdout;
    if (ccusage) {
      const [command, ...args] = ccusage.command;
      const result = run(command!, [...args, "daily", "--json", "--offline", "-z", "UTC"], env);
      if (result.status !== 0) throw new Error(`ccusage failed: ${result.stderr}`);
      theirs.push(result.seconds);
      ccusageDoc = result.stdout;
    }
  }
  type Totals = { totalTokens: number; totalCost: number | null };
  const batonTotals = (JSON.parse(batonDoc) as { totals: Totals }).totals;
  const ccusageTotals = ccusageDoc ? (JSON.parse(ccusageDoc) as { totals: Totals }).totals : null;
  const results: Result[] = [
    { name: "`baton report daily --json` (scans what changed first: nothing here), whole command, median", seconds: median(withScan), note: `best ${Math.min(...withScan).toFixed(3)} s` },
    { name: "`baton report daily --json --no-scan`, whole command, median", seconds: median(noScan), note: `best ${Math.min(...noScan).toFixed(3)} s; ${batonTotals.totalTokens.toLocaleString("en")} tokens, $${batonTotals.totalCost?.toFixed(2)}` },
    {
      name: "`ccusage daily --json --offline` on the same files, median",
      seconds: ccusage ? median(theirs) : NaN,
      note: ccusage ? `${ccusage.note}; best ${Math.min(...theirs).toFixed(3)} s; ${ccusageTotals?.totalTokens.toLocaleString("en")} tokens, $${ccusageTotals?.totalCost?.toFixed(2)}` : "skipped: ccusage not available",
    },
  ];
  const ratios: Record<string, number> = ccusage ? { reportVsCcusage: median(withScan) / median(theirs), reportNoScanVsCcusage: median(noScan) / median(theirs) } : {};
  return {
    benchmark: "usage",
    corpus: { megabytes: truth.bytes / 1e6, sessions: truth.sessions, requests: truth.requests },
    results,
    ratios,
    targets: ccusage
      ? {
          reportAtMostCcusage: median(withScan) <= median(theirs),
          sameTokenTotal: ccusageTotals?.totalTokens === batonTotals.totalTokens,
          costWithin1Percent: ccusageTotals?.totalCost != null && batonTotals.totalCost !== null && Math.abs(batonTotals.totalCost - ccusageTotals.totalCost) <= ccusageTotals.totalCost * 0.01,
        }
      : {},
  };
}
