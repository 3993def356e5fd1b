import { readdirSync, readFileSync, statSync, type Dirent } from "node:fs";
import path from "node:path";
import { finding, type Finding } from "../../core/findings";
import { RUNTIME, runtimeLogs, type RuntimeLogLocation } from "../../core/runtimes/runtimes";
import { parseGeminiProjects } from "../../core/sessions/parse-gemini-chat";

/**
 * Where each agent CLI keeps its sessions, found the way ccusage 20 finds them (same variables,
 * same defaults), so Baton and ccusage read the same files:
 * - Claude Code: `CLAUDE_CONFIG_DIR` (comma list; each entry a config dir holding `projects/`, or
 *   the `projects/` dir itself; `~` expanded). When it is set but names no valid dir, that is an
 *   issue and the defaults are NOT used. Defaults: `$XDG_CONFIG_HOME/claude` (else
 *   `~/.config/claude`) and `~/.claude`, each when it has `projects/`.
 * - Codex: `CODEX_HOME` (comma list, default `~/.codex`); per home its `sessions/` (or the home
 *   itself when there is none), plus `archived_sessions/` (ccusage reads only `sessions/`).
 * - Gemini CLI: `GEMINI_DATA_DIR` (comma list of `tmp`-style dirs; a dir holding `tmp/` is
 *   accepted too), default `~/.gemini/tmp`. Chats are `<project>/chats/session-*.json[l]`.
 * - OpenCode: `OPENCODE_DATA_DIR` (comma list), default `~/.local/share/opencode`: `opencode.db`
 *   (else the first `opencode-<channel>.db`) and the older `storage/` tree.
 * `env` and `homeDir` are arguments so tests never touch the real home.
 */

export interface DiscoverAgentSourcesOptions {
  env: Readonly<Record<string, string | undefined>>;
  homeDir: string;
}

export type ClaudeFileKind = "main" | "subagent" | "flat-agent";

export interface ClaudeSourceFile {
  path: string;
  /** The `projects/<dir>` folder (the encoded cwd). */
  projectDir: string;
  /** From the path; null for the 2.0.x `agent-<id>.jsonl` layout, whose lines name the parent. */
  sessionId: string | null;
  agentId: string | null;
  /** `<agent>.meta.json` beside a subagent file, when present. */
  metaPath: string | null;
  kind: ClaudeFileKind;
}

export interface CodexSourceFile {
  path: string;
  /** Path relative to its sessions root without `.jsonl` (ccusage's session key). */
  relativeKey: string;
  archived: boolean;
}

export interface GeminiSourceFile {
  path: string;
  format: "json" | "jsonl";
  /** The `tmp/<project>` folder name: a short name (newer) or the SHA-256 of the folder (older). */
  projectDir: string;
  /** The project folder, from `.project_root` or `projects.json`, else null. */
  projectRoot: string | null;
}

export interface OpenCodeSourceDir {
  dataDir: string;
  database: string | null;
  /** `storage/` when it exists. */
  storageDir: string | null;
}

export interface AgentSources {
  claude: { roots: string[]; files: ClaudeSourceFile[] };
  codex: { roots: string[]; files: CodexSourceFile[] };
  gemini: { roots: string[]; files: GeminiSourceFile[] };
  opencode: { roots: string[]; dirs: OpenCodeSourceDir[] };
  issues: Finding[];
  /** Symbolic links met in the folders walked (absolute paths), not followed; `issues` says so per folder. */
  links: string[];
}

/** Each runtime's log folders: the variable that points them elsewhere and the defaults (lib/core/runtimes). */
const LOGS = {
  claude: runtimeLogs(RUNTIME.claudeCode),
  codex: runtimeLogs(RUNTIME.codex),
  gemini: runtimeLogs(RUNTIME.geminiCli),
  opencode: runtimeLogs(RUNTIME.opencode),
};

/** The folders a location names: its variable's comma list when set, else its defaults under the home folder. */
function configuredFolders(location: RuntimeLogLocation, options: DiscoverAgentSourcesOptions): string[] {
  const configured = options.env[location.variable];
  if (configured !== undefined) return splitList(configured).map((raw) => expandHome(raw, options.homeDir));
  return defaultFolders(location, options);
}

/** The defaults; one under `.config` follows `XDG_CONFIG_HOME` when that is set. */
function defaultFolders(location: RuntimeLogLocation, options: DiscoverAgentSourcesOptions): string[] {
  const xdg = options.env.XDG_CONFIG_HOME ? expandHome(options.env.XDG_CONFIG_HOME, options.homeDir) : null;
  return location.defaults.map(([first, ...rest]) => (first === ".config" && xdg !== null ? path.join(xdg, ...rest) : path.join(options.homeDir, first!, ...rest)));
}

export async function discoverAgentSources(options: DiscoverAgentSourcesOptions): Promise<AgentSources> {
  const issues: Finding[] = [];
  const links: string[] = [];
  const [claude, codex, gemini, opencode] = await Promise.all([
    discoverClaude(options, issues, links),
    discoverCodex(options, issues, links),
    discoverGemini(options, issues, links),
    discoverOpenCode(options),
  ]);
  return { claude, codex, gemini, opencode, issues, links: links.sort(compareStrings) };
}

/* ---- Claude Code ---- */

async function discoverClaude(options: DiscoverAgentSourcesOptions, issues: Finding[], links: string[]): Promise<AgentSources["claude"]> {
  const roots: string[] = [];
  const configured = options.env[LOGS.claude.variable];
  if (configured !== undefined) {
    for (const raw of splitList(configured)) {
      let root = expandHome(raw, options.homeDir);
      if (path.basename(root) === "projects" && (await isDirectory(root))) root = path.dirname(root);
      if ((await isDirectory(path.join(root, "projects"))) && !roots.includes(root)) roots.push(root);
    }
    if (roots.length === 0) {
      issues.push(
        finding(
          "agent-source-missing",
          "warning",
          null,
          `${LOGS.claude.variable} names no Claude data directory (each entry must contain projects/): ${configured}`,
        ),
      );
    }
  } else {
    for (const root of defaultFolders(LOGS.claude, options)) {
      if ((await isDirectory(path.join(root, "projects"))) && !roots.includes(root)) roots.push(root);
    }
  }

  const files: ClaudeSourceFile[] = [];
  for (const root of roots) {
    const projectsDir = path.join(root, "projects");
    // Subagent .meta.json files are listed too: whether one exists is then a lookup, not a stat.
    const listed = await listFiles(projectsDir, (name) => name.endsWith(".jsonl") || name.endsWith(".meta.json"), LOGS.claude.variable, issues, links);
    const metaFiles = new Set(listed.filter((file) => file.endsWith(".meta.json")));
    for (const file of listed) {
      if (file.endsWith(".jsonl")) files.push(classifyClaudeFile(projectsDir, file, metaFiles));
    }
  }
  files.sort((a, b) => compareStrings(a.path, b.path));
  return { roots, files };
}

function classifyClaudeFile(projectsDir: string, file: string, metaFiles: ReadonlySet<string>): ClaudeSourceFile {
  const parts = relativeInside(projectsDir, file).split(path.sep);
  // Joined by hand (as listFiles does): every part is a plain folder or file name.
  const projectDir = joinName(projectsDir, parts[0] ?? "");
  const name = parts[parts.length - 1] ?? "";
  const stem = name.replace(/\.jsonl$/, "");
  const agentMatch = /^agent-(.+)$/.exec(stem);
  if (parts.length >= 4 && parts[parts.length - 2] === "subagents") {
    const metaPath = joinName(path.dirname(file), `${stem}.meta.json`);
    return {
      path: file,
      projectDir,
      sessionId: parts[parts.length - 3] ?? null,
      agentId: agentMatch?.[1] ?? stem,
      metaPath: metaFiles.has(metaPath) ? metaPath : null,
      kind: "subagent",
    };
  }
  if (parts.length === 2 && agentMatch !== null) {
    return { path: file, projectDir, sessionId: null, agentId: agentMatch[1] ?? stem, metaPath: null, kind: "flat-agent" };
  }
  // `<project>/<session>.jsonl`, or a nested `<project>/<session>/<name>.jsonl` (ccusage reads the
  // session from the folder then).
  const sessionId = parts.length === 2 ? stem : (parts[parts.length - 2] ?? stem);
  return { path: file, projectDir, sessionId, agentId: null, metaPath: null, kind: "main" };
}

/* ---- Codex ---- */

async function discoverCodex(options: DiscoverAgentSourcesOptions, issues: Finding[], links: string[]): Promise<AgentSources["codex"]> {
  const homes = configuredFolders(LOGS.codex, options);
  const roots: string[] = [];
  const files: CodexSourceFile[] = [];
  for (const home of homes) {
    const sessions = path.join(home, "sessions");
    const sessionRoot = (await isDirectory(sessions)) ? sessions : (await isDirectory(home)) ? home : null;
    const archived = path.join(home, "archived_sessions");
    for (const [root, isArchived] of [
      [sessionRoot, false],
      [(await isDirectory(archived)) ? archived : null, true],
    ] as const) {
      if (root === null || roots.includes(root)) continue;
      roots.push(root);
      for (const file of await listFiles(root, (name) => name.endsWith(".jsonl"), LOGS.codex.variable, issues, links)) {
        files.push({ path: file, relativeKey: relativeInside(root, file).replace(/\.jsonl$/, "").split(path.sep).join("/"), archived: isArchived });
      }
    }
  }
  files.sort((a, b) => compareStrings(a.path, b.path));
  return { roots, files };
}

/* ---- Gemini CLI ---- */

async function discoverGemini(options: DiscoverAgentSourcesOptions, issues: Finding[], links: string[]): Promise<AgentSources["gemini"]> {
  const candidates = configuredFolders(LOGS.gemini, options);
  const roots: string[] = [];
  for (const candidate of candidates) {
    const nestedTmp = path.join(candidate, "tmp");
    const root = (await isDirectory(nestedTmp)) ? nestedTmp : (await isDirectory(candidate)) ? candidate : null;
    if (root !== null && !roots.includes(root)) roots.push(root);
  }

  const files: GeminiSourceFile[] = [];
  for (const root of roots) {
    const projects = await readGeminiProjects(path.join(path.dirname(root), "projects.json"), issues);
    for (const file of await listFiles(root, (name) => name.endsWith(".json") || name.endsWith(".jsonl"), LOGS.gemini.variable, issues, links)) {
      const parts = relativeInside(root, file).split(path.sep);
      // <project>/chats/<file>, including subagent chats nested below `chats/`.
      const chatsIndex = parts.indexOf("chats");
      if (chatsIndex < 1) continue;
      const projectDir = parts.slice(0, chatsIndex).join("/");
      const projectRoot = (await readTextIfExists(path.join(root, projectDir, ".project_root")))?.trim() || projects[projectDir] || null;
      files.push({ path: file, format: file.endsWith(".jsonl") ? "jsonl" : "json", projectDir, projectRoot });
    }
  }
  files.sort((a, b) => compareStrings(a.path, b.path));
  return { roots, files };
}

async function readGeminiProjects(file: string, issues: Finding[]): Promise<Record<string, string>> {
  const text = await readTextIfExists(file);
  if (text === null) return {};
  const parsed = parseGeminiProjects(text);
  issues.push(...parsed.issues.map((issue) => ({ ...issue, message: `${file}: ${issue.message}` })));
  return parsed.value;
}

/* ---- OpenCode ---- */

async function discoverOpenCode(options: DiscoverAgentSourcesOptions): Promise<AgentSources["opencode"]> {
  const candidates = configuredFolders(LOGS.opencode, options);
  const roots: string[] = [];
  const dirs: OpenCodeSourceDir[] = [];
  for (const dataDir of candidates) {
    if (!(await isDirectory(dataDir)) || roots.includes(dataDir)) continue;
    roots.push(dataDir);
    const storage = path.join(dataDir, "storage");
    dirs.push({ dataDir, database: await openCodeDatabase(dataDir), storageDir: (await isDirectory(storage)) ? storage : null });
  }
  return { roots, dirs };
}

async function openCodeDatabase(dataDir: string): Promise<string | null> {
  const main = path.join(dataDir, "opencode.db");
  if (await isFile(main)) return main;
  // Release channels write `opencode-<channel>.db`; ccusage takes the first by name.
  const entries = await safeReaddir(dataDir);
  const channel = entries
    .filter((entry) => entry.isFile() && /^opencode-[A-Za-z0-9_-]+\.db$/.test(entry.name))
    .map((entry) => entry.name)
    .sort(compareStrings)[0];
  return channel === undefined ? null : path.join(dataDir, channel);
}

/* ---- fs helpers ---- */

function splitList(value: string): string[] {
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

function expandHome(raw: string, homeDir: string): string {
  if (raw === "~") return homeDir;
  if (raw.startsWith("~/")) return path.join(homeDir, raw.slice(2));
  return path.resolve(raw);
}

/*
 * Synchronous on purpose: a Claude folder holds thousands of files and directories, and thousands of
 * awaited calls through the thread pool cost ten times more wall time than the calls themselves.
 */

async function isDirectory(target: string): Promise<boolean> {
  try {
    return statSync(target).isDirectory();
  } catch {
    return false;
  }
}

async function isFile(target: string): Promise<boolean> {
  try {
    return statSync(target).isFile();
  } catch {
    return false;
  }
}

async function readTextIfExists(file: string): Promise<string | null> {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

async function safeReaddir(dir: string): Promise<Dirent[]> {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** `file` relative to `dir`, for a file listed below it (path.relative's general case is slower). */
export function relativeInside(dir: string, file: string): string {
  const prefix = dir.endsWith(path.sep) ? dir : dir + path.sep;
  return file.startsWith(prefix) ? file.slice(prefix.length) : path.relative(dir, file);
}

/**
 * `dir` + separator + `name`, for a plain entry name of a normalised folder: what path.join gives
 * then, without its normalising (a third of listing a large Claude folder).
 */
function joinName(dir: string, name: string): string {
  if (name === "") return dir;
  return dir.endsWith(path.sep) ? dir + name : dir + path.sep + name;
}

/**
 * Regular files below `dir`. Symbolic links are not followed (as ccusage's walk does not; a link may
 * lead out of the folder, and nothing outside a registered root is read): each one found is reported
 * in `issues`, once per folder, and added to `allLinks` (absolute), so sessions missing behind a link
 * are explained, not dropped silently.
 */
async function listFiles(dir: string, accept: (name: string) => boolean, variable: string, issues: Finding[], allLinks: string[]): Promise<string[]> {
  const found: string[] = [];
  const links: string[] = [];
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === undefined) break;
    for (const entry of await safeReaddir(current)) {
      const full = joinName(current, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) {
        if (accept(entry.name)) found.push(full);
      } else if (entry.isSymbolicLink()) {
        allLinks.push(full);
        links.push(relativeInside(dir, full).split(path.sep).join("/"));
      }
    }
  }
  if (links.length > 0) {
    links.sort(compareStrings);
    const shown = links.slice(0, SYMLINKS_NAMED).join(", ");
    const more = links.length > SYMLINKS_NAMED ? `, and ${links.length - SYMLINKS_NAMED} more` : "";
    issues.push(
      finding(
        "agent-symlink-not-followed",
        "warning",
        null,
        `${dir}: ${links.length === 1 ? "1 symbolic link was" : `${links.length} symbolic links were`} not followed (only real files inside an agent log folder are read; point ${variable} at a link's target to read it): ${shown}${more}`,
      ),
    );
  }
  return found;
}

const SYMLINKS_NAMED = 5;

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
