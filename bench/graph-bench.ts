/**
 * Chain graph of a 1,000-handoff repo: server-side layout time (cold and cached) against the chain
 * builder as a reference, and — when a production build exists and Chromium is installed — the page in
 * a real browser: time until the graph is drawn and frames per second while zooming and panning.
 */
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { buildChains } from "../lib/core/chains/build-chains";
import { openBulkWriter } from "../lib/server/db/bulk";
import { createDb } from "../lib/server/db/client";
import type { DatabaseTarget } from "../lib/server/db/database-url";
import { migrateDatabase } from "../lib/server/db/migrate";
import { scanPaths } from "../lib/server/ingest/scan";
import { getChainGraph } from "../lib/server/queries/chain-graph";
import { loadRepoChains } from "../lib/server/queries/chains";
import { generateHandoffRepo } from "./generate-handoff-repo";
import { startNextServer } from "./next-server";

const root = path.resolve(import.meta.dirname, "..");

async function seconds<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = process.hrtime.bigint();
  const value = await work();
  return [value, Number(process.hrtime.bigint() - start) / 1e9];
}

export async function benchGraph(work: string, log: (text: string) => void) {
  const repoRoot = path.join(work, "graph-repo");
  log("generating a repo with 1,000 handoffs on 5 branches…");
  generateHandoffRepo(repoRoot, { handoffs: 1_000, branches: 5 });
  const filePath = path.join(work, "graph.db");
  for (const suffix of ["", "-wal", "-shm"]) rmSync(filePath + suffix, { force: true });
  const target: DatabaseTarget = { provider: "sqlite", url: `file:${filePath}`, filePath };
  await migrateDatabase(target);
  const bulk = openBulkWriter(target);
  const scan = await scanPaths([repoRoot], { bulk });
  await bulk.close();
  const repoId = scan.repos[0]!.repoId!;
  const db = createDb(target);
  const { nodes } = await loadRepoChains(db, repoId);
  const [, chainSeconds] = await seconds(async () => buildChains(nodes));
  const [graph, coldSeconds] = await seconds(() => getChainGraph(db, { repoId }));
  const [, cachedSeconds] = await seconds(() => getChainGraph(db, { repoId }));
  await db.$disconnect();
  const payloadBytes = Buffer.byteLength(JSON.stringify(graph));

  const results = [
    { name: "reference: build chains of 1,000 handoffs (pure)", seconds: chainSeconds },
    { name: "graph query + elkjs layout, cold (server)", seconds: coldSeconds, note: `${graph!.nodes.length} nodes, ${graph!.edges.length} edges, ${(payloadBytes / 1024).toFixed(0)} KiB` },
    { name: "graph query, layout cached (server)", seconds: cachedSeconds },
  ];
  let browser: { drawSeconds: number; zoomFps: number; panFps: number } | null = null;
  const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(chromiumPath)) {
    const server = await startNextServer(target.url, 3390);
    try {
      const instance = await chromium.launch({ executablePath: chromiumPath, args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
      const page = await instance.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(`${server.origin}/chains/${repoId}`); // warm the server's layout cache once
      const drawStart = Date.now();
      await page.goto(`${server.origin}/chains/${repoId}`);
      await page.getByTestId("graph-node").first().waitFor();
      const drawSeconds = (Date.now() - drawStart) / 1000;
      // Sent as source text: the TypeScript loader would otherwise inject helpers the page does not have.
      const measureSource = `async (kind) => {
        const pane = document.querySelector(".react-flow__pane");
        const box = pane.getBoundingClientRect();
        let frames = 0;
        let running = true;
        const tick = () => { frames++; if (running) requestAnimationFrame(tick); };
        requestAnimationFrame(tick);
        const started = performance.now();
        for (let step = 0; step < 60; step++) {
          const init = { clientX: box.x + box.width / 2 + (kind === "pan" ? step * 4 : 0), clientY: box.y + box.height / 2, bubbles: true, cancelable: true };
          pane.dispatchEvent(new WheelEvent("wheel", kind === "zoom" ? { ...init, deltaY: step < 30 ? -40 : 40 } : { ...init, deltaX: 30, deltaY: 0 }));
          await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
        }
        running = false;
        return frames / ((performance.now() - started) / 1000);
      }`;
      const measure = (action: "zoom" | "pan") => page.evaluate(`(${measureSource})(${JSON.stringify(action)})`) as Promise<number>;
      const zoomFps = await measure("zoom");
      const panFps = await measure("pan");
      await instance.close();
      browser = { drawSeconds, zoomFps, panFps };
      results.push({ name: "page: 1,000-node graph drawn in Chromium (after navigation)", seconds: drawSeconds, note: `zoom ${zoomFps.toFixed(0)} fps, pan ${panFps.toFixed(0)} fps` });
    } finally {
      server.stop();
    }
  } else {
    log("graph: no production build or no Chromium — browser measurement skipped (run `npm run build` first)");
  }
  return {
    benchmark: "graph",
    corpus: { handoffs: nodes.length, nodes: graph!.nodes.length, edges: graph!.edges.length },
    results,
    ratios: { coldLayoutVsChainBuild: coldSeconds / Math.max(chainSeconds, 1e-6), cachedVsCold: cachedSeconds / coldSeconds },
    targets: browser ? { smoothZoomAtLeast30fps: browser.zoomFps >= 30, smoothPanAtLeast30fps: browser.panFps >= 30 } : {},
  };
}
