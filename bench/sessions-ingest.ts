/**
 * Child process of `npm run bench -- sessions`: Baton's session ingest in-process, in a process of
 * its own so the peak memory measured is the ingest's. Prints one JSON line on stdout.
 *
 *   tsx bench/sessions-ingest.ts <claude config dir> <sqlite file> [workers]
 */
import { appendFileSync, closeSync, fstatSync, mkdirSync, openSync, readSync, statSync, truncateSync } from "node:fs";
import path from "node:path";
import { openBulkWriter } from "../lib/server/db/bulk";
import type { DatabaseTarget } from "../lib/server/db/database-url";
import { ensureDatabase } from "../lib/server/db/ensure-database";
import { parseAgentFile } from "../lib/server/sessions/parse-agent-file";
import { scanAgentSources } from "../lib/server/sessions/scan-agents";
import { corpusFiles } from "./generate-claude-corpus";

const [corpusArg, filePathArg, workersArg] = process.argv.slice(2);
if (!corpusArg || !filePathArg) throw new Error("usage: tsx bench/sessions-ingest.ts <claude config dir> <sqlite file> [workers|parse-only]");
const corpus: string = corpusArg;
const filePath: string = filePathArg;

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;
const rssMiB = () => Math.round(process.resourceUsage().maxRSS / 1024);

const claudeFiles = () => corpusFiles(corpus);

if (workersArg === "parse-only") {
  // Baton's parsers alone, one thread, no database: where the time of a full ingest goes.
  const start = process.hrtime.bigint();
  let requests = 0;
  claudeFiles().forEach((file, id) => {
    requests += parseAgentFile({ id, path: file, format: "claude", offset: 0, lines: 0, carry: null, agentId: null, agentType: null, projectRoot: null }).log?.requests.length ?? 0;
  });
  console.log(JSON.stringify({ parseSeconds: seconds(start), requests, maxRssMiB: rssMiB() }));
  process.exit(0);
}

const target: DatabaseTarget = { provider: "sqlite", url: `file:${filePath}`, filePath };
// The product's path: only pending migrations run (none when bench/run.ts hands over a migrated copy).
await ensureDatabase(target);
const none = path.join(path.dirname(filePath), "none");
mkdirSync(path.join(path.dirname(filePath), "home"), { recursive: true });
const env = { CLAUDE_CONFIG_DIR: corpus, CODEX_HOME: none, GEMINI_DATA_DIR: none, OPENCODE_DATA_DIR: none };
const homeDir = path.join(path.dirname(filePath), "home");
const workers = workersArg === undefined || workersArg === "auto" ? undefined : Number(workersArg);
const bulk = openBulkWriter(target);

let start = process.hrtime.bigint();
const cpuBefore = process.cpuUsage();
const full = await scanAgentSources({ bulk, env, homeDir, workers });
const fullSeconds = seconds(start);
const fullCpu = process.cpuUsage(cpuBefore);
const fullMaxRssMiB = rssMiB();
const totals = (
  await bulk.query<Record<string, number | string>>(
    `SELECT COUNT(*) AS "sessions", SUM("requestCount") AS "requests", SUM("inputTokens") AS "inputTokens", SUM("cacheWriteTokens") AS "cacheWriteTokens",
       SUM("cacheReadTokens") AS "cacheReadTokens", SUM("outputTokens") AS "outputTokens", SUM("compactionCount") AS "compactions"
     FROM "AgentSession" WHERE "parentId" IS NULL`,
  )
)[0]!;

start = process.hrtime.bigint();
const rescan = await scanAgentSources({ bulk, env, homeDir, workers });
const rescanSeconds = seconds(start);

// Append ~1 MiB to the largest transcript: its own last lines again, as new responses (fresh ids).
const files = claudeFiles().filter((file) => !file.includes(`${path.sep}subagents${path.sep}`));
const largest = files.reduce((best, file) => (statSync(file).size > statSync(best).size ? file : best), files[0]!);
const originalSize = statSync(largest).size;
const appendBytes = appendLikeTail(largest, 1024 * 1024);
let appended: Awaited<ReturnType<typeof scanAgentSources>>;
let appendSeconds: number;
try {
  start = process.hrtime.bigint();
  appended = await scanAgentSources({ bulk, env, homeDir, workers });
  appendSeconds = seconds(start);
} finally {
  // Leave the corpus as generated (the next benchmark run reuses it).
  truncateSync(largest, originalSize);
}
await bulk.close();

console.log(
  JSON.stringify({
    fullSeconds,
    fullMaxRssMiB,
    fullCpuSeconds: { user: fullCpu.user / 1e6, system: fullCpu.system / 1e6 },
    workers: full.workers,
    timings: full.timings,
    files: full.sources[0]?.stats.files ?? 0,
    bytesRead: full.sources[0]?.stats.bytesRead ?? 0,
    totals: Object.fromEntries(Object.entries(totals).map(([key, value]) => [key, Number(value)])),
    rescanSeconds,
    rescanFilesRead: rescan.sources[0]?.stats.filesRead ?? 0,
    appendBytes,
    appendSeconds,
    appendFilesRead: appended.sources[0]?.stats.filesRead ?? 0,
    appendBytesRead: appended.sources[0]?.stats.bytesRead ?? 0,
    maxRssMiB: rssMiB(),
  }),
);

function appendLikeTail(file: string, bytes: number): number {
  const fd = openSync(file, "r");
  const size = fstatSync(fd).size;
  const length = Math.min(size, bytes + 256 * 1024);
  const buffer = Buffer.alloc(length);
  readSync(fd, buffer, 0, length, size - length);
  closeSync(fd);
  const text = buffer.toString("utf8");
  const lines = text.slice(text.indexOf("\n") + 1).split("\n").filter(Boolean);
  let out = "";
  let outBytes = 0;
  let round = 0;
  while (outBytes < bytes) {
    round += 1;
    for (const line of lines) {
      const next = `${line.replace(/"id":"(msg_[^"]+)"/g, `"id":"$1a${round}"`).replace(/"requestId":"(req_[^"]+)"/g, `"requestId":"$1a${round}"`)}\n`;
      out += next;
      outBytes += Buffer.byteLength(next);
      if (outBytes >= bytes) break;
    }
  }
  appendFileSync(file, out);
  return outBytes;
}
