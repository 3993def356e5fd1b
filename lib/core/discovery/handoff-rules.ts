/**
 * Default handoff discovery, as pure path rules (docs/cli.md, "Where handoffs are looked for"): a
 * markdown file is a handoff when a folder above it is named like a handoff folder, or its own name
 * says handoff; never inside dependency or build folders; never an index, a pointer or a template.
 * Paths are repo-relative with forward slashes.
 */
import { fileNameDate } from "../text/name-date";
import {
  COMMAND_FOLDER_NAMES,
  EXCLUDED_FOLDER_NAMES,
  HANDOFF_FOLDER_NAMES,
  LATEST_HINT_STEMS,
  EDGE_MARKERS,
  LIVING_STATUS_STEMS,
  HANDOFF_WORD_TRANSLATIONS,
  NEVER_HANDOFF_STEMS,
  SESSION_WORDS,
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

const translatedWords = new Set<string>(HANDOFF_WORD_TRANSLATIONS.words);

/** A name that is "handoff" in another language (discovery-rules.data.ts `HANDOFF_WORD_TRANSLATIONS`). */
function isTranslatedHandoffName(name: string): boolean {
  const lower = name.normalize("NFC").toLowerCase();
  return translatedWords.has(lower) || HANDOFF_WORD_TRANSLATIONS.within.some((word) => lower === word);
}

/** A vocabulary of name words (discovery-rules.data.ts): whole words, and strings found within names in scripts written without spaces. */
interface NameWords {
  words: ReadonlySet<string>;
  within: readonly string[];
}

/** Whether a name (a folder's, or a file's stem) holds one of the words: a whole word of it, or for scripts without spaces any part of it. */
function nameHoldsWord(name: string, vocabulary: NameWords): boolean {
  const text = name.normalize("NFC");
  if (vocabulary.within.some((word) => text.includes(word))) return true;
  return text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[-_. ]+/)
    .some((word) => vocabulary.words.has(word));
}

const handoffTranslations: NameWords = { words: translatedWords, within: HANDOFF_WORD_TRANSLATIONS.within };
const sessionWords: NameWords = { words: new Set<string>(SESSION_WORDS.words), within: SESSION_WORDS.within };

/** Whether a word of a name (or, for scripts without spaces, any part of it) says handoff in another language. */
function mentionsTranslatedHandoff(stem: string): boolean {
  return nameHoldsWord(stem, handoffTranslations);
}

/** A folder or the file's name says "session" (discovery-rules.data.ts `SESSION_WORDS`): where session notes are kept. */
export function pathSaysSession(filePath: string): boolean {
  return filePath.split("/").some((segment) => nameHoldsWord(segment.replace(/\.(md|markdown)$/i, ""), sessionWords));
}

export function isHandoffFolderName(name: string): boolean {
  return handoffFolders.has(name.toLowerCase()) || isTranslatedHandoffName(name);
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
const livingStatusStems = new Set(LIVING_STATUS_STEMS);

/**
 * README, INDEX, LATEST, CHANGELOG …, anything with "template" in its name, and names that start or end
 * with "readme" or "example" (`handoffs-README.md`, `handoff.example.md`): never a handoff.
 */
export function isNeverHandoffName(fileName: string): boolean {
  return neverHandoffNameReason(fileName) !== null;
}


/**
 * Why a file name is never a handoff's, or null. A dated name is judged by its exact stem only: in
 * `2026-03-06-template-groups-refactor.md` "template" is the topic, not the kind of file.
 */
export function neverHandoffNameReason(fileName: string): string | null {
  const stem = stemOf(fileName);
  if (latestStems.has(stem)) return "a pointer to the latest handoff by its name (read as the LATEST hint)";
  if (neverStems.has(stem)) return `an index or instructions file by its name (${fileName})`;
  if (fileNameDate(fileName) !== null) {
    // A date and nothing but "example" or "sample" (`2026-08-04-example.md`): a sample kept with a date in
    // its name. (`06032026-template.md` stays a handoff: dated handoffs are named by their topic.)
    const rest = stem.replace(/(?<!\d)(?:(?:19|20)\d{2}[-_.]?[01]\d[-_.]?[0-3]\d|[0-3]\d[-_.]?[01]\d[-_.]?(?:19|20)\d{2})(?!\d)/g, " ").split(/[-_. ]+/).filter((word) => word !== "");
    return rest.length > 0 && rest.every((word) => edgeMarkers.has(word) && word !== "readme") ? `an example by its name ("${rest.join(" ")}")` : null;
  }
  if (TEMPLATE_MARKERS.some((marker) => stem.includes(marker))) return "a template by its name";
  const words = stem.split(/[-_. ]+/).filter((word) => word !== "");
  const edge = [words[0] ?? "", words[words.length - 1] ?? ""].find((word) => edgeMarkers.has(word));
  return edge === undefined ? null : `an index or an example by its name ("${edge}")`;
}

/** LATEST.md, CURRENT.md, latest.txt, LATEST … : a pointer to the latest handoff. */
export function isLatestHintName(fileName: string): boolean {
  if (!/^[^.]+(\.(md|markdown|txt))?$/i.test(fileName)) return false;
  return latestStems.has(stemOf(fileName));
}

export function isHandoffFileName(fileName: string): boolean {
  return HANDOFF_FILE_NAME.test(fileName);
}

/**
 * A name with "handoff" or "handover" as one of its words, anywhere (`project_handoff_status.md`,
 * `SessionHandoffNotes.md`): read, and kept as a handoff only when its content carries a handoff's own
 * marks (lib/core/handoff/documents/handoff-signals.ts), since guides and protocols are named so too.
 */
export function mentionsHandoffInName(fileName: string): boolean {
  if (!MARKDOWN.test(fileName)) return false;
  const words = stemOf(fileName.replace(/([a-z])([A-Z])/g, "$1 $2")).split(/[-_. ]+/);
  return words.some((word) => /^hand-?(?:off|over)s?$/.test(word)) || mentionsTranslatedHandoff(fileName.replace(/\.(md|markdown)$/i, ""));
}

/**
 * Whether a title calls its document a handoff, in any language: the handoff word as the title's head,
 * ending it or set apart (`# Session Handoff: …`, `# HANDOFF III — ADDENDUM A`, `# Übergabe (Sprint 4)`),
 * or at the end of a compound in a script written without spaces (`# 引き継ぎメモ`); not a word that
 * qualifies another (`# Handoff design`, `# Handover process`, `# 交接成果核对报告`).
 */
export function titleNamesHandoff(title: string): boolean {
  const text = title.normalize("NFC");
  return TITLE_HANDOFF_HEAD.test(text) || TITLE_HANDOFF_HEAD_CJK.test(text);
}

/**
 * In scripts without spaces the head of a compound comes last: `引き継ぎメモ`, `交接文档`, `Codex 交接（2026-08-02）`
 * are handoffs, `交接成果核对报告` (a report on a handoff's results) is a report. The word, then at most two
 * characters (a memo, a document), then the end or a separator.
 */
const TITLE_HANDOFF_HEAD_CJK = new RegExp(`(?:${HANDOFF_WORD_TRANSLATIONS.within.join("|")})[^\\s\\p{P}]{0,2}(?:$|[\\s\\p{P}])`, "u");

const TITLE_HANDOFF_HEAD = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:hand-?(?:off|over)s?|${HANDOFF_WORD_TRANSLATIONS.words.join("|")})(?:\\s+(?:[ivx]+|#?\\d+))?\\s*(?:$|[:：—–|(,·]|-\\s)`,
  "iu",
);

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
  return isHandoffFileName(name) || mentionsHandoffInName(name) || folders.some(isHandoffFolderName);
}

/**
 * A markdown file the path rules do not take, read to judge by its content alone: anywhere outside
 * dependency, build and runtime-configuration folders, never an index, pointer, template or example by
 * its name. Kept as a handoff only when its content has a handoff's shape and the repository confirms it
 * (lib/core/handoff/documents/judge-document.ts, `judgeByContent`; lib/server/ingest/content-evidence.ts);
 * any other such file is an ordinary document, left alone without a finding.
 */
export function mayBeHandoffByContent(filePath: string): boolean {
  const { folders, name } = splitPath(filePath);
  if (!isMarkdownName(name) || (isNeverHandoffName(name) && !livingStatusStems.has(stemOf(name)))) return false;
  if (folders.some(isExcludedFolderName) || isInRuntimeConfigFolder(filePath)) return false;
  return !matchesDefaultRules(filePath);
}

/** How the default rules found a handoff path: its folder, its name, or a word of its name. */
export type FoundBy = "folder" | "name" | "name-word";

export function foundByDefaultRules(filePath: string): FoundBy | null {
  if (!matchesDefaultRules(filePath)) return null;
  const { name } = splitPath(filePath);
  if (isHandoffFileName(name)) return "name";
  if (isInHandoffFolder(filePath)) return "folder";
  return "name-word";
}

/**
 * Why a markdown file where handoffs live (a handoff folder, or named after handoffs) is left out by its
 * place or name alone, never read: an index, a LATEST pointer, a template, an example, or a command,
 * skill or agent definition. Null for a file the rules take, or one that is no handoff's business at
 * all (outside handoff folders, not named after handoffs, or in a dependency or build folder).
 */
export function leftOutByName(filePath: string): string | null {
  const { folders, name } = splitPath(filePath);
  if (!isMarkdownName(name) || folders.some(isExcludedFolderName)) return null;
  const wouldBe = isHandoffFileName(name) || mentionsHandoffInName(name) || folders.some(isHandoffFolderName);
  if (!wouldBe) return null;
  if (isInRuntimeConfigFolder(filePath)) return "a command, skill or agent definition (how to write a handoff, not one)";
  return neverHandoffNameReason(name);
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
