import { normaliseRuntime } from "../handoff-path";
import { stripInlineMarkdown } from "../markdown/inline-references";
import type { Section, SectionModel } from "../sections/section-model";
import type { TextUnit, Unit } from "../markdown/markdown-units";
import type { IdentityCandidate, IdentityEvidence } from "../types";
import { BRANCH_WORDS, COMMIT_WORDS, IDENTITY_LABELS } from "./identity-labels.data";
import { looksLikeModel, MODEL_FAMILY } from "./model-names";

/**
 * Identity values by their shape, wherever they stand in a handoff's identity area (its top up to the
 * first content section, its identity section, quote blocks near the top), whatever words surround them:
 *
 * - a 7–40 hex sha in the same line as a commit/HEAD word (any language: COMMIT_WORDS), or alone on its
 *   line or in a table row that names a commit;
 * - `branch @ sha` (`feat/auth @ 1a2b3c4`): a branch and its HEAD;
 * - a UUID or a `session_…` / `ses_…` id: a session id;
 * - `HEAD master`, `HEAD -> main`: the branch HEAD is on (taken only when such a ref exists);
 * - a runtime followed by its model: `Claude (Sonnet 4.6)`, `Claude Code, Opus 4.6`, `Codex (gpt-5.2)`.
 *
 * Candidates are never values by themselves: the scan confirms them with the repository
 * (confirm-identity.ts: a sha must be a commit of the repo, a branch a valid ref name) and fills only the
 * fields labels left empty. A table's header row is never a value.
 */

const MAX_CANDIDATES = 24;
/** Quote blocks count as identity area this far into the file (a status box under the title). */
const QUOTE_LINES = 40;
/** A branch paired with its sha (`main @ 1a2b3c4`, `dev = main = 1a2b3c4`) counts this far into the file, in any section. */
const PAIR_LINES = 30;
/** How much of a line the branch-word and equated-sha shapes look at. */
const MAX_SHAPE_CHARS = 600;

const SHA = /(?<![\p{L}\p{N}_@-])([0-9a-f]{7,40})(?![\p{L}\p{N}_@-]|\.[\p{L}\p{N}])/giu;
const HAS_SHA = /(?<![\p{L}\p{N}_@-])[0-9a-f]{7,40}(?![\p{L}\p{N}_@-]|\.[\p{L}\p{N}])/iu;
const BRANCH_AT_SHA = /(?<![\w@/.-])([A-Za-z0-9][\w./+-]{0,99})\s*@\s*([0-9a-f]{7,40})(?![\w@-]|\.\w)/g;
const UUID = /(?<![\w-])([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![\w-])/gi;
const SESSION_TOKEN = /(?<![\w-])((?:session|sess|ses)_[A-Za-z0-9][A-Za-z0-9_-]{5,80})(?![\w-])/g;
/** `HEAD master`, `(HEAD -> main, origin/main)`: HEAD, then the name of the branch it is on. */
const HEAD_ON_BRANCH = /(?<![\p{L}\p{N}_-])HEAD\s*(?:->|→|=|:)?\s*([A-Za-z][\w./+-]{0,99})/gu;
/** A model name with its version (`Claude Opus 4.6`, `gpt-5.2`), then a parenthesis that starts with a runtime. */
const MODEL_THEN_RUNTIME = /((?:[\p{L}][\p{L}\p{N}.-]*\s+){0,2}[\p{L}\p{N}][\p{L}\p{N}.-]*\d[\p{L}\p{N}.-]*)\s*\(([^()\n]{1,80})\)/gu;
const RUNTIME_MODEL = /((?:[\p{L}][\p{L}\p{N}.-]*\s+){0,2}[\p{L}][\p{L}\p{N}.-]*)\s*(?:\(([^()\n]{1,60})\)|,\s*([^,;·|()\n]{1,60}))/gu;

/** `dev = main = c998ca4`: branch names equated to a sha are that sha's branches. */
const EQUATED_TO_SHA = /((?:(?<![\w./+-])[A-Za-z][\w./+-]{0,99}\s*=\s*)+)([0-9a-f]{7,40})(?![\w@-]|\.\w)/g;
/**
 * A branch word, then its name in a code span: `Branch \`feature/x\``, `Arbeitsbranch: **\`dev\`**`, or a
 * label of up to three words around it (`**Branch Principal:** \`claude/x\``, `Working branch name: \`x\``, a table row
 * `| Repository branch inspected | \`experiment/x\` |`).
 */
const AFTER_BRANCH_WORD = new RegExp(
  `(?<![\\p{L}])\\p{L}*(?:${BRANCH_WORDS.join("|")})(?:\\s*[:：]?|(?:\\s+\\p{L}+){1,2}\\s*[*_]*[:：|])[\\s*_]*\`([^\`\\s]{1,100})\``,
  "giu",
);

/** A UUID counts as a session id this far into the file, or further on beside a session word. */
const SESSION_ID_LINES = 40;
const sessionWord = new RegExp(
  IDENTITY_LABELS.sessionId.whenValueFits.map((word) => (/[\u2E80-\uFFFF]/.test(word) ? escape(word) : `(?<![\\p{L}])${escape(word)}`)).join("|"),
  "iu",
);

const commitWord = new RegExp(
  COMMIT_WORDS.map((word) => (/[\u2E80-\uFFFF]/.test(word) ? escape(word) : `(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}])`)).join("|"),
  "iu",
);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A sha token mixes digits and letters: "defaced" and "2026031" are not shas. */
function isShaToken(token: string): boolean {
  return /\d/.test(token) && /[a-f]/i.test(token);
}

interface AreaLine {
  text: string;
  line: number;
  /**
   * Near the top but inside a content section (`## 0) Estado actual` over `Tips: \`dev\` = \`main\` = \`c998ca4\``):
   * only a branch paired with its sha is read there, the strongest shape.
   */
  isPairsOnly?: boolean;
  /** The line is a table row (header rows are never passed). */
  cells: string[] | null;
  /** The row's cells under a column whose header names a commit. */
  commitCells?: string[];
}

/** The lines a handoff's identity area holds, in document order. */
function identityArea(model: SectionModel): AreaLine[] {
  const firstContent = model.sections.find((section) => section.key !== null && section.key !== "identity" && section.key !== "other" && section.source === "heading");
  const limit = firstContent?.line ?? Number.POSITIVE_INFINITY;
  const lines: AreaLine[] = [];
  const seen = new Set<number>();
  const take = (unit: Unit) => {
    for (const entry of unitLines(unit)) {
      if (seen.has(entry.line)) continue;
      seen.add(entry.line);
      lines.push(entry);
    }
  };
  const early: Unit[] = [];
  for (const section of model.sections) {
    const isTop = section.line < limit && !isContentSection(section);
    for (const unit of section.units) {
      const isNearQuote = unit.kind === "text" && unit.isQuote && unit.line <= QUOTE_LINES;
      if (isTop || section.key === "identity" || isNearQuote) take(unit);
      else if (unit.line <= PAIR_LINES) early.push(unit);
    }
  }
  for (const unit of early) {
    for (const entry of unitLines(unit)) {
      if (seen.has(entry.line)) continue;
      seen.add(entry.line);
      lines.push({ ...entry, isPairsOnly: true });
    }
  }
  return lines.sort((a, b) => a.line - b.line);
}

function isContentSection(section: Section): boolean {
  return section.key !== null && section.key !== "identity" && section.key !== "other";
}

function unitLines(unit: Unit): AreaLine[] {
  if (unit.kind === "text") return [{ text: textOf(unit), line: unit.line, cells: null }];
  if (unit.kind === "table") {
    // Row 0 is the header: its cells name columns, never values. A column named like a commit makes its
    // cells commit cells (`| Branch | HEAD |` over `| main | 1a2b3c4 |`).
    const header = (unit.rows[0]?.cells ?? []).map((cell) => stripInlineMarkdown(cell).trim());
    const commitColumns = new Set(header.flatMap((cell, index) => (commitWord.test(cell) ? [index] : [])));
    return unit.rows.slice(1).map((row) => {
      const cells = row.cells.map((cell) => stripInlineMarkdown(cell).trim());
      return { text: row.cells.join(" | "), line: row.line, cells, commitCells: cells.filter((_, index) => commitColumns.has(index)) };
    });
  }
  return [];
}

function textOf(unit: TextUnit): string {
  return unit.raw;
}

export function identityCandidates(model: SectionModel): IdentityCandidate[] {
  const candidates: IdentityCandidate[] = [];
  const seen = new Set<string>();
  const add = (field: IdentityCandidate["field"], value: string, line: number, evidence: IdentityEvidence) => {
    const key = `${field}\0${value.toLowerCase()}`;
    if (value === "" || seen.has(key) || candidates.length >= MAX_CANDIDATES) return;
    seen.add(key);
    candidates.push({ field, value, line, evidence });
  };

  for (const { text, line, cells, commitCells = [], isPairsOnly = false } of identityArea(model)) {
    for (const cell of isPairsOnly ? [] : commitCells) {
      const only = /^`?([0-9a-f]{7,40})`?$/i.exec(cell)?.[1];
      if (only !== undefined && isShaToken(only)) add("headSha", only.toLowerCase(), line, "near-commit-word");
    }
    const plain = stripInlineMarkdown(text).replace(/`/g, " ");

    for (const match of plain.matchAll(BRANCH_AT_SHA)) {
      const [, branch = "", sha = ""] = match;
      if (!isShaToken(sha) || isShaToken(branch) || /^\d+(?:\.\d+)*$/.test(branch)) continue;
      add("branch", branch.replace(/[.,;:]+$/, ""), line, "branch-at-sha");
      add("headSha", sha.toLowerCase(), line, "branch-at-sha");
    }

    // Shapes are looked for in a line's first characters: an identity line is short, and a pasted blob
    // must not cost a scan seconds (the two patterns below backtrack over long runs).
    const head = plain.length > MAX_SHAPE_CHARS ? plain.slice(0, MAX_SHAPE_CHARS) : plain;
    const rawHead = text.length > MAX_SHAPE_CHARS ? text.slice(0, MAX_SHAPE_CHARS) : text;
    for (const match of head.matchAll(EQUATED_TO_SHA)) {
      const sha = match[2] ?? "";
      if (!isShaToken(sha)) continue;
      const names = (match[1] ?? "").split("=").map((name) => name.trim()).filter((name) => name !== "" && !isShaToken(name));
      if (names.length === 0) continue;
      for (const name of names) add("branch", name, line, "branch-at-sha");
      add("headSha", sha.toLowerCase(), line, "branch-at-sha");
    }

    if (isPairsOnly) continue;

    for (const match of rawHead.matchAll(AFTER_BRANCH_WORD)) {
      const name = (match[1] ?? "").replace(/[.,;:]+$/, "");
      if (name !== "" && !isShaToken(name)) add("branch", name, line, "after-branch-word");
    }

    // `HEAD master`, `HEAD -> main` (git's own decoration): the branch HEAD is on, when such a ref exists.
    for (const match of head.matchAll(HEAD_ON_BRANCH)) {
      const name = (match[1] ?? "").replace(/[.,;:]+$/, "");
      if (name !== "" && !isShaToken(name)) add("branch", name, line, "after-head-word");
    }

    const shas = [...plain.matchAll(SHA)].map((match) => match[1] ?? "").filter(isShaToken);
    if (shas.length > 0) {
      const rest = plain.replace(SHA, " ").replace(/[\s|:：=>\-–—()[\]*_#.,;]+/gu, "");
      const rowNamesCommit = cells !== null && cells.some((cell) => commitWord.test(cell) && !HAS_SHA.test(cell));
      if (commitWord.test(plain) || rowNamesCommit) for (const sha of shas) add("headSha", sha.toLowerCase(), line, "near-commit-word");
      else if (shas.length === 1 && rest === "") add("headSha", shas[0]!.toLowerCase(), line, "alone");
    }

    // A UUID is any record's id (an announcement's, a user's): a session id only near the top or beside a
    // session word. `session_…` ids say what they are.
    if (line <= SESSION_ID_LINES || sessionWord.test(plain)) for (const match of plain.matchAll(UUID)) add("sessionId", (match[1] ?? "").toLowerCase(), line, "id-shape");
    for (const match of plain.matchAll(SESSION_TOKEN)) add("sessionId", match[1] ?? "", line, "id-shape");

    for (const [runtime, model] of runtimeModelPairs(head)) {
      add("runtime", runtime, line, "runtime-model");
      add("model", model, line, "runtime-model");
    }
  }
  return candidates;
}

/**
 * The runtime and model pairs of a line: `Claude (Sonnet 4.6)`, `Claude Code, Opus 4.6`, the same inside a
 * parenthesis after another value (`session_01Hj… (Claude Code, Opus 4.6)`), and a model followed by its
 * runtime in parentheses (`Claude Opus 4.6 (Claude Code CLI, via the Agent SDK)`).
 */
function runtimeModelPairs(text: string): [runtime: string, model: string][] {
  const pairs: [string, string][] = [];
  const notes = [...text.matchAll(/\(([^()\n]{1,80})\)/g)].map((match) => match[1] ?? "");
  for (const part of [text, ...notes]) {
    for (const match of part.matchAll(RUNTIME_MODEL)) {
      const words = (match[1] ?? "").split(/\s+/);
      const model = (match[2] ?? match[3] ?? "").trim().replace(/[.;:]+$/, "");
      // The fewest words that name a runtime: "Claude" of "Written by Claude", "Claude Code", "Gemini CLI".
      for (let take = 1; take <= Math.min(3, words.length); take++) {
        const name = words.slice(-take).join(" ");
        const runtime = normaliseRuntime(name);
        if (runtime === null || runtime === "unknown-runtime" || !looksLikeModel(model) || (normaliseRuntime(model) === runtime && !/\d/.test(model))) continue;
        pairs.push([name, model]);
        break;
      }
    }
  }
  for (const match of text.matchAll(MODEL_THEN_RUNTIME)) {
    const model = (match[1] ?? "").trim();
    const first = (match[2] ?? "").split(/[,;]/)[0]?.trim().split(/\s+/) ?? [];
    if (!MODEL_FAMILY.test(model) || !looksLikeModel(model)) continue;
    for (let take = Math.min(3, first.length); take >= 1; take--) {
      const name = first.slice(0, take).join(" ");
      const runtime = normaliseRuntime(name);
      if (runtime === null || runtime === "unknown-runtime" || MODEL_FAMILY.test(name) && /\d/.test(name)) continue;
      pairs.push([name, model]);
      break;
    }
  }
  return pairs;
}
