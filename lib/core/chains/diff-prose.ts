import { diffArrays, diffWordsWithSpace } from "diff";

/**
 * Prose (a goal, a next action) compared sentence by sentence, the way a reviewer reads a rewrite:
 * the sentences that stayed, those that went and those that came, and inside a sentence that was
 * reworded, the words that changed. A word-level diff of a whole paragraph interleaves fragments of
 * both versions ("word soup") once more than a few words change.
 */

export type TextDiffKind = "same" | "added" | "removed";

export interface TextDiffPart {
  kind: TextDiffKind;
  text: string;
}

export interface ProseRow {
  kind: TextDiffKind;
  /** One sentence (or list line), whitespace collapsed. */
  text: string;
  /**
   * For a sentence reworded in place (paired with its counterpart on the other side): its words with
   * the changed ones marked; joining them gives `text`. Null otherwise.
   */
  words: TextDiffPart[] | null;
}

const SEGMENTER = new Intl.Segmenter(undefined, { granularity: "sentence" });
const LIST_LINE = /^\s*(?:[-*+]|\d+[.)])\s+/;
// Past this many sentence edits the texts are shown as replaced, so a huge rewrite stays cheap.
const MAX_EDIT_LENGTH = 2_000;
// A removed and an added sentence count as one sentence reworded when they share this share of words.
const REWORDED = 0.4;

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/** Blocks (paragraphs, list lines) with hard wraps joined, then sentences (any language Intl knows). */
export function splitSentences(text: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) blocks.push(current.join(" "));
    current = [];
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "") flush();
    else {
      if (LIST_LINE.test(line)) flush();
      current.push(line.trim());
    }
  }
  flush();
  return blocks.flatMap((block) => [...SEGMENTER.segment(block)].map((segment) => collapse(segment.segment)).filter((sentence) => sentence !== ""));
}

function wordSet(text: string): Set<string> {
  return new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word !== ""));
}

function overlap(left: string, right: string): number {
  const a = wordSet(left);
  const b = wordSet(right);
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return (2 * shared) / (a.size + b.size);
}

/** Word diff of two short texts; joining the non-added parts gives `before`, the non-removed `after`. */
export function diffText(before: string, after: string): TextDiffPart[] {
  return diffWordsWithSpace(before, after).map((change) => ({ kind: change.added ? "added" : change.removed ? "removed" : "same", text: change.value }));
}

/**
 * One side of a word diff, with the spaces and punctuation between two changed words folded into
 * them, so "[errors] [it] [reports]" reads as one change "[errors it reports]".
 */
function side(parts: TextDiffPart[], drop: TextDiffKind): TextDiffPart[] {
  const kept = parts.filter((part) => part.kind !== drop);
  const merged: TextDiffPart[] = [];
  kept.forEach((part, index) => {
    const previous = merged[merged.length - 1];
    const next = kept[index + 1];
    const isGlue = part.kind === "same" && /^[\s,;:.'"()\-–—]*$/u.test(part.text) && previous !== undefined && previous.kind !== "same" && next !== undefined && next.kind !== "same";
    const kind = isGlue ? previous!.kind : part.kind;
    if (previous !== undefined && previous.kind === kind) previous.text += part.text;
    else merged.push({ kind, text: part.text });
  });
  return merged;
}

/** Marked words help only while most of the sentence stayed; past that the whole row says it. */
function changedShare(parts: TextDiffPart[]): number {
  const total = parts.reduce((sum, part) => sum + part.text.length, 0);
  const changed = parts.reduce((sum, part) => sum + (part.kind === "same" ? 0 : part.text.length), 0);
  return total === 0 ? 0 : changed / total;
}
const MAX_CHANGED_SHARE = 0.5;

/** Rows for a run of removed sentences followed by added ones: reworded pairs get their word diff. */
function changedRows(removed: string[], added: string[]): ProseRow[] {
  const removedWords: (TextDiffPart[] | null)[] = removed.map(() => null);
  const addedWords: (TextDiffPart[] | null)[] = added.map(() => null);
  const used = new Set<number>();
  removed.forEach((sentence, index) => {
    let best = -1;
    let bestScore = REWORDED;
    added.forEach((candidate, candidateIndex) => {
      if (used.has(candidateIndex)) return;
      const score = overlap(sentence, candidate);
      if (score >= bestScore) [best, bestScore] = [candidateIndex, score];
    });
    if (best === -1) return;
    used.add(best);
    const parts = diffText(sentence, added[best]!);
    const before = side(parts, "added");
    const after = side(parts, "removed");
    if (changedShare(before) > MAX_CHANGED_SHARE || changedShare(after) > MAX_CHANGED_SHARE) return;
    removedWords[index] = before;
    addedWords[best] = after;
  });
  return [
    ...removed.map((text, index) => ({ kind: "removed" as const, text, words: removedWords[index] ?? null })),
    ...added.map((text, index) => ({ kind: "added" as const, text, words: addedWords[index] ?? null })),
  ];
}

export function diffProse(before: string, after: string): ProseRow[] {
  const left = splitSentences(before);
  const right = splitSentences(after);
  const changes = diffArrays(left, right, { maxEditLength: MAX_EDIT_LENGTH }) ?? [
    { value: left, removed: true, added: false, count: left.length },
    { value: right, removed: false, added: true, count: right.length },
  ];
  const rows: ProseRow[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = () => {
    rows.push(...changedRows(removed, added));
    removed = [];
    added = [];
  };
  for (const change of changes) {
    if (change.removed) removed.push(...change.value);
    else if (change.added) added.push(...change.value);
    else {
      flush();
      rows.push(...change.value.map((text) => ({ kind: "same" as const, text, words: null })));
    }
  }
  flush();
  return rows;
}
