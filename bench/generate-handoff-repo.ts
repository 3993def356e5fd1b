/**
 * Generates a git repo with N handoffs over B branches using `git fast-import` (one process, no
 * checkout per commit), so generating the benchmark costs seconds, not minutes.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";

function handoff(branch: number, index: number, previous: string | null, path: string): string {
  const runtimes = ["claude-code", "codex", "gemini-cli", "opencode", "antigravity"];
  return `# Handoff: phase-${branch}-${index}

## Session identity
| Field | Value |
|---|---|
| Runtime | ${runtimes[(branch + index) % runtimes.length]} |
| Model | model-${index % 7} |
| Session id | ${(branch * 100000 + index).toString(16).padStart(8, "0")}-0000-4000-8000-000000000000 |
| Timestamp | 2026-11-${String(1 + (index % 28)).padStart(2, "0")}T10:00:00Z |
| Branch | feat/b${branch} |
| HEAD | ${((branch * 7919 + index * 104729) >>> 0).toString(16).padStart(8, "0")}ab12cd34 |

## Goal
Migrate module ${index} of branch ${branch} without behaviour changes. User: "keep public names".

## Key decisions
- Decision ${index}: keep one client per process.

## State
### Done
- [x] Moved \`src/module-${index}.ts\` (commit \`abc${(index % 4096).toString(16).padStart(4, "0")}\`)
### In progress
- [ ] \`src/module-${index}.ts:${20 + (index % 50)}\` fails to typecheck
### Not started
- [ ] Remove the legacy builder

## Next action
Run \`npx tsc --noEmit\` and fix the errors starting at \`src/module-${index}.ts:${20 + (index % 50)}\`.

## Verification commands
| Command | Last known result |
|---|---|
| \`npx tsc --noEmit\` | ${index % 90} errors |
| \`npm test\` | ${100 + index} passed, ${index % 3} failed |

## Resume pointer
- This file: \`${path}\`
- Previous: ${previous ? `\`${previous}\`` : "none"}

Handoff commit: ${(index * 2654435761 >>> 0).toString(16).padStart(8, "0")}
`;
}

function inlineData(text: string): string {
  return `data ${Buffer.byteLength(text)}\n${text}\n`;
}

export interface GeneratedRepo {
  root: string;
  handoffs: number;
  branches: number;
}

/**
 * `otherFiles`: files that are not handoffs (source and docs, 50 per folder, plus a committed
 * `node_modules/` copy of a handoff folder that must be skipped) on main, so every branch holds them:
 * what whole-tree discovery has to list and skip in a real project.
 */
export function generateHandoffRepo(root: string, { handoffs = 10_000, branches = 50, otherFiles = 0 } = {}): GeneratedRepo {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  execFileSync("git", ["init", "-q", "-b", "main", root]);
  const perBranch = Math.ceil(handoffs / branches);
  const chunks: string[] = [];
  let mark = 0;
  let time = Date.UTC(2026, 10, 1) / 1000;
  let made = 0;
  const paths: string[][] = [];
  let mainCommitMark = 0;
  for (let branch = 0; branch < branches; branch++) {
    const branchName = branch === 0 ? "main" : `feat/b${branch}`;
    const files: { path: string; mark: number }[] = [];
    const branchPaths: string[] = [];
    for (let index = 0; index < perBranch && made < handoffs; index++, made++) {
      const day = String(1 + (index % 28)).padStart(2, "0");
      const path = `docs/ai/handoff/${["claude-code", "codex", "gemini-cli", "opencode"][index % 4]}/${day}112026/handoff_b${branch}-p${index}.md`;
      const previous = index > 0 ? branchPaths[index - 1]! : branch > 0 ? (paths[0]?.[0] ?? null) : null;
      const body = Buffer.from(handoff(branch, index, previous, path));
      mark++;
      chunks.push(`blob\nmark :${mark}\ndata ${body.length}\n`, body.toString("utf8"), "\n");
      files.push({ path, mark });
      branchPaths.push(path);
    }
    paths.push(branchPaths);
    time += 3600;
    const message = `handoffs for ${branchName}`;
    mark++;
    const commitMark = mark;
    if (branch === 0) mainCommitMark = commitMark;
    chunks.push(`commit refs/heads/${branchName}\nmark :${commitMark}\ncommitter Bench <bench@example.invalid> ${time} +0000\ndata ${message.length}\n${message}\n`);
    if (branch > 0) chunks.push(`from :${mainCommitMark}\n`);
    for (const file of files) chunks.push(`M 100644 :${file.mark} ${file.path}\n`);
    if (branch === 0 && otherFiles > 0) {
      for (let index = 0; index < otherFiles; index++) {
        const folder = index % 10 === 0 ? `docs/guide/part-${Math.floor(index / 500)}` : `src/module-${Math.floor(index / 50)}`;
        chunks.push(`M 100644 inline ${folder}/file-${index}.${index % 10 === 0 ? "md" : "ts"}\n`, inlineData(`// file ${index}\n`));
      }
      for (const file of files.slice(0, 20)) chunks.push(`M 100644 :${file.mark} node_modules/some-skill/${file.path}\n`);
    }
    chunks.push("\n");
  }
  const result = spawnSync("git", ["fast-import", "--quiet"], { cwd: root, input: chunks.join(""), maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`git fast-import failed: ${result.stderr.toString()}`);
  execFileSync("git", ["checkout", "-q", "-f", "main"], { cwd: root });
  return { root, handoffs: made, branches };
}
