/**
 * Handoff pages under hostile markdown (issue 15: "no single request may hold the event loop for more
 * than ~100 ms on any input"). Three corpora: the demo's handoffs, the hostile suite
 * (lib/core/markdown/test-support/hostile-markdown.ts) and a generated one (generate-markdown-corpus.ts).
 * The reference, measured in the same run, is a plain small handoff (the demo's codex handoff).
 *
 * 1. In-process: the page's markdown path (hash, cache, worker) per document, first and cached, and
 *    the longest the calling thread went without turning its event loop meanwhile.
 * 2. Served by the production build (skipped without one): every handoff page requested cold (first
 *    view: the worker renders) and warm (cached), `/api/health` asked every 50 ms during each cold
 *    request, and the server's own event-loop delay (bench/event-loop-monitor.mjs preloaded into it).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { hostileMarkdown } from "../lib/core/markdown/test-support/hostile-markdown";
import { openBulkWriter } from "../lib/server/db/bulk";
import type { DatabaseTarget } from "../lib/server/db/database-url";
import { migrateDatabase } from "../lib/server/db/migrate";
import { buildDemoRepos } from "../lib/server/demo/demo-workspace";
import { scanPaths } from "../lib/server/ingest/scan";
import { createHandoffMarkdownRenderer } from "../lib/server/markdown/handoff-markdown";
import { writeHostileRepo } from "../e2e/fixtures/hostile-repo";
import { generateMarkdownCorpus } from "./generate-markdown-corpus";
import { startNextServer } from "./next-server";

const root = path.resolve(import.meta.dirname, "..");

interface Document {
  corpus: "demo" | "hostile" | "generated";
  name: string;
  markdown: string;
}

const REFERENCE = "handoff-2-codex";

function demoDocuments(): Document[] {
  const demo = path.join(root, "demo");
  return readdirSync(demo, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md") && file.includes("handoff"))
    .map((file) => ({ corpus: "demo" as const, name: path.basename(file, ".md"), markdown: readFileSync(path.join(demo, file), "utf8") }));
}

const seconds = (milliseconds: number) => milliseconds / 1000;

/** CPU ms this process's main thread has used (Linux; NaN elsewhere): unlike a stall, not inflated by a loaded machine. */
function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** The slowest entry of each corpus by `value`. */
function slowestByCorpus<T extends { document: Document }>(entries: T[], value: (entry: T) => number) {
  const slowest = new Map<string, T>();
  for (const entry of entries) {
    const current = slowest.get(entry.document.corpus);
    if (!current || value(entry) > value(current)) slowest.set(entry.document.corpus, entry);
  }
  return [...slowest.values()];
}

async function inProcess(documents: Document[], log: (text: string) => void) {
  log("render: the markdown path in-process (worker), every document cold and cached…");
  const renderer = createHandoffMarkdownRenderer();
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  try {
    await renderer.render("# warm the worker up");
    const measured: Array<{ document: Document; cold: number; warm: number; stall: number; cpu: number; kind: string }> = [];
    for (const document of documents) {
      await new Promise((resolve) => setImmediate(resolve));
      histogram.reset();
      histogram.enable();
      let started = performance.now();
      const cpuBefore = mainThreadCpuMs();
      const result = await renderer.render(document.markdown);
      const cpu = mainThreadCpuMs() - cpuBefore;
      const cold = performance.now() - started;
      await new Promise((resolve) => setImmediate(resolve));
      histogram.disable();
      started = performance.now();
      await renderer.render(document.markdown);
      const warm = performance.now() - started;
      measured.push({ document, cold, warm, stall: histogram.max / 1e6, cpu, kind: result.kind });
    }
    return measured;
  } finally {
    histogram.disable();
    await renderer.close();
  }
}

function writeGeneratedRepo(directory: string, documents: Document[]) {
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  const env = { ...process.env, GIT_AUTHOR_NAME: "Bench", GIT_AUTHOR_EMAIL: "bench@example.invalid", GIT_COMMITTER_NAME: "Bench", GIT_COMMITTER_EMAIL: "bench@example.invalid", GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };
  execFileSync("git", ["init", "-q", "-b", "main"], { cwd: directory, env });
  for (const document of documents) {
    const file = path.join(directory, "docs/ai/handoff/codex/02122026", `handoff_${document.name}.md`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `# Handoff: ${document.name}\n\n## Goal\n${document.markdown}\n`);
  }
  execFileSync("git", ["add", "-A"], { cwd: directory, env });
  execFileSync("git", ["commit", "-q", "-m", "generated handoffs"], { cwd: directory, env });
}

async function served(work: string, documents: Document[], log: (text: string) => void) {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) return null;
  const directory = path.join(work, "render-pages");
  log("render: building the demo, hostile and generated repos and scanning them…");
  const demoRepos = await buildDemoRepos(path.join(directory, "demo"));
  writeHostileRepo(path.join(directory, "hostile-markdown"));
  writeGeneratedRepo(path.join(directory, "generated-markdown"), documents.filter((document) => document.corpus === "generated"));
  const filePath = path.join(work, "render-pages.db");
  for (const suffix of ["", "-wal", "-shm"]) rmSync(filePath + suffix, { force: true });
  const target: DatabaseTarget = { provider: "sqlite", url: `file:${filePath}`, filePath };
  await migrateDatabase(target);
  const bulk = openBulkWriter(target);
  await scanPaths([...demoRepos, path.join(directory, "hostile-markdown"), path.join(directory, "generated-markdown")], { bulk });
  await bulk.close();

  const eldFile = path.join(work, "render-eld.txt");
  const server = await startNextServer(target.url, 3590, { nodeFlags: ["--import", path.join(root, "bench", "event-loop-monitor.mjs")], env: { BATON_BENCH_ELD_FILE: eldFile } });
  try {
    const list = (await (await fetch(`${server.origin}/api/handoffs?pageSize=200`)).json()) as { items: Array<{ id: string; path: string }> };
    const byName = new Map(documents.map((document) => [document.name, document]));
    const pages = list.items
      .map((item) => {
        // Served pages are named by their phase (the demo's files are renamed in its repos).
        const phase = path.basename(item.path, ".md").replace(/^handoff_/, "");
        const document = byName.get(phase) ?? { corpus: "demo" as const, name: phase, markdown: "" };
        return { id: item.id, document };
      })
      .sort((a, b) => Number(b.document.name === "fix-typecheck-errors") - Number(a.document.name === "fix-typecheck-errors"));
    // Next's first request (loading the route) and the worker's start are not what is measured: one
    // page of another content first.
    const warmUp = pages.find((page) => page.document.corpus === "demo" && page.document.name !== "fix-typecheck-errors");
    if (warmUp) await (await fetch(`${server.origin}/handoffs/${warmUp.id}`)).text();
    const eldLines = () =>
      readFileSync(eldFile, "utf8")
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split(" ").map(Number) as [number, number, number]);
    /** Main-thread CPU ms between the monitor's last line before `from` and its first line after `to`. */
    const cpuBetween = (lines: Array<[number, number, number]>, from: number, to: number) => {
      const before = lines.filter(([time]) => time <= from).at(-1);
      const after = lines.find(([time]) => time >= to);
      return before && after && before[2] >= 0 ? after[2] - before[2] : NaN;
    };
    const measured: Array<{ document: Document; cold: number; warm: number; health: number; stall: number; cpu: number; bytes: number }> = [];
    log(`render: requesting ${pages.length} handoff pages cold and warm, /api/health every 50 ms meanwhile…`);
    for (const page of pages) {
      const address = `${server.origin}/handoffs/${page.id}`;
      let done = false;
      const started = Date.now();
      const request = fetch(address)
        .then((response) => response.text())
        .finally(() => {
          done = true;
        });
      let health = 0;
      while (!done) {
        const probe = Date.now();
        await fetch(`${server.origin}/api/health`);
        health = Math.max(health, Date.now() - probe);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const html = await request;
      const cold = Date.now() - started;
      const ended = Date.now();
      const again = Date.now();
      await (await fetch(address)).text();
      const warm = Date.now() - again;
      // The monitor writes every 50 ms: wait for the line that covers the end of the cold request.
      await new Promise((resolve) => setTimeout(resolve, 120));
      const lines = eldLines();
      const stall = Math.max(0, ...lines.filter(([time]) => time >= started && time <= ended + 100).map(([, delay]) => delay));
      measured.push({ document: page.document, cold, warm, health, stall, cpu: cpuBetween(lines, started, ended), bytes: html.length });
    }
    return measured;
  } finally {
    server.stop();
  }
}

export async function benchRender(work: string, log: (text: string) => void) {
  const documents: Document[] = [
    ...demoDocuments(),
    ...hostileMarkdown().map((document) => ({ corpus: "hostile" as const, name: document.name, markdown: document.markdown })),
    ...generateMarkdownCorpus().map((document) => ({ corpus: "generated" as const, ...document })),
  ];
  const local = await inProcess(documents, log);
  const reference = local.find((entry) => entry.document.name === REFERENCE)!;
  const results: Array<{ name: string; seconds: number; note?: string }> = [
    { name: `reference: the markdown of a plain small handoff (demo ${REFERENCE}), first view, through the worker (in-process)`, seconds: seconds(reference.cold), note: `cached: ${reference.warm.toFixed(2)} ms` },
  ];
  for (const entry of slowestByCorpus(local, (item) => item.cold)) {
    results.push({ name: `slowest markdown, ${entry.document.corpus} corpus, first view (in-process): ${entry.document.name}`, seconds: seconds(entry.cold), note: `${entry.kind}, ${entry.document.markdown.length.toLocaleString("en")} characters; cached ${entry.warm.toFixed(2)} ms` });
  }
  const stall = local.reduce((worst, entry) => (entry.stall > worst.stall ? entry : worst));
  results.push({ name: `longest stall of the calling thread during any of them (${stall.document.corpus}: ${stall.document.name})`, seconds: seconds(stall.stall) });
  const busiest = local.reduce((worst, entry) => (entry.cpu > worst.cpu ? entry : worst));
  if (Number.isFinite(busiest.cpu)) results.push({ name: `most CPU of the calling thread for one document's first view (${busiest.document.corpus}: ${busiest.document.name})`, seconds: seconds(busiest.cpu), note: "10 ms ticks; the worker's CPU not counted" });
  const ratios: Record<string, number> = {};
  for (const entry of slowestByCorpus(local, (item) => item.cold)) ratios[`slowest${entry.document.corpus[0]!.toUpperCase()}${entry.document.corpus.slice(1)}MarkdownVsReference`] = entry.cold / reference.cold;
  const targets: Record<string, boolean> = { callingThreadStallUnder100ms: stall.stall < 100 };
  if (Number.isFinite(busiest.cpu)) targets.callingThreadCpuPerDocumentUnder100ms = busiest.cpu < 100;

  const pages = await served(work, documents, log);
  if (pages === null) {
    log("render: no production build — the served pages were skipped (run `npm run build` first)");
  } else {
    const referencePage = pages.find((entry) => entry.document.name === "fix-typecheck-errors");
    if (referencePage) {
      results.push({ name: "reference: the page of a plain small handoff (demo fix-typecheck-errors), first view (served)", seconds: seconds(referencePage.cold), note: `cached view ${referencePage.warm} ms, ${referencePage.bytes.toLocaleString("en")} bytes of HTML` });
      for (const entry of slowestByCorpus(pages, (item) => item.cold)) {
        results.push({ name: `slowest page, ${entry.document.corpus} corpus, first view (served): ${entry.document.name}`, seconds: seconds(entry.cold), note: `cached view ${entry.warm} ms, ${entry.bytes.toLocaleString("en")} bytes of HTML` });
        ratios[`slowest${entry.document.corpus[0]!.toUpperCase()}${entry.document.corpus.slice(1)}PageVsReference`] = entry.cold / referencePage.cold;
      }
      const slowestWarm = pages.reduce((worst, entry) => (entry.warm > worst.warm ? entry : worst));
      results.push({ name: `slowest page, cached view (served): ${slowestWarm.document.corpus} ${slowestWarm.document.name}`, seconds: seconds(slowestWarm.warm) });
      ratios.slowestCachedPageVsReferenceCached = slowestWarm.warm / Math.max(1, referencePage.warm);
    }
    const health = pages.reduce((worst, entry) => (entry.health > worst.health ? entry : worst));
    const serverStall = pages.reduce((worst, entry) => (entry.stall > worst.stall ? entry : worst));
    const stalls = pages.map((entry) => entry.stall).sort((a, b) => a - b);
    const medianStall = stalls[Math.floor((stalls.length - 1) / 2)]!;
    results.push({ name: `longest /api/health answer while any page rendered (${health.document.corpus}: ${health.document.name})`, seconds: seconds(health.health) });
    results.push({
      name: `longest stall of the server's event loop during any page's first view (${serverStall.document.corpus}: ${serverStall.document.name})`,
      seconds: seconds(serverStall.stall),
      note: `${pages.length} pages; median page ${medianStall.toFixed(0)} ms${referencePage ? `, the reference page ${referencePage.stall.toFixed(0)} ms` : ""} (a loaded machine delays every timer: compare with those)`,
    });
    if (referencePage) ratios.longestServerStallVsReferencePage = serverStall.stall / Math.max(1, referencePage.stall);
    // The main thread's own CPU time for a first view (the health probes' included): independent of the machine's load.
    const busiest = pages.reduce((worst, entry) => (entry.cpu > worst.cpu ? entry : worst));
    if (Number.isFinite(busiest.cpu)) {
      results.push({ name: `most CPU of the server's main thread for one page's first view (${busiest.document.corpus}: ${busiest.document.name})`, seconds: seconds(busiest.cpu), note: `10 ms ticks, health probes included${referencePage ? `; the reference page ${referencePage.cpu} ms` : ""}` });
      if (referencePage) ratios.busiestPageCpuVsReferencePage = busiest.cpu / Math.max(10, referencePage.cpu);
      targets.mainThreadCpuPerPageUnder100ms = busiest.cpu < 100;
    }
    ratios.longestServerStallVsMedianPage = serverStall.stall / Math.max(1, medianStall);
    targets.healthUnder1sWhileRendering = health.health < 1_000;
    targets.serverStallUnder100ms = serverStall.stall < 100;
  }
  return { benchmark: "render", results, ratios, targets };
}
