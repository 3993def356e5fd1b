import { createHash } from "node:crypto";
import picomatch from "picomatch";
import {
  COMMAND_FOLDER_NAMES,
  EXCLUDED_FOLDER_NAMES,
  HANDOFF_FOLDER_NAMES,
  HANDOFF_WORD_TRANSLATIONS,
  LATEST_HINT_STEMS,
  SESSION_WORDS,
  AGENT_INSTRUCTION_FILE_NAMES,
  LIVING_STATUS_STEMS,
  DOCUMENTED_STATE_FILES,
  LEGACY_HANDOFF_GLOBS,
  NEVER_HANDOFF_STEMS,
  TEMPLATE_MARKERS,
} from "../../core/discovery/discovery-rules.data";
import {
  isExcludedFolderName,
  isHandoffFolderName,
  isInHandoffFolder,
  isLatestHintName,
  isMarkdownName,
  isNeverHandoffName,
  leftOutByName,
  matchesDefaultRules,
  mayBeHandoffByContent,
} from "../../core/discovery/handoff-rules";
import { COMPANION_WORDS, OTHER_DOCUMENT_WORDS } from "../../core/handoff/documents/document-kinds.data";

/**
 * Where handoffs live (docs/cli.md, "Where handoffs are looked for"): the default rules of
 * lib/core/discovery (handoff folders at any depth, handoff file names anywhere), the repo's
 * `.baton.json` globs, and the globs given with `baton scan --glob` (stored with the repo).
 */
export const DEFAULT_HANDOFF_GLOBS = LEGACY_HANDOFF_GLOBS;

export interface HandoffMatcher {
  /** Extra globs (the repo's settings and `--glob`), beside the default rules. */
  globs: string[];
  /** Paths never taken as handoffs. */
  ignore: string[];
  /** Folder prefixes that contain every match ("" = whole tree): what the working-tree walk starts from. */
  prefixes: string[];
  /** Changes whenever what this matcher matches could change: rules, globs, ignores. */
  key: string;
  matches(path: string): boolean;
  /** Whether a folder is walked at all (dependency, VCS and build folders are not). */
  descend(folderPath: string, name: string): boolean;
  /** A `LATEST.md`-like pointer where handoffs live (read as a hint, never as a handoff). */
  isLatestHint(path: string): boolean;
  /**
   * Any other markdown file, read and judged by its content alone (handoff-rules.ts `mayBeHandoffByContent`):
   * what the scan, lint and the agent loop list beside `matches` (see `withContentCandidates`).
   */
  byContent(path: string): boolean;
  /** A handoff could be this path or below it (for reporting a symlink that is not followed). */
  mayHold(path: string): boolean;
  /** An extra glob names this path: the user said it is a handoff, whatever its name (handoff-signals.ts). */
  isExplicit(path: string): boolean;
  /**
   * Why a markdown file where handoffs live is left out by its place or name alone (an index, a LATEST
   * pointer, a template, a command definition), never read; null when it is taken, ignored, or no
   * handoff's business. Listed in `discovery.notHandoffs`, never dropped silently.
   */
  leftOut(path: string): string | null;
}

export interface HandoffMatcherOptions {
  globs?: string[];
  ignore?: string[];
}

const GLOB_CHARS = /[*?[\]{}()!+@]/;

export function staticPrefix(glob: string): string {
  const segments = glob.split("/");
  const fixed: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (GLOB_CHARS.test(segment)) break;
    fixed.push(segment);
  }
  return fixed.join("/");
}

const normalizeGlob = (glob: string) => glob.trim().replace(/^\.?\//, "");

/** What the rules are made of; part of every matcher's key, so new rules re-read every branch once. */
const RULES_FINGERPRINT = JSON.stringify([HANDOFF_FOLDER_NAMES, EXCLUDED_FOLDER_NAMES, COMMAND_FOLDER_NAMES, NEVER_HANDOFF_STEMS, TEMPLATE_MARKERS, LATEST_HINT_STEMS, OTHER_DOCUMENT_WORDS, COMPANION_WORDS, HANDOFF_WORD_TRANSLATIONS, SESSION_WORDS, AGENT_INSTRUCTION_FILE_NAMES, LIVING_STATUS_STEMS, DOCUMENTED_STATE_FILES, 7]);

export function createHandoffMatcher(options: HandoffMatcherOptions | string[] = {}): HandoffMatcher {
  const { globs: extraGlobs = [], ignore: ignoreGlobs = [] } = Array.isArray(options) ? { globs: options } : options;
  const globs = [...new Set(extraGlobs.map(normalizeGlob).filter(Boolean))].sort();
  const ignore = [...new Set(ignoreGlobs.map(normalizeGlob).filter(Boolean))].sort();
  const isGlobMatch = globs.length > 0 ? picomatch(globs, { dot: true }) : () => false;
  const isIgnored = ignore.length > 0 ? picomatch(ignore, { dot: true }) : () => false;
  const globPrefixes = globs.map(staticPrefix);
  const key = createHash("sha256").update(JSON.stringify({ rules: RULES_FINGERPRINT, globs, ignore })).digest("hex").slice(0, 32);

  const isExcludedPath = (filePath: string) => filePath.split("/").slice(0, -1).some(isExcludedFolderName);
  const matches = (filePath: string): boolean => {
    const name = filePath.slice(filePath.lastIndexOf("/") + 1);
    // Most files of a project: not markdown, and no glob that could take them (the walk asks for every file).
    if (globs.length === 0 && !isMarkdownName(name)) return false;
    if (isNeverHandoffName(name) || isIgnored(filePath)) return false;
    if (matchesDefaultRules(filePath)) return true;
    return isGlobMatch(filePath) && !isExcludedPath(filePath);
  };
  const isLatestHint = (filePath: string): boolean => {
    const slash = filePath.lastIndexOf("/");
    const name = filePath.slice(slash + 1);
    if (!isLatestHintName(name) || isExcludedPath(filePath) || isIgnored(filePath)) return false;
    // Where a handoff could sit: a handoff folder, or a place an extra glob covers.
    const sibling = `${slash >= 0 ? filePath.slice(0, slash + 1) : ""}handoff-sibling.md`;
    return isInHandoffFolder(filePath) || isGlobMatch(sibling);
  };
  const mayHold = (entryPath: string): boolean => {
    if (isExcludedPath(`${entryPath}/x`) || isIgnored(entryPath)) return false;
    const name = entryPath.slice(entryPath.lastIndexOf("/") + 1);
    if (isMarkdownName(name) && matches(entryPath)) return true;
    if (isHandoffFolderName(name) || isInHandoffFolder(entryPath)) return true;
    // A folder on the way to a glob's fixed part, or one a glob covers.
    return globPrefixes.some((prefix) => prefix !== "" && (entryPath === prefix || prefix.startsWith(`${entryPath}/`))) || isGlobMatch(`${entryPath}/x.md`);
  };
  return {
    globs,
    ignore,
    prefixes: [""],
    key,
    matches,
    descend: (folderPath, name) => !isExcludedFolderName(name) && !isIgnored(folderPath),
    isLatestHint,
    mayHold,
    isExplicit: (filePath) => isGlobMatch(filePath),
    byContent: (filePath) => !isIgnored(filePath) && !matches(filePath) && mayBeHandoffByContent(filePath),
    leftOut: (filePath) => (isIgnored(filePath) || matches(filePath) ? null : leftOutByName(filePath)),
  };
}

/**
 * The matcher as the readers walk with it: every path it takes, and every other markdown file to judge by
 * its content. The matcher's own `matches` keeps meaning "where handoffs live" (hints, symlinks, watch).
 */
export function withContentCandidates(matcher: HandoffMatcher): HandoffMatcher {
  return { ...matcher, key: `${matcher.key}+content`, matches: (filePath) => matcher.matches(filePath) || matcher.byContent(filePath) };
}

/** For people: where Baton looked (the default rules, then the extra globs and ignores). */
export function describeDiscovery(matcher: Pick<HandoffMatcher, "globs" | "ignore">): { rules: string[]; globs: string[]; ignore: string[] } {
  return {
    rules: [
      `folders named ${HANDOFF_FOLDER_NAMES.slice(0, 4).join(", ")} (any case, any depth)`,
      "files named handoff*.md, HANDOFF*.md, *_handoff.md, *-handoff.md (anywhere); a name with handoff or handover as one of its words, or the word in another language (passation, Übergabe, 引き継ぎ, 交接, 인수인계 …), when its content is a handoff's",
      `not in ${EXCLUDED_FOLDER_NAMES.filter((name) => ["node_modules", "vendor", ".git", "dist", "build", "out", "target", ".next", "coverage"].includes(name)).join(", ")} and other dependency or build folders`,
      "any other markdown file whose content has a handoff's shape (a writer named, dated, with a next action or a state) and that the repository confirms (its HEAD sha or branch resolves, or a commit that changed the file was made on a day it writes)",
      "README, INDEX, LATEST, CHANGELOG and *template* files are never handoffs",
      "in a handoff folder, an undated file named as another kind of document (backlog, TODO, plan, runbook, prompt, status …) with no writer identity, previous pointer or resume command is a project document, and a file with nothing filled in is an empty template: neither is read as a handoff (each listed with the reason)",
    ],
    globs: matcher.globs,
    ignore: matcher.ignore,
  };
}
