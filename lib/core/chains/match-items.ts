/**
 * Pairs the items of two lists that name the same piece of work (state items, decisions, commands)
 * although agents rewrite handoffs from scratch: an item that moved from "Not started" to "Done"
 * often gains words on the way ("PaymentRepository" → "PaymentRepository moved to Prisma (…:1-40)").
 * Exact keys pair first, in order; then, when fuzzy matching is asked for, the best-scoring leftover
 * pairs: nearly the same words, all the words of the shorter one, or the same file or identifier cited.
 */

export interface MatchInput<T> {
  item: T;
  /** Normalised text: equal keys are the same item. */
  key: string;
  /** Files the item cites (paths without line numbers). */
  files?: readonly string[];
}

export interface Matching<T> {
  pairs: { before: T; after: T; match: "exact" | "similar" }[];
  onlyBefore: T[];
  onlyAfter: T[];
}

// Words that carry no identity, or that an agent adds when the status changes ("moved", "finished").
const IGNORED = new Set([
  "a", "an", "the", "to", "of", "and", "or", "in", "on", "for", "with", "from", "by", "at", "as", "is", "are", "was", "were", "be", "been",
  "it", "its", "this", "that", "now", "still", "yet", "all", "also", "into",
  "done", "finished", "complete", "completed", "implemented", "fixed", "moved", "landed", "merged", "shipped", "started", "wip",
  "partially", "partly", "pending", "todo", "remaining", "progress", "not", "ongoing", "commit", "commits",
]);
// A path with a slash, or a file name with a short extension (not `Repository.byUser`, a member).
const PATH = /[\w@.-]+(?:\/[\w@.-]+)+|[\w-]+\.[a-z][a-z0-9]{0,3}\b/gi;

const SIMILAR = 0.75;
const SHARED_NAME_MIN = 0.25;

interface Profile {
  words: Set<string>;
  /** Words that look like code (identifiers, file names): one of these alone can identify an item. */
  codeWords: Set<string>;
  files: Set<string>;
}

function profile(key: string, files: readonly string[]): Profile {
  const paths = key.match(PATH) ?? [];
  const words = new Set<string>();
  const codeWords = new Set<string>();
  for (const found of paths) {
    const path = found.replace(/:\d+(?:-\d+)?$/, "");
    words.add(path);
    codeWords.add(path);
  }
  for (const word of key.replace(PATH, " ").split(/[^\p{L}\p{N}_]+/u)) {
    if (word === "" || IGNORED.has(word)) continue;
    const isCode = /[_\d]/.test(word) || word.length >= 12;
    // A crude stem, so "wire" / "wired" / "wires" and "remove" / "removed" meet.
    const stem = isCode || word.length <= 3 ? word : word.replace(/(?:ing|ed|es|s|e)$/u, "");
    words.add(stem);
    if (isCode) codeWords.add(stem);
  }
  return { words, codeWords, files: new Set([...files, ...paths].map((path) => path.replace(/:\d+(?:-\d+)?$/, "").toLowerCase())) };
}

/** How likely two leftover items are the same one, 0 when they should not pair. */
function matchScore(left: Profile, right: Profile): number {
  if (left.words.size === 0 || right.words.size === 0) return 0;
  let shared = 0;
  for (const word of left.words) if (right.words.has(word)) shared += 1;
  const dice = (2 * shared) / (left.words.size + right.words.size);
  if (dice >= SIMILAR) return dice;
  const [shorter] = left.words.size <= right.words.size ? [left, right] : [right, left];
  const isContained = shared === shorter.words.size;
  if (isContained && (shorter.words.size >= 2 || shorter.codeWords.size > 0)) return 0.7 + dice / 10;
  // The same file or the same long identifier, with some other words in common.
  if (dice < SHARED_NAME_MIN) return 0;
  for (const file of left.files) if (right.files.has(file)) return 0.5 + dice / 5;
  for (const word of left.codeWords) if (right.codeWords.has(word)) return 0.5 + dice / 5;
  return 0;
}

export function matchItems<T>(before: MatchInput<T>[], after: MatchInput<T>[], fuzzy: boolean): Matching<T> {
  const pairs: Matching<T>["pairs"] = [];
  const remainingBefore = [...before];
  const unmatchedAfter: MatchInput<T>[] = [];
  for (const candidate of after) {
    const index = remainingBefore.findIndex((entry) => entry.key === candidate.key);
    if (index >= 0) {
      pairs.push({ before: remainingBefore[index]!.item, after: candidate.item, match: "exact" });
      remainingBefore.splice(index, 1);
    } else {
      unmatchedAfter.push(candidate);
    }
  }
  if (!fuzzy) return { pairs, onlyBefore: remainingBefore.map((entry) => entry.item), onlyAfter: unmatchedAfter.map((entry) => entry.item) };
  const leftProfiles = remainingBefore.map((entry) => profile(entry.key, entry.files ?? []));
  const rightProfiles = unmatchedAfter.map((entry) => profile(entry.key, entry.files ?? []));
  const scored: { beforeIndex: number; afterIndex: number; score: number }[] = [];
  leftProfiles.forEach((left, beforeIndex) => {
    rightProfiles.forEach((right, afterIndex) => {
      const score = matchScore(left, right);
      if (score > 0) scored.push({ beforeIndex, afterIndex, score });
    });
  });
  scored.sort((a, b) => b.score - a.score || a.afterIndex - b.afterIndex || a.beforeIndex - b.beforeIndex);
  const usedBefore = new Set<number>();
  const usedAfter = new Set<number>();
  for (const { beforeIndex, afterIndex } of scored) {
    if (usedBefore.has(beforeIndex) || usedAfter.has(afterIndex)) continue;
    usedBefore.add(beforeIndex);
    usedAfter.add(afterIndex);
    pairs.push({ before: remainingBefore[beforeIndex]!.item, after: unmatchedAfter[afterIndex]!.item, match: "similar" });
  }
  return {
    pairs,
    onlyBefore: remainingBefore.filter((_, index) => !usedBefore.has(index)).map((entry) => entry.item),
    onlyAfter: unmatchedAfter.filter((_, index) => !usedAfter.has(index)).map((entry) => entry.item),
  };
}
