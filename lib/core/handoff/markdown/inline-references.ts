import type { FileReference } from "../types";

/**
 * Small extractors for what agents write inline: file:line references, commit shas, shell commands.
 * Patterns start with a lookbehind that refuses to begin inside a run of path characters, so each run
 * is tried once and no input makes them quadratic.
 */

const SOURCE_EXTENSIONS = new Set([
  "ts", "tsx", "mts", "cts", "js", "jsx", "mjs", "cjs", "json", "jsonc", "md", "mdx", "py", "pyi", "rs", "go", "java",
  "kt", "kts", "rb", "php", "cs", "fs", "cpp", "cc", "c", "h", "hpp", "m", "mm", "swift", "sql", "prisma", "yml", "yaml",
  "toml", "sh", "bash", "zsh", "ps1", "css", "scss", "sass", "less", "html", "vue", "svelte", "astro", "lock", "txt",
  "env", "ini", "cfg", "conf", "xml", "gradle", "tf", "ex", "exs", "erl", "dart", "scala", "lua", "r", "zig", "graphql",
  "gql", "proto", "dockerfile", "mk", "cmake", "nix", "ipynb", "csv", "tsv", "snap", "hbs", "ejs", "pug", "elm", "clj",
]);

const FILE_REFERENCE =
  /(?<![\w./@~+:\\-])(\/?(?:[\w.@~+-]+\/)*[\w.@~+-]*[\w@~+-]\.([A-Za-z][A-Za-z0-9]{0,9}))(?:(?::|#L)(\d+)(?:[-–]L?\d+)?(?::\d+)?|,?\s+\(?lines?\s+(\d+)\)?)?/g;

/** Library names that read like files in prose ("Node.js"), unless a line number says otherwise. */
const PROSE_NAMES = /^(?:node|next|nuxt|vue|react|express|three|chart|deno|nest|ember|angular|solid|alpine|socket\.io|p5|d3)\.js$/i;

/**
 * `src/a.ts:20`, `src/a.ts:20-30`, `src/a.ts#L20`, `src/a.ts (line 20)`, `src/a.ts`.
 * A bare name without a folder or line number counts only with a known source extension, so prose such
 * as "Node.js" or "e.g." is not a file.
 */
export function extractFileRefs(text: string, sourceLine: number): FileReference[] {
  const refs: FileReference[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(FILE_REFERENCE)) {
    const path = match[1];
    const extension = match[2]?.toLowerCase();
    if (path === undefined || extension === undefined) continue;
    const lineText = match[3] ?? match[4];
    const line = lineText === undefined ? null : Number(lineText);
    // Without a folder, only a known source extension makes it a file: "Node.js", "e.g." and
    // "example.com:8080" are not.
    if (!path.includes("/") && !SOURCE_EXTENSIONS.has(extension)) continue;
    if (line === null && PROSE_NAMES.test(path)) continue;
    const key = `${path}:${line ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    refs.push({ path, line, sourceLine });
  }
  return refs;
}

const HEX_SHA = /^[0-9a-f]{7,40}$/i;

export function isSha(value: string): boolean {
  return HEX_SHA.test(value);
}

/** A bare hex word in prose is only a sha when it mixes digits and letters ("added" and "1234567" are not). */
function isLikelyShaInProse(value: string): boolean {
  return HEX_SHA.test(value) && /\d/.test(value) && /[a-f]/i.test(value);
}

const SHA_AFTER_KEYWORD = /\b(?:commit(?:s|ted)?|sha|hash|landed|merged|in|as|at)\b[\s:#@(`]*([0-9a-f]{7,40})\b/gi;
const SHA_IN_PARENS = /\(([0-9a-f]{7,40})\)/gi;
const SHA_AT_START = /^\s*(?:[-*+]\s+)?`?([0-9a-f]{7,40})\b/i;

/**
 * Commit shas as agents cite them: in backticks, after "commit"/"sha"/"landed in", in parentheses, or
 * leading a `git log --oneline` line. Lowercased, de-duplicated, in order of appearance.
 */
export function extractCommitShas(text: string, codeSpans: readonly string[]): string[] {
  const found: string[] = [];
  const add = (sha: string) => {
    const lower = sha.toLowerCase();
    if (!found.includes(lower)) found.push(lower);
  };
  for (const span of codeSpans) {
    const trimmed = span.trim();
    // In backticks the author has marked it as an identifier; all-digit runs are still more often numbers.
    if (HEX_SHA.test(trimmed) && /[a-f]/i.test(trimmed)) add(trimmed);
  }
  const atStart = SHA_AT_START.exec(text)?.[1];
  if (atStart !== undefined && isLikelyShaInProse(atStart)) add(atStart);
  for (const pattern of [SHA_AFTER_KEYWORD, SHA_IN_PARENS]) {
    for (const match of text.matchAll(pattern)) {
      const sha = match[1];
      if (sha !== undefined && isLikelyShaInProse(sha)) add(sha);
    }
  }
  return found;
}

const KNOWN_COMMANDS = new Set([
  "npm", "npx", "pnpm", "yarn", "bun", "bunx", "node", "deno", "tsx", "ts-node", "tsc", "eslint", "prettier", "vitest",
  "jest", "playwright", "mocha", "turbo", "nx", "next", "vite", "expo", "git", "gh", "make", "just", "cargo", "rustc",
  "go", "python", "python3", "pip", "pip3", "pytest", "uv", "uvx", "poetry", "ruff", "mypy", "black", "tox", "docker",
  "docker-compose", "podman", "kubectl", "helm", "terraform", "bash", "sh", "zsh", "curl", "wget", "cd", "ls", "cat",
  "grep", "rg", "sed", "awk", "find", "head", "tail", "wc", "diff", "jq", "psql", "sqlite3", "mysql", "redis-cli",
  "prisma", "supabase", "vercel", "netlify", "firebase", "mvn", "gradle", "./gradlew", "dotnet", "swift", "xcodebuild",
  "flutter", "dart", "ruby", "bundle", "rake", "rails", "rspec", "php", "composer", "mix", "elixir", "java", "javac",
  "cmake", "ctest", "bazel", "claude", "codex", "gemini", "opencode", "agy", "baton", "env", "export", "time", "sudo",
  "apt", "apt-get", "brew", "pwsh", "powershell", "lsof", "ps", "kill", "echo", "touch", "mkdir", "rm", "cp", "mv",
  "chmod", "open", "code", "corepack", "nvm", "volta", "rustup", "clippy", "cargo-nextest", "biome", "oxlint", "stylelint",
]);

/** Commands that mean something with no arguments. */
const STANDALONE_COMMANDS = new Set(["make", "just", "pytest", "tsc", "vitest", "jest", "ruff", "mypy", "rspec", "tox", "rake"]);

/**
 * True when a code span or code-block line reads as a shell command rather than a file name, an identifier
 * or a snippet of code.
 */
export function isCommandLike(value: string): boolean {
  const text = value.trim().replace(/^\$\s+/, "");
  if (text === "" || text.length > 500) return false;
  const words = text.split(/\s+/);
  const first = words[0] ?? "";
  // Leading VAR=value assignments (`CI=1 npm test`) are part of a command line.
  const commandWord = words.find((word) => !/^[A-Z_][A-Z0-9_]*=/.test(word)) ?? first;
  // `./scripts/check.sh` runs something; a bare `scripts/check.mjs` is usually a file being named.
  if (/^\.{1,2}\/[\w./-]+$/.test(commandWord)) return true;
  if (/^(?:bin|scripts)\/[\w.-]+$/.test(commandWord) && (words.length > 1 || /\.(?:sh|bash)$/.test(commandWord))) return true;
  if (KNOWN_COMMANDS.has(commandWord)) {
    return words.length > 1 || STANDALONE_COMMANDS.has(commandWord);
  }
  return false;
}

/** Fence languages that mark a block of shell commands (or a console transcript). */
export const SHELL_LANGUAGES = /^(?:sh|bash|shell|zsh|fish|console|terminal|shellsession|powershell|pwsh|ps1|cmd|bat)$/i;

/** Lines of a shell code block that are commands: prompts stripped, comments and blanks dropped. */
export function commandLinesOfBlock(value: string): { command: string; comment: string | null; index: number }[] {
  const lines = value.split("\n");
  const hasPrompts = lines.some((line) => /^\s*\$\s+/.test(line));
  const commands: { command: string; comment: string | null; index: number }[] = [];
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    // In a console transcript only `$ ` lines are commands; the rest is their output.
    if (hasPrompts && !/^\$\s+/.test(trimmed)) return;
    const withoutPrompt = trimmed.replace(/^\$\s+/, "");
    const commentStart = withoutPrompt.search(/\s#\s/);
    const command = commentStart === -1 ? withoutPrompt : withoutPrompt.slice(0, commentStart).trim();
    const comment = commentStart === -1 ? null : withoutPrompt.slice(commentStart).replace(/^\s*#\s*/, "").trim();
    if (command !== "") commands.push({ command, comment: comment === "" ? null : comment, index });
  });
  return commands;
}

/** Markdown inline syntax removed for display: emphasis, code ticks, links (their text), images. */
export function stripInlineMarkdown(text: string): string {
  return text
    // Link targets may hold one level of parentheses: [x](javascript:alert(1)). Neither the text nor
    // the target may contain a bracket, so each match attempt stops at the next one: linear time even
    // on a hostile line of `[[[[…` or `[a]([a]([a](…`.
    .replace(/!\[([^[\]\n]*)\]\((?:[^()[\]\n]|\([^()[\]\n]*\))*\)/g, "$1")
    .replace(/\[([^[\]\n]*)\]\((?:[^()[\]\n]|\([^()[\]\n]*\))*\)/g, "$1")
    .replace(/(\*\*|__)(?=\S)([^*_\n]*?\S)\1/g, "$2")
    .replace(/`+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
