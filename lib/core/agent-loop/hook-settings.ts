/**
 * Baton's entries in a runtime's settings JSON, merged in and taken out again without touching
 * anything else: every other key, every other tool's hook group, and the order of both stay as they
 * were. Pure: the caller reads and writes the file (lib/server/agent-loop/settings-file.ts).
 *
 * Shape (Claude Code settings.json, Codex hooks.json, Gemini CLI settings.json all share it):
 *   { "hooks": { "<Event>": [ { "matcher"?: "…", "hooks": [ { "type": "command", "command": "…", "timeout"?: n } ] } ] } }
 * Baton's entries are recognised by their command (`isBatonCommand`), so an install from another
 * checkout of Baton is replaced, not doubled.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** The hook group Baton wants for one event. */
export interface DesiredHook {
  event: string;
  matcher: string | null;
  command: string;
  /** Seconds (Claude Code, Codex); null to leave the runtime's default. */
  timeout: number | null;
}

/** Containers Baton created on install, so uninstall removes exactly those again (and keeps a user's empty ones). */
export interface CreatedContainers {
  /** The top-level key holding Baton's entries was absent before (`hooks`, `mcpServers`). */
  topLevel: string[];
  /** Event arrays that were absent before (under `hooks`). */
  events: string[];
}

export interface MergeResult {
  value: JsonObject;
  changed: boolean;
  created: CreatedContainers;
  /** Sentences for the user: what was kept and why. */
  notes: string[];
}

/** A problem with the file's shape that makes Baton leave it untouched. */
export class SettingsShapeError extends Error {}

/** Whether a hook command (or status line / MCP command) is one Baton installed. */
export function isBatonCommand(command: unknown): boolean {
  if (typeof command !== "string") return false;
  return /baton\.mjs['"]?\s+['"]?(?:hook|statusline|mcp)\b/.test(command) || /(?:^|[\s/'"])baton['"]?\s+['"]?(?:hook|statusline|mcp)\b/.test(command);
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A deep copy (settings are small; the input is never modified). */
function clone<T extends JsonValue>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function groupFor(desired: DesiredHook): JsonObject {
  const entry: JsonObject = { type: "command", command: desired.command };
  if (desired.timeout !== null) entry.timeout = desired.timeout;
  return desired.matcher === null ? { hooks: [entry] } : { matcher: desired.matcher, hooks: [entry] };
}

function hookEntries(group: JsonValue): JsonValue[] | null {
  return isObject(group) && Array.isArray(group.hooks) ? group.hooks : null;
}

function isBatonEntry(entry: JsonValue): boolean {
  return isObject(entry) && isBatonCommand(entry.command);
}

/** Groups with Baton's entries taken out; a group left empty by that is dropped (it was Baton's). */
function withoutBaton(groups: JsonValue[]): JsonValue[] {
  const kept: JsonValue[] = [];
  for (const group of groups) {
    const entries = hookEntries(group);
    if (entries === null || !entries.some(isBatonEntry)) {
      kept.push(group);
      continue;
    }
    const others = entries.filter((entry) => !isBatonEntry(entry));
    if (others.length > 0) kept.push({ ...(group as JsonObject), hooks: others });
  }
  return kept;
}

function hooksObject(settings: JsonObject, file: string): JsonObject | null {
  const hooks = settings.hooks;
  if (hooks === undefined) return null;
  if (!isObject(hooks)) throw new SettingsShapeError(`${file}: "hooks" is not an object; Baton leaves the file as it is`);
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) {
      // Gemini CLI keeps its own switches (`enabled`, `disabled`, …) beside the events: leave those.
      if (typeof groups === "boolean" || event === "disabled" || event === "enabled") continue;
      throw new SettingsShapeError(`${file}: "hooks.${event}" is not an array; Baton leaves the file as it is`);
    }
  }
  return hooks;
}

/** Adds (or brings up to date) Baton's hook groups. A second run with the same desire changes nothing. */
export function mergeHooks(settings: JsonObject, desired: readonly DesiredHook[], file: string): MergeResult {
  const value = clone(settings);
  const existing = hooksObject(value, file);
  const created: CreatedContainers = { topLevel: existing === null ? ["hooks"] : [], events: [] };
  const hooks: JsonObject = existing ?? {};
  let changed = false;
  for (const want of desired) {
    const groups = hooks[want.event];
    const current = Array.isArray(groups) ? groups : [];
    if (!Array.isArray(groups)) created.events.push(want.event);
    const wanted = groupFor(want);
    const batonGroups = current.filter((group) => hookEntries(group)?.some(isBatonEntry) ?? false);
    const isCurrent = batonGroups.length === 1 && JSON.stringify(batonGroups[0]) === JSON.stringify(wanted);
    if (isCurrent) continue;
    hooks[want.event] = [...withoutBaton(current), wanted];
    changed = true;
  }
  if (existing === null && changed) value.hooks = hooks;
  return { value, changed, created, notes: [] };
}

/**
 * Takes Baton's hook groups out. Containers Baton created (per `created`, from the install record)
 * go when they end up empty; without a record, an empty container Baton emptied goes too.
 */
export function removeHooks(settings: JsonObject, events: readonly string[], file: string, created: CreatedContainers | null): MergeResult {
  const value = clone(settings);
  const hooks = hooksObject(value, file);
  const none: CreatedContainers = { topLevel: [], events: [] };
  if (hooks === null) return { value, changed: false, created: none, notes: [] };
  let changed = false;
  for (const event of events) {
    const groups = hooks[event];
    if (!Array.isArray(groups) || !groups.some((group) => hookEntries(group)?.some(isBatonEntry) ?? false)) continue;
    const kept = withoutBaton(groups);
    changed = true;
    if (kept.length === 0 && (created === null || created.events.includes(event))) delete hooks[event];
    else hooks[event] = kept;
  }
  if (changed && Object.keys(hooks).length === 0 && (created === null || created.topLevel.includes("hooks"))) delete value.hooks;
  return { value, changed, created: none, notes: [] };
}

/** Baton's hook commands found in the settings, by event (for `hooks status`). */
export function listBatonHooks(settings: JsonObject): { event: string; command: string; matcher: string | null }[] {
  const hooks = settings.hooks;
  if (!isObject(hooks)) return [];
  const found: { event: string; command: string; matcher: string | null }[] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    for (const group of groups) {
      for (const entry of hookEntries(group) ?? []) {
        if (isBatonEntry(entry)) found.push({ event, command: String((entry as JsonObject).command), matcher: isObject(group) && typeof group.matcher === "string" ? group.matcher : null });
      }
    }
  }
  return found;
}

/** Claude Code's `statusLine`: set only where none is set; Baton's own is brought up to date. */
export function mergeStatusLine(settings: JsonObject, command: string): MergeResult {
  const value = clone(settings);
  const current = value.statusLine;
  const wanted: JsonObject = { type: "command", command, padding: 0 };
  const created: CreatedContainers = { topLevel: current === undefined ? ["statusLine"] : [], events: [] };
  if (current !== undefined && !(isObject(current) && isBatonCommand(current.command))) {
    const shown = isObject(current) && typeof current.command === "string" ? current.command : JSON.stringify(current);
    return { value, changed: false, created, notes: [`kept the status line already set (${shown}); Baton's is not installed`] };
  }
  if (JSON.stringify(current) === JSON.stringify(wanted)) return { value, changed: false, created, notes: [] };
  value.statusLine = wanted;
  return { value, changed: true, created, notes: [] };
}

export function removeStatusLine(settings: JsonObject): MergeResult {
  const value = clone(settings);
  const current = value.statusLine;
  const none: CreatedContainers = { topLevel: [], events: [] };
  if (!(isObject(current) && isBatonCommand(current.command))) return { value, changed: false, created: none, notes: [] };
  delete value.statusLine;
  return { value, changed: true, created: none, notes: [] };
}

/** The server entry `mcpServers.baton` (Claude Code's .claude.json / .mcp.json, Gemini CLI's settings.json). */
export interface McpServerEntry {
  command: string;
  args: string[];
}

const MCP_NAME = "baton";

export function mergeMcpServer(settings: JsonObject, entry: McpServerEntry, file: string): MergeResult {
  const value = clone(settings);
  const servers = value.mcpServers;
  if (servers !== undefined && !isObject(servers)) throw new SettingsShapeError(`${file}: "mcpServers" is not an object; Baton leaves the file as it is`);
  const created: CreatedContainers = { topLevel: servers === undefined ? ["mcpServers"] : [], events: [] };
  const table: JsonObject = servers ?? {};
  const current = table[MCP_NAME];
  const wanted: JsonObject = { command: entry.command, args: entry.args };
  if (current !== undefined && !isBatonMcpEntry(current)) {
    return { value, changed: false, created, notes: [`kept the MCP server "${MCP_NAME}" already in ${file} (not Baton's); register Baton's under another name by hand (docs/agent-loop.md)`] };
  }
  if (JSON.stringify(current) === JSON.stringify(wanted)) return { value, changed: false, created, notes: [] };
  table[MCP_NAME] = wanted;
  value.mcpServers = table;
  return { value, changed: true, created, notes: [] };
}

export function removeMcpServer(settings: JsonObject, created: CreatedContainers | null): MergeResult {
  const value = clone(settings);
  const servers = value.mcpServers;
  const none: CreatedContainers = { topLevel: [], events: [] };
  if (!isObject(servers) || !isBatonMcpEntry(servers[MCP_NAME])) return { value, changed: false, created: none, notes: [] };
  delete servers[MCP_NAME];
  if (Object.keys(servers).length === 0 && (created === null || created.topLevel.includes("mcpServers"))) delete value.mcpServers;
  return { value, changed: true, created: none, notes: [] };
}

function isBatonMcpEntry(entry: JsonValue | undefined): boolean {
  if (!isObject(entry)) return false;
  const args = Array.isArray(entry.args) ? entry.args.filter((arg): arg is string => typeof arg === "string") : [];
  return isBatonCommand([entry.command, ...args].join(" "));
}

export function hasBatonMcpServer(settings: JsonObject): boolean {
  return isObject(settings.mcpServers) && isBatonMcpEntry(settings.mcpServers[MCP_NAME]);
}

export function hasBatonStatusLine(settings: JsonObject): boolean {
  return isObject(settings.statusLine) && isBatonCommand(settings.statusLine.command);
}

/**
 * The file's text for a settings value: the indentation the file used (two spaces when it is new or
 * flat), and a final newline when it had one (always for a new file).
 */
export function formatSettings(value: JsonObject, original: string | null): string {
  const indent = original === null ? 2 : detectIndent(original);
  const text = JSON.stringify(value, null, indent);
  return original === null || original.endsWith("\n") ? `${text}\n` : text;
}

function detectIndent(text: string): string | number {
  const match = /\n([ \t]+)\S/.exec(text);
  if (!match) return 2;
  return match[1]!.startsWith("\t") ? "\t" : match[1]!.length;
}
