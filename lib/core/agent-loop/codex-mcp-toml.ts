/**
 * `baton mcp` in Codex's config.toml (`[mcp_servers.baton]`), edited as text so every other line of
 * the file (comments, order, formatting) stays exactly as it was: Baton appends one block between
 * two marker comments and removes exactly that block again. smol-toml only reads the file, to see
 * whether a server named `baton` is already there.
 */
import { parse } from "smol-toml";

const BEGIN = "# baton mcp: added by `baton hooks install --mcp`; `baton hooks uninstall` removes it";
const END = "# end of baton mcp";

/** TOML basic string: JSON's escapes are valid TOML escapes for every character JSON escapes. */
function tomlString(value: string): string {
  return JSON.stringify(value);
}

export function codexMcpBlock(command: string, args: readonly string[]): string {
  return [BEGIN, "[mcp_servers.baton]", `command = ${tomlString(command)}`, `args = [${args.map(tomlString).join(", ")}]`, END].join("\n");
}

function blockRange(text: string): { start: number; end: number } | null {
  const start = text.indexOf(BEGIN);
  if (start === -1) return null;
  const endMarker = text.indexOf(END, start);
  if (endMarker === -1) return null;
  let end = endMarker + END.length;
  if (text[end] === "\n") end += 1;
  return { start, end };
}

export type TomlEdit = { ok: true; text: string; changed: boolean; note: string | null } | { ok: false; message: string };

export function addCodexMcp(original: string | null, command: string, args: readonly string[], file: string): TomlEdit {
  const text = original ?? "";
  let parsed: Record<string, unknown>;
  try {
    parsed = parse(text) as Record<string, unknown>;
  } catch (error) {
    return { ok: false, message: `${file} is not valid TOML (${(error as Error).message.split("\n")[0]}); Baton left it untouched` };
  }
  const block = codexMcpBlock(command, args);
  const range = blockRange(text);
  if (range !== null) {
    const current = text.slice(range.start, range.end).replace(/\n$/, "");
    if (current === block) return { ok: true, text, changed: false, note: null };
    return { ok: true, text: `${text.slice(0, range.start)}${block}\n${text.slice(range.end)}`, changed: true, note: null };
  }
  const servers = parsed.mcp_servers;
  if (typeof servers === "object" && servers !== null && "baton" in servers) {
    return { ok: true, text, changed: false, note: `kept the MCP server "baton" already in ${file} (not added by Baton)` };
  }
  // One blank line before the block (removeCodexMcp takes it out again).
  const separator = text === "" ? "" : text.endsWith("\n") ? "\n" : "\n\n";
  return { ok: true, text: `${text}${separator}${block}\n`, changed: true, note: null };
}

export function removeCodexMcp(original: string | null): { text: string | null; changed: boolean } {
  if (original === null) return { text: null, changed: false };
  const range = blockRange(original);
  if (range === null) return { text: original, changed: false };
  let before = original.slice(0, range.start);
  const after = original.slice(range.end);
  // The separator added before the block goes with it.
  if (after === "" && before.endsWith("\n\n")) before = before.slice(0, -1);
  return { text: `${before}${after}`, changed: true };
}

export function hasCodexMcp(text: string | null): boolean {
  return text !== null && blockRange(text) !== null;
}
