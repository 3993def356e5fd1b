import type { ParsedHandoff, StateStatus, VerificationCommand } from "../handoff/types";

/**
 * What changed between two handoffs of one chain: the picture a reviewer
 * wants when an agent resumed and later wrote the next handoff. Items are
 * matched by normalised text because agents rewrite handoffs from scratch;
 * line numbers and list order carry no identity.
 */

export type TextDiffKind = "same" | "added" | "removed";

export interface TextDiffPart {
  kind: TextDiffKind;
  text: string;
}

export interface TextChange {
  isChanged: boolean;
  before: string | null;
  after: string | null;
  /** Word-level diff from `before` to `after`; whitespace is kept, so joining a side's parts rebuilds it. */
  parts: TextDiffPart[];
}

export interface GoalChange extends TextChange {
  constraintsAdded: string[];
  constraintsRemoved: string[];
}

export interface StateItemSummary {
  status: StateStatus;
  text: string;
  line: number;
}

export interface StateMove {
  before: StateItemSummary;
  after: StateItemSummary;
  /** "forward" is progress (not-started → in-progress → done); "backward" is a regression. */
  direction: "forward" | "backward";
  /** "similar" when the wording changed but most words are shared. */
  match: "exact" | "similar";
}

export interface StateDiff {
  moved: StateMove[];
  added: StateItemSummary[];
  removed: StateItemSummary[];
  /** Items in both handoffs with the same status. */
  unchanged: { before: StateItemSummary; after: StateItemSummary; match: "exact" | "similar" }[];
}

export type ResultTrend = "better" | "worse" | "same" | "changed";

export interface MetricChange {
  /** Normalised label: errors, warnings, failed, passed, exit, … */
  label: string;
  before: number | null;
  after: number | null;
  trend: ResultTrend;
}

export interface VerificationResultChange {
  command: string;
  before: string | null;
  after: string | null;
  trend: ResultTrend;
  /** The numbers found in the results, paired by label. */
  metrics: MetricChange[];
}

export interface VerificationDiff {
  /** Commands in both handoffs, in the newer handoff's order. */
  results: VerificationResultChange[];
  added: VerificationCommand[];
  removed: VerificationCommand[];
}

export interface HandoffDiff {
  goal: GoalChange;
  state: StateDiff;
  nextAction: TextChange;
  verification: VerificationDiff;
  decisions: { added: string[]; removed: string[] };
  hasChanges: boolean;
}

// ---------------------------------------------------------------------------
// Normalisation

const STATUS_ORDER: Record<StateStatus, number> = { "not-started": 0, "in-progress": 1, done: 2 };
const STATUS_EMOJI = /[\u2705\u2714\u2611\u23F3\u{1F6A7}\u274C\u2B1C\u{1F7E2}\u{1F7E1}\u{1F534}]/gu;
// A commit sha mixes digits and letters; requiring both keeps words like "deadbeef" or "1234567".
const COMMIT_SHA = /(?:\bcommits?\s*:?\s*)?\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/gi;

/**
 * Reduces an item to the words that identify it: markdown, list and checkbox
 * markers, status emoji and prefixes, and commit shas (added when an item is
 * finished) are dropped, so "Fix X" and "✅ Fix `X` (commit abc1234)." match.
 */
export function normaliseItemText(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "")
    .replace(/^\s*\[[ xX~-]\]\s*/, "")
    .replace(STATUS_EMOJI, "")
    .replace(/\uFE0F/g, "")
    .replace(COMMIT_SHA, "")
    .toLowerCase()
    .replace(/^\s*(?:done|wip|in[ -]progress|todo|to do|not[ -]started|pending)\s*[:\u2013\u2014-]\s*/, "")
    .replace(/[`*_~]/g, "")
    .replace(/\(\s*[,;:]?\s*\)/g, "")
    .replace(/\s+/g, " ")
    .replace(/[\s.;:,!]+$/, "")
    .trim();
}

/** Commands are compared as typed, ignoring code markers, a `$ ` prompt and spacing. */
export function normaliseCommand(command: string): string {
  return command
    .trim()
    .replace(/^`+|`+$/g, "")
    .trim()
    .replace(/^\$\s+/, "")
    .replace(/\s+/g, " ");
}

function words(text: string): Set<string> {
  return new Set(text.split(" ").filter((word) => word.length > 1));
}

/** Dice coefficient over distinct words. */
function similarity(a: string, b: string): number {
  const left = words(a);
  const right = words(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return (2 * shared) / (left.size + right.size);
}

const SIMILAR_THRESHOLD = 0.8;
const SIMILAR_MIN_WORDS = 3;

// ---------------------------------------------------------------------------
// Matching

interface Keyed<T> {
  item: T;
  key: string;
}

interface Matching<T> {
  pairs: { before: T; after: T; match: "exact" | "similar" }[];
  onlyBefore: T[];
  onlyAfter: T[];
}

/**
 * Pairs equal keys first (duplicates pair in order), then, when asked, pairs
 * leftovers whose wording is similar enough, best score first.
 */
function matchByKey<T>(before: Keyed<T>[], after: Keyed<T>[], allowSimilar: boolean): Matching<T> {
  const pairs: Matching<T>["pairs"] = [];
  const remainingBefore = [...before];
  const unmatchedAfter: Keyed<T>[] = [];
  for (const candidate of after) {
    const index = remainingBefore.findIndex((entry) => entry.key === candidate.key);
    if (index >= 0) {
      pairs.push({ before: remainingBefore[index]!.item, after: candidate.item, match: "exact" });
      remainingBefore.splice(index, 1);
    } else {
      unmatchedAfter.push(candidate);
    }
  }
  if (allowSimilar) {
    const scored: { beforeIndex: number; afterIndex: number; score: number }[] = [];
    remainingBefore.forEach((left, beforeIndex) => {
      unmatchedAfter.forEach((right, afterIndex) => {
        if (words(left.key).size < SIMILAR_MIN_WORDS || words(right.key).size < SIMILAR_MIN_WORDS) return;
        const score = similarity(left.key, right.key);
        if (score >= SIMILAR_THRESHOLD) scored.push({ beforeIndex, afterIndex, score });
      });
    });
    scored.sort((a, b) => b.score - a.score || a.afterIndex - b.afterIndex);
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
  return { pairs, onlyBefore: remainingBefore.map((entry) => entry.item), onlyAfter: unmatchedAfter.map((entry) => entry.item) };
}

// ---------------------------------------------------------------------------
// Text diff

/** Word and whitespace tokens; joining them gives the text back. */
function tokenize(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

// Keeps the LCS table small enough for a browser; longer texts are shown as replaced.
const MAX_LCS_CELLS = 1_000_000;

function pushPart(parts: TextDiffPart[], kind: TextDiffKind, text: string): void {
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

export function diffText(before: string, after: string): TextDiffPart[] {
  const left = tokenize(before);
  const right = tokenize(after);
  const parts: TextDiffPart[] = [];
  if (left.length * right.length > MAX_LCS_CELLS) {
    if (before !== "") parts.push({ kind: "removed", text: before });
    if (after !== "") parts.push({ kind: "added", text: after });
    return parts;
  }
  // lengths[i][j] = LCS length of left[i:] and right[j:]
  const width = right.length + 1;
  const lengths = new Uint32Array((left.length + 1) * width);
  for (let i = left.length - 1; i >= 0; i -= 1) {
    for (let j = right.length - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        left[i] === right[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    if (left[i] === right[j]) {
      pushPart(parts, "same", left[i]!);
      i += 1;
      j += 1;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      pushPart(parts, "removed", left[i]!);
      i += 1;
    } else {
      pushPart(parts, "added", right[j]!);
      j += 1;
    }
  }
  for (; i < left.length; i += 1) pushPart(parts, "removed", left[i]!);
  for (; j < right.length; j += 1) pushPart(parts, "added", right[j]!);
  return parts;
}

function textChange(before: string | null, after: string | null): TextChange {
  const isChanged = (before ?? "").trim() !== (after ?? "").trim();
  return { isChanged, before, after, parts: diffText(before ?? "", after ?? "") };
}

// ---------------------------------------------------------------------------
// Verification results

interface Metric {
  label: string;
  value: number;
}

const LABELS: [RegExp, string][] = [
  [/^errors?$/, "errors"],
  [/^warnings?$/, "warnings"],
  [/^(?:failed|failing|failures?|fails?)$/, "failed"],
  [/^(?:passed|passing|pass(?:es)?|succeeded|successes)$/, "passed"],
  [/^problems?$/, "problems"],
  [/^issues?$/, "issues"],
  [/^vulnerabilit(?:y|ies)$/, "vulnerabilities"],
  [/^violations?$/, "violations"],
  [/^(?:skipped|skips?|pending|todos?)$/, "skipped"],
  [/^tests?$/, "tests"],
];
const LOWER_IS_BETTER = new Set(["errors", "warnings", "failed", "problems", "issues", "vulnerabilities", "violations"]);
const HIGHER_IS_BETTER = new Set(["passed"]);

function normaliseLabel(word: string): string | null {
  for (const [pattern, label] of LABELS) if (pattern.test(word)) return label;
  return null;
}

function parseNumber(raw: string): number {
  return Number(/^\d{1,3}(?:,\d{3})+$/.test(raw) ? raw.replace(/,/g, "") : raw);
}

/**
 * Pulls labelled counts out of a result line: "72 errors", "exit 0, 51 passed,
 * 2 failed", "errors: 3", "no warnings", "3/5 passed", "72 type errors".
 * The first value per label wins; unlabelled numbers (times, sizes) are ignored.
 */
export function extractMetrics(result: string): Metric[] {
  const text = result.toLowerCase();
  const found = new Map<string, number>();
  const add = (label: string | null, value: number): void => {
    if (label !== null && Number.isFinite(value) && !found.has(label)) found.set(label, value);
  };
  for (const match of text.matchAll(/\b(?:exit(?:ed)?(?:[\s_-]+(?:code|status))?|exit_code|return code|rc)\s*(?:with\s+)?[:=]?\s*(-?\d+)\b/g)) {
    add("exit", Number(match[1]));
  }
  for (const match of text.matchAll(/\b([a-z]+)\s*[:=]\s*(\d{1,3}(?:,\d{3})+|\d+)\b/g)) {
    add(normaliseLabel(match[1]!), parseNumber(match[2]!));
  }
  for (const match of text.matchAll(/(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\s*\/\s*\d+)?\s+([a-z]+)(?:\s+([a-z]+))?/g)) {
    const label = normaliseLabel(match[2]!) ?? (match[3] ? normaliseLabel(match[3]) : null);
    add(label, parseNumber(match[1]!));
  }
  for (const match of text.matchAll(/\bno\s+([a-z]+)/g)) add(normaliseLabel(match[1]!), 0);
  return [...found].map(([label, value]) => ({ label, value }));
}

function metricTrend(label: string, before: number, after: number): ResultTrend {
  if (before === after) return "same";
  if (label === "exit") {
    if (before !== 0 && after === 0) return "better";
    if (before === 0 && after !== 0) return "worse";
    return "changed";
  }
  if (LOWER_IS_BETTER.has(label)) return after < before ? "better" : "worse";
  if (HIGHER_IS_BETTER.has(label)) return after > before ? "better" : "worse";
  return "changed";
}

export function compareResults(before: string | null, after: string | null): { trend: ResultTrend; metrics: MetricChange[] } {
  const beforeMetrics = before === null ? [] : extractMetrics(before);
  const afterMetrics = after === null ? [] : extractMetrics(after);
  const labels = [...new Set([...beforeMetrics, ...afterMetrics].map((metric) => metric.label))];
  const metrics: MetricChange[] = labels.map((label) => {
    const left = beforeMetrics.find((metric) => metric.label === label)?.value ?? null;
    const right = afterMetrics.find((metric) => metric.label === label)?.value ?? null;
    const trend = left === null || right === null ? "changed" : metricTrend(label, left, right);
    return { label, before: left, after: right, trend };
  });

  const normalise = (value: string | null) => (value ?? "").trim().replace(/\s+/g, " ").toLowerCase();
  if (normalise(before) === normalise(after)) return { trend: "same", metrics };

  // One-sided metrics say nothing about direction ("51 passed" → "49 passed, 2 failed"
  // is decided by the passed count), but they do mean the result changed.
  const directional = metrics.filter((metric) => metric.before !== null && metric.after !== null);
  const hasBetter = directional.some((metric) => metric.trend === "better");
  const hasWorse = directional.some((metric) => metric.trend === "worse");
  if (hasBetter && hasWorse) return { trend: "changed", metrics };
  if (hasBetter) return { trend: "better", metrics };
  if (hasWorse) return { trend: "worse", metrics };
  const isAllSame = metrics.length > 0 && metrics.every((metric) => metric.trend === "same");
  return { trend: isAllSame ? "same" : "changed", metrics };
}

function diffVerification(older: VerificationCommand[], newer: VerificationCommand[]): VerificationDiff {
  const keyed = (list: VerificationCommand[]) => list.map((item) => ({ item, key: normaliseCommand(item.command) }));
  const matching = matchByKey(keyed(older), keyed(newer), false);
  const results = matching.pairs.map(({ before, after }) => ({
    command: after.command,
    before: before.lastResult,
    after: after.lastResult,
    ...compareResults(before.lastResult, after.lastResult),
  }));
  return { results, added: matching.onlyAfter, removed: matching.onlyBefore };
}

// ---------------------------------------------------------------------------

function diffStrings(older: string[], newer: string[]): { added: string[]; removed: string[] } {
  const keyed = (list: string[]) => list.map((item) => ({ item, key: normaliseItemText(item) }));
  const matching = matchByKey(keyed(older), keyed(newer), false);
  return { added: matching.onlyAfter, removed: matching.onlyBefore };
}

function diffState(older: ParsedHandoff["state"], newer: ParsedHandoff["state"]): StateDiff {
  const summary = (item: ParsedHandoff["state"][number]): StateItemSummary => ({
    status: item.status,
    text: item.text,
    line: item.line,
  });
  const keyed = (list: ParsedHandoff["state"]) => list.map((item) => ({ item: summary(item), key: normaliseItemText(item.text) }));
  const matching = matchByKey(keyed(older), keyed(newer), true);
  const moved: StateMove[] = [];
  const unchanged: StateDiff["unchanged"] = [];
  for (const pair of matching.pairs) {
    if (pair.before.status === pair.after.status) {
      unchanged.push(pair);
    } else {
      const direction = STATUS_ORDER[pair.after.status] > STATUS_ORDER[pair.before.status] ? "forward" : "backward";
      moved.push({ ...pair, direction });
    }
  }
  return { moved, added: matching.onlyAfter, removed: matching.onlyBefore, unchanged };
}

/** Compares an older handoff with a newer one (normally its successor in a chain). */
export function diffHandoffs(older: ParsedHandoff, newer: ParsedHandoff): HandoffDiff {
  const goalText = textChange(older.goal?.text ?? null, newer.goal?.text ?? null);
  const constraints = diffStrings(older.goal?.constraints ?? [], newer.goal?.constraints ?? []);
  const goal: GoalChange = {
    ...goalText,
    isChanged: goalText.isChanged || constraints.added.length > 0 || constraints.removed.length > 0,
    constraintsAdded: constraints.added,
    constraintsRemoved: constraints.removed,
  };
  const state = diffState(older.state, newer.state);
  const nextAction = textChange(older.nextAction?.text ?? null, newer.nextAction?.text ?? null);
  const verification = diffVerification(older.verification, newer.verification);
  const decisions = diffStrings(
    older.decisions.map((decision) => decision.text),
    newer.decisions.map((decision) => decision.text),
  );
  const hasChanges =
    goal.isChanged ||
    state.moved.length + state.added.length + state.removed.length > 0 ||
    nextAction.isChanged ||
    verification.added.length + verification.removed.length > 0 ||
    verification.results.some((result) => result.trend !== "same") ||
    decisions.added.length + decisions.removed.length > 0;
  return { goal, state, nextAction, verification, decisions, hasChanges };
}
