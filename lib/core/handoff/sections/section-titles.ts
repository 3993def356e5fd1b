import { expandOptionalParts, foldText, foldTitle, KeywordIndex, type FoldedTitle, type KeywordMatch, type KeywordSource } from "./keyword-index";
import { SECTION_SYNONYMS } from "./section-synonyms/index.data";
import type { LanguageSynonyms, Synonyms } from "./section-synonyms/types";
import type { SectionKey, StateStatus } from "../types";
import { PROCEDURE_STEP_WORDS } from "../documents/document-kinds.data";

/**
 * What a heading or label title means. "other" is a known non-protocol section that stops inheritance.
 * `standsInFor` marks a State section of work still to do ("Remaining work", "残作業") that also names
 * what to do next: it can stand in for a Next action section when the handoff has none.
 */
export type TitleClass = {
  key: SectionKey | "other";
  status: StateStatus | null;
  isConstraints: boolean;
  standsInFor?: "next-action";
};

/** Why a title was classified as it was, for the UI and docs: the table entry that decided it. */
export interface TitleExplanation extends TitleClass {
  /** The keyword as written in the synonym table (`next … step(s)`, `다음 단계`). */
  matchedKeyword: string;
  /** BCP 47 tag of the table the keyword comes from (the first one, when several languages share it). */
  language: string;
  /** The status keyword that set `status`, or null. */
  statusKeyword: string | null;
}

/** "Step 3:", "Paso 2 -", "Part II." before a title: the numbering of one procedure, not its words. */
const ORDINAL_PREFIX = new RegExp(String.raw`^(?:(?:${[...PROCEDURE_STEP_WORDS, "part", "section"].join("|")})\s*)?(?:\d+|[ivx]+)(?:\.\d+)*\s*(?:[.):\-–—]\s*)+`, "iu");

/**
 * Titles with numbering, emoji, markdown and trailing colons removed: "## 3. ✅ State:" → "state".
 * Agents decorate headings freely; the words are what carry the meaning.
 */
export function normaliseTitle(title: string): string {
  return title
    .replace(/[*_`~]/g, "")
    .replace(/&/g, " and ")
    .replace(/[/|+]/g, " / ")
    .replace(/^[^\p{L}\p{N}]+/u, "")
    .replace(ORDINAL_PREFIX, "")
    .replace(/^[^\p{L}\p{N}]+/u, "")
    .replace(/[\s:：.\-–—]+$/u, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Compiled tables

/**
 * Which table a keyword comes from, in precedence order: when a title matches keywords of several
 * roles, the earliest role wins ("Historical Recommended Next Task" is history, "Environment State"
 * is context, "Test / Verification Status" is verification, "Blockers and next steps" is next action).
 */
const ROLES = [
  "history",
  "context",
  "resume-command",
  "next-action",
  "verification",
  "decisions",
  "resume-pointer",
  "identity",
  "goal",
  "constraints",
  "state",
  "remaining",
  "other",
] as const;
type Role = (typeof ROLES)[number];

const ROLE_TABLE: Record<Role, (language: LanguageSynonyms) => Synonyms> = {
  history: (l) => l.history,
  context: (l) => l.context,
  "resume-command": (l) => l.resumeCommand,
  "next-action": (l) => l.nextAction,
  verification: (l) => l.verification,
  decisions: (l) => l.decisions,
  "resume-pointer": (l) => l.resumePointer,
  identity: (l) => l.identity,
  goal: (l) => l.goal,
  constraints: (l) => l.constraints,
  state: (l) => l.state,
  remaining: (l) => l.remaining,
  other: (l) => l.other,
};

/** Goal and constraints are one section, State and remaining work are one section: same tier. */
const TIER: Record<Role, number> = {
  history: 0,
  context: 1,
  "resume-command": 2,
  "next-action": 3,
  verification: 4,
  decisions: 5,
  "resume-pointer": 6,
  identity: 7,
  goal: 8,
  constraints: 8,
  state: 9,
  remaining: 9,
  other: 10,
};

function keyOfRole(role: Role): SectionKey | "other" {
  switch (role) {
    case "history":
    case "context":
    case "other":
      return "other";
    case "constraints":
      return "goal";
    case "remaining":
      return "state";
    default:
      return role;
  }
}

interface Tagged<T> {
  value: T;
  language: string;
}

const SECTION_INDEX = new KeywordIndex<Tagged<Role>>(
  ROLES.flatMap((role) =>
    SECTION_SYNONYMS.flatMap((language) =>
      ROLE_TABLE[role](language).map((keyword): KeywordSource<Tagged<Role>> => ({ keyword, payload: { value: role, language: language.language } })),
    ),
  ),
);

/** Not started is checked first ("未完了" holds "完了", "not done" holds "done"), then in progress. */
const STATUS_ORDER: readonly StateStatus[] = ["not-started", "in-progress", "done"];

const STATUS_INDEX = new KeywordIndex<Tagged<StateStatus>>(
  SECTION_SYNONYMS.flatMap((language) =>
    (
      [
        ["done", language.status.done],
        ["in-progress", language.status.inProgress],
        ["not-started", language.status.notStarted],
        // Work still to do is not started by definition.
        ["not-started", language.remaining],
      ] as const
    ).flatMap(([status, keywords]) => keywords.map((keyword) => ({ keyword, payload: { value: status, language: language.language } }))),
  ),
);

const LABEL_KEYS: readonly [SectionKey, (language: LanguageSynonyms) => Synonyms][] = [
  ["identity", (l) => l.labels.identity],
  ["goal", (l) => l.labels.goal],
  ["decisions", (l) => l.labels.decisions],
  ["state", (l) => l.labels.state],
  ["next-action", (l) => l.labels.nextAction],
  ["verification", (l) => l.labels.verification],
  ["resume-pointer", (l) => l.labels.resumePointer],
  ["resume-command", (l) => l.labels.resumeCommand],
];

/** Labels compare without spaces or punctuation: "Next-step", "Next step" and "Nextstep" are one label. */
function labelForm(text: string): string {
  return foldText(text).replace(/[^\p{L}\p{N}]+/gu, "");
}

const LABELS = new Map<string, { key: SectionKey; keyword: string; language: string }>();
for (const [key, table] of LABEL_KEYS) {
  for (const language of SECTION_SYNONYMS) {
    for (const keyword of table(language)) {
      for (const variant of expandOptionalParts(keyword)) {
        const form = labelForm(variant);
        if (!LABELS.has(form)) LABELS.set(form, { key, keyword, language: language.language });
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Classification

/**
 * Parenthetical remarks qualify a heading, they do not name it: "Decisions (do not revisit)" is
 * decisions and "Immediate (architect validation)" is no section. A remark still gives a status
 * ("Parser (done)") and marks old material ("Next steps (archived)").
 */
function withoutParentheticals(normalised: string): string {
  if (!/[([]/.test(normalised)) return normalised;
  return normalised.replace(/\([^()]*\)|\[[^[\]]*\]/g, " ").replace(/\s+/g, " ").trim();
}

function best<T>(matches: KeywordMatch<Tagged<T>>[], rank: (value: T) => number): KeywordMatch<Tagged<T>> | undefined {
  let winner: KeywordMatch<Tagged<T>> | undefined;
  for (const match of matches) {
    if (
      winner === undefined ||
      rank(match.payload.value) < rank(winner.payload.value) ||
      (rank(match.payload.value) === rank(winner.payload.value) &&
        (match.length > winner.length || (match.length === winner.length && match.position < winner.position)))
    ) {
      winner = match;
    }
  }
  return winner;
}

/** A title folded once, with its parenthetical remarks removed (folded too) when it has any. */
interface TitleForms {
  whole: FoldedTitle;
  withoutRemarks: FoldedTitle | null;
}

function formsOf(normalised: string): TitleForms {
  const stripped = withoutParentheticals(normalised);
  return { whole: foldTitle(normalised), withoutRemarks: stripped !== normalised && stripped !== "" ? foldTitle(stripped) : null };
}

/** Status matches of the title without its parenthetical remarks, or of the whole title when those say nothing. */
function findInTitle<T>(index: KeywordIndex<Tagged<T>>, forms: TitleForms): KeywordMatch<Tagged<T>>[] {
  if (forms.withoutRemarks !== null) {
    const matches = index.find(forms.withoutRemarks);
    if (matches.length > 0) return matches;
  }
  return index.find(forms.whole);
}

function explainStatus(forms: TitleForms): KeywordMatch<Tagged<StateStatus>> | undefined {
  return best(findInTitle(STATUS_INDEX, forms), (status) => STATUS_ORDER.indexOf(status));
}

function explainNormalised(normalised: string): TitleExplanation | null {
  if (normalised === "" || normalised.length > 80) return null;
  const forms = formsOf(normalised);
  // History wins even from inside a remark: "Next steps (archived)" is old material.
  const whole = SECTION_INDEX.find(forms.whole);
  const history = whole.find((match) => match.payload.value === "history");
  let matches = history !== undefined ? [history] : forms.withoutRemarks === null ? whole : SECTION_INDEX.find(forms.withoutRemarks);
  // A remark that is itself a next-action title marks the section as what comes next: "STAGE 3 PLAN (NEXT)".
  if (history === undefined && forms.withoutRemarks !== null) {
    for (const remark of normalised.matchAll(/\(([^()]*)\)/g)) {
      const next = SECTION_INDEX.find(foldTitle((remark[1] ?? "").trim())).filter((match) => match.payload.value === "next-action" && match.keyword.startsWith("="));
      if (next.length > 0) matches = next;
    }
  }
  const winner = best(matches, (role) => TIER[role]);
  if (winner === undefined) return null;
  const key = keyOfRole(winner.payload.value);
  const statusMatch = key === "state" ? explainStatus(forms) : undefined;
  const roles = new Set(matches.map((match) => match.payload.value));
  const explanation: TitleExplanation = {
    key,
    status: statusMatch?.payload.value ?? null,
    // "Goal & constraints" is the goal; a section titled only "Constraints" holds nothing else.
    isConstraints: key === "goal" && roles.has("constraints") && !roles.has("goal"),
    matchedKeyword: winner.keyword,
    language: winner.payload.language,
    statusKeyword: statusMatch?.keyword ?? null,
  };
  if (key === "state" && roles.has("remaining")) explanation.standsInFor = "next-action";
  return explanation;
}

/**
 * Headings repeat across handoffs ("## Goal"): a bounded two-generation memo keeps a 10,000-file scan
 * from refolding them. When the young map is full it becomes the old one; a title found there moves
 * back, so common titles stay while one-off ones ("2026-07-06 Phase 5C.1 …") age out.
 */
const MEMO_LIMIT = 4096;
let youngMemo = new Map<string, TitleExplanation | null>();
let oldMemo = new Map<string, TitleExplanation | null>();

function remember(title: string, explanation: TitleExplanation | null): void {
  youngMemo.set(title, explanation);
  if (youngMemo.size >= MEMO_LIMIT) {
    oldMemo = youngMemo;
    youngMemo = new Map();
  }
}

function memoised(title: string): TitleExplanation | null {
  let explanation = youngMemo.get(title);
  if (explanation !== undefined) return explanation;
  explanation = oldMemo.get(title);
  if (explanation === undefined) explanation = explainNormalised(normaliseTitle(title));
  remember(title, explanation);
  return explanation;
}

/** The table entry that decides what a heading means, or null when no table knows it. */
export function explainTitle(title: string): TitleExplanation | null {
  const explanation = memoised(title);
  return explanation === null ? null : { ...explanation };
}

export function classifyTitle(title: string): TitleClass | null {
  const explanation = memoised(title);
  if (explanation === null) return null;
  const result: TitleClass = { key: explanation.key, status: explanation.status, isConstraints: explanation.isConstraints };
  if (explanation.standsInFor !== undefined) result.standsInFor = explanation.standsInFor;
  return result;
}

export function statusFromTitle(title: string): StateStatus | null {
  return explainStatus(formsOf(normaliseTitle(title)))?.payload.value ?? null;
}

/**
 * Titles accepted from a label (`**Next action:**`, `DONE:`, `**Próximo passo:**`) rather than a
 * heading. Labels are also how agents write ordinary key-value pairs and bold lead-ins
 * ("**Verify guardrails**: …"), so only the exact titles of the label tables open a section.
 */
export function explainLabel(labelText: string): (TitleExplanation & { key: SectionKey }) | null {
  const normalised = normaliseTitle(labelText);
  // "Next steps (in order):", "下一步（依序）": the remark does not change the label.
  const label = LABELS.get(labelForm(normalised)) ?? LABELS.get(labelForm(withoutParentheticals(foldText(normalised))));
  if (label === undefined) return null;
  const forms = formsOf(normalised);
  const statusMatch = label.key === "state" ? explainStatus(forms) : undefined;
  const roles = new Set(SECTION_INDEX.find(forms.whole).map((match) => match.payload.value));
  return {
    key: label.key,
    status: statusMatch?.payload.value ?? null,
    isConstraints: label.key === "goal" && roles.has("constraints") && !roles.has("goal"),
    matchedKeyword: label.keyword,
    language: label.language,
    statusKeyword: statusMatch?.keyword ?? null,
  };
}

export function classifyLabel(labelText: string): (TitleClass & { key: SectionKey }) | null {
  const explanation = explainLabel(labelText);
  if (explanation === null) return null;
  return { key: explanation.key, status: explanation.status, isConstraints: explanation.isConstraints };
}
