import type { ParsedHandoff, StateStatus, VerificationCommand } from "../handoff/types";
import { diffProse, type ProseRow } from "./diff-prose";
import { matchItems, type MatchInput } from "./match-items";

export { diffText, diffProse, splitSentences, type ProseRow, type TextDiffKind, type TextDiffPart } from "./diff-prose";

/**
 * What changed between two handoffs of one chain: the picture a reviewer
 * wants when an agent resumed and later wrote the next handoff. Items are
 * matched by normalised text because agents rewrite handoffs from scratch;
 * line numbers and list order carry no identity.
 */

export interface TextChange {
  isChanged: boolean;
  before: string | null;
  after: string | null;
  /** Sentence-level diff from `before` to `after` (diff-prose.ts). */
  rows: ProseRow[];
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

function textChange(before: string | null, after: string | null): TextChange {
  const isChanged = (before ?? "").trim().replace(/\s+/g, " ") !== (after ?? "").trim().replace(/\s+/g, " ");
  return { isChanged, before, after, rows: diffProse(before ?? "", after ?? "") };
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
  const matching = matchItems(keyed(older), keyed(newer), false);
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
  const matching = matchItems(keyed(older), keyed(newer), false);
  return { added: matching.onlyAfter, removed: matching.onlyBefore };
}

function diffState(older: ParsedHandoff["state"], newer: ParsedHandoff["state"]): StateDiff {
  const summary = (item: ParsedHandoff["state"][number]): StateItemSummary => ({
    status: item.status,
    text: item.text,
    line: item.line,
  });
  const keyed = (list: ParsedHandoff["state"]): MatchInput<StateItemSummary>[] =>
    list.map((item) => ({ item: summary(item), key: normaliseItemText(item.text), files: item.fileRefs.map((ref) => ref.path) }));
  const matching = matchItems(keyed(older), keyed(newer), true);
  matching.pairs.sort((a, b) => a.after.line - b.after.line);
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
