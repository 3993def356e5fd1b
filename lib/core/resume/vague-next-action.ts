/**
 * Whether a handoff's next action is too vague to resume from without re-deriving the plan, which
 * the protocol tells the next agent not to do.
 *
 * A next action is concrete when any of its steps names something the next agent can act on:
 * - an anchor: a file or path, a command or any code span, an identifier (`camelCase`, `snake_case`,
 *   `Type::name`, `fn()`), an issue or PR number (`#12`), a URL, or a quoted string;
 * - or a verb with a specific object: "Fix the failing login test on Safari".
 * It is vague when it is a placeholder ("TBD", "see above", "continue"), when every step is a single
 * word, or when every step starts or ends with a "go on" verb (continue, finish, resume, work on, look
 * into …; the verb ends the clause in Korean, Japanese and German) with at most two specific words ("Continue the migration", "Finish the auth refactor"). Steps are
 * list items or lines; one concrete step makes the whole next action concrete.
 */
import type { ParsedHandoff } from "../handoff/types";
import { GENERIC_NOUNS, PLACEHOLDERS, STOP_WORDS, VAGUE_VERBS } from "./vague-next-action.data";

export interface NextActionAssessment {
  isVague: boolean;
  /** Why it is vague, for the warning; null when it is not. */
  reason: string | null;
}

/** Specific words a "go on" verb needs after it to count as a concrete step. */
const MIN_SPECIFIC_WORDS = 3;

const vagueVerbs = new Set(VAGUE_VERBS);
const genericNouns = new Set(GENERIC_NOUNS);
const stopWords = new Set(STOP_WORDS);
const placeholders = new Set(PLACEHOLDERS);
const segmenter = new Intl.Segmenter("und", { granularity: "word" });

const ANCHORS: readonly RegExp[] = [
  /`[^`\n]+`/, // code span (a command, a file, a symbol)
  /^ {0,3}(?:`{3,}|~{3,})/m, // a fenced block
  /(?:^|[\s(["'])(?:(?:\.{1,2}|~)?\/[\w@.-]+|[\w@.-]+\/[\w@.-]+\/[\w@.-]*)/, // a rooted path, or one with two slashes ("and/or" is not one)
  /\b[\w-]{2,}\.(?:[a-z]{1,6}|[A-Z]{1,6})(?::\d+)?\b(?!\.\w)/, // a file name with an extension (login.ts, README.md:12; not "e.g.")
  /\b[a-z]+[A-Z][A-Za-z0-9]*\b/, // camelCase
  /\b[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+\b/, // snake_case
  /\w::\w|\w\(\)/, // Type::name, fn()
  /(?:^|\s)#\d+\b/, // issue / PR
  /\bhttps?:\/\/\S+/i, // URL
  /"[^"\n]{3,}"|“[^”\n]{3,}”|(?:^|\s)'[^'\n]{3,}'(?=$|[\s.,;:!?)])/, // a quoted string (not an apostrophe)
];

export function assessNextAction(nextAction: ParsedHandoff["nextAction"], sectionMarkdown?: string | null): NextActionAssessment {
  if (nextAction === null) return { isVague: false, reason: null };
  const text = (sectionMarkdown ?? "").trim() || nextAction.text.trim();
  if (text === "") return { isVague: false, reason: null };
  if (nextAction.commands.length > 0 || nextAction.fileRefs.length > 0) return { isVague: false, reason: null };
  return assessText(text);
}

/** The same judgement on text alone (markdown or plain). */
export function assessText(text: string): NextActionAssessment {
  if (ANCHORS.some((anchor) => anchor.test(text))) return { isVague: false, reason: null };
  const steps = splitSteps(text);
  if (steps.length === 0) return { isVague: false, reason: null };
  const verdicts = steps.map(judgeStep);
  if (verdicts.some((verdict) => verdict === null)) return { isVague: false, reason: null };
  const quoted = quote(steps[0]!);
  const why = verdicts[0]!;
  return { isVague: true, reason: `${why}: ${quoted}${steps.length > 1 ? ` (and ${steps.length - 1} more step(s) like it)` : ""}` };
}

/** Null when the step is concrete, else why it is vague. */
function judgeStep(step: string): string | null {
  const normalised = step.toLowerCase().replace(/[\s.!:;,…-]+$/u, "").replace(/^[\s.!:;,…-]+/u, "").trim();
  if (placeholders.has(normalised)) return "it is a placeholder, not a step";
  const words = wordsOf(step);
  const content = words.filter((word) => !stopWords.has(word));
  if (content.length === 0) return "it names no action";
  if (content.length === 1) return "it is a single word, with no file, command or object";
  // The verb leads in English and Romance languages, and ends the clause in Korean, Japanese and German.
  if (vagueVerbs.has(content[0]!) || vagueVerbs.has(content[content.length - 1]!)) {
    const specific = content.filter((word) => !genericNouns.has(word) && !vagueVerbs.has(word));
    if (specific.length < MIN_SPECIFIC_WORDS) return "it says to go on without naming a file, command or concrete step";
  }
  return null;
}

/** List items, else lines, else sentences; markdown list markers and emphasis removed. */
function splitSteps(text: string): string[] {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/^\s*(?:>\s*)*(?:(?:[-*+]|\d{1,3}[.)])\s+)?(?:\[[ xX]\]\s*)?/, "").replace(/\*\*|__|~~/g, "").trim())
    .filter((line) => line !== "" && !/^#{1,6}\s/.test(line));
  const steps = lines.length > 1 ? lines : lines.flatMap((line) => line.split(/(?<=[.!?;])\s+(?=\p{Lu})/u));
  // A bold label opening a label-style section ("Next action: continue") is not a step of its own.
  return steps.map((step) => step.replace(/^[\p{L} ]{1,30}[:：]\s+/u, (label) => (/next|step|action|todo|then/i.test(label) ? "" : label))).filter((step) => step.trim() !== "");
}

function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const segment of segmenter.segment(text.toLowerCase())) if (segment.isWordLike) words.push(segment.segment);
  return words;
}

function quote(step: string): string {
  const trimmed = step.trim();
  return JSON.stringify(trimmed.length > 80 ? `${trimmed.slice(0, 79)}…` : trimmed);
}
