/**
 * `baton hooks install|uninstall`: Baton's hooks (and, when asked, its status line and MCP server)
 * merged into each runtime's own settings, keeping everything else as it was (hook-settings.ts).
 * Every file is read and checked before any is written: one that is not valid JSON stops the whole
 * command with one line (exit 2) and nothing is written anywhere.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { addCodexMcp, removeCodexMcp } from "../../core/agent-loop/codex-mcp-toml";
import {
  formatSettings,
  listBatonHooks,
  mergeHooks,
  mergeMcpServer,
  mergeStatusLine,
  removeHooks,
  removeMcpServer,
  removeStatusLine,
  SettingsShapeError,
  type CreatedContainers,
  type DesiredHook,
  type JsonObject,
} from "../../core/agent-loop/hook-settings";
import { joinCommand, literal } from "../../core/text/shell-quote";
import { RUNTIME_HOOK_FACTS, type LoopRuntime } from "../../core/runtimes/hooks.data";
import { forgetCodexTrust, trustCodexHooks, type TrustResult } from "./codex-trust";
import { loopDirectory } from "./loop-files";
import { readSettings, readText, settingsFile, UnsafeSettingsError, writeSettingsText } from "./settings-file";
import { RUNTIME } from "../../core/runtimes/runtimes";

export type Scope = "user" | "project";

export interface LoopInstallOptions {
  runtimes: readonly LoopRuntime[];
  scope: Scope;
  mcp: boolean;
  statusline: boolean;
  /** Codex: establish trust through its app-server (default true). */
  trust: boolean;
  /** The project folder for `--scope project` (its repository root) and for Codex's `hooks/list`. */
  projectRoot: string;
  env: NodeJS.ProcessEnv;
  /** How the hooks call Baton: node and the absolute path of bin/baton.mjs. */
  entry: BatonEntry;
}

export interface BatonEntry {
  node: string;
  script: string;
  /** BATON_DATA_DIR to pass to the hooks when it is not the default one (else null). */
  dataDir: string | null;
}

export interface FileChange {
  runtime: LoopRuntime;
  file: string;
  what: string;
  changed: boolean;
}

export interface LoopInstallReport {
  files: FileChange[];
  notes: string[];
  trust: { runtime: LoopRuntime; result: TrustResult }[];
}

export { settingsFile, UnsafeSettingsError };

/** The command a runtime runs: `'/usr/bin/node' '/abs/bin/baton.mjs' hook <event> --runtime <runtime>`. */
export function batonCommand(entry: BatonEntry, words: readonly string[]): string {
  const prefix = entry.dataDir === null ? "" : `BATON_DATA_DIR=${joinCommand([entry.dataDir])} `;
  // Fixed words (event names, runtime slugs: letters and dashes only) read better unquoted.
  const plain = words.map((word) => (/^[a-z-]+$/.test(word) ? literal(word) : word));
  return `${prefix}${joinCommand([entry.node, entry.script, ...plain])}`;
}

export function desiredHooks(runtime: LoopRuntime, entry: BatonEntry): DesiredHook[] {
  const facts = RUNTIME_HOOK_FACTS[runtime];
  return facts.events.map((event) => ({
    event: event.event,
    matcher: event.matcher,
    command: batonCommand(entry, ["hook", event.slug, "--runtime", runtime]),
    timeout: runtime === RUNTIME.geminiCli ? null : facts.timeoutSeconds,
  }));
}

interface JsonFilePlan {
  file: string;
  original: string | null;
  value: JsonObject;
  changes: FileChange[];
  created: CreatedContainers;
}

function loadJson(plans: Map<string, JsonFilePlan>, file: string): JsonFilePlan {
  const known = plans.get(file);
  if (known) return known;
  const read = readSettings(file);
  if (read.kind === "invalid") throw new UnsafeSettingsError(read.message);
  const plan: JsonFilePlan = { file, original: read.kind === "ok" ? read.text : null, value: read.kind === "ok" ? read.value : {}, changes: [], created: { topLevel: [], events: [] } };
  plans.set(file, plan);
  return plan;
}

function apply(plan: JsonFilePlan, runtime: LoopRuntime, what: string, step: (value: JsonObject) => { value: JsonObject; changed: boolean; created: CreatedContainers; notes: string[] }, notes: string[]): void {
  try {
    const result = step(plan.value);
    plan.value = result.value;
    plan.changes.push({ runtime, file: plan.file, what, changed: result.changed });
    if (result.changed) {
      plan.created.topLevel.push(...result.created.topLevel.filter((key) => !plan.created.topLevel.includes(key)));
      plan.created.events.push(...result.created.events.filter((key) => !plan.created.events.includes(key)));
    }
    notes.push(...result.notes);
  } catch (error) {
    if (error instanceof SettingsShapeError) throw new UnsafeSettingsError(error.message);
    throw error;
  }
}

/* ---- What install created, so uninstall gives the file back as it was ---- */

type InstallRecord = Record<string, CreatedContainers & { createdFile?: boolean }>;

function recordFile(env: NodeJS.ProcessEnv): string {
  return path.join(loopDirectory(env), "installed.json");
}

function readRecord(env: NodeJS.ProcessEnv): InstallRecord {
  try {
    const parsed = JSON.parse(readFileSync(recordFile(env), "utf8")) as InstallRecord;
    return typeof parsed === "object" && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

function writeRecord(record: InstallRecord, env: NodeJS.ProcessEnv): void {
  const file = recordFile(env);
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(record, null, 2)}\n`);
  renameSync(temporary, file);
}

/* ---- install ---- */

export async function installLoop(options: LoopInstallOptions): Promise<LoopInstallReport> {
  const { env } = options;
  const plans = new Map<string, JsonFilePlan>();
  const notes: string[] = [];
  const tomlEdits: { runtime: LoopRuntime; file: string; original: string | null; text: string; changed: boolean }[] = [];
  const mcpEntry = { command: options.entry.node, args: [options.entry.script, "mcp"] };

  // 1. Plan every change (reading and checking every file) before writing any.
  for (const runtime of options.runtimes) {
    const facts = RUNTIME_HOOK_FACTS[runtime];
    const hooksFile = settingsFile(facts.hooksFile, options.scope, env, options.projectRoot);
    const plan = loadJson(plans, hooksFile);
    apply(plan, runtime, "hooks", (value) => mergeHooks(value, desiredHooks(runtime, options.entry), hooksFile), notes);
    if (options.statusline) {
      if (facts.statusLine) apply(plan, runtime, "status line", (value) => mergeStatusLine(value, batonCommand(options.entry, ["statusline"])), notes);
      else notes.push(`${runtime} has no status line setting; --statusline applies to Claude Code only`);
    }
    if (options.mcp) {
      const mcpFile = settingsFile(facts.mcp.file, options.scope, env, options.projectRoot);
      if (facts.mcp.kind === "json") {
        apply(loadJson(plans, mcpFile), runtime, "MCP server", (value) => mergeMcpServer(value, mcpEntry, mcpFile), notes);
      } else {
        const original = readText(mcpFile);
        const edit = addCodexMcp(original, mcpEntry.command, mcpEntry.args, mcpFile);
        if (!edit.ok) throw new UnsafeSettingsError(edit.message);
        if (edit.note) notes.push(edit.note);
        tomlEdits.push({ runtime, file: mcpFile, original, text: edit.text, changed: edit.changed });
      }
    }
  }

  // 2. Write.
  const record = readRecord(env);
  const files: FileChange[] = [];
  for (const plan of plans.values()) {
    const changed = plan.changes.some((change) => change.changed);
    if (changed) {
      writeSettingsText(plan.file, formatSettings(plan.value, plan.original), plan.original);
      const before = record[plan.file] ?? { topLevel: [], events: [] };
      record[plan.file] = {
        topLevel: [...new Set([...before.topLevel, ...plan.created.topLevel])],
        events: [...new Set([...before.events, ...plan.created.events])],
        createdFile: before.createdFile ?? plan.original === null,
      };
    }
    files.push(...plan.changes);
  }
  for (const edit of tomlEdits) {
    if (edit.changed) writeSettingsText(edit.file, edit.text, edit.original);
    files.push({ runtime: edit.runtime, file: edit.file, what: "MCP server", changed: edit.changed });
  }
  writeRecord(record, env);

  // 3. Codex: trust, through its own app-server.
  const trust: LoopInstallReport["trust"] = [];
  if (options.runtimes.includes(RUNTIME.codex)) {
    const hooksFile = settingsFile(RUNTIME_HOOK_FACTS.codex.hooksFile, options.scope, env, options.projectRoot);
    if (options.trust) {
      trust.push({ runtime: RUNTIME.codex, result: await trustCodexHooks({ env, cwd: options.projectRoot, hooksFile }) });
    } else {
      notes.push(`--no-trust: Codex skips Baton's hooks in ${hooksFile} until you trust them (start Codex and review them in /hooks).`);
    }
  }
  return { files, notes, trust };
}

/* ---- uninstall ---- */

export async function uninstallLoop(options: Omit<LoopInstallOptions, "mcp" | "statusline" | "trust" | "entry">): Promise<LoopInstallReport> {
  const { env } = options;
  const plans = new Map<string, JsonFilePlan>();
  const notes: string[] = [];
  const record = readRecord(env);
  const tomlEdits: { runtime: LoopRuntime; file: string; original: string | null; text: string | null; changed: boolean }[] = [];
  let codexKeys: string[] = [];

  for (const runtime of options.runtimes) {
    const facts = RUNTIME_HOOK_FACTS[runtime];
    const hooksFile = settingsFile(facts.hooksFile, options.scope, env, options.projectRoot);
    if (existsSync(hooksFile)) {
      const plan = loadJson(plans, hooksFile);
      if (runtime === RUNTIME.codex && listBatonHooks(plan.value).length > 0) codexKeys = await codexHookKeys(env, options.projectRoot, hooksFile);
      apply(plan, runtime, "hooks", (value) => removeHooks(value, facts.events.map((event) => event.event), hooksFile, record[hooksFile] ?? null), notes);
      if (facts.statusLine) apply(plan, runtime, "status line", (value) => removeStatusLine(value), notes);
    }
    const mcpFile = settingsFile(facts.mcp.file, options.scope, env, options.projectRoot);
    if (facts.mcp.kind === "json") {
      if (existsSync(mcpFile)) apply(loadJson(plans, mcpFile), runtime, "MCP server", (value) => removeMcpServer(value, record[mcpFile] ?? null), notes);
    } else {
      const original = readText(mcpFile);
      const edit = removeCodexMcp(original);
      tomlEdits.push({ runtime, file: mcpFile, original, text: edit.text, changed: edit.changed });
    }
  }

  const files: FileChange[] = [];
  for (const plan of plans.values()) {
    if (plan.changes.some((change) => change.changed)) {
      // A file Baton created and left empty goes again (the user had none).
      if (record[plan.file]?.createdFile === true && Object.keys(plan.value).length === 0) rmSync(plan.file, { force: true });
      else writeSettingsText(plan.file, formatSettings(plan.value, plan.original), plan.original);
      delete record[plan.file];
    }
    files.push(...plan.changes.filter((change) => change.changed || change.what === "hooks"));
  }
  for (const edit of tomlEdits) {
    if (edit.changed && edit.text !== null) writeSettingsText(edit.file, edit.text, edit.original);
    if (edit.changed) files.push({ runtime: edit.runtime, file: edit.file, what: "MCP server", changed: true });
  }
  writeRecord(record, env);
  if (codexKeys.length > 0) {
    const configToml = settingsFile(RUNTIME_HOOK_FACTS.codex.mcp.file, options.scope, env, options.projectRoot);
    const note = await forgetCodexTrust({ env, keys: codexKeys, configToml: readText(configToml) });
    if (note) notes.push(note);
  }
  return { files, notes, trust: [] };
}

async function codexHookKeys(env: NodeJS.ProcessEnv, cwd: string, hooksFile: string): Promise<string[]> {
  const { findOnPath, listBatonCodexHooks } = await import("./codex-trust");
  const codex = findOnPath("codex", env);
  if (codex === null) return [];
  try {
    return (await listBatonCodexHooks(codex, env, cwd, hooksFile)).map((entry) => entry.key);
  } catch {
    return [];
  }
}
