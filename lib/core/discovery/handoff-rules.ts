/**
 * Default handoff discovery, as pure path rules (docs/cli.md, "Where handoffs are looked for"): a
 * markdown file is a handoff when a folder above it is named like a handoff folder, or its own name
 * says handoff; never inside dependency or build folders; never an index, a pointer or a template.
 * Paths are repo-relative with forward slashes.
 */
import {
  COMMAND_FOLDER_NAMES,
  EXCLUDED_FOLDER_NAMES,
  HANDOFF_FOLDER_NAMES,
  LATEST_HINT_STEMS,
  EDGE_MARKERS,
  NEVER_HANDOFF_STEMS,
  RUNTIME_CONFIG_NAMES,
  RUNTIME_FOLDERS,
  TEMPLATE_MARKERS,
} from "./discovery-rules.data";

const handoffFolders = new Set(HANDOFF_FOLDER_NAMES);
const excludedFolders = new Set(EXCLUDED_FOLDER_NAMES);
const neverStems = new Set(NEVER_HANDOFF_STEMS);
const latestStems = new Set(LATEST_HINT_STEMS);

/** `handoff*.md` / `HANDOFF*.md` (any case), `*_handoff.md`, `*-handoff.md`, and the same with "handover". */
const HANDOFF_FILE_NAME = /^(?:hand[-_]?(?:off|over).*|.+[_-]hand[-_]?(?:off|over))\.md$/i;
const MARKDOWN = /\.md$/i;

export function isHandoffFolderName(name: string): boolean {
  return handoffFolders.has(name.toLowerCase());
}

export function isExcludedFolderName(name: string): boolean {
  return excludedFolders.has(name.toLowerCase());
}

export function isMarkdownName(fileName: string): boolean {
  return MARKDOWN.test(fileName);
}

function stemOf(fileName: string): string {
  return fileName.replace(/\.(md|markdown|txt)$/i, "").toLowerCase();
}

const edgeMarkers = new Set(EDGE_MARKERS);

/**
 * README, INDEX, LATEST, CHANGELOG …, anything with "template" in its name, and names that start or end
 * with "readme" or "example" (`handoffs-README.md`, `handoff.example.md`): never a handoff.
 */
export function isNeverHandoffName(fileName: string): boolean {
  const stem = stemOf(fileName);
  if (neverStems.has(stem) || latestStems.has(stem) || TEMPLATE_MARKERS.some((marker) => stem.includes(marker))) return true;
  const words = stem.split(/[-_. ]+/).filter((word) => word !== "");
  return edgeMarkers.has(words[0] ?? "") || edgeMarkers.has(words[words.length - 1] ?? "");
}

/** LATEST.md, CURRENT.md, latest.txt, LATEST … : a pointer to the latest handoff. */
export function isLatestHintName(fileName: string): boolean {
  if (!/^[^.]+(\.(md|markdown|txt))?$/i.test(fileName)) return false;
  return latestStems.has(stemOf(fileName));
}

export function isHandoffFileName(fileName: string): boolean {
  return HANDOFF_FILE_NAME.test(fileName);
}

function splitPath(filePath: string): { folders: string[]; name: string } {
  const parts = filePath.split("/");
  const name = parts.pop() ?? "";
  return { folders: parts, name };
}

/** Some folder of the path (its file name aside) is excluded. */
export function isInExcludedFolder(filePath: string): boolean {
  return splitPath(filePath).folders.some(isExcludedFolderName);
}

/** Some folder of the path (its file name aside) is named like a handoff folder. */
export function isInHandoffFolder(filePath: string): boolean {
  return splitPath(filePath).folders.some(isHandoffFolderName);
}

const runtimeFolders = new Set(RUNTIME_FOLDERS);
const runtimeConfigNames = new Set(RUNTIME_CONFIG_NAMES);

const commandFolders = new Set(COMMAND_FOLDER_NAMES);

/**
 * Inside a runtime's configuration (`.claude/commands/`, `.claude/upstream/commands/`, `.codex/prompts/` …),
 * or inside a command or skill folder anywhere (`engine/commands/handoff.md`).
 */
export function isInRuntimeConfigFolder(filePath: string): boolean {
  const folders = splitPath(filePath).folders.map((folder) => folder.toLowerCase());
  if (folders.some((folder) => commandFolders.has(folder))) return true;
  const runtime = folders.findIndex((folder) => runtimeFolders.has(folder));
  return runtime !== -1 && folders.slice(runtime + 1).some((folder) => runtimeConfigNames.has(folder));
}

/** The default rules alone (no globs, no ignores). */
export function matchesDefaultRules(filePath: string): boolean {
  const { folders, name } = splitPath(filePath);
  if (!isMarkdownName(name) || isNeverHandoffName(name)) return false;
  if (folders.some(isExcludedFolderName) || isInRuntimeConfigFolder(filePath)) return false;
  return isHandoffFileName(name) || folders.some(isHandoffFolderName);
}

/**
 * Where a handoff's path starts being one, for narrowing git history reads to what holds handoffs:
 * the outermost handoff-named folder, else the file's own folder ("" at the root).
 */
export function handoffAnchor(filePath: string): string {
  const { folders } = splitPath(filePath);
  const index = folders.findIndex(isHandoffFolderName);
  return (index >= 0 ? folders.slice(0, index + 1) : folders).join("/");
}

/** The smallest set of folders covering all anchors (a folder inside another adds nothing). */
export function minimalFolders(folders: Iterable<string>): string[] {
  const unique = [...new Set(folders)].sort();
  if (unique.includes("")) return [""];
  const kept: string[] = [];
  for (const folder of unique) {
    // Sorted order puts "a" before "a/b" (and "a-b" between them, which is not inside "a").
    if (!kept.some((outer) => folder.startsWith(`${outer}/`))) kept.push(folder);
  }
  return kept;
}
