import { parseArgs } from "node:util";
import { createDb } from "../../lib/server/db/client";
import { resolveDatabaseUrl } from "../../lib/server/db/database-url";
import { ensureDatabase } from "../../lib/server/db/ensure-database";
import { scanPaths } from "../../lib/server/ingest/scan";
import { getScanReport } from "../../lib/server/queries/scan-report";
import { printJson, progressLine, UsageError, type Io } from "../io";

export async function scanCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { json: { type: "boolean", default: false }, glob: { type: "string", multiple: true }, agents: { type: "boolean", default: false } },
  });
  if (positionals.length === 0 && !values.agents) throw new UsageError("scan needs at least one repo path");
  const target = resolveDatabaseUrl();
  const applied = await ensureDatabase(target);
  if (applied.length > 0) io.err(`database migrated: ${applied.join(", ")}`);
  const progress = progressLine(io);
  const result = await scanPaths(positionals, {
    globs: values.glob,
    target,
    onProgress: (event) => {
      if (event.phase === "refs") progress.update(`${event.repo}: ${event.branches} branches, ${event.changed} to read`);
      else if (event.phase === "read") progress.update(`${event.repo}: parsed ${event.done}/${event.total}`);
      else progress.update(`${event.repo}: ${event.phase}`);
    },
  });
  progress.done();
  const db = createDb(target);
  try {
    const repoIds = result.repos.map((repo) => repo.repoId).filter((id): id is string => id !== null);
    const report = await getScanReport(db, { repoIds });
    const failures = result.repos.filter((repo) => repo.status === "failed");
    if (values.json) {
      printJson(io, {
        ...report,
        errors: [
          ...failures.flatMap((repo) => repo.errors.map((error) => ({ repo: repo.path, path: error.path, line: null, rule: "repo-unreadable", message: error.message, refs: [] }))),
          ...report.errors,
        ],
        scan: {
          id: result.scanRunId,
          durationMs: result.durationMs,
          repos: result.repos.map((repo) => ({ path: repo.path, status: repo.status, durationMs: repo.durationMs, stats: repo.stats })),
        },
      });
    } else {
      for (const repo of result.repos) {
        if (repo.status === "failed") {
          io.out(`✗ ${repo.path}: ${repo.errors[0]?.message ?? "failed"}`);
          continue;
        }
        const mine = report.handoffs.filter((handoff) => handoff.repo === repo.path);
        const errorCount = mine.reduce((sum, handoff) => sum + handoff.lint.filter((finding) => finding.severity === "error").length, 0);
        const chains = report.chains.filter((chain) => chain.repo === repo.path);
        // Errors stored for this repo (from this scan or earlier ones still unresolved), plus what this scan skipped.
        const stored = report.errors.filter((error) => error.repo === repo.path);
        const fileErrors = [...stored, ...repo.errors.filter((error) => !stored.some((known) => known.path === error.path))];
        io.out(
          `${repo.status === "ok" ? "✓" : "!"} ${repo.path}: ${mine.length} handoffs on ${repo.stats.branches} branches ` +
            `(${repo.stats.handoffsNew} new, ${repo.stats.branchesRead} branches read), ${chains.length} chains, ` +
            `${errorCount} lint errors, ${fileErrors.length} file errors — ${repo.durationMs} ms`,
        );
        for (const error of fileErrors.slice(0, 10)) io.out(`    ${error.path}${error.line ? `:${error.line}` : ""}: ${error.message}`);
        if (fileErrors.length > 10) io.out(`    … ${fileErrors.length - 10} more (see the Ingest errors page)`);
      }
      const latest = report.latest;
      if (typeof latest === "string") io.out(`latest handoff: ${latest}`);
    }
    return failures.length > 0 ? 1 : 0;
  } finally {
    await db.$disconnect();
  }
}
