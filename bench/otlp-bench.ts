/**
 * `npm run bench -- otlp` (issue 17): one instance receiving 200 OTLP/HTTP log requests a second of 20
 * Claude Code api_request records each (protobuf, as Claude Code's http/protobuf exporter sends them),
 * spread over 10 sessions, for BATON_BENCH_OTLP_SECONDS (default 10). Measured: each request's answer
 * time, the time from sending a request until `GET /api/sessions` shows its session's totals including
 * it (polled every 25 ms), p50/p95/max of both, requests refused, and the instance's memory (RSS and
 * heap peaks, sampled every 100 ms).
 *
 * The instance is the receiver's route handler and the /api/sessions query behind a plain Node HTTP
 * server in this process (the same code `next start` runs for those routes, without Next's router),
 * over a fresh SQLite database; so the memory figure includes the load generator's own.
 */
import { mkdirSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { claudeRecords, logsRequest, logsRequestProtobuf } from "../lib/core/otlp/__fixtures__/otlp-bodies";
import { openBulkWriter } from "../lib/server/db/bulk";
import type { DatabaseTarget } from "../lib/server/db/database-url";
import { migrateDatabase } from "../lib/server/db/migrate";
import { handleOtlp } from "../lib/server/otlp/otlp-route";
import { closeOtlpWriters } from "../lib/server/otlp/store-otlp-samples";
import { listApiSessions } from "../lib/server/queries/api-sessions";

const RATE = 200;
const RECORDS = 20;
const SESSIONS = 10;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function benchOtlp(work: string, log: (text: string) => void) {
  const seconds = Number(process.env.BATON_BENCH_OTLP_SECONDS ?? 10);
  const directory = path.join(work, "otlp");
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  const filePath = path.join(directory, "baton.db");
  const target: DatabaseTarget = { provider: "sqlite", url: `file:${filePath}`, filePath };
  await migrateDatabase(target);
  const previousUrl = process.env.DATABASE_URL;
  process.env.DATABASE_URL = target.url;
  process.env.BATON_OTLP_RATE = String(RATE * 10);
  const reader = openBulkWriter(target);

  const server = http.createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on("data", (part: Buffer) => parts.push(part));
    request.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
      const url = `http://127.0.0.1:3000${request.url}`;
      const answer =
        request.method === "POST"
          ? handleOtlp(new Request(url, { method: "POST", headers, body: Buffer.concat(parts) }), "logs")
          : listApiSessions(reader, { runtime: "claude-code" }).then((body) => Response.json(body));
      void answer
        .then(async (result) => {
          response.writeHead(result.status, { "Content-Type": result.headers.get("content-type") ?? "application/octet-stream" });
          response.end(Buffer.from(await result.arrayBuffer()));
        })
        .catch((error: unknown) => {
          log(`otlp bench server: ${error instanceof Error ? error.message : String(error)}`);
          response.writeHead(500).end();
        });
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", 4096, resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Bodies built ahead, so the generator spends its time sending.
  const total = Math.round(RATE * seconds);
  const base = Date.UTC(2026, 11, 1, 9);
  const bodies: { session: number; body: Uint8Array }[] = [];
  const expected: number[] = [];
  const perSession = new Array<number>(SESSIONS).fill(0);
  for (let index = 0; index < total; index++) {
    const session = index % SESSIONS;
    const requests = Array.from({ length: RECORDS }, (_, record) => ({
      at: new Date(base + index * 5 + record).toISOString(),
      requestId: `req_${index}_${record}`,
      input: 10 + record,
      output: 100,
      cacheRead: 20_000,
      cacheWrite: 50,
    }));
    const records = claudeRecords(`bench-session-${session}`, requests).slice(1);
    bodies.push({ session, body: logsRequestProtobuf(logsRequest(records, { "service.name": "claude-code" })) });
    perSession[session]! += RECORDS;
    expected.push(perSession[session]!);
  }

  let peakRss = 0;
  let peakHeap = 0;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 100);

  const sentAt = new Array<number>(total).fill(NaN);
  const answered: number[] = [];
  const visibleAfter = new Array<number>(total).fill(NaN);
  const statuses = new Map<number, number>();
  let sent = 0;
  let done = false;

  const poller = (async () => {
    const next = new Array<number>(SESSIONS).fill(0);
    while (!done) {
      const response = await fetch(`${origin}/api/sessions`);
      const { sessions } = (await response.json()) as { sessions: { sessionId: string; requests: number }[] };
      const now = performance.now();
      for (const session of sessions) {
        const number = Number(session.sessionId.slice("bench-session-".length));
        // The requests of this session, in send order, whose records the totals now include.
        while (next[number]! * SESSIONS + number < total) {
          const index = next[number]! * SESSIONS + number;
          if (Number.isNaN(sentAt[index]!) || session.requests < expected[index]!) break;
          visibleAfter[index] = now - sentAt[index]!;
          next[number]! += 1;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();

  log(`otlp: ${total} requests of ${RECORDS} records at ${RATE}/s over ${SESSIONS} sessions`);
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  while (sent < total) {
    const due = Math.floor(((performance.now() - start) / 1000) * RATE) + 1;
    while (sent < Math.min(due, total)) {
      const index = sent++;
      sentAt[index] = performance.now();
      inFlight.push(
        fetch(`${origin}/v1/logs`, { method: "POST", headers: { "Content-Type": "application/x-protobuf" }, body: bodies[index]!.body as BodyInit }).then(async (response) => {
          await response.arrayBuffer();
          answered.push(performance.now() - sentAt[index]!);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }, (error: unknown) => {
          // A connection the instance could not take (the generator opens one per request in flight).
          statuses.set(-1, (statuses.get(-1) ?? 0) + 1);
          if ((statuses.get(-1) ?? 0) === 1) log(`otlp: request failed: ${error instanceof Error ? String(error.cause ?? error.message) : String(error)}`);
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(inFlight);
  const sendSeconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMsPerRequest = (cpu.user + cpu.system) / 1000 / total;
  const load = (await import("node:os")).loadavg()[0]!;
  const deadline = performance.now() + 30_000;
  while (visibleAfter.some((value) => Number.isNaN(value)) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  done = true;
  await poller;
  clearInterval(sampler);
  server.close();
  await closeOtlpWriters();
  const { sessions } = await listApiSessions(reader, { runtime: "claude-code" });
  await reader.close();
  if (previousUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = previousUrl;
  delete process.env.BATON_OTLP_RATE;

  const stored = sessions.reduce((sum, session) => sum + session.requests, 0);
  const visible = visibleAfter.filter((value) => !Number.isNaN(value));
  const results = [
    { name: `otlp: answer time per request (${total} requests, ${RATE}/s, ${RECORDS} records each), p95`, seconds: percentile(answered, 95) / 1000, note: `p50 ${percentile(answered, 50).toFixed(1)} ms, max ${Math.max(...answered).toFixed(1)} ms, statuses ${JSON.stringify(Object.fromEntries(statuses))}, sent in ${sendSeconds.toFixed(1)} s` },
    { name: "otlp: send → session totals show it (GET /api/sessions), p95", seconds: percentile(visible, 95) / 1000, note: `p50 ${percentile(visible, 50).toFixed(1)} ms, max ${Math.max(...visible).toFixed(1)} ms, ${visible.length}/${total} seen` },
    { name: "otlp: records counted / sent", seconds: NaN, note: `${stored} / ${total * RECORDS}` },
    {
      name: "otlp: CPU per request, instance and load generator together (all threads)",
      seconds: cpuMsPerRequest / 1000,
      note: `${(cpuMsPerRequest * RATE / 10).toFixed(0)} % of one core at ${RATE}/s; load average ${load.toFixed(1)} on ${(await import("node:os")).availableParallelism()} cores during the run`,
    },
    { name: "otlp: peak memory of the instance (and load generator)", seconds: NaN, note: `RSS ${(peakRss / 1048576).toFixed(0)} MiB, heap ${(peakHeap / 1048576).toFixed(0)} MiB` },
  ];
  const p95 = percentile(visible, 95);
  return {
    benchmark: "otlp",
    results,
    ratios: {},
    targets: { everyRecordCountedOnce: stored === total * RECORDS, everyRequestAccepted: statuses.get(200) === total, p95VisibleWithin5s: visible.length === total && p95 < 5_000 },
  };
}
