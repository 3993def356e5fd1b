import { parseArgs } from "node:util";
import { runtimeShortName } from "../../lib/core/runtimes/runtimes";
import { fromCcusageTokenFields } from "../../lib/core/tokens";
import type { Breakdown } from "../../lib/core/usage/aggregate";
import type { PlanLimit } from "../../lib/core/usage/blocks";
import { parsePlanLimit } from "../../lib/core/usage/plan-limit";
import { formatCost, formatUsageTable, shortCount, type TableRow } from "../../lib/core/usage/format-table";
import { isTimeZone, normaliseDateArgument } from "../../lib/core/usage/periods";
import type { blocksDocument, periodReport, sessionReport, ReportKind } from "../../lib/core/usage/report";
import { resolveDatabaseUrl } from "../../lib/server/db/database-url";
import { openMigratedBulk } from "../../lib/server/db/ensure-database";
import { loadPriceTable } from "../../lib/server/usage/price-table";
import { buildUsageReport } from "../../lib/server/usage/build-usage-report";
import { printJson, progressLine, UsageError, type Io } from "../io";

const KINDS: readonly ReportKind[] = ["daily", "weekly", "monthly", "session", "blocks"];

const HELP = `baton report daily|weekly|monthly|session|blocks [options]

Usage and estimated cost from the database (ccusage 20's reports and --json shapes, all runtimes).

Options:
  --since D, --until D     dates YYYYMMDD or YYYY-MM-DD, inclusive, in the time zone
  -z, --timezone Z         IANA zone for dates (default: this machine's)
  --breakdown B            one row per period and model, runtime, repo or branch
  --runtime R              only claude-code, codex, gemini-cli or opencode
  --limit N                plan limit per 5-hour block: tokens (5M) or cost ($50)
  --week-limit N           plan limit per calendar week (blocks report)
  --no-scan                do not scan the agent logs that changed first
  --json                   one JSON document on stdout

Your own prices: BATON_PRICES_FILE, else <data dir>/prices.json (docs/cli.md, "Your own prices").`;
const BREAKDOWNS = ["model", "runtime", "repo", "branch"] as const;

/**
 * `baton report daily|weekly|monthly|session|blocks [--since D] [--until D] [--timezone Z]
 * [--breakdown model|runtime|repo] [--runtime R] [--limit N[tokens|$]] [--json] [--no-scan]`: usage
 * and estimated cost from the database, after scanning the agent logs that changed (docs/cli.md).
 */
export async function reportCommand(argv: string[], io: Io, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: "boolean", default: false },
      since: { type: "string" },
      until: { type: "string" },
      timezone: { type: "string", short: "z" },
      breakdown: { type: "string" },
      runtime: { type: "string" },
      limit: { type: "string" },
      "week-limit": { type: "string" },
      "no-scan": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const kind = positionals[0] as ReportKind | undefined;
  if (kind === undefined || !KINDS.includes(kind) || positionals.length > 1) throw new UsageError(`report needs one of ${KINDS.join(", ")}`);
  const since = dateOption(values.since, "--since");
  const until = dateOption(values.until, "--until");
  const timeZone = values.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!isTimeZone(timeZone)) throw new UsageError(`--timezone "${timeZone}" is not a time zone (an IANA name such as Europe/Berlin, or UTC)`);
  const breakdown = (values.breakdown ?? null) as Breakdown;
  if (breakdown !== null && !BREAKDOWNS.includes(breakdown)) throw new UsageError(`--breakdown takes ${BREAKDOWNS.join(", ")}`);
  const limit = values.limit === undefined ? null : limitOption(values.limit, "--limit");
  const weekLimit = values["week-limit"] === undefined ? null : limitOption(values["week-limit"], "--week-limit");

  const target = resolveDatabaseUrl(env);
  const { bulk, applied } = await openMigratedBulk(target);
  if (applied.length > 0) io.err(`database migrated: ${applied.join(", ")}`);
  try {
    if (!values["no-scan"]) {
      const progress = progressLine(io);
      const { scanSessions } = await import("../../lib/server/sessions/scan-sessions");
      const { agentHomeDir } = await import("../../lib/server/sessions/session-ids");
      await scanSessions({ bulk, repos: [], agents: { env, homeDir: agentHomeDir(env) }, onProgress: (event) => progress.update(`agent logs: ${event.phase}`) });
      progress.done();
    }
    const prices = loadPriceTable(env);
    for (const problem of prices.problems) io.err(`baton: ${problem}`);
    const now = Date.now();
    const { document: built, unreadableChunks } = await buildUsageReport(bulk, kind, { timeZone, since, until, breakdown, runtime: values.runtime ?? null, limit, weekLimit, now }, prices);
    if (kind === "blocks") {
      const document = built as ReturnType<typeof blocksDocument>;
      if (values.json) printJson(io, document);
      else printBlocks(io, document);
    } else if (kind === "session") {
      const document = built as ReturnType<typeof sessionReport>;
      if (values.json) printJson(io, document);
      else {
        // The label keeps the short id (to copy); the detail line leads with the title (the first prompt).
        const rows = document.sessions.map((row) => ({ ...row, ...fromCcusageTokenFields(row), label: `${runtimeShortName(row.runtime)} ${row.sessionId.slice(0, 8)}`, detail: [shortTitle(row.title), row.lastActivity?.slice(0, 16).replace("T", " "), row.repo ?? row.projectPath, row.modelsUsed.join(", ")].filter(Boolean).join(" · ") }));
        printTable(io, `Sessions (${timeZone})`, rows, { ...document.totals, ...fromCcusageTokenFields(document.totals), label: "Total" }, document.unpricedModels);
      }
    } else {
      const document = built as ReturnType<typeof periodReport>;
      if (values.json) printJson(io, document);
      else {
        const field = { daily: "date", weekly: "week", monthly: "month" }[kind];
        const rows = (document[kind] as (TableRow & Parameters<typeof fromCcusageTokenFields>[0] & Record<string, unknown>)[]).map((row) => ({
          ...row,
          ...fromCcusageTokenFields(row),
          // A repo by its name (its path is in --json): a path would not fit, and says less.
          label: breakdown === null ? String(row[field]) : `${String(row[field])} ${String((breakdown === "repo" ? (row.repoName ?? row.repo) : row[breakdown]) ?? "")}`,
          detail: (row.modelsUsed as string[]).join(", "),
        }));
        printTable(io, `Usage by ${field}${breakdown ? ` and ${breakdown}` : ""} (${timeZone})`, rows, { ...document.totals, ...fromCcusageTokenFields(document.totals), label: "Total" }, document.unpricedModels as string[]);
      }
    }
    if (unreadableChunks > 0) io.err(`baton: ${unreadableChunks} stored sample chunks could not be read back and were left out (see the scan's issues)`);
    return 0;
  } finally {
    await bulk.close();
  }
}

/** A session title cut for the table's detail line (its date, folder and models must still fit). */
function shortTitle(title: string | null): string | null {
  if (!title) return null;
  const characters = [...title];
  return characters.length > 40 ? `“${characters.slice(0, 39).join("").trimEnd()}…”` : `“${title}”`;
}

function dateOption(value: string | undefined, name: string): string | null {
  if (value === undefined) return null;
  const date = normaliseDateArgument(value);
  if (date === null) throw new UsageError(`${name} takes a date as YYYYMMDD or YYYY-MM-DD, not "${value}"`);
  return date;
}

/** `--limit 5000000` (tokens per block) or `--limit $50` / `--limit 50usd` (estimated cost per block). */
function limitOption(value: string, name: string): PlanLimit {
  const limit = parsePlanLimit(value);
  if (limit === null) throw new UsageError(`${name} takes tokens (5000000, 5M) or a cost ($50), not "${value}"`);
  return limit;
}

function printTable(io: Io, title: string, rows: TableRow[], totals: TableRow | null, unpriced: readonly string[]) {
  const notes = unpriced.length > 0 ? [`No price for ${unpriced.join(", ")}: their requests are left out of the cost (add them in the price override file, docs/cli.md).`] : [];
  if (rows.length === 0) {
    io.out("No usage in this range. (Run `baton scan --agents` to read the agent logs, or widen --since/--until.)");
    return;
  }
  for (const line of formatUsageTable(title, rows, totals, notes)) io.out(line);
}

function printBlocks(io: Io, document: ReturnType<typeof blocksDocument>) {
  const rows: TableRow[] = document.blocks.map((block) => ({
    label: block.isGap ? `(gap) ${block.startTime.slice(5, 16).replace("T", " ")}` : `${block.startTime.slice(0, 16).replace("T", " ")}${block.isActive ? " ACTIVE" : ""}`,
    ...fromCcusageTokenFields({ inputTokens: block.tokenCounts.inputTokens, outputTokens: block.tokenCounts.outputTokens, cacheCreationTokens: block.tokenCounts.cacheCreationInputTokens, cacheReadTokens: block.tokenCounts.cacheReadInputTokens }),
    totalTokens: block.totalTokens,
    totalCost: block.costUSD,
    detail: block.isGap
      ? undefined
      : [
          block.burnRate ? `burn ${shortCount(Math.round(block.burnRate.tokensPerMinute))} tok/min, ${formatCost(block.burnRate.costPerHour)}/h` : null,
          block.projection ? `projected to ${block.endTime.slice(11, 16)}Z: ${shortCount(block.projection.totalTokens)} tok, ${formatCost(block.projection.totalCost)}` : null,
          block.limit ? (block.limit.reachedAt ? `limit reached ${block.limit.reachedAt.slice(11, 16)}Z` : block.limit.projectedAt ? `limit projected ${block.limit.projectedAt.slice(11, 16)}Z` : null) : null,
          block.models.join(", "),
        ]
          .filter(Boolean)
          .join(" · "),
  }));
  printTable(io, "5-hour blocks (UTC)", rows, null, document.unpricedModels);
  const week = document.weekLimit;
  if (week) {
    const amount = (value: number) => (week.kind === "cost" ? formatCost(value) : `${shortCount(Math.round(value))} tokens`);
    const when = week.reachedAt ? `reached ${week.reachedAt.slice(0, 16).replace("T", " ")}Z` : week.projectedAt ? `projected ${week.projectedAt.slice(0, 16).replace("T", " ")}Z` : "not reached at this week's rate";
    io.out(`Week of ${week.week}: ${amount(week.used)} of ${amount(week.amount)}; ${when}`.slice(0, 80));
  }
}
