/**
 * Whether a markdown file found where handoffs live is one, as a careful reader judges it (docs/cli.md,
 * "Files that are not read as handoffs"). A handoff carries marks of its own: who wrote it at which
 * commit (runtime, model, session, branch, HEAD), the handoff it continues, the command to resume, and
 * a next action; its name says handoff or dates it. Plans, backlogs, runbooks and status boards share
 * goal / state / next-step headings with handoffs, so headings alone never make one.
 *
 * Two outcomes keep a file out, each reported with its reason (never dropped silently):
 * - `handoff-empty`: nothing is filled in (an unfilled template, a log with only its entry template);
 * - `not-a-handoff`: inside a handoff folder, a file named as another kind of document (a backlog, a
 *   TODO list, a runbook, a prompt …), undated, with none of a handoff's own marks.
 */
import { fileNameDate } from "../../text/name-date";
import { isEmptyMarker } from "./empty-markers";
import { OTHER_DOCUMENT_WORDS, PLACEHOLDER_TOKENS, PLACEHOLDER_WORDS } from "./document-kinds.data";
import type { ParsedHandoff } from "../types";

export const NOT_A_HANDOFF_RULE = "not-a-handoff";
export const HANDOFF_EMPTY_RULE = "handoff-empty";
/** Instructions for writing handoffs: a guide, a format description, a command or skill definition. */
export const HANDOFF_INSTRUCTIONS_RULE = "handoff-instructions";
/** A session log kept beside the handoffs: a companion, not a handoff, never the latest. */
export const HANDOFF_COMPANION_RULE = "handoff-companion";
/** Left out by its place or name alone, never read (lib/core/discovery/handoff-rules.ts `leftOutByName`). */
export const NOT_A_HANDOFF_NAME_RULE = "not-a-handoff-name";
/**
 * A markdown file found by no handoff folder or name, read for its content and found to be an ordinary
 * document (judge-document.ts `judgeByContent`): remembered so it is not read again, never listed (a
 * project's documents are no handoff's business), unlike the rules below.
 */
export const CONTENT_NOT_A_HANDOFF_RULE = "not-a-handoff-by-content";
/** Rules of files kept out of the handoffs, each reported once per content (or path). */
export const SKIPPED_DOCUMENT_RULES = [NOT_A_HANDOFF_RULE, HANDOFF_EMPTY_RULE, HANDOFF_INSTRUCTIONS_RULE, HANDOFF_COMPANION_RULE, NOT_A_HANDOFF_NAME_RULE] as const;

const otherWords = new Set<string>(OTHER_DOCUMENT_WORDS);
const placeholderWords = new Set<string>(PLACEHOLDER_WORDS);


export function stemWords(fileName: string): string[] {
  const stem = fileName.replace(/\.(md|markdown|txt)$/i, "");
  return stem
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[-_. ]+/)
    .filter((word) => word !== "");
}

/** The other-document word a file's name holds (`V2_BACKLOG.md` → "backlog"), or null; a dated name has none. */
export function otherDocumentWord(fileName: string): string | null {
  if (fileNameDate(fileName) !== null) return null;
  return stemWords(fileName).find((word) => otherWords.has(word)) ?? null;
}

/** Text a template leaves to fill in: nothing, a bare label, a bracketed hint, `YYYY-MM-DD`, `TBD`. */
export function isPlaceholderText(text: string): boolean {
  return placeholderKind(text) !== null;
}

/**
 * What marks a template, beyond a bare label (which also opens a list in filled-in text): a placeholder
 * token, a bracketed hint, `...`, `TBD`.
 */
export function isTemplateMark(text: string): boolean {
  const kind = placeholderKind(text);
  return kind === "token" || kind === "hint";
}

function placeholderKind(text: string): "empty" | "label" | "token" | "hint" | null {
  let value = text
    .normalize("NFKC")
    // `--checkpoint <ckpt>` in a code span is a command's argument, not a blank to fill in.
    .replace(/`[^`\n]+`/g, "code")
    .replace(/^\s*(?:[-*+>]|\d+[.)])\s+/, "")
    .replace(/^\s*\[[ xX~-]?\]\s*/, "")
    .replace(/[`*_~]/g, "")
    .trim();
  if (value === "") return "empty";
  if (PLACEHOLDER_TOKENS.some((token) => token.test(value))) return "token";
  // "Branch:" with nothing after it; "Branch: (fill in)" keeps only its value to judge.
  const label = /^[^:：]{1,40}[:：]\s*(.*)$/u.exec(value);
  if (label) {
    value = label[1]!.trim();
    if (value === "") return "label";
  }
  if (/^[([（【「{][^)\]）】」}]*[)\]）】」}]$/u.test(value)) return "hint";
  if (/^[-*_=\s]{3,}$/u.test(value)) return "empty";
  if (/^[.…\-–—_?!/|\s]+$/u.test(value) || placeholderWords.has(value.toLowerCase())) return "hint";
  return isEmptyMarker(value) ? "empty" : null;
}

/** A handoff's own marks, beyond headings any project document has. */
export interface HandoffMarks {
  /** Runtime, model, session id, branch or HEAD (a date alone is not one: every document has one). */
  writer: boolean;
  /** A previous pointer, a resume command or the handoff's own commit line. */
  continuity: boolean;
  /** A next action with something in it. */
  nextAction: boolean;
}

export function handoffMarks(parsed: ParsedHandoff): HandoffMarks {
  const { identity } = parsed;
  return {
    writer: [identity.runtime, identity.model, identity.sessionId, identity.branch, identity.headSha].some((value) => Boolean(value && !isPlaceholderText(value))),
    continuity: Boolean(parsed.pointers.previousPath || parsed.resumeCommand || parsed.ownCommitSha),
    nextAction: parsed.nextAction !== null && parsed.nextAction.text.split("\n").some((line) => !isPlaceholderText(line)),
  };
}

/** The stored fields a handoff's structure is judged from (Handoff columns of the same names). */
export interface StructureFields {
  nextAction: string | null;
  model: string | null;
  sessionId: string | null;
  branch: string | null;
  headSha: string | null;
  previousPath: string | null;
  ownCommitSha: string | null;
}

/**
 * Whether a handoff has the structure one resumes from: a next action, a writer identity (model,
 * session, branch, HEAD) or a link in a chain. The latest is chosen among handoffs that have it before
 * any that do not (build-chains.ts): a design note kept beside the handoffs is no place to resume from.
 */
export function hasHandoffStructure(fields: StructureFields): boolean {
  const filled = (value: string | null) => Boolean(value && !isPlaceholderText(value));
  if ([fields.model, fields.sessionId, fields.branch, fields.headSha, fields.previousPath, fields.ownCommitSha].some(filled)) return true;
  return fields.nextAction !== null && fields.nextAction.split("\n").some((line) => !isPlaceholderText(line));
}

export function structureFields(parsed: ParsedHandoff, previousPath: string | null): StructureFields {
  const { identity } = parsed;
  return {
    nextAction: parsed.nextAction?.text ?? null,
    model: identity.model,
    sessionId: identity.sessionId,
    branch: identity.branch,
    headSha: identity.headSha,
    previousPath,
    ownCommitSha: parsed.ownCommitSha,
  };
}

/** A date written in the text (outside comments and templates): dated log entries are filled-in work. */
const WRITTEN_DATE = /(?<![\dA-Za-z])(?:19|20)\d{2}(?:[-/.][01]?\d[-/.][0-3]?\d|\s*[年년]\s*\d{1,2}\s*[月월])/u;

/** A heading that names a template ("Entry template", テンプレート, 模板, 템플릿, plantilla, modelo, Vorlage). */
const TEMPLATE_HEADING = /template|テンプレ|模板|範本|템플릿|plantilla|modelo|vorlage|gabarit/i;

/** Whether anything in the handoff is filled in: any value read, or a line of text that is not template. */
export function isFilledIn(parsed: ParsedHandoff, text: string): boolean {
  const marks = handoffMarks(parsed);
  if (marks.writer || marks.continuity || marks.nextAction) return true;
  if (parsed.identity.timestamp) return true;
  const read = [
    parsed.goal?.text ?? "",
    ...parsed.state.map((item) => item.text),
    ...parsed.decisions.map((decision) => decision.text),
    ...parsed.verification.map((command) => command.command),
  ];
  if (read.some((value) => value.split("\n").some((line) => !isPlaceholderText(line)))) return true;
  const withoutFrontMatter = text.replace(/^---\n[\s\S]*?\n---\n/, "");
  const comments = withoutFrontMatter.match(/<!--[\s\S]*?(?:-->|$)/g) ?? [];
  const lines = withoutFrontMatter.replace(/<!--[\s\S]*?(?:-->|$)/g, "").split("\n");
  // A template shows itself: placeholders (in the text or a commented-out entry) or a heading that says so.
  const hasTemplate =
    comments.some((comment) => comment.split("\n").some((line) => PLACEHOLDER_TOKENS.some((token) => token.test(line)))) ||
    lines.some((line) => (/^\s{0,3}#/.test(line) ? TEMPLATE_HEADING.test(line) : isTemplateMark(line)));
  // Without one, any line of text is work written down. With one, the text under the title alone is how
  // the template or the log introduces itself: filled in only under a section, or once it dates an entry.
  let inSection = false;
  for (const line of lines) {
    if (/^\s{0,3}#{1,6}\s/.test(line)) {
      inSection = /^\s{0,3}#{2,6}\s/.test(line) && !TEMPLATE_HEADING.test(line);
      continue;
    }
    if (isPlaceholderText(line)) continue;
    if (!hasTemplate || inSection || WRITTEN_DATE.test(line)) return true;
  }
  return false;
}
