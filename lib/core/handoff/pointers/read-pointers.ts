import { cleanValue, normaliseKey } from "../sections/handoff-labels";
import { isSha } from "../markdown/inline-references";
import {
  OWN_COMMIT_LABELS,
  PREVIOUS_POINTER_LABELS,
  RESUME_COMMAND_LABELS,
  THIS_POINTER_LABELS,
  THIS_POINTER_LABELS_IN_SECTION,
} from "./pointer-labels.data";
import { cleanPointer } from "./resolve-pointer";
import { bySourcePreference, firstCode, sectionsWith, textUnits, type Section, type SectionModel } from "../sections/section-model";
import { weakPreviousCandidates } from "./pointer-candidates";
import type { ParsedHandoff, PointerEvidence, PreviousCandidate } from "../types";

/** Resume pointers (this file, previous file), the handoff's own commit sha and its resume command. */

const PREVIOUS_KEYS = new Set(Object.values(PREVIOUS_POINTER_LABELS).flat().map(normaliseKey));
const THIS_KEYS = new Set(THIS_POINTER_LABELS.map(normaliseKey));
const THIS_KEYS_IN_SECTION = new Set([...THIS_POINTER_LABELS, ...THIS_POINTER_LABELS_IN_SECTION].map(normaliseKey));

/**
 * A previous-pointer label at the start of a line, written as a phrase rather than a `Label:` pair:
 * "Picked up from `x.md`", "Continues from [a](./a.md)", "previous → none". Longest labels first.
 */
const PREVIOUS_PHRASE = new RegExp(
  `^(?:[-*+]\\s+)?(?:\\*\\*|__)?(${[...new Set(Object.values(PREVIOUS_POINTER_LABELS).flat())]
    .sort((a, b) => b.length - a.length)
    .map((label) => label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "[\\s_-]+"))
    .join("|")})(?![\\p{L}\\p{N}])(?:\\*\\*|__)?\\s*((?:[:：=→]|->|=>|—|–|-)(?:\\*\\*|__)?)?\\s*(.*)$`,
  "iu",
);

/**
 * A previous-pointer label inside a sentence, directly followed by a parenthesised link or code span:
 * "o anterior ([gage factor](handoff-2026-06-30.md)) cobre a base", "the previous one (`a.md`)". The link
 * must come right after the label, so a path merely near the word ("`CHANGELOG.md`, previous handoff
 * doc") is still no pointer.
 */
const PREVIOUS_IN_SENTENCE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...new Set(Object.values(PREVIOUS_POINTER_LABELS).flat())]
    .sort((a, b) => b.length - a.length)
    .map((label) => label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "[\\s_-]+"))
    .join("|")})(?:\\s+(?:one|file|doc|document|um|uma|o|a))?\\s*\\(\\s*(\\[[^\\]\\n]*\\]\\((?:[^()\\s]|\\([^()\\s]*\\))*\\)|\`[^\`\\n]+\`)`,
  "iu",
);

/**
 * Labels specific enough to be read inside a sentence without parentheses: several words ("picked up
 * from", "previous handoff") or a label in a script without spaces ("前回のハンドオフ"). A lone "previous"
 * or "prior" inside a sentence is too often about something else.
 */
const PHRASE_LABELS = [...new Set(Object.values(PREVIOUS_POINTER_LABELS).flat())]
  .filter((label) => label.includes(" ") || (/[\u0370-\uFFFF]/.test(label) && label.length >= 3))
  .sort((a, b) => b.length - a.length)
  .map((label) => label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "[\\s_-]+").replace(/'/g, "['’]"))
  .join("|");

const MARKDOWN_TARGET = "(\\[[^\\]\\n]*\\]\\((?:[^()\\s]|\\([^()\\s]*\\))*\\)|`[^`\\n]+`)";

/**
 * A several-word label inside a sentence, right before a markdown file named in a code span or link:
 * "Resume from previous handoff — Picked up from `a.md`", "Ingested handoff from `a.md`". The file must
 * be a `.md` file and come right after the label (a colon between is allowed).
 */
const PREVIOUS_BEFORE_FILE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${PHRASE_LABELS})\\s*[:：]?\\s*${MARKDOWN_TARGET}`,
  "iu",
);

/**
 * A list item naming a markdown file first, then saying what it is: "- `a.md` — Previous handoff with
 * the architecture". The description must start with a several-word label.
 */
const FILE_THEN_LABEL = new RegExp(
  `^(?:[-*+]\\s+|\\d+[.)]\\s+)?${MARKDOWN_TARGET}\\s*(?:—|–|-|:)\\s*(?:\\*\\*|__)?(?:${PHRASE_LABELS})(?![\\p{L}\\p{N}])`,
  "iu",
);

/** The first two letters of every previous-pointer label: most lines are turned away by this alone. */
const PREVIOUS_PHRASE_STARTS = new Set(Object.values(PREVIOUS_POINTER_LABELS).flat().map((label) => label.slice(0, 2).toLowerCase()));

function mayStartWithPointerPhrase(raw: string): boolean {
  const start = raw.replace(/^(?:[-*+]\s+)?(?:\*\*|__)?/, "").slice(0, 2).toLowerCase();
  return PREVIOUS_PHRASE_STARTS.has(start);
}

interface PointerCandidate {
  path: string | null;
  line: number;
  isPreferred: boolean;
  evidence: PointerEvidence;
}

/**
 * This-file and previous-handoff pointers. Both are read only from a labelled value that is shaped like
 * a path to a file (it has a `/` or ends in `.md`): a `Label: value` pair (bold, plain, table row,
 * front matter) or a line that starts with a pointer phrase ("Picked up from `x.md`"). "Previous: none",
 * "n/a" or "first" is a pointer that says there is none. A path that merely appears near the word
 * "previous" in prose is not a pointer. Labels are data (pointer-labels.data.ts), in nine languages.
 */
export function extractPointers(model: SectionModel): ParsedHandoff["pointers"] {
  const previous: PointerCandidate[] = [];
  const thisFile: PointerCandidate[] = [];
  const labelledLines = new Set<number>();

  for (const kv of model.keyValues) {
    const inPointerSection = kv.section?.key === "resume-pointer" || kv.fromFrontMatter;
    if (PREVIOUS_KEYS.has(kv.key)) {
      labelledLines.add(kv.line);
      const value = pointerValue(kv.value);
      if (value !== undefined) previous.push({ path: value, line: kv.line, isPreferred: inPointerSection, evidence: "label" });
    } else if (inPointerSection ? THIS_KEYS_IN_SECTION.has(kv.key) : THIS_KEYS.has(kv.key)) {
      const value = pointerValue(kv.value);
      if (value !== undefined && value !== null) thisFile.push({ path: value, line: kv.line, isPreferred: inPointerSection, evidence: "label" });
    }
  }

  // "## Previous handoff" with the path (or "none") on the line below: the heading is the label.
  for (const section of model.sections) {
    const under = headingPointer(section);
    if (under === null) continue;
    labelledLines.add(under.line);
    previous.push({ ...under, isPreferred: true, evidence: "heading" });
  }

  for (const section of model.sections) {
    const isPointerSection = section.key === "resume-pointer";
    for (const unit of textUnits(section)) {
      if (labelledLines.has(unit.line)) continue;
      const phrase = mayStartWithPointerPhrase(unit.raw) ? PREVIOUS_PHRASE.exec(unit.raw) : null;
      if (phrase !== null) {
        const value = phraseValue(phrase[3] ?? "", phrase[2] !== undefined);
        if (value !== undefined) previous.push({ path: value, line: unit.line, isPreferred: isPointerSection, evidence: "phrase" });
        continue;
      }
      const inSentence = PREVIOUS_IN_SENTENCE.exec(unit.raw);
      const nearFile = inSentence === null ? (PREVIOUS_BEFORE_FILE.exec(unit.raw) ?? FILE_THEN_LABEL.exec(unit.raw)) : null;
      const match = inSentence ?? nearFile;
      if (match !== null) {
        const value = phraseValue(match[1] ?? "", false);
        // Without parentheses, only a markdown file counts ("Picked up from `a.md`", not "… from `lib/x.ts`").
        const isPointer = typeof value === "string" && (inSentence !== null || /\.md$/i.test(value));
        if (isPointer) previous.push({ path: value, line: unit.line, isPreferred: false, evidence: "phrase" });
      }
      // "- `docs/ai/…/handoff_b.md` (this file)" in the pointer section.
      if (isPointerSection && /\bthis (?:file|handoff)\b|\bcurrent\b/i.test(unit.plain)) {
        const code = unit.codes.find((value) => isPathShaped(value.trim()));
        const path = code === undefined ? undefined : pointerValue(code);
        if (path !== undefined && path !== null) thisFile.push({ path, line: unit.line, isPreferred: true, evidence: "label" });
      }
    }
  }

  const ranked = (candidates: PointerCandidate[]) => [...candidates].sort((a, b) => Number(b.isPreferred) - Number(a.isPreferred) || a.line - b.line);
  const written = ranked(previous);
  const chosenPrevious = written[0] ?? null;
  const chosenThis = ranked(thisFile)[0] ?? null;
  const explicitLines = new Set([...previous, ...thisFile].map((candidate) => candidate.line));
  const previousCandidates: PreviousCandidate[] = [
    ...written.map(({ path, line, evidence }) => ({ path, line, evidence })),
    // Weaker evidence (a previous-word beside a markdown file, a link to another handoff) is kept for the
    // scan to confirm against the repo's handoffs; only used when nothing above names a previous pointer.
    ...(chosenPrevious === null ? weakPreviousCandidates(model, explicitLines, chosenThis?.path ?? null) : []),
  ];
  return {
    thisPath: chosenThis?.path ?? null,
    thisLine: chosenThis?.line ?? null,
    previousPath: chosenPrevious?.path ?? null,
    previousLine: chosenPrevious?.line ?? null,
    previousCandidates,
  };
}

/**
 * A heading that names the previous pointer (`## Previous handoff`, `### 前回のハンドオフ`) over its value:
 * the first line under it, a path or a link (`docs/handoffs/a.md`) or a word saying there is none
 * (`none`, `n/a`, `—`). Prose under such a heading names no pointer.
 */
function headingPointer(section: Section): { path: string | null; line: number } | null {
  if (section.source !== "heading" || !PREVIOUS_KEYS.has(normaliseKey(section.title))) return null;
  const first = section.units[0];
  if (first === undefined) return null;
  if (first.kind === "code") {
    const line = first.value.trim().split("\n")[0] ?? "";
    const value = pointerValue(line);
    return value === undefined ? null : { path: value, line: first.line };
  }
  if (first.kind !== "text") return null;
  const raw = first.raw.replace(/^(?:[-*+]|\d+[.)])\s+/, "");
  const whole = pointerValue(raw);
  const value = whole === undefined ? phraseValue(raw, false) : whole;
  return value === undefined ? null : { path: value, line: first.line };
}

/** A pointer value → its path, null when it says there is none, undefined when it is no path at all. */
function pointerValue(raw: string): string | null | undefined {
  const text = raw.trim();
  if (text === "") return undefined;
  const cleaned = cleanPointer(text);
  if (cleaned === null) return null;
  return isPathShaped(cleaned) ? cleaned : undefined;
}

/**
 * The value after a pointer phrase. After a separator ("previous → none") it is read as a labelled value;
 * without one ("Picked up from `x.md` yesterday") the path must come first.
 */
function phraseValue(rest: string, hasSeparator: boolean): string | null | undefined {
  if (hasSeparator) return pointerValue(rest);
  const first = /^(?:\[[^\]\n]*\]\((?:[^()\s]|\([^()\s]*\))*\)|`[^`\n]+`|<[^>\s]+>|[^\s,;]+)/.exec(rest.trim())?.[0];
  if (first === undefined) return undefined;
  const value = pointerValue(first);
  return value === null ? undefined : value;
}

/**
 * A repo path to a file: it has a folder separator or ends in `.md`. A URL (`https:`, `file:`, even
 * `javascript:`) also counts: it was plainly meant as the pointer, and resolving it says why it is not
 * a path in the repo.
 */
function isPathShaped(text: string): boolean {
  return text !== "" && !/\s/.test(text) && (/[/\\]/.test(text) || /\.md$/i.test(text) || /^[a-z][a-z0-9+.-]*:\S/i.test(text));
}

const OWN_COMMIT_KEYS = new Set(OWN_COMMIT_LABELS.map(normaliseKey));
const TRAILING_COMMIT = /(?<![A-Za-z])(?:commit(?:ted)?|sha)(?![A-Za-z])[^\n]{0,60}?\b([0-9a-f]{7,40})\b/i;
const TRAILING_LINES = 5;

export function extractOwnCommit(model: SectionModel, text: string, identityLines: Set<number>): { sha: string | null; line: number | null } {
  for (const kv of model.keyValues) {
    if (!OWN_COMMIT_KEYS.has(kv.key)) continue;
    const candidate = firstCode(kv) ?? cleanValue(kv.value).split(/\s+/)[0] ?? "";
    if (isSha(candidate)) return { sha: candidate.toLowerCase(), line: kv.line };
  }
  // The protocol allows "a trailing line" with the sha: look only at the last few non-empty lines.
  const lines = text.split("\n");
  let seen = 0;
  for (let index = lines.length - 1; index >= 0 && seen < TRAILING_LINES; index -= 1) {
    const line = lines[index] ?? "";
    if (line.trim() === "") continue;
    seen += 1;
    if (identityLines.has(index + 1)) continue;
    const match = TRAILING_COMMIT.exec(line);
    const sha = match?.[1];
    if (sha !== undefined && /\d/.test(sha)) return { sha: sha.toLowerCase(), line: index + 1 };
  }
  return { sha: null, line: null };
}

const RESUME_COMMAND_KEYS = new Set(RESUME_COMMAND_LABELS.map(normaliseKey));
const RUNTIME_CLI = /^(?:\$\s+)?(?:cd\s+\S+\s*&&\s*)?(?:claude|codex|gemini|opencode|agy|antigravity|baton\s+resume)\b/;

export function extractResumeCommand(model: SectionModel): { command: string | null; line: number | null } {
  for (const section of bySourcePreference(sectionsWith(model, "resume-command"))) {
    for (const unit of section.units) {
      if (unit.kind === "code" && unit.value.trim() !== "") return { command: unit.value.trim(), line: unit.line };
      if (unit.kind === "text") {
        const code = unit.codes.find((value) => value.trim() !== "");
        if (code !== undefined) return { command: code.trim(), line: unit.line };
      }
    }
    const first = textUnits(section)[0];
    if (first !== undefined && first.plain !== "") return { command: first.plain, line: first.line };
  }
  for (const kv of model.keyValues) {
    if (!RESUME_COMMAND_KEYS.has(kv.key)) continue;
    const command = firstCode(kv) ?? cleanValue(kv.value);
    if (command !== "") return { command, line: kv.line };
  }
  const candidates = [...sectionsWith(model, "resume-pointer"), ...model.sections];
  for (const section of candidates) {
    for (const unit of section.units) {
      if (unit.kind === "code") {
        const first = unit.value.trim().split("\n")[0] ?? "";
        if (RUNTIME_CLI.test(first) && (section.key === "resume-pointer" || /handoff|resume/i.test(unit.value))) {
          return { command: unit.value.trim(), line: unit.line };
        }
      } else if (unit.kind === "text") {
        const code = unit.codes.find((value) => RUNTIME_CLI.test(value.trim()) && /handoff|resume/i.test(value));
        if (code !== undefined) return { command: code.trim(), line: unit.line };
      }
    }
  }
  return { command: null, line: null };
}

