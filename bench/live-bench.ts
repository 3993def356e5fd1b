/**
 * `npm run bench -- live`: the live stream under load. One server process (bench/live-server.ts: the real
 * bus and SSE stream behind node:http) on SQLite and, when BATON_TEST_DATABASE_URL is set, on PostgreSQL;
 * 50 concurrent SSE clients; 200 review claims/s (the reviews lane's claimReview: one conditional
 * UPDATE, a timeline row and one event per claim; bench/live-writer.ts). Reported: p95 (and
 * max) of the time from a write's start to the moment the last of the clients sees it, and the server's
 * RSS idle, after the reference and after the load. The reference, measured in the same run on the same server: 1 client, 10
 * writes/s. Ratios: load p95 / reference p95, RSS after the load / after the reference.
 *
 * On SQLite the writes run in the server process (the single-user server: in-process bus). On PostgreSQL
 * they run in this process, a second instance: each event reaches the server by NOTIFY and its LISTEN
 * connection, the path a team server behind a load balancer takes.
 */
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createDb } from "../lib/server/db/client";
import type { DatabaseTarget } from "../lib/server/db/database-url";
import { createBenchReviews, nowMs, writeAtRate, type Written } from "./live-writer";
import { freshBenchDatabase } from "./bench-support";

const root = path.resolve(import.meta.dirname, "..");
const CLIENTS = 50;
const RATE = 200;
const SECONDS = Number(process.env.BATON_BENCH_LIVE_SECONDS ?? 10);

interface Result {
  name: string;
  seconds: number;
  note?: string;
}

interface Server {
  origin: string;
  child: ChildProcess;
  request<T>(message: Record<string, unknown>, answer: string): Promise<T>;
}

async function startServer(databaseUrl: string, port: number): Promise<Server> {
  const child = fork(path.join(root, "bench", "live-server.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, DATABASE_URL: databaseUrl, BATON_LIVE_PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const request = <T>(message: Record<string, unknown>, answer: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (reply: { type: string } & Record<string, unknown>) => {
        if (reply.type !== answer) return;
        child.off("message", onMessage);
        resolve(reply as T);
      };
      child.on("message", onMessage);
      child.once("exit", (code) => reject(new Error(`live bench server exited (${code})`)));
      if (Object.keys(message).length > 0) child.send(message);
    });
  await request({}, "ready");
  return { origin: `http://127.0.0.1:${port}`, child, request };
}

interface Client {
  ready: Promise<void>;
  close: () => void;
}

/** One SSE client: calls `onEvent("kind:id:version", seenAt)` for each event. */
function openClient(origin: string, onEvent: (key: string, seenAt: number) => void): Client {
  const abort = new AbortController();
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  void (async () => {
    const response = await fetch(`${origin}/api/events`, { signal: abort.signal });
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      const seenAt = nowMs();
      markReady();
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!block.startsWith("data: ")) continue;
        const event = JSON.parse(block.slice(6)) as { kind: string; id: string; version: number };
        onEvent(`${event.kind}:${event.id}:${event.version}`, seenAt);
      }
    }
  })().catch((error: unknown) => {
    if (!abort.signal.aborted) console.error(`live bench client: ${String(error)}`);
  });
  return { ready, close: () => abort.abort() };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

interface Scenario {
  p95: number;
  max: number;
  /** p95 of write start → commit: how much of the latency is the database's. */
  commitP95: number;
  /** p95 of commit → the last client seeing it: the bus and the stream's part. */
  deliveryP95: number;
  writes: number;
  failed: number;
  missed: number;
}

async function runScenario(server: Server, target: DatabaseTarget, reviewIds: string[], clients: number, rate: number, seconds: number): Promise<Scenario> {
  const seen = new Map<string, { count: number; last: number }>();
  const open = Array.from({ length: clients }, () =>
    openClient(server.origin, (key, seenAt) => {
      const entry = seen.get(key) ?? { count: 0, last: 0 };
      entry.count++;
      entry.last = Math.max(entry.last, seenAt);
      seen.set(key, entry);
    }),
  );
  await Promise.all(open.map((client) => client.ready));
  let written: Written;
  if (target.provider === "postgresql") {
    // A second instance: its writes reach the server by NOTIFY.
    const db = createDb(target);
    try {
      written = await writeAtRate(db, reviewIds, rate, seconds);
    } finally {
      await db.$disconnect();
    }
  } else {
    written = await server.request<Written>({ type: "write", rate, seconds, reviewIds }, "written");
  }
  const { starts } = written;
  const versions = Object.keys(starts);
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline && versions.some((version) => (seen.get(version)?.count ?? 0) < clients)) await new Promise((resolve) => setTimeout(resolve, 50));
  for (const client of open) client.close();
  const latencies: number[] = [];
  const deliveries: number[] = [];
  let missed = 0;
  for (const version of versions) {
    const entry = seen.get(version);
    if (!entry || entry.count < clients) missed += clients - (entry?.count ?? 0);
    if (entry) latencies.push(entry.last - starts[version]!);
    const committed = written.commits[version];
    if (entry && committed !== undefined) deliveries.push(entry.last - committed);
  }
  return {
    p95: percentile(latencies, 95) / 1000,
    max: Math.max(...latencies) / 1000,
    commitP95: percentile(written.commitMs, 95) / 1000,
    deliveryP95: percentile(deliveries, 95) / 1000,
    writes: versions.length,
    failed: written.failed,
    missed,
  };
}

const freshDatabase = (work: string, provider: "sqlite" | "postgresql") => freshBenchDatabase(work, provider, "live-bench");

export async function benchLive(work: string, log: (text: string) => void) {
  const results: Result[] = [];
  const ratios: Record<string, number> = {};
  const targets: Record<string, boolean> = {};
  const providers: ("sqlite" | "postgresql")[] = process.env.BATON_TEST_DATABASE_URL?.startsWith("postgres") ? ["sqlite", "postgresql"] : ["sqlite"];
  if (providers.length === 1) log("live: PostgreSQL skipped: no PostgreSQL URL (set BATON_TEST_DATABASE_URL=postgresql://…)");
  for (const provider of providers) {
    const database = await freshDatabase(work, provider);
    const setup = createDb(database.target);
    const reviewIds = await createBenchReviews(setup).finally(() => setup.$disconnect());
    const server = await startServer(database.target.url, 3400 + Math.floor(Math.random() * 200));
    try {
      const rssBefore = (await server.request<{ rss: number }>({ type: "rss" }, "rss")).rss;
      // Unmeasured: the first writes pay for connections and Prisma's cold start.
      await runScenario(server, database.target, reviewIds, 1, 10, 1);
      log(`live (${provider}): reference, 1 client at 10 writes/s for ${SECONDS} s`);
      const reference = await runScenario(server, database.target, reviewIds, 1, 10, SECONDS);
      // The reference warmed the server (Prisma's query compiler, the bus): what the load adds is measured from here.
      const rssWarm = (await server.request<{ rss: number }>({ type: "rss" }, "rss")).rss;
      log(`live (${provider}): ${CLIENTS} clients at ${RATE} writes/s for ${SECONDS} s`);
      const load = await runScenario(server, database.target, reviewIds, CLIENTS, RATE, SECONDS);
      const rssAfter = (await server.request<{ rss: number }>({ type: "rss" }, "rss")).rss;
      const mib = (bytes: number) => `${Math.round(bytes / 1048576)} MiB`;
      results.push(
        { name: `${provider}: reference p95 write → client (1 client, 10 writes/s)`, seconds: reference.p95, note: `${reference.writes} writes, max ${reference.max.toFixed(3)} s, commit p95 ${reference.commitP95.toFixed(3)} s, commit → client p95 ${reference.deliveryP95.toFixed(3)} s` },
        {
          name: `${provider}: p95 write → all ${CLIENTS} clients (${RATE} writes/s)`,
          seconds: load.p95,
          note: `${load.writes} writes (${load.failed} failed), max ${load.max.toFixed(3)} s, commit p95 ${load.commitP95.toFixed(3)} s, commit → last client p95 ${load.deliveryP95.toFixed(3)} s, ${load.missed} deliveries missed; server RSS ${mib(rssBefore)} idle, ${mib(rssWarm)} after the reference, ${mib(rssAfter)} after the load`,
        },
      );
      ratios[`${provider}_p95_load_over_reference`] = load.p95 / reference.p95;
      ratios[`${provider}_delivery_p95_load_over_reference`] = load.deliveryP95 / reference.deliveryP95;
      ratios[`${provider}_rss_after_load_over_after_reference`] = rssAfter / rssWarm;
      targets[`${provider}: every client sees every write`] = load.missed === 0 && reference.missed === 0 && load.failed === 0;
      targets[`${provider}: p95 write → every client < 2 s`] = load.p95 < 2;
      server.child.send({ type: "stop" });
      await new Promise((resolve) => server.child.once("exit", resolve));
    } finally {
      if (server.child.exitCode === null) server.child.kill();
      await database.drop();
    }
  }
  return { benchmark: "live", results, ratios, targets };
}
