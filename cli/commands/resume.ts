import { GENERIC_RUNTIME } from "../../lib/core/runtimes/runtimes";
import { realpath, stat } from "node:fs/promises";
import path from "node:path";
import { parseCommand } from "../args";
import type { ResumePlan } from "../../lib/core/resume/build-resume";
import { getRuntimeDefinition, isResumeRuntime, resolveResumeRuntime, RESUME_RUNTIMES, type ResumeRuntime } from "../../lib/core/runtimes/resume-commands";
import { createDb, type Db } from "../../lib/server/db/client";
import { resolveDatabaseUrl } from "../../lib/server/db/database-url";
import { ensureDatabase } from "../../lib/server/db/ensure-database";
import { git, GitError } from "../../lib/server/git";
import { scanPaths } from "../../lib/server/ingest/scan";
import { loadRepoChains } from "../../lib/server/queries/chains";
import type { Readiness } from "../../lib/server/resume/readiness";
import { getResumeOptions, type ResumeOptions } from "../../lib/server/resume/resume-options";
import { printJson, progressLine, UsageError, type Io } from "../io";
import { counted } from "../../lib/core/text/counted";
import { claimForResume } from "./review-backend";

const USAGE = `Usage:
  baton resume <handoff file | repo> [--runtime R] [--command [--native]] [--json]
  baton resume <repo> <repo-relative handoff path> [same options]

  <handoff file>  a handoff path, absolute or relative to the current folder (it may exist only on a branch)
  <repo>          a repo folder: resumes its latest open handoff (newest chain head)
  --runtime R     ${RESUME_RUNTIMES.join(" | ")} (default: the runtime that wrote the handoff)
  --command       print only the shell command that starts the runtime
  --native        print only the command that reopens the recorded session
  --claim         claim the handoff's review first (team server with a stored token, else locally);
                  someone else's claim: exit 1 naming who holds it until when
  --json          print { runtime, prompt, command, nativeCommand, details }
                  (details.warnings: lint errors, a vague next action, a deprecated handoff, …)`;

/** A failure the command reports (exit 1), as opposed to a usage error (exit 2). */
class ResumeFailure extends Error {}

type ResumeTarget = { kind: "repo"; root: string } | { kind: "handoff"; root: string; path: string };

function parseRuntime(value: string | undefined): ResumeRuntime | undefined {
  if (value === undefined) return undefined;
  if (isResumeRuntime(value)) return value;
  // Accept the names people type (`claude`, `gemini`); anything else is a typo, not "generic".
  const alias = resolveResumeRuntime(value);
  if (alias !== GENERIC_RUNTIME) return alias;
  throw new UsageError(`unknown runtime "${value}"; use one of: ${RESUME_RUNTIMES.join(", ")}`);
}

export async function resumeCommand(argv: string[], io: Io, context: { cwd?: string } = {}): Promise<number> {
  const { values, positionals, fail } = parseCommand(
    {
      name: "resume",
      usage: USAGE,
      allowPositionals: true,
      options: {
        runtime: { type: "string" },
        command: { type: "boolean", default: false },
        native: { type: "boolean", default: false },
        claim: { type: "boolean", default: false },
        server: { type: "string" },
        json: { type: "boolean", default: false },
      },
    },
    argv,
  );
  const runtime = parseRuntime(values.runtime);
  if (positionals.length === 0 || positionals.length > 2) fail("resume takes a handoff path or a repo (and optionally a path in it)");
  // --native alone means "print the native command"; there is no JSON shape for only a command.
  const commandOnly = values.command || values.native;
  if (commandOnly && values.json) throw new UsageError("--json already holds command and nativeCommand; use it without --command/--native");

  try {
    const target = await resolveTarget(positionals, context.cwd ?? process.cwd());
    return await resume(target, { runtime, json: values.json, commandOnly, native: values.native, claim: values.claim ? { server: values.server } : null }, io);
  } catch (error) {
    if (error instanceof ResumeFailure) {
      io.err(`baton: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

async function resume(target: ResumeTarget, flags: { runtime: ResumeRuntime | undefined; json: boolean; commandOnly: boolean; native: boolean; claim?: { server: string | undefined } | null }, io: Io): Promise<number> {
  const database = resolveDatabaseUrl();
  const applied = await ensureDatabase(database);
  if (applied.length > 0) io.err(`database migrated: ${applied.join(", ")}`);
  const db = createDb(database);
  try {
    const repoId = await scanTarget(db, target.root, database, io);
    const handoffId = target.kind === "repo" ? await latestOpenHead(db, repoId, target.root, io) : await handoffAtPath(db, repoId, target, io);
    const options = await getResumeOptions(db, handoffId);
    if (options === null) throw new ResumeFailure(`handoff ${handoffId} disappeared while resuming; run the command again`);
    if (flags.claim && !(await claimForResume(handoffId, flags.claim.server, io))) return 1;
    const runtime = flags.runtime ?? options.defaultRuntime;
    const plan = options.plans.find((candidate) => candidate.runtime === runtime)!;

    if (flags.json) {
      printJson(io, {
        runtime: plan.runtime,
        prompt: plan.prompt,
        command: plan.command,
        nativeCommand: plan.nativeCommand,
        details: {
          handoff: options.handoff,
          defaultRuntime: options.defaultRuntime,
          checkout: options.checkout,
          preferred: plan.preferred,
          reason: plan.reason,
          promptTokens: plan.promptTokens,
          issues: plan.issues,
          readiness: options.readiness,
          warnings: options.warnings,
          nextHandoff: options.nextHandoff,
        },
      });
      return 0;
    }

    reportToStderr(options, plan, io);
    if (flags.commandOnly) {
      const line = flags.native ? plan.nativeCommand : plan.command;
      if (line === null) {
        io.err(`baton: ${flags.native ? noNativeCommandReason(plan) : noCommandReason(plan)}`);
        return 1;
      }
      io.out(line);
      return 0;
    }
    const lines = [plan.prompt, "", plan.command ?? `# No command: ${noCommandReason(plan)}`];
    if (plan.nativeCommand !== null) lines.push("", "# Or reopen the recorded session instead:", plan.nativeCommand, `# ${plan.reason}`);
    io.out(lines.join("\n"));
    return 0;
  } finally {
    await db.$disconnect();
  }
}

/**
 * Brings the repo up to date before resuming: registers it when it is new, and otherwise runs the
 * same incremental scan (a for-each-ref and a stat walk when nothing changed), so the branch the
 * command checks out is where the handoff is now, not where it was at the last scan.
 */
async function scanTarget(db: Db, root: string, database: ReturnType<typeof resolveDatabaseUrl>, io: Io): Promise<string> {
  const known = await db.repo.findUnique({ where: { path: root }, select: { id: true } });
  if (!known) io.err(`${root} is not registered yet: registering and scanning it (as baton scan does)`);
  const progress = progressLine(io);
  const result = await scanPaths([root], {
    target: database,
    onProgress: (event) => {
      if (event.phase === "refs") progress.update(`${event.repo}: ${event.branches} branches, ${event.changed} to read`);
      else if (event.phase === "read") progress.update(`${event.repo}: parsed ${event.done}/${event.total}`);
      else progress.update(`${event.repo}: ${event.phase}`);
    },
  });
  progress.done();
  const scanned = result.repos[0];
  if (!scanned || scanned.status === "failed" || scanned.repoId === null) {
    throw new ResumeFailure(`could not scan ${root}: ${scanned?.errors[0]?.message ?? "unknown error"}`);
  }
  if (!known) io.err(`scanned ${root}: ${scanned.stats.handoffsNew} handoffs, ${scanned.errors.length} file errors`);
  return scanned.repoId;
}

/**
 * The chain builder's latest handoff when nobody resumed it yet, else the newest chain head; never one
 * marked deprecated or superseded (docs/resume.md, "Which handoff `resume <repo>` picks").
 */
async function latestOpenHead(db: Db, repoId: string, root: string, io: Io): Promise<string> {
  const { nodes, result } = await loadRepoChains(db, repoId);
  const heads = result.chains.flatMap((chain) => chain.heads);
  if (heads.length === 0) throw new ResumeFailure(`no handoffs found in ${root} (see docs/cli.md, "Where handoffs are looked for")`);
  const resumable = result.resumableHeads;
  if (resumable.length === 0) {
    const shown = nodes.filter((node) => heads.includes(node.id)).slice(0, 3).map((node) => `${node.path} (${node.deprecation})`);
    throw new ResumeFailure(
      `every open handoff in ${root} is marked deprecated or superseded: ${shown.join("; ")}${heads.length > 3 ? "; …" : ""}. ` +
        "Name one to resume it anyway: baton resume <repo> <repo-relative path>",
    );
  }
  const chosenId = result.latestId !== null && resumable.includes(result.latestId) ? result.latestId : resumable[0]!;
  const chosen = nodes.find((node) => node.id === chosenId)!;
  const skipped = heads.length - resumable.length;
  io.err(`resuming the latest open handoff in ${root}: ${chosen.path}${skipped > 0 ? ` (${counted(skipped, "open handoff")} marked deprecated or superseded skipped)` : ""}`);
  return chosen.id;
}

/**
 * Several versions (contents) can exist at one path: the working-tree one is what the user has in
 * front of them; else the one on the branch checked out now; else the newest commit.
 */
async function handoffAtPath(db: Db, repoId: string, target: { root: string; path: string }, io: Io): Promise<string> {
  const [repo, versions] = await Promise.all([
    db.repo.findUniqueOrThrow({ where: { id: repoId }, select: { headBranch: true } }),
    db.handoff.findMany({
      where: { repoId, path: target.path, isGone: false },
      select: { id: true, inWorkingTree: true, commitTime: true, fileMtime: true, occurrences: { select: { kind: true, ref: true } } },
    }),
  ]);
  if (versions.length === 0) {
    const issue = await db.ingestIssue.findFirst({ where: { path: target.path, source: { repo: { id: repoId } } }, select: { message: true } });
    throw new ResumeFailure(
      issue
        ? `${target.path} in ${target.root} could not be ingested: ${issue.message}`
        : `no handoff at ${target.path} in ${target.root} (on any branch or in the working tree). Handoffs are looked for under docs/ai/handoff/, .claude/handoffs/ and thoughts/shared/handoffs/; add other folders with baton scan --glob.`,
    );
  }
  const time = (version: (typeof versions)[number]) => (version.commitTime ?? version.fileMtime)?.getTime() ?? 0;
  const chosen =
    versions.find((version) => version.inWorkingTree) ??
    versions.find((version) => version.occurrences.some((occurrence) => occurrence.kind === "local" && occurrence.ref === repo.headBranch)) ??
    [...versions].sort((a, b) => time(b) - time(a))[0]!;
  if (versions.length > 1) {
    const which = chosen.inWorkingTree ? "the working-tree one" : repo.headBranch && chosen.occurrences.some((occurrence) => occurrence.ref === repo.headBranch) ? `the one on ${repo.headBranch}` : "the newest one";
    io.err(`${target.path} has ${versions.length} different versions across branches; resuming ${which}`);
  }
  return chosen.id;
}

async function resolveTarget(positionals: string[], cwd: string): Promise<ResumeTarget> {
  const [first, second] = positionals as [string, string | undefined];
  const located = await locate(path.resolve(cwd, first), first);
  if (second === undefined) {
    return located.isDirectory ? { kind: "repo", root: located.root } : { kind: "handoff", root: located.root, path: located.relative };
  }
  if (!located.isDirectory) throw new ResumeFailure(`${first} is not a folder; with two arguments the first is the repo`);
  if (path.isAbsolute(second)) {
    const handoff = await locate(second, second);
    if (handoff.root !== located.root) throw new ResumeFailure(`${second} is not inside the repo ${located.root}`);
    return { kind: "handoff", root: located.root, path: handoff.relative };
  }
  const relative = path.posix.normalize(second.replace(/\\/g, "/")).replace(/^(\.\/)+/, "");
  if (relative === ".." || relative.startsWith("../") || relative === "." || relative === "") {
    throw new ResumeFailure(`${second} is not a file path inside the repo ${located.root}`);
  }
  return { kind: "handoff", root: located.root, path: relative };
}

/**
 * The repo that holds a path, and the path relative to its root. The path may not exist in the
 * working tree at all (a handoff that is only on another branch): the nearest folder that exists
 * decides the repo. The file's own symlink is kept (its name is what git tracks).
 * A path that does not exist outside any repository, or one that exists outside any, is a usage
 * error worded as `scan` and `lint` word it (exit 2), before the database is touched.
 */
async function locate(absolute: string, given: string): Promise<{ root: string; relative: string; isDirectory: boolean }> {
  let existing = absolute;
  const missing: string[] = [];
  let isDirectory = false;
  for (;;) {
    try {
      isDirectory = (await stat(existing)).isDirectory();
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw new ResumeFailure(`cannot read ${existing}: ${(error as Error).message}`);
      const parent = path.dirname(existing);
      if (parent === existing) throw new UsageError(`${given} does not exist`);
      missing.unshift(path.basename(existing));
      existing = parent;
    }
  }
  const folder = isDirectory ? existing : path.dirname(existing);
  let root: string;
  try {
    root = await realpath((await git(folder, ["rev-parse", "--show-toplevel"])).trim());
  } catch (error) {
    if (error instanceof GitError) {
      // Nothing at that path, and no repository around where it would be: a typo, as scan says it.
      if (missing.length > 0) throw new UsageError(`${given} does not exist`);
      throw new UsageError(`${given} is not a git repository (nor inside one); run "git init" there, or give a repository's folder`);
    }
    throw error;
  }
  const full = path.join(await realpath(folder), ...(isDirectory ? [] : [path.basename(existing)]), ...missing);
  const relative = path.relative(root, full).split(path.sep).join("/");
  if (relative.startsWith("../") || relative === ".." || path.isAbsolute(relative)) throw new ResumeFailure(`${absolute} is not inside the repo ${root}`);
  return { root, relative, isDirectory: isDirectory && missing.length === 0 };
}

function noCommandReason(plan: ResumePlan): string {
  const definition = getRuntimeDefinition(plan.runtime);
  if (definition.binary === null) return `${definition.label} is not started from a shell, so there is no command: paste the prompt instead (run without --command to print it).`;
  const problems = plan.issues.filter((issue) => issue.severity === "error" || issue.rule === "resume-prompt-too-long").map((issue) => issue.message);
  return `no ${definition.label} command for this handoff: ${problems.join(" ") || "see --json details.issues"}`;
}

function noNativeCommandReason(plan: ResumePlan): string {
  const definition = getRuntimeDefinition(plan.runtime);
  return `no native resume command for this handoff in ${definition.label}. ${plan.reason}`;
}

function describeReadiness(readiness: Readiness, branch: string | null): string[] {
  const lines: string[] = [];
  const where = branch ?? "the current checkout";
  const since = readiness.commitsSince;
  if (since !== null) {
    if (since.count === 0) lines.push(`since the handoff: no new commits on ${where}`);
    else lines.push(`since the handoff: ${counted(since.count, "commit")} on ${where} (newest: ${since.subjects.slice(0, 3).map((subject) => JSON.stringify(subject)).join(", ")})`);
  }
  for (const file of readiness.missingFiles) {
    lines.push(`referenced file missing on ${where}: ${file.path}${file.line === null ? "" : `:${file.line}`} (handoff line ${file.sourceLine})`);
  }
  for (const warning of readiness.warnings) lines.push(`warning: ${warning}`);
  return lines;
}

function reportToStderr(options: ResumeOptions, plan: ResumePlan, io: Io): void {
  const lines = [`handoff: ${options.handoff.path} (${options.handoff.runtime ?? "unknown runtime"}; resuming in ${getRuntimeDefinition(plan.runtime).label})`, `checkout: ${options.checkout.why}`];
  lines.push(...describeReadiness(options.readiness, options.checkout.branch));
  for (const warning of options.warnings) lines.push(`warning: ${warning.message}`);
  for (const issue of plan.issues) if (issue.severity === "error" || issue.severity === "warning") lines.push(`${issue.severity}: ${issue.message}`);
  io.err(lines.join("\n"));
}
