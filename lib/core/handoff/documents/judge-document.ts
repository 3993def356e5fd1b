/**
 * Whether a markdown file found where handoffs live is one, judged by its content and its name together
 * (docs/cli.md, "Files found but not read as handoffs"). Every file kept out gets the finding that says
 * why (info, listed in `scan --json` `discovery.notHandoffs`, lint and the Sources page): never dropped
 * silently.
 *
 * - `handoff-empty`: nothing is filled in (an unfilled template, a log with only its entry template).
 * - `handoff-instructions`: with no handoff marks of its own, it tells how to write handoffs: a command or
 *   skill definition (its front matter), or a guide or format description that shows a handoff template
 *   (placeholders in a fenced block, or placeholder lines throughout).
 * - `not-a-handoff`: named after handoffs only by a word (`project_handoff_status.md`) with no writer
 *   identity or continuity; or, in a handoff folder, undated and named as another kind of document (a backlog, a
 *   runbook …) with no writer identity or continuity.
 * - `handoff-companion` (decided with the repo, lib/core/chains/derive-chains.ts): in a handoff folder
 *   beside other handoffs, named as a session log (`SESSION_LOG.md`, `journal.md`) and not as a handoff,
 *   with no writer identity or continuity of its own: listed, in no chain or handoff list, never the latest.
 *
 * A file with values of its own (its date, branch or HEAD under their labels, dated log entries) is never
 * `handoff-instructions`, whatever a code block in it quotes.
 *
 * A file a glob names is judged for emptiness only: the user said it is a handoff.
 */
import { fileNameDate } from "../../text/name-date";
import { pathSaysSession, titleNamesHandoff } from "../../discovery/handoff-rules";
import type { Finding } from "../../findings";
import type { ParsedHandoff } from "../types";
import { runtimeInHeading } from "../identity/title-runtime";
import { RUNTIME_BINARIES } from "../../runtimes/resume-commands";
import { COMMAND_FRONT_MATTER_KEYS, COMPANION_WORDS, PLACEHOLDER_TOKENS } from "./document-kinds.data";
import {
  CONTENT_NOT_A_HANDOFF_RULE,
  HANDOFF_COMPANION_RULE,
  HANDOFF_EMPTY_RULE,
  HANDOFF_INSTRUCTIONS_RULE,
  handoffMarks,
  isFilledIn,
  isPlaceholderText,
  NOT_A_HANDOFF_RULE,
  otherDocumentWord,
  stemWords,
} from "./handoff-signals";

export interface DocumentJudgement {
  /**
   * How the file was found: a glob naming it, its handoff folder, its handoff name (`handoff_x.md`,
   * `x-handover.md`) or a word of its name (`project_handoff_status.md`).
   */
  foundBy: "glob" | "folder" | "name" | "name-word" | "content";
  fileName: string;
  /** The repo-relative path (for a file found by its content: whether it is kept where session notes are). */
  path?: string;
}

const info = (rule: string, message: string): Finding => ({ rule, severity: "info", line: null, message });

/** Null when the file is read as a handoff; else the finding that says why it is not. */
export function judgeDocument(parsed: ParsedHandoff, text: string, judgement: DocumentJudgement): Finding | null {
  if (judgement.foundBy === "content") return judgeByContent(parsed, text, judgement.path ?? judgement.fileName);
  const marks = handoffMarks(parsed);
  const hasOwnMarks = marks.writer || marks.continuity;
  // Instructions first: a guide's prose around its template would otherwise read as an empty template.
  const instructions = judgement.foundBy === "glob" || hasOwnMarks || hasOwnValues(parsed) ? null : describesHandoffs(parsed, text);
  if (instructions !== null) {
    return info(HANDOFF_INSTRUCTIONS_RULE, `${instructions}, with no writer identity, previous pointer or resume command of its own: instructions for writing handoffs, not one`);
  }
  if (!isFilledIn(parsed, text)) {
    return info(HANDOFF_EMPTY_RULE, "nothing is filled in (an unfilled template or an empty log): not read as a handoff, never the latest");
  }
  if (judgement.foundBy === "glob" || hasOwnMarks) return null;

  if (judgement.foundBy === "name-word") {
    // Research notes and plans mention handoffs in their names too, and have next steps of their own; a
    // dated document that calls itself a handoff in its title is one.
    if (callsItselfAHandoff(parsed, judgement.fileName)) return null;
    return info(NOT_A_HANDOFF_RULE, "its name mentions handoffs, but it has no writer identity, previous pointer or resume command, and its title does not call it a dated handoff: not read as a handoff");
  }
  if (judgement.foundBy !== "folder") return null;
  const word = otherDocumentWord(judgement.fileName);
  if (word === null) return null;
  return info(
    NOT_A_HANDOFF_RULE,
    `named as another kind of document ("${word}"), with no writer identity, previous pointer or resume command: a project document kept in the handoff folder, not read as a handoff`,
  );
}

/**
 * A file named after handoffs by a word of its name (`SESSION_HANDOFF_POINTER_TAG_UNIFICATION.md`,
 * `2026-07-24-handoff-iii-addendum-a.md`) whose title says the same (`# Session Handoff: …`), that is dated
 * (its own timestamp or its name's date) and filled in (checked before), and whose name calls it no other
 * kind of document (`project_handoff_status.md`). Its sections may be its own (`## Revised early-week
 * priority`): the title says what it is.
 */
function callsItselfAHandoff(parsed: ParsedHandoff, fileName: string): boolean {
  if (parsed.title === null || !titleNamesHandoff(parsed.title) || otherDocumentWord(fileName) !== null) return false;
  return parsed.identity.timestamp !== null || fileNameDate(fileName) !== null;
}

/**
 * A markdown file outside every handoff place, found by nothing but its content: kept when it has a
 * handoff's whole shape, not one word of it. Reports, plans and guides name a model, carry a date and list
 * next steps too, so those never suffice; what they lack is what a handoff is for, continuing a session:
 *
 * - a previous handoff it continues, or a resume command (continuity);
 * - or the session's own HEAD sha or branch, which the repository must confirm;
 * - or a journal of sessions: two or more dated entries whose headings name the agent that wrote each;
 * - or a dated session note where the path says "session", kept in a series (the repository confirms it);
 * - or a living status (a date, a state, a next step) that the repository's agent instructions name.
 *
 * With work to resume (a next action, or a state with something in it) and a time it was written; never a
 * description of handoffs, never empty. The repository's word is asked by the scan
 * (lib/server/ingest/content-evidence.ts). Any other file is an ordinary document:
 * `CONTENT_NOT_A_HANDOFF_RULE`, not reported.
 */
function judgeByContent(parsed: ParsedHandoff, text: string, filePath: string): Finding | null {
  const fileName = filePath.slice(filePath.lastIndexOf("/") + 1);
  const marks = handoffMarks(parsed);
  const datedEntries = (parsed.log?.entries ?? []).filter((entry) => entry.day !== null).length;
  const work = marks.nextAction || parsed.state.some((item) => item.text.trim() !== "");
  const dated = parsed.identity.timestamp !== null || datedEntries >= 2 || fileNameDate(fileName) !== null;
  const evidence = contentEvidence(parsed, filePath);
  // A session note kept in a series may only record what was done and decided (`## Ergebnisse`,
  // `## Entscheidungen`): the series, not a next step, makes it the session's record.
  // A journal's entries, each headed by the agent that wrote it, are the record of its sessions.
  const substance = work || evidence === "agent-journal" || (evidence === "dated-note" && (parsed.goal !== null || parsed.decisions.length > 0));
  // A living status needs no date of its own: the repository's instructions confirm it, its commits time it.
  const shaped = evidence !== null && (dated || evidence === "status") && substance;
  if (!shaped || describesHandoffs(parsed, text) !== null || !isFilledIn(parsed, text)) {
    return info(CONTENT_NOT_A_HANDOFF_RULE, "an ordinary document: found by no handoff folder or name, and its content has no handoff's shape");
  }
  return null;
}

/** A command line that starts a runtime or Baton (`claude --resume …`, `npx baton resume …`, `codex resume`). */
const RESUME_COMMAND = new RegExp(`^\\s*(?:\\$\\s*)?(?:cd\\s+\\S+\\s*&&\\s*)?(?:npx\\s+)?(?:${[...RUNTIME_BINARIES, "baton"].join("|")})(?=\\s|$)`, "i");

/** What makes a file found by its content a handoff, strongest first (see `judgeByContent`), or null. */
export type ContentEvidence = "continuity" | "session-ref" | "agent-journal" | "dated-note" | "status";

export function contentEvidence(parsed: ParsedHandoff, filePath: string | null = null): ContentEvidence | null {
  // A previous handoff, or a command that resumes a runtime: "Résumé:" is a summary in French, not one.
  if (parsed.pointers.previousPath !== null || (parsed.resumeCommand !== null && RESUME_COMMAND.test(parsed.resumeCommand))) return "continuity";
  const { identity } = parsed;
  const writer = [identity.runtime, identity.model, identity.sessionId].some((value) => value !== null && !isPlaceholderText(value));
  if (writer && (identity.headSha !== null || identity.branch !== null)) return "session-ref";
  const byAgents = (parsed.log?.entries ?? []).filter((entry) => entry.day !== null && runtimeInHeading(entry.title) !== null).length;
  if (byAgents >= 2) return "agent-journal";
  // A dated session note kept where its path says "session" (its name or its own text dates it): a handoff
  // when the repository keeps a series of them, each changed on its own day (content-evidence.ts), as
  // `docs/sessions/2025-11-28.md` beside `2025-11-21.md`. Dated reports and plans elsewhere are not.
  if (filePath !== null && pathSaysSession(filePath) && (fileNameDate(filePath) !== null || parsed.identity.timestamp !== null)) return "dated-note";
  // A living status (what is done or in progress, or what comes next; dated or not): the weakest shape, a
  // handoff only where the repository's agent instructions name the file (agent-instructions.ts), as
  // "read docs/CURRENT_STATUS.md first" does. Reports and plans have this shape too; no instruction names them.
  // A next step that is a blank to fill in (`## Session: [DATE]` to copy) is a tracker's template, not work to resume.
  const next = handoffMarks(parsed).nextAction && !(parsed.nextAction?.text ?? "").split("\n").some(isPlaceholderLine);
  const work = next || parsed.state.some((item) => item.text.trim() !== "");
  return work ? "status" : null;
}

/**
 * Values a file fills in for itself, outside any quoted block: its own date, branch or HEAD under their
 * labels, or dated entries of a log. A handoff that quotes a template (`SMTP_USER=<correo>`, a message
 * template's `{{1}}`) still has these; a guide does not.
 */
function hasOwnValues(parsed: ParsedHandoff): boolean {
  const { identity } = parsed;
  const evidence = identity.evidence ?? {};
  const labelled = (field: "timestamp" | "branch" | "headSha") => {
    const value = identity[field];
    return value !== null && !isPlaceholderLine(value) && !/[<>{}]/.test(value) && (evidence[field] === "label" || evidence[field] === "dated-label" || evidence[field] === "qualified-label");
  };
  const datedEntries = (parsed.log?.entries ?? []).filter((entry) => entry.day !== null).length;
  return labelled("timestamp") || labelled("branch") || labelled("headSha") || datedEntries >= 2;
}

const companionWords = new Set<string>(COMPANION_WORDS);

/**
 * The session-log word of an undated name that is not a handoff's (`SESSION_LOG.md` → "log"), or null.
 * Whether such a file is a companion depends on what is beside it: the chain derivation decides
 * (lib/core/chains/derive-chains.ts, `companionFinding`).
 */
export function companionWord(fileName: string): string | null {
  if (fileNameDate(fileName) !== null) return null;
  return stemWords(fileName).find((word) => companionWords.has(word)) ?? null;
}

/** HTML a handoff may hold (`<br>`, `<details>`, comments) and autolinks are no placeholders. */
const HTML_OR_LINK = /<!--[\s\S]*?-->|<\/?(?:a|b|br|hr|i|p|s|u|em|strong|code|pre|kbd|sub|sup|del|ins|mark|small|div|span|img|details|summary|table|thead|tbody|tr|td|th|ul|ol|li|center|font|h[1-6])\b[^<>]*>|<(?:https?|mailto):[^<>]*>/gi;

const isPlaceholderLine = (line: string) => {
  // `Vec<Item>`, `Map<K, V>`: a type's parameters in code, not a blank to fill in.
  const text = line.replace(/`[^`\n]+`/g, "code").replace(HTML_OR_LINK, " ").replace(/[\w\]]<[^<>\n]*>/g, " ");
  return PLACEHOLDER_TOKENS.some((token) => token.test(text));
};

/** A markdown heading or a `Label:` line: the bones of a handoff template. */
const isTemplateLine = (line: string) => /^\s{0,3}#{1,6}\s/.test(line) || /^\s*(?:[-*+]\s+)?(?:\*\*|__)?[\p{L}][\p{L}\p{N} /_-]{0,30}(?:\*\*|__)?\s*[:：]/u.test(line);

/**
 * What shows a file describes handoffs rather than being one, or null: a command or skill definition's
 * front matter or `$ARGUMENTS`; a fenced block holding a handoff template (two or more lines with
 * placeholders); placeholder lines throughout the text (three or more outside fences).
 */
function describesHandoffs(parsed: ParsedHandoff, text: string): string | null {
  const frontMatter = parsed.frontMatter ?? {};
  const commandKey = COMMAND_FRONT_MATTER_KEYS.find((key) => key in frontMatter);
  if (commandKey !== undefined) return `a command or skill definition (front matter "${commandKey}")`;
  if (/\$ARGUMENTS\b/.test(text)) return "a command definition ($ARGUMENTS)";
  // Only fences of markdown or plain text can hold a handoff template; code blocks hold code.
  const fences = [...text.matchAll(/^ {0,3}(`{3,}|~{3,})[ \t]*(\w*)[^\n]*\n([\s\S]*?)^ {0,3}\1[ \t]*$/gm)].filter((fence) =>
    ["", "md", "markdown", "text", "txt", "plain", "plaintext"].includes((fence[2] ?? "").toLowerCase()),
  );
  const isTemplateFence = (body: string) => {
    const lines = body.split("\n");
    return lines.filter(isPlaceholderLine).length >= 2 && lines.filter(isTemplateLine).length >= 2;
  };
  if (fences.some((fence) => isTemplateFence(fence[3] ?? ""))) return "a handoff template in a code block";
  const outside = text.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[ \t]*$/gm, "").replace(/<!--[\s\S]*?(?:-->|$)/g, "");
  if (!handoffMarks(parsed).nextAction && outside.split("\n").filter(isPlaceholderLine).length >= 3) return "placeholders to fill in";
  return null;
}

/** The companion finding of a session log kept beside other handoffs (see `companionWord`). */
export function companionFinding(word: string): Finding {
  return info(
    HANDOFF_COMPANION_RULE,
    `named as a session log ("${word}") and kept beside the handoffs, with no writer identity or previous pointer of its own: a companion of the handoffs, never the latest or a head to resume`,
  );
}
