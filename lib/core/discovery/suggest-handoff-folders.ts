/**
 * When a repo has no handoffs Baton can find, name the markdown folders that look like session notes
 * (dated file names, words such as "session", "progress", "next steps" in the folder, the file names or
 * their first headings), each with the exact glob to add. A hint only: never used to ingest.
 */
import { isNeverHandoffName } from "./handoff-rules";
import { SUGGESTION_WORDS } from "./discovery-rules.data";

export interface FolderSuggestion {
  /** Repo-relative folder. */
  folder: string;
  /** The glob that would make its files handoffs. */
  glob: string;
  markdownFiles: number;
  /** Why it looks like handoffs, for people. */
  reasons: string[];
  score: number;
}

/** Files a folder needs before it is worth suggesting ("several"). */
const MIN_FILES = 2;
/**
 * A suggestion needs two points: a telling folder name counts 2; dated names, telling file names or
 * telling first headings count 2 when at least half the files have them, 1 when only some (≥ 2) do.
 */
const MIN_SCORE = 2;
export const MAX_SUGGESTIONS = 5;

const wordSequences = SUGGESTION_WORDS.map((word) => word.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean));

function tokens(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** "sessions" → "session", "notes" → "note"; "status" and "progress" stay. */
const singular = (token: string) => (token.length > 4 && token.endsWith("s") && !/(ss|us)$/.test(token) ? token.slice(0, -1) : token);

/** The suggestion words a text contains (plural or not). */
export function suggestionWordsIn(text: string): string[] {
  const found = tokens(text).map(singular);
  const hits: string[] = [];
  for (const sequence of wordSequences) {
    const wanted = sequence.map(singular);
    for (let start = 0; start + wanted.length <= found.length; start++) {
      if (wanted.every((word, offset) => found[start + offset] === word)) {
        hits.push(sequence.join(" "));
        break;
      }
    }
  }
  return [...new Set(hits)];
}

const YEAR_FIRST = /(?<!\d)(?:19|20)\d{2}[-_.]?(?:0[1-9]|1[0-2])[-_.]?(?:0[1-9]|[12]\d|3[01])(?!\d)/;
const DAY_FIRST = /(?<!\d)(?:0[1-9]|[12]\d|3[01])[-_.]?(?:0[1-9]|1[0-2])[-_.]?(?:19|20)\d{2}(?!\d)/;
const DATE_FOLDER = /^(?:(?:19|20)\d{2}(?:[-_.]?\d{2}){1,2}|\d{8}|(?:0[1-9]|[12]\d|3[01])[-_.]?\d{2}[-_.]?\d{4})$/;

export function hasDate(text: string): boolean {
  return YEAR_FIRST.test(text) || DAY_FIRST.test(text);
}

interface Group {
  folder: string;
  files: string[];
  nested: boolean;
}

/** Files grouped by folder; dated sub-folders (`2026-03-01/`, `01032026/`) count toward their parent. */
function groupByFolder(paths: readonly string[]): Group[] {
  const groups = new Map<string, Group>();
  for (const filePath of paths) {
    const parts = filePath.split("/");
    const name = parts.pop() ?? "";
    if (!/\.md$/i.test(name) || isNeverHandoffName(name)) continue;
    let nested = false;
    while (parts.length > 0 && DATE_FOLDER.test(parts[parts.length - 1]!)) {
      parts.pop();
      nested = true;
    }
    if (parts.length === 0) continue; // the repo root's own markdown (README, CONTRIBUTING …) is not a notes folder
    const folder = parts.join("/");
    const group = groups.get(folder) ?? { folder, files: [], nested: false };
    group.files.push(filePath);
    group.nested ||= nested;
    groups.set(folder, group);
  }
  return [...groups.values()];
}

function score(group: Group, headings: ReadonlyMap<string, string>): FolderSuggestion | null {
  const reasons: string[] = [];
  let points = 0;
  const segments = group.folder.split("/");
  const folderWords = suggestionWordsIn(segments.slice(-2).join(" "));
  if (folderWords.length > 0) {
    points += 2;
    reasons.push(`folder name says ${folderWords.map((word) => `"${word}"`).join(", ")}`);
  }
  const relative = (filePath: string) => filePath.slice(group.folder.length + 1);
  const dated = group.files.filter((filePath) => hasDate(relative(filePath))).length;
  const weight = (count: number) => (count < MIN_FILES ? 0 : count * 2 >= group.files.length ? 2 : 1);
  if (weight(dated) > 0) {
    points += weight(dated);
    reasons.push(`${dated} dated file names`);
  }
  const nameWords = new Set<string>();
  const named = group.files.filter((filePath) => {
    const words = suggestionWordsIn(relative(filePath).replace(/\.md$/i, ""));
    words.forEach((word) => nameWords.add(word));
    return words.length > 0;
  }).length;
  if (weight(named) > 0) {
    points += weight(named);
    reasons.push(`${named} file names say ${[...nameWords].slice(0, 3).map((word) => `"${word}"`).join(", ")}`);
  }
  const headingWords = new Set<string>();
  const headed = group.files.filter((filePath) => {
    const words = suggestionWordsIn(headings.get(filePath) ?? "");
    words.forEach((word) => headingWords.add(word));
    return words.length > 0;
  }).length;
  if (weight(headed) > 0) {
    points += weight(headed);
    reasons.push(`${headed} first headings say ${[...headingWords].slice(0, 3).map((word) => `"${word}"`).join(", ")}`);
  }
  const nested = group.nested || group.files.some((filePath) => relative(filePath).includes("/"));
  return {
    folder: group.folder,
    glob: nested ? `${group.folder}/**/*.md` : `${group.folder}/*.md`,
    markdownFiles: group.files.length,
    reasons,
    score: points,
  };
}

/**
 * Folders whose files look like handoffs, best first. `headings` (first heading per path) is optional:
 * foldersWorthHeadings() says which files' headings could change the answer.
 */
export function suggestHandoffFolders(paths: readonly string[], headings: ReadonlyMap<string, string> = new Map()): FolderSuggestion[] {
  return groupByFolder(paths)
    .filter((group) => group.files.length >= MIN_FILES)
    .map((group) => score(group, headings))
    .filter((suggestion): suggestion is FolderSuggestion => suggestion !== null && suggestion.score >= MIN_SCORE)
    .sort((a, b) => b.score - a.score || b.markdownFiles - a.markdownFiles || a.folder.localeCompare(b.folder))
    .slice(0, MAX_SUGGESTIONS);
}

/**
 * Files whose first heading could tip a folder into the suggestions (folders short of the score),
 * a few per folder, closest folders first: what is worth reading, and no more.
 */
export function filesWorthHeadings(paths: readonly string[], perFolder = 4, maxFolders = 20): string[] {
  return groupByFolder(paths)
    .filter((group) => group.files.length >= MIN_FILES)
    .map((group) => ({ group, suggestion: score(group, new Map()) }))
    .filter(({ suggestion }) => suggestion !== null && suggestion.score < MIN_SCORE)
    .sort((a, b) => b.suggestion!.score - a.suggestion!.score || b.group.files.length - a.group.files.length || a.group.folder.localeCompare(b.group.folder))
    .slice(0, maxFolders)
    .flatMap(({ group }) => [...group.files].sort().slice(0, perFolder));
}
