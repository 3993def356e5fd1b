/**
 * `npm run bench -- scale` (issue 29): the same pages and reports at 1x, 3x and 10x the generated
 * Claude Code corpus (BATON_BENCH_SCALES, default "1,3,10"; 10x is ~4 GB under bench/.tmp), on SQLite
 * and on PostgreSQL (when BATON_TEST_DATABASE_URL names one). Each scale is ingested into a fresh
 * database by `baton scan --agents --json` (timed; nothing else runs on the database after it), then
 * `next start` (needs `npm run build` first) serves it and each page is asked BATON_BENCH_PAGE_ROUNDS
 * times (default 3, after one warm-up): the median is reported as a ratio against the same page at
 * 1x and against `/api/health` in the same run. The server's memory after the usage pages is compared
 * with its memory after `/`; each page's server CPU time (its process tree, from /proc) is reported
 * beside its wall time, since a shared machine's load moves the one far more than the other. At 1x,
 * the full ingest alternates with ccusage 20.0.24's `session --json --offline` in BATON_BENCH_PAIRS
 * pairs (default 7) per database, wall and CPU medians compared; after each pair's ingest a no-change
 * rescan alternates with a bare `node -e 0`.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { openBulkWriter } from "../lib/server/db/bulk";
import type { DatabaseTarget } from "../lib/server/db/database-url";
import { toNumber } from "../lib/server/sessions/session-ids";
import { benchPostgresUrl, ensureCcusage, freshBenchDatabase, measureCommand, type Measured } from "./bench-support";
import { DEFAULT_CORPUS, generateClaudeCorpus, type CorpusTruth } from "./generate-claude-corpus";
import { startNextServer } from "./next-server";

interface Result {
  name: string;
  seconds: number;
  note?: string;
}

type Provider = "sqlite" | "postgresql";

interface PageFigure {
  seconds: number;
  bytes: number;
  /** The server's CPU time for the request (its process tree, ms): what the machine's other load moves least. */
  cpuMs?: number;
}

/** The pages and reports measured at every scale; `{week}`, `{first}` and `{last}` are filled from the data. */
const PAGES: { name: string; path: string }[] = [
  { name: "overview", path: "/" },
  { name: "sessions list", path: "/sessions" },
  { name: "sessions list by peak", path: "/sessions?sort=peak" },
  { name: "usage page (30 days)", path: "/usage" },
  { name: "usage page all-time by day × runtime", path: "/usage?since={first}&until={last}&period=day&by=runtime" },
  { name: "usage page all-time by month × model, cost", path: "/usage?since={first}&until={last}&period=month&by=model&metric=cost" },
  { name: "usage page all-time by week × repo", path: "/usage?since={first}&until={last}&period=week&by=repo" },
  { name: "api daily all-time", path: "/api/usage/daily" },
  { name: "api daily all-time by model", path: "/api/usage/daily?breakdown=model" },
  { name: "api monthly all-time by repo", path: "/api/usage/monthly?breakdown=repo" },
  { name: "api session all-time", path: "/api/usage/session" },
  { name: "api blocks, a week", path: "/api/usage/blocks?since={week}" },
  { name: "api blocks all-time", path: "/api/usage/blocks" },
];
const USAGE_PAGES = PAGES.filter((page) => page.path.startsWith("/usage") || page.path.startsWith("/api/usage"));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;

async function timeGet(url: string): Promise<PageFigure> {
  const start = process.hrtime.bigint();
  const response = await fetch(url);
  const body = await response.arrayBuffer();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { seconds, bytes: body.byteLength };
}

/** Each process's children (Linux /proc). */
function processChildren(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const list = children.get(parent) ?? [];
      list.push(Number(entry));
      children.set(parent, list);
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** CPU time (user + system) of a process and its descendants so far, ms (Linux /proc; clock ticks of 10 ms). */
function treeCpuMs(pid: number, children = processChildren()): number {
  let ticks = 0;
  const visit = (id: number) => {
    try {
      const stat = readFileSync(`/proc/${id}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return;
    }
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(pid);
  return ticks * 10;
}

/** Resident memory of a process and its descendants, MiB (Linux /proc). */
function treeRssMiB(pid: number): number {
  const children = processChildren();
  let kib = 0;
  const visit = (id: number) => {
    try {
      const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, "utf8"));
      if (match) kib += Number(match[1]);
    } catch {
      return;
    }
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(pid);
  return Math.round(kib / 1024);
}

function corpusFor(work: string, scale: number): { folder: string; truth: CorpusTruth } {
  const folder = scale === 1 ? path.join(work, "claude-corpus") : path.join(work, `claude-corpus-${scale}x`);
  const options = scale === 1 ? DEFAULT_CORPUS : { ...DEFAULT_CORPUS, sessions: DEFAULT_CORPUS.sessions * scale, seed: DEFAULT_CORPUS.seed + scale };
  return { folder, truth: generateClaudeCorpus(folder, options) };
}

function agentEnv(work: string, corpus: string, databaseUrl: string): NodeJS.ProcessEnv {
  const none = path.join(work, "none");
  const home = path.join(work, "empty-home");
  return { ...process.env, HOME: home, BATON_HOME_DIR: home, CLAUDE_CONFIG_DIR: corpus, CODEX_HOME: none, GEMINI_DATA_DIR: none, OPENCODE_DATA_DIR: none, DATABASE_URL: databaseUrl, BATON_DATA_DIR: path.join(work, "scale-data") };
}

function batonScan(work: string, root: string, corpus: string, target: DatabaseTarget): Measured {
  const run = measureCommand(work, process.execPath, [path.join(root, "bin", "baton.mjs"), "scan", "--agents", "--json"], agentEnv(work, corpus, target.url));
  if (run.status !== 0) throw new Error(`baton scan --agents failed: ${run.stderr.slice(-2000)}`);
  return run;
}

/** The data's first date and the week before its last (UTC dates). */
async function dataDates(target: DatabaseTarget): Promise<{ first: string; last: string; week: string }> {
  const bulk = openBulkWriter(target);
  try {
    const [row] = await bulk.query<{ first: unknown; last: unknown }>(`SELECT MIN("firstMs") AS "first", MAX("lastMs") AS "last" FROM "UsageRollup"`);
    const last = toNumber(row?.last);
    return { first: new Date(toNumber(row?.first)).toISOString().slice(0, 10), last: new Date(last).toISOString().slice(0, 10), week: new Date(last - 6 * 86_400_000).toISOString().slice(0, 10) };
  } finally {
    await bulk.close();
  }
}

async function measurePages(work: string, target: DatabaseTarget, rounds: number, log: (text: string) => void) {
  const dates = await dataDates(target);
  // BATON_BENCH_PORT: a port of your own on a shared machine (else one in 3300–3399).
  const port = Number(process.env.BATON_BENCH_PORT ?? 0);
  const server = await startNextServer(target.url, port || 3300, { env: { BATON_DATA_DIR: path.join(work, "scale-data") }, exactPort: port > 0 });
  try {
    const url = (page: string) => server.origin + page.replace("{first}", dates.first).replace("{last}", dates.last).replace("{week}", dates.week);
    const figures = new Map<string, PageFigure>();
    const health: number[] = [];
    const ask = async (page: { name: string; path: string }) => {
      await timeGet(url(page.path));
      const runs: PageFigure[] = [];
      const children = processChildren();
      for (let round = 0; round < rounds; round++) {
        health.push((await timeGet(url("/api/health"))).seconds);
        const cpuBefore = treeCpuMs(server.pid, children);
        const run = await timeGet(url(page.path));
        runs.push({ ...run, cpuMs: treeCpuMs(server.pid, children) - cpuBefore });
      }
      figures.set(page.name, { seconds: median(runs.map((run) => run.seconds)), bytes: median(runs.map((run) => run.bytes)), cpuMs: median(runs.map((run) => run.cpuMs ?? NaN)) });
    };
    await ask(PAGES[0]!);
    const afterOverview = treeRssMiB(server.pid);
    let afterUsage = afterOverview;
    const lastUsagePage = PAGES.map((page) => page.path.startsWith("/usage")).lastIndexOf(true);
    for (const [index, page] of PAGES.entries()) {
      if (index === 0) continue;
      log(`  ${page.name}…`);
      await ask(page);
      if (index === lastUsagePage) afterUsage = treeRssMiB(server.pid);
    }
    // The API's all-time documents are megabytes of JSON each (every session, every block).
    const afterReports = treeRssMiB(server.pid);
    return { figures, health: median(health), afterOverview, afterUsage, afterReports, dates };
  } finally {
    server.stop();
  }
}

export async function benchScale(work: string, root: string, log: (text: string) => void) {
  const scales = (process.env.BATON_BENCH_SCALES ?? "1,3,10").split(",").map(Number).filter((scale) => scale > 0);
  if (!scales.includes(1)) scales.unshift(1);
  const rounds = Math.max(1, Number(process.env.BATON_BENCH_PAGE_ROUNDS ?? 3));
  const pairs = Math.max(1, Number(process.env.BATON_BENCH_PAIRS ?? 7));
  const providers: Provider[] = benchPostgresUrl() ? ["sqlite", "postgresql"] : ["sqlite"];
  if (providers.length === 1) log("scale: PostgreSQL skipped: no PostgreSQL URL (set BATON_TEST_DATABASE_URL=postgresql://…)");
  const results: Result[] = [];
  const ratios: Record<string, number> = {};
  const targets: Record<string, boolean> = {};
  const pageAt = new Map<string, number>();

  for (const scale of scales) {
    log(`scale ${scale}x: generating (or reusing) the corpus…`);
    const { folder, truth } = corpusFor(work, scale);
    for (const provider of providers) {
      const database = await freshBenchDatabase(work, provider, `scale-${scale}x`);
      try {
        log(`scale ${scale}x ${provider}: ingest (baton scan --agents --json)…`);
        const ingest = batonScan(work, root, folder, database.target);
        results.push({ name: `${provider} ${scale}x: full ingest, whole command`, seconds: ingest.seconds, note: `${truth.sessions} sessions, ${(truth.bytes / 1048576).toFixed(0)} MiB, ${truth.requests} requests, peak ${ingest.maxRssMiB ?? "?"} MiB RSS, ${ingest.cpuSeconds?.toFixed(2) ?? "?"} CPU-s` });
        log(`scale ${scale}x ${provider}: pages…`);
        const served = await measurePages(work, database.target, rounds, log);
        results.push({ name: `${provider} ${scale}x: /api/health (median over the run)`, seconds: served.health });
        for (const page of PAGES) {
          const figure = served.figures.get(page.name)!;
          const key = `${provider} ${page.name}`;
          if (scale === 1) pageAt.set(key, figure.seconds);
          const atOne = pageAt.get(key)!;
          results.push({ name: `${provider} ${scale}x: ${page.name}`, seconds: figure.seconds, note: `${(figure.bytes / 1024).toFixed(0)} KiB, server CPU ${figure.cpuMs} ms, ${(figure.seconds / served.health).toFixed(1)}× /api/health${scale === 1 ? "" : `, ${(figure.seconds / atOne).toFixed(2)}× its 1x time for ${scale}× the data`}` });
          ratios[`${provider}_${scale}x_${page.name}_vsHealth`] = figure.seconds / served.health;
          if (scale !== 1) ratios[`${provider}_${scale}x_${page.name}_vs1x`] = figure.seconds / atOne;
        }
        results.push({
          name: `${provider} ${scale}x: server memory after the /usage pages`,
          seconds: NaN,
          note: `${served.afterUsage} MiB RSS against ${served.afterOverview} MiB after / (${(served.afterUsage / served.afterOverview).toFixed(2)}×); after the /api/usage reports too: ${served.afterReports} MiB (${(served.afterReports / served.afterOverview).toFixed(2)}×)`,
        });
        ratios[`${provider}_${scale}x_memoryAfterUsageVsOverview`] = served.afterUsage / served.afterOverview;
        ratios[`${provider}_${scale}x_memoryAfterReportsVsOverview`] = served.afterReports / served.afterOverview;
        if (scale === Math.max(...scales)) {
          const at = (name: string) => served.figures.get(name)!.seconds;
          targets[`${provider}_${scale}x_overviewUnder0.3s`] = at("overview") < 0.3;
          targets[`${provider}_${scale}x_sessionsListUnder0.3s`] = at("sessions list") < 0.3 && at("sessions list by peak") < 0.3;
          targets[`${provider}_${scale}x_allTimeUsageUnder1s`] = USAGE_PAGES.filter((page) => page.name.includes("all-time")).every((page) => at(page.name) < 1);
          targets[`${provider}_${scale}x_weekOfBlocksUnder0.3s`] = at("api blocks, a week") < 0.3;
          targets[`${provider}_${scale}x_noPageGrowsFasterThanTheData`] = PAGES.every((page) => at(page.name) / pageAt.get(`${provider} ${page.name}`)! <= scale);
          targets[`${provider}_${scale}x_memoryAfterUsageWithin1.5x`] = served.afterUsage / served.afterOverview <= 1.5;
        }
      } finally {
        await database.drop();
      }
    }
  }

  // Ingest against ccusage at 1x, alternating, per database.
  const ccusage = ensureCcusage(work, log);
  if (ccusage.binary) {
    const { folder } = corpusFor(work, 1);
    for (const provider of providers) {
      const baton: number[] = [];
      const reference: number[] = [];
      const batonCpu: number[] = [];
      const referenceCpu: number[] = [];
      const rescans: number[] = [];
      const bareNode: number[] = [];
      for (let pair = 0; pair < pairs; pair++) {
        const database = await freshBenchDatabase(work, provider, "scale-pairs");
        try {
          log(`ingest pair ${pair + 1}/${pairs} (${provider}): ccusage, then baton…`);
          const run = measureCommand(work, ccusage.binary, ["session", "--json", "--offline"], { ...process.env, CLAUDE_CONFIG_DIR: folder });
          if (run.status !== 0) throw new Error(`ccusage failed: ${run.stderr}`);
          reference.push(run.seconds);
          referenceCpu.push(run.cpuSeconds ?? NaN);
          const ingest = batonScan(work, root, folder, database.target);
          baton.push(ingest.seconds);
          batonCpu.push(ingest.cpuSeconds ?? NaN);
          // Issue 29: a no-change rescan against a bare Node start, alternating too.
          bareNode.push(measureCommand(work, process.execPath, ["-e", "0"], process.env).seconds);
          rescans.push(batonScan(work, root, folder, database.target).seconds);
        } finally {
          await database.drop();
        }
      }
      const ratio = median(baton) / median(reference);
      results.push({ name: `${provider} 1x: full ingest (median of ${pairs} alternating pairs)`, seconds: median(baton), note: `ccusage ${median(reference).toFixed(2)} s (${ccusage.note}); ${ratio.toFixed(2)}× ccusage; Baton runs ${baton.map((s) => s.toFixed(2)).join(" / ")}, ccusage ${reference.map((s) => s.toFixed(2)).join(" / ")}; CPU (user + system) medians ${median(batonCpu).toFixed(2)} s against ${median(referenceCpu).toFixed(2)} s (${(median(batonCpu) / median(referenceCpu)).toFixed(2)}×)` });
      ratios[`${provider}_1x_ingestVsCcusage`] = ratio;
      ratios[`${provider}_1x_ingestCpuVsCcusage`] = median(batonCpu) / median(referenceCpu);
      results.push({ name: `${provider} 1x: no-change rescan (median of ${pairs})`, seconds: median(rescans), note: `\`node -e 0\` ${median(bareNode).toFixed(3)} s (${(median(rescans) / median(bareNode)).toFixed(1)}×); runs ${rescans.map((s) => s.toFixed(2)).join(" / ")}` });
      ratios[`${provider}_1x_rescanVsBareNode`] = median(rescans) / median(bareNode);
      targets[`${provider}_1x_ingestAtMost${provider === "sqlite" ? "1.0" : "1.3"}xCcusage`] = ratio <= (provider === "sqlite" ? 1.0 : 1.3);
    }
  } else {
    results.push({ name: "ingest against ccusage", seconds: 0, note: ccusage.note });
  }
  return { benchmark: "scale", results, ratios, targets };
}
