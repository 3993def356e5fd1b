import { SKIPPED_DOCUMENT_RULES } from "../../lib/core/handoff/documents/handoff-signals";
import { defineCommand, parseCommand } from "../args";
import type { Db } from "../../lib/server/db/client";
import { resolveDatabaseUrl } from "../../lib/server/db/database-url";
import { openMigratedBulk } from "../../lib/server/db/ensure-database";
import type { ScanCommandResult } from "../../lib/server/ingest/scan";
import { getScanReport } from "../../lib/server/queries/scan-report";
import { scanSessions } from "../../lib/server/sessions/scan-sessions";
import { agentHomeDir } from "../../lib/server/sessions/session-ids";
import { counted } from "../../lib/core/text/counted";
import { formatBytes } from "../../lib/core/text/format-bytes";
import { countScanLinks } from "../../lib/server/queries/scan-links";
import { printJson, progressLine, type Io } from "../io";
import { requireRepoFolders } from "../repo-paths";
import { describeByteProgress, describeFileProgress, phaseClock } from "../scan-progress";

/**
 * `baton scan [<repo>...] [--agents] [--glob G]... [--json]`: handoffs of the repos (and the seed /
 * MoAI state files in their working trees), with `--agents` the agent CLIs' session logs (default
 * folders under BATON_HOME_DIR, else HOME; each overridable: CLAUDE_CONFIG_DIR, CODEX_HOME,
 * GEMINI_DATA_DIR, OPENCODE_DATA_DIR), then the session ↔ handoff links.
 */
export const scanCommandSpec = defineCommand({
  name: "scan",
  usage: `Usage:
  baton scan <repo>... [--glob G]... [--json]
  baton scan --agents [<repo>...] [--workers N] [--json]

  <repo>        a git repository (or a folder inside one): registered, then every branch, remote-tracking
                branch and the working tree are read
  --glob G      also take files matching G as handoffs (repeatable; e.g. 'notes/**/*.md')
  --agents      also ingest the agent CLIs' session logs from their default folders (docs/cli.md)
  --workers N   parsing threads for --agents, 0 to 16 (default: by the amount to read)
  --json        print one JSON document on stdout; progress goes to stderr`,
  allowPositionals: true,
  options: {
    json: { type: "boolean", default: false },
    glob: { type: "string", multiple: true },
    agents: { type: "boolean", default: false },
    workers: { type: "string" },
  },
});

export async function scanCommand(argv: string[], io: Io, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values, positionals, fail } = parseCommand(scanCommandSpec, argv);
  if (positionals.length === 0 && !values.agents) fail("scan needs at least one repo path, or --agents");
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (workers !== undefined && (!Number.isInteger(workers) || workers < 0 || workers > 16)) fail(`--workers takes a whole number from 0 to 16, not "${values.workers}"`);
  // Before the database is touched: a typo is a usage error, not a half-done scan.
  await requireRepoFolders(positionals);
  const target = resolveDatabaseUrl(env);
  const { bulk, applied } = await openMigratedBulk(target);
  if (applied.length > 0) io.err(`database migrated: ${applied.join(", ")}`);
  const progress = progressLine(io);
  const started = new Date();
  // Prisma only for the handoff half of the report: its cold start costs more than an agents-only scan.
  let db: Db | null = null;
  const elapsed = phaseClock();
  try {
    // The handoff half (git, Markdown parsing) is loaded only when there are repos to scan.
    const result: ScanCommandResult =
      positionals.length === 0
        ? { scanRunId: "", repos: [], durationMs: 0, interruptedScans: [] }
        : await (await import("../../lib/server/ingest/scan")).scanPaths(positionals, {
            globs: values.glob,
            bulk,
            onProgress: (event) => {
              if (event.phase === "refs") progress.update(() => `${event.repo}: ${counted(event.branches, "branch", "branches")}, ${event.changed} to read`);
              else if (event.phase === "read") {
                const elapsedMs = elapsed(`read ${event.repo}`);
                progress.update(() => describeFileProgress(`${event.repo}: reading`, event.done, event.total, elapsedMs));
              }
              else progress.update(`${event.repo}: ${event.phase}`);
            },
          });
    const scannedRepos = result.repos.filter((repo) => repo.repoId !== null).map((repo) => ({ repoId: repo.repoId!, path: repo.path, name: repo.name }));
    const sessions = await scanSessions({
      bulk,
      repos: scannedRepos,
      agents: values.agents ? { env, homeDir: agentHomeDir(env), workers } : null,
      onProgress: (event) => {
        if (event.phase === "read") {
          const elapsedMs = elapsed("agent logs");
          progress.update(() => describeByteProgress("agent logs", event, elapsedMs));
        }
        else if (event.phase === "seed") progress.update(`${event.repo}: session state files`);
        else progress.update(`agent logs: ${event.phase}`);
      },
    });
    progress.done();
    // On PostgreSQL, open dashboards on the same database refetch what this scan changed.
    await (await import("../../lib/server/events/scan-events")).announceScanTo(target, bulk, { since: started, scanId: result.scanRunId || sessions.scanRunId });
    const repoIds = result.repos.map((repo) => repo.repoId).filter((id): id is string => id !== null);
    if (repoIds.length > 0) db = (await import("../../lib/server/db/client")).createDb(target);
    const report = await getScanReport(db, { repoIds, sessionSourceIds: sessions.sourceIds, sql: bulk });
    const failures = result.repos.filter((repo) => repo.status === "failed");
    const agentSources = sessions.agents?.sources ?? [];
    const failedSources = agentSources.filter((source) => source.status === "failed");
    if (values.json) {
      printJson(io, {
        ...report,
        errors: [
          ...failures.flatMap((repo) => repo.errors.map((error) => ({ repo: repo.path, path: error.path, line: null, rule: "repo-unreadable", message: error.message, refs: [] }))),
          ...(sessions.agents?.issues ?? []).map((issue) => ({ repo: null, path: null, line: null, rule: issue.rule, message: issue.message, refs: [] })),
          ...agentSources.flatMap((source) => source.errors.map((error) => ({ repo: null, source: source.root, path: error.path, line: null, rule: "agent-file-unreadable", message: error.message, refs: [] }))),
          ...report.errors,
        ],
        scan: {
          id: result.scanRunId || null,
          sessionScanId: sessions.scanRunId,
          durationMs: result.durationMs + sessions.durationMs,
          repos: result.repos.map((repo) => ({ path: repo.path, status: repo.status, durationMs: repo.durationMs, stats: repo.stats, discovery: repo.discovery })),
          agents: agentSources.map((source) => ({ kind: source.kind, root: source.root, status: source.status, stats: source.stats })),
          seeds: sessions.seeds.map((seed) => ({ repo: seed.repoPath, status: seed.status, stats: seed.stats })),
          links: sessions.links,
          agentLoop: sessions.loop,
          workers: sessions.agents?.workers ?? 0,
          interruptedScans: [...result.interruptedScans, ...sessions.interruptedScans],
        },
      });
    } else {
      for (const scan of [...result.interruptedScans, ...sessions.interruptedScans]) {
        io.out(`! an earlier ${scan.kind} scan (started ${scan.startedAt}) stopped before it finished (its process was killed); closed as interrupted`);
      }
      for (const repo of result.repos) {
        if (repo.status === "failed") {
          io.out(`✗ ${repo.path}: ${repo.errors[0]?.message ?? "failed"}`);
          continue;
        }
        const mine = report.handoffs.filter((handoff) => handoff.repo === repo.path);
        const errorCount = mine.reduce((sum, handoff) => sum + handoff.lint.filter((finding) => finding.severity === "error").length, 0);
        const chains = report.chains.filter((chain) => chain.repo === repo.path);
        // Errors stored for this repo (from this scan or earlier ones still unresolved), plus what this scan skipped.
        // Files not read as handoffs are listed apart (discovery.notHandoffs): they are no errors.
        const skipped = new Set<string>(SKIPPED_DOCUMENT_RULES);
        const stored = report.errors.filter((error) => error.repo === repo.path && !skipped.has(error.rule));
        const fileErrors = [...stored, ...repo.errors.filter((error) => !stored.some((known) => known.path === error.path))];
        const notHandoffs = repo.discovery?.notHandoffs ?? [];
        io.out(
          `${repo.status === "ok" ? "✓" : "!"} ${repo.path}: ${counted(mine.length, "handoff")} on ${counted(repo.stats.branches, "branch", "branches")} ` +
            `(${repo.stats.handoffsNew} new, ${repo.stats.branchesRead} read), ${counted(chains.length, "chain")}, ` +
            `${counted(errorCount, "lint error")}, ${counted(fileErrors.length, "file error")} — ${repo.durationMs} ms`,
        );
        for (const error of fileErrors.slice(0, 10)) io.out(`    ${error.path}${error.line ? `:${error.line}` : ""}: ${error.message}`);
        if (fileErrors.length > 10) io.out(`    … ${fileErrors.length - 10} more (see the Ingest errors page)`);
        if (notHandoffs.length > 0) {
          io.out(`    ${counted(new Set(notHandoffs.map((entry) => entry.path)).size, "file")} where handoffs live not read as handoffs (the reasons: scan --json discovery.notHandoffs, the Sources page)`);
        }
        if (repo.discovery?.nothingFound && mine.length === 0) {
          // Loaded only here: it brings the discovery rules (zod, picomatch), ~70 ms of an agents-only start.
          const { discoveryHintLines } = await import("../../lib/server/ingest/discovery-hint");
          for (const line of discoveryHintLines(repo.discovery.nothingFound)) io.out(`    ${line}`);
        }
        const seed = sessions.seeds.find((entry) => entry.repoPath === repo.path);
        if (seed && seed.stats.files > 0) {
          io.out(`    session state: ${counted(seed.stats.files, "file")} (${seed.stats.filesRead} read), ${counted(seed.stats.checkpoints, "reading")}, ${counted(seed.stats.budgets, "budget")}`);
        }
      }
      const latest = report.latest;
      if (typeof latest === "string") io.out(`latest handoff: ${latest}`);
      for (const issue of sessions.agents?.issues ?? []) io.out(`! ${issue.message}`);
      for (const source of agentSources) {
        const count = report.sessions.filter((session) => session.source === source.root).length;
        const issues = report.sourceIssues.filter((issue) => issue.file.startsWith(`${source.root}/`));
        io.out(
          `${source.status === "ok" ? "✓" : source.status === "partial" ? "!" : "✗"} ${source.label}: ${counted(count, "session")} (${source.stats.sessionsTouched} updated), ` +
            `${counted(source.stats.files, "file")} (${source.stats.filesRead} read, ${formatBytes(source.stats.bytesRead)})` +
            (issues.length > 0 ? `, ${counted(issues.length, "file")} with bad lines or unknown record types:` : ""),
        );
        // Which files, so the line above is something to act on (--json has them all: sourceIssues).
        for (const issue of issues.slice(0, 5)) io.out(`    ${issue.file.slice(source.root.length + 1)}: ${describeSourceIssue(issue)}`);
        if (issues.length > 5) io.out(`    … ${issues.length - 5} more (--json: sourceIssues; the Ingest errors page)`);
        for (const error of source.errors.slice(0, 5)) io.out(`    ${error.path}: ${error.message}`);
      }
      if (values.agents && agentSources.length === 0) io.out("no agent session folders found (see docs/cli.md, “Agent sessions”)");
      // Only the links of what this command scanned: its repos' handoffs and its agent folders' sessions.
      const links = await countScanLinks(bulk, { repoIds, sourceIds: sessions.sourceIds });
      if (links.bySessionId + links.byRepoBranchTime > 0 || values.agents) {
        io.out(`links: ${counted(links.bySessionId + links.byRepoBranchTime, "handoff")} linked to a session (${links.bySessionId} by session id, ${links.byRepoBranchTime} by repo + branch + time)`);
      }
      if (sessions.loop && (sessions.loop.records > 0 || sessions.loop.badLines.length > 0)) {
        io.out(`agent loop: ${counted(sessions.loop.records, "hook record")} read from ${sessions.loop.file}${sessions.loop.badLines.length > 0 ? ` (${counted(sessions.loop.badLines.length, "bad line")})` : ""}`);
      }
    }
    return failures.length > 0 || failedSources.length > 0 ? 1 : 0;
  } finally {
    progress.done();
    await bulk.close();
    await db?.$disconnect();
  }
}

/** "2 bad lines; unknown record types: brand-new-record ×2" */
function describeSourceIssue(issue: { badLines: number; unknownTypes: Record<string, number> }): string {
  const unknown = Object.entries(issue.unknownTypes).map(([type, count]) => `${type} ×${count}`);
  return [issue.badLines > 0 ? counted(issue.badLines, "bad line") : null, unknown.length > 0 ? `unknown record types: ${unknown.join(", ")}` : null].filter(Boolean).join("; ");
}
