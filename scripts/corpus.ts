/**
 * `npm run corpus -- <folder> [--json] [--only <name>] [--baton <checkout>] [--sample-globs]
 *                            [--expected <file>] [--set <name>]`
 *
 * Runs `baton scan --json` (a fresh SQLite database per repository) over a folder of clones of the real
 * repositories listed in corpus/expected.json (or the file `--expected` names; `npm run` resolves it from
 * the project root), and compares the result with what a person wrote down by reading their handoffs
 * (corpus/README.md). Prints one line per repository and the totals the issue asks
 * for: handoffs found ÷ present, identity fields right, false `*-missing` errors, latest right, secrets
 * masked. Exit code 1 when anything differs, 2 on a usage error. `--baton` runs another checkout's CLI
 * (e.g. an older commit in a git worktree) to measure before and after in one run; `--sample-globs` adds a
 * `--glob` for every sampled file, so reading is compared even where a version's discovery misses them.
 * `--set <name>` keeps only the repositories whose entry says `"set": "<name>"` (e.g. `development` or
 * `held-out`), so a held-out set can stay unscanned until it is measured.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { compareRepo, hasFailures, totals, type ExpectedRepo, type RepoComparison, type ScanDocument } from "./corpus/compare-corpus";

const root = path.resolve(import.meta.dirname, "..");

interface SecretResult {
  expected: number;
  located: number;
  leaked: number;
}

interface RepoResult {
  comparison: RepoComparison | null;
  error: string | null;
  seconds: number;
  secrets: SecretResult;
  extraFound: number;
}

function parseArgs(argv: string[]) {
  const options = {
    folder: null as string | null,
    json: false,
    only: null as string | null,
    baton: root,
    sampleGlobs: false,
    expected: path.join(root, "corpus/expected.json"),
    set: null as string | null,
  };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === "--json") options.json = true;
    else if (arg === "--only") options.only = argv[++index] ?? null;
    else if (arg === "--baton") options.baton = path.resolve(argv[++index] ?? root);
    else if (arg === "--sample-globs") options.sampleGlobs = true;
    else if (arg === "--expected") options.expected = path.resolve(argv[++index] ?? options.expected);
    else if (arg === "--set") options.set = argv[++index] ?? null;
    else if (arg !== undefined && !arg.startsWith("--")) options.folder = path.resolve(arg);
  }
  return options;
}

/** Every token that could be a secret value, hashed: the expected file names secrets by hash only. */
function locateSecrets(repoDir: string, wanted: Set<string>): Map<string, string> {
  const found = new Map<string, string>();
  const files = spawnSync("git", ["-C", repoDir, "ls-files", "-z"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).stdout.split("\0");
  for (const file of files) {
    if (!file.endsWith(".md") || found.size === wanted.size) continue;
    const full = path.join(repoDir, file);
    if (!existsSync(full) || statSync(full).size > 4 * 1024 * 1024) continue;
    for (const token of readFileSync(full, "utf8").match(/[A-Za-z0-9_\-+/=.]{12,}/g) ?? []) {
      // `NAME=value` is one token here; its parts are candidates too (a value written after its name).
      for (const candidate of token.includes("=") ? [token, ...token.split("=")] : [token]) {
        const hash = createHash("sha256").update(candidate).digest("hex");
        if (wanted.has(hash)) found.set(hash, candidate);
      }
    }
  }
  return found;
}

function bytesContain(haystacks: Buffer[], needle: string): boolean {
  const bytes = Buffer.from(needle, "utf8");
  return haystacks.some((haystack) => haystack.includes(bytes));
}

function runRepo(expected: ExpectedRepo, folder: string, baton: string, sampleGlobs: boolean): RepoResult {
  const repoDir = path.join(folder, expected.name);
  const empty: SecretResult = { expected: expected.secrets?.length ?? 0, located: 0, leaked: 0 };
  if (!existsSync(repoDir)) {
    return { comparison: null, error: `no clone at ${repoDir} (git clone ${expected.url} '${repoDir}' && git -C '${repoDir}' checkout ${expected.commit})`, seconds: 0, secrets: empty, extraFound: 0 };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "baton-corpus-"));
  const started = performance.now();
  try {
    // --sample-globs names every sampled file, so reading can be compared even where discovery misses them.
    const globs = sampleGlobs ? Object.keys(expected.handoffs ?? {}).flatMap((sample) => ["--glob", sample]) : [];
    const result = spawnSync(process.execPath, [path.join(baton, "bin/baton.mjs"), "scan", repoDir, "--json", ...globs], {
      encoding: "utf8",
      maxBuffer: 512 * 1024 * 1024,
      env: { ...process.env, DATABASE_URL: `file:${path.join(dataDir, "baton.db")}`, BATON_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" },
    });
    const seconds = (performance.now() - started) / 1000;
    let scan: ScanDocument;
    try {
      scan = JSON.parse(result.stdout) as ScanDocument;
    } catch {
      return { comparison: null, error: `scan exited ${result.status}: ${result.stderr.trim().split("\n").slice(-3).join(" / ")}`, seconds, secrets: empty, extraFound: 0 };
    }
    const comparison = compareRepo(expected, scan);
    const secrets: SecretResult = { ...empty };
    if ((expected.secrets?.length ?? 0) > 0) {
      const located = locateSecrets(repoDir, new Set(expected.secrets?.map((secret) => secret.sha256)));
      secrets.located = located.size;
      const stores = [Buffer.from(result.stdout, "utf8"), ...readdirSync(dataDir).map((file) => readFileSync(path.join(dataDir, file)))];
      for (const value of located.values()) if (bytesContain(stores, value)) secrets.leaked += 1;
    }
    return { comparison, error: null, seconds, secrets, extraFound: Math.max(0, comparison.found - comparison.present) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function percent(part: number, whole: number): string {
  return whole === 0 ? "–" : `${part}/${whole} (${((100 * part) / whole).toFixed(0)} %)`;
}

function main(): number {
  const options = parseArgs(process.argv.slice(2));
  if (options.folder === null) {
    process.stderr.write("usage: npm run corpus -- <folder of clones> [--json] [--only <owner+name>] [--baton <baton checkout>] [--sample-globs] [--expected <file>] [--set <name>]\n");
    return 2;
  }
  if (!existsSync(options.expected)) {
    process.stderr.write(`no expected-values file at ${options.expected}\n`);
    return 2;
  }
  const expected = (JSON.parse(readFileSync(options.expected, "utf8")) as { repos: ExpectedRepo[] }).repos.filter(
    (repo) => (options.only === null || repo.name === options.only) && (options.set === null || repo.set === options.set),
  );
  if (expected.length === 0 && options.set !== null) {
    process.stderr.write(`no repository in ${options.expected}${options.set === null ? "" : ` with "set": "${options.set}"`}${options.only === null ? "" : ` named ${options.only}`}\n`);
    return 2;
  }
  const results: (RepoResult & { name: string })[] = [];
  for (const repo of expected) {
    if (!options.json) process.stderr.write(`scanning ${repo.name}…\n`);
    results.push({ name: repo.name, ...runRepo(repo, options.folder, options.baton, options.sampleGlobs) });
  }
  const comparisons = results.flatMap((result) => (result.comparison === null ? [] : [result.comparison]));
  const sum = totals(comparisons);
  const secretTotals = results.reduce((acc, r) => ({ located: acc.located + r.secrets.located, leaked: acc.leaked + r.secrets.leaked, expected: acc.expected + r.secrets.expected }), { located: 0, leaked: 0, expected: 0 });
  const failed = results.some((result) => result.error !== null || (result.comparison !== null && hasFailures(result.comparison)) || result.secrets.leaked > 0);

  if (options.json) {
    process.stdout.write(`${JSON.stringify({ baton: options.baton, totals: { ...sum, secrets: secretTotals }, repos: results }, null, 2)}\n`);
    return failed ? 1 : 0;
  }
  const lines: string[] = [];
  for (const result of results) {
    const c = result.comparison;
    if (c === null) {
      lines.push(`✗ ${result.name}: ${result.error}`);
      continue;
    }
    const ok = !hasFailures(c) && result.secrets.leaked === 0;
    const latest = c.latest === null ? "" : ` · latest ${c.latest.isRight ? "right" : `WRONG (got ${c.latest.actual ?? "none"})`}`;
    const secrets = result.secrets.expected === 0 ? "" : ` · secrets ${result.secrets.located - result.secrets.leaked}/${result.secrets.located} masked`;
    lines.push(
      `${ok ? "✓" : "✗"} ${result.name}: found ${c.found}/${c.present}${result.extraFound > 0 ? ` (+${result.extraFound} unexpected)` : ""} · fields ${c.fieldsChecked - c.mismatches.length}/${c.fieldsChecked} · false *-missing ${c.falseMissingErrors.length}${latest}${secrets} · ${result.seconds.toFixed(1)} s`,
    );
    for (const path of c.falseDiscoveries) lines.push(`    not a handoff, but found: ${path}`);
    for (const path of c.missingSamples) lines.push(`    sample not found: ${path}`);
    for (const mismatch of c.mismatches) lines.push(`    ${mismatch.path}: ${mismatch.field} ${JSON.stringify(mismatch.actual)}, expected ${JSON.stringify(mismatch.expected)}`);
    for (const error of c.falseMissingErrors) lines.push(`    ${error.path}: false ${error.rule}`);
  }
  lines.push(
    "",
    `handoffs found without flags: ${percent(sum.found, sum.present)}; not-handoffs found: ${sum.falseDiscoveries}`,
    `identity and pointer fields right: ${percent(sum.fieldsRight, sum.fieldsChecked)}`,
    `false *-missing errors on sampled handoffs: ${sum.falseMissingErrors}`,
    `latest right: ${percent(sum.latestRight, sum.latestChecked)}`,
    `secrets masked: ${percent(secretTotals.located - secretTotals.leaked, secretTotals.located)} (of ${secretTotals.expected} expected)`,
  );
  process.stdout.write(`${lines.join("\n")}\n`);
  return failed ? 1 : 0;
}

process.exitCode = main();
