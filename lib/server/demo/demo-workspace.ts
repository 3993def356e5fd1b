/**
 * Builds the demo workspace from the text files in demo/ (never downloaded): real git repos with
 * real commits, branches, a local bare "origin" and an uncommitted file, then registers and scans them.
 */
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "yaml";
import { z } from "zod";
import { RUNTIME, runtimeLogs } from "../../core/runtimes/runtimes";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { dataDirectory, resolveDatabaseUrl } from "../db/database-url";
import { scanPaths } from "../ingest/scan";
import { scanSessions } from "../sessions/scan-sessions";
import { insertDemoLoopEvents } from "./demo-loop";
import { writeDemoSessions } from "./demo-sessions";

const run = promisify(execFile);
const projectRoot = process.env.BATON_PROJECT_ROOT ?? path.resolve(import.meta.dirname, "..", "..", "..");

const stepSchema = z.object({
  id: z.string(),
  branch: z.string(),
  from: z.string().optional(),
  date: z.union([z.string(), z.date()]).transform((value) => (value instanceof Date ? value.toISOString() : value)),
  message: z.string(),
  recordSha: z.boolean().optional(),
  files: z.record(z.string(), z.string()).default({}),
  binaryFiles: z.record(z.string(), z.string()).default({}),
});

const workspaceSchema = z.object({
  repos: z.array(
    z.object({
      name: z.string().regex(/^[a-z0-9-]+$/),
      checkout: z.string(),
      remote: z.boolean().optional(),
      steps: z.array(stepSchema),
      worktree: z.record(z.string(), z.string()).default({}),
      pushAndDropLocal: z.array(z.string()).default([]),
    }),
  ),
});

export function demoDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(dataDirectory(env), "demo");
}

async function git(cwd: string, args: string[], date?: string) {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: "Demo Agent",
    GIT_AUTHOR_EMAIL: "agent@demo.invalid",
    GIT_COMMITTER_NAME: "Demo Agent",
    GIT_COMMITTER_EMAIL: "agent@demo.invalid",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
  };
  const { stdout } = await run("git", args, { cwd, env });
  return stdout.trim();
}

function resolveValue(sourceDir: string, value: string): string {
  return value.startsWith("@") ? readFileSync(path.join(sourceDir, value.slice(1)), "utf8") : value;
}

function substitute(text: string, shas: Map<string, string>): string {
  return text.replace(/\{\{sha:([a-z0-9-]+)\}\}/g, (_, id: string) => shas.get(id) ?? `{{unknown step ${id}}}`);
}

function writeFile(root: string, relative: string, content: string | Buffer) {
  const target = path.join(root, relative);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
}

/** Creates the demo repos from scratch. Returns their paths. */
export async function buildDemoRepos(directory = demoDirectory()): Promise<string[]> {
  const plan = workspaceSchema.parse(parse(readFileSync(path.join(projectRoot, "demo", "workspace.yaml"), "utf8")));
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  const repos: string[] = [];
  for (const repo of plan.repos) {
    const root = path.join(directory, repo.name);
    const sourceDir = path.join(projectRoot, "demo", repo.name);
    mkdirSync(root, { recursive: true });
    await git(root, ["init", "-q", "-b", "main"]);
    const shas = new Map<string, string>();
    const branches = new Set<string>();
    for (const step of repo.steps) {
      if (!branches.has(step.branch)) {
        if (branches.size === 0) {
          // The first commit creates main.
        } else {
          await git(root, ["checkout", "-q", "-b", step.branch, step.from ?? "main"]);
        }
        branches.add(step.branch);
      } else {
        await git(root, ["checkout", "-q", step.branch]);
      }
      for (const [file, value] of Object.entries(step.files)) writeFile(root, file, substitute(resolveValue(sourceDir, value), shas));
      for (const [file, base64] of Object.entries(step.binaryFiles)) writeFile(root, file, Buffer.from(base64, "base64"));
      await git(root, ["add", "-A"]);
      await git(root, ["commit", "-q", "-m", step.message], step.date);
      const sha = await git(root, ["rev-parse", "HEAD"]);
      shas.set(step.id, sha);
      if (step.recordSha) {
        // The protocol's step 3: commit, then write the commit's sha into the handoff in a trailing line.
        for (const file of Object.keys(step.files).filter((name) => name.includes("handoff"))) {
          const target = path.join(root, file);
          writeFileSync(target, `${readFileSync(target, "utf8").trimEnd()}\n\nHandoff commit: ${sha}\n`);
        }
        const later = new Date(new Date(step.date).getTime() + 60_000).toISOString();
        await git(root, ["commit", "-q", "-am", "docs(handoff): record handoff commit sha"], later);
      }
    }
    if (repo.remote || repo.pushAndDropLocal.length > 0) {
      const remote = path.join(directory, ".remotes", `${repo.name}.git`);
      mkdirSync(path.dirname(remote), { recursive: true });
      await git(path.dirname(remote), ["init", "-q", "--bare", remote]);
      await git(root, ["remote", "add", "origin", remote]);
      await git(root, ["push", "-q", "origin", "--all"]);
      await git(root, ["fetch", "-q", "origin"]);
    }
    await git(root, ["checkout", "-q", repo.checkout]);
    for (const branch of repo.pushAndDropLocal) await git(root, ["branch", "-q", "-D", branch]);
    for (const [file, value] of Object.entries(repo.worktree)) writeFile(root, file, substitute(resolveValue(sourceDir, value), shas));
    repos.push(root);
  }
  return repos;
}

/** On first start (no source registered yet), build and scan the demo workspace. */
export async function ensureDemoWorkspace({ log, force = false }: { log: (text: string) => void; force?: boolean }) {
  const target = resolveDatabaseUrl();
  const bulk = openBulkWriter(target);
  try {
    const sources = await bulk.query<{ count: number | string }>(`SELECT COUNT(*) AS "count" FROM "Source"`);
    const hasSources = Number(sources[0]?.count ?? 0) > 0;
    const directory = demoDirectory();
    if (hasSources && !force) return { created: false, repos: [] as string[], directory };
    log("creating the demo workspace…");
    const repos = await seedDemoWorkspace(bulk, directory);
    return { created: true, repos, directory };
  } finally {
    await bulk.close();
  }
}

/**
 * Builds the demo repos in `directory` and scans them, with the demo's agent logs, into the database
 * `bulk` writes to (also what tests of the pages' queries start from). Returns the repos' paths.
 */
export async function seedDemoWorkspace(bulk: BulkWriter, directory: string): Promise<string[]> {
  const repos = await buildDemoRepos(directory);
  const scanned = await scanPaths(repos, { bulk });
  // The demo's agent logs live beside the repos; the scan reads only them, never the real home folder.
  const agentsRoot = path.join(directory, ".agents");
  const folders = writeDemoSessions(agentsRoot, new Map(repos.map((repo) => [path.basename(repo), repo])), projectRoot);
  await scanSessions({
    bulk,
    repos: scanned.repos.filter((repo) => repo.repoId).map((repo) => ({ repoId: repo.repoId!, path: repo.path, name: repo.name })),
    agents: {
      env: {
        [runtimeLogs(RUNTIME.claudeCode).variable]: folders.claudeConfigDir,
        [runtimeLogs(RUNTIME.codex).variable]: folders.codexHome,
        [runtimeLogs(RUNTIME.geminiCli).variable]: folders.geminiDataDir,
        [runtimeLogs(RUNTIME.opencode).variable]: path.join(agentsRoot, RUNTIME.opencode),
      },
      homeDir: agentsRoot,
    },
  });
  await insertDemoLoopEvents(bulk, new Map(scanned.repos.map((repo) => [repo.name, repo.path])), projectRoot);
  return repos;
}
