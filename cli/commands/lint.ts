import { defineCommand, parseCommand } from "../args";
import { discoveryHintLines } from "../../lib/server/ingest/discovery-hint";
import { lintRepo, type RepoLintResult } from "../../lib/server/lint/lint-repo";
import { counted } from "../../lib/core/text/counted";
import { printJson, UsageError, type Io } from "../io";
import { requireRepoFolders } from "../repo-paths";

const order = { error: 0, warning: 1, info: 2, "not-checked": 3 } as const;

export const lintCommandSpec = defineCommand({
  name: "lint",
  usage: `Usage:
  baton lint [<repo>...] [--glob G]... [--json] [-q]

  <repo>       a git repository (or a folder inside one; default: the current folder). Its working tree
               is linted, with no database; handoffs only on other branches are checked by baton scan
  --glob G     also take files matching G as handoffs (repeatable)
  -q, --quiet  print only errors
  --json       print one JSON document on stdout
  Exit 1 when any finding is an error.`,
  allowPositionals: true,
  options: { json: { type: "boolean", default: false }, glob: { type: "string", multiple: true }, quiet: { type: "boolean", short: "q", default: false } },
});

export async function lintCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommand(lintCommandSpec, argv);
  const paths = positionals.length > 0 ? positionals : ["."];
  await requireRepoFolders(paths);
  const results: RepoLintResult[] = [];
  for (const repoPath of paths) {
    try {
      results.push(await lintRepo(repoPath, { globs: values.glob }));
    } catch (error) {
      throw new UsageError(`cannot lint ${repoPath}: ${(error as Error).message}`);
    }
  }
  const all = results.flatMap((result) => result.files.flatMap((file) => file.findings));
  const counts = {
    files: results.reduce((sum, result) => sum + result.files.length, 0),
    handoffs: results.reduce((sum, result) => sum + result.handoffs, 0),
    error: all.filter((finding) => finding.severity === "error").length,
    warning: all.filter((finding) => finding.severity === "warning").length,
    info: all.filter((finding) => finding.severity === "info").length,
    notChecked: all.filter((finding) => finding.severity === "not-checked").length,
  };
  if (values.json) {
    printJson(io, {
      repos: results.map((result) => ({
        repo: result.repo,
        limits: result.limits,
        otherBranches: result.otherBranches,
        handoffs: result.files.map((file) => ({ path: file.path, ...(file.branches ? { branches: file.branches } : {}), lint: file.findings })),
        discovery: result.discovery,
      })),
      summary: counts,
    });
  } else {
    for (const result of results) {
      for (const file of result.files) {
        const shown = file.findings
          .filter((finding) => !values.quiet || finding.severity === "error")
          .sort((a, b) => order[a.severity] - order[b.severity] || (a.line ?? 0) - (b.line ?? 0));
        for (const finding of shown) {
          io.out(`${file.path}${finding.line ? `:${finding.line}` : ""}${file.branches ? ` (on ${file.branches.join(", ")})` : ""}: ${finding.severity} [${finding.rule}] ${finding.message}`);
        }
      }
      for (const limit of result.limits) io.err(`not checked: ${result.repo}: ${limit}`);
      if (result.discovery.nothingFound && !values.quiet) {
        io.out(`${result.repo}:`);
        for (const line of discoveryHintLines(result.discovery.nothingFound)) io.out(`  ${line}`);
      }
    }
    io.out(
      `${counted(counts.handoffs, "handoff")}${results.length > 1 ? ` in ${counted(results.length, "repo")}` : ""}: ` +
        `${counted(counts.error, "error")}, ${counted(counts.warning, "warning")}, ${counts.info} info, ${counts.notChecked} not checked`,
    );
  }
  return counts.error > 0 ? 1 : 0;
}
