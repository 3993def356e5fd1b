import { commandLinesOfBlock, isCommandLike, SHELL_LANGUAGES, stripInlineMarkdown } from "../markdown/inline-references";
import type { CodeUnit } from "../markdown/markdown-units";
import type { VerificationCommand } from "../types";

/**
 * Code blocks under a verification heading: which lines are commands, which are their output. No list
 * of known programs decides here (`zig build test` and `./gradlew check` count as much as `npm test`);
 * the block's language, prompts and the shape of each line do.
 */

export const RESULT_LIKE =
  /\d|\b(?:pass(?:es|ed|ing)?|fail(?:s|ed|ing|ures?)?|ok|green|red|clean|errors?|warnings?|exit|succe(?:ss|eds|eded|ssful)|no (?:output|errors|issues|changes|diff)|none|broken|unchanged|builds?)\b|[✓✅❌✗]/i;
const MAX_RESULT = 500;
const EMPTY_RESULT = /^(?:[-–—?]+|n\/?a|unknown|tbd|none recorded|not run)$/i;

/** A result as written, cleaned of leading arrows and punctuation; null when it records nothing. */
export function cleanResult(text: string): string | null {
  const cleaned = stripInlineMarkdown(text)
    .replace(/^[\s:;.,→>=\-–—|]+/, "")
    .replace(/^\((.*)\)$/, "$1")
    .trim();
  if (cleaned === "" || EMPTY_RESULT.test(cleaned)) return null;
  return cleaned.length > MAX_RESULT ? `${cleaned.slice(0, MAX_RESULT - 1)}…` : cleaned;
}

/** Languages of blocks that hold commands or a terminal transcript: shells, plain text, or none. */
const TEXT_LANGUAGES = /^(?:text|txt|plain|plaintext|console|terminal|shellsession|output|log|logs|ansi|none|shell-session|sh-session|nushell|nu|batch|dos)$/i;

export type BlockKind = "shell" | "text" | "other";

/** Transcript languages (`console`, `terminal`) hold commands and output alike: read like text. */
export function blockKind(unit: CodeUnit): BlockKind {
  if (unit.lang === null || unit.lang === "" || TEXT_LANGUAGES.test(unit.lang)) return "text";
  return SHELL_LANGUAGES.test(unit.lang) ? "shell" : "other";
}

/** A shell prompt at the start of a line: `$ `, `% `, `❯ `, `PS C:\repo> `, or `> ` in a block without `$ `. */
const DOLLAR_PROMPT = /^\s*(?:\$|%|❯|PS(?: [^>\n]*)?>)\s+/;
const ANGLE_PROMPT = /^\s*>\s+/;

/**
 * Whether a line reads as a command line rather than prose or output, by shape alone: optional
 * `VAR=value` assignments, then a program word that starts lowercase or with `./`, `../`, `/`, `~/`
 * (programs are rarely capitalised; "All 51 tests passed" and "Tests: 3" are output), and arguments. A
 * single word counts only when it is a program Baton knows (`make`, `pytest`) or a path to an executable
 * (`bin/check`), so "ok" is not a command.
 */
export function isCommandShaped(line: string): boolean {
  const text = line.trim();
  if (text === "" || text.length > 500) return false;
  const words = text.split(/\s+/);
  const commandIndex = words.findIndex((word) => !/^[A-Z_][A-Z0-9_]*=/.test(word));
  const program = words[commandIndex] ?? "";
  if (!/^(?:\.{1,2}\/|\/|~\/)?[a-z_][\w.+@/-]*$/.test(program)) return false;
  // One word: a program Baton knows, or a path to an executable (`bin/validate-docs`, `./check.sh`).
  if (words.length - commandIndex < 2) return isCommandLike(text) || /^(?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)*\/[\w-]+(?:\.(?:sh|bash))?$/.test(program);
  // "make sure the tests pass": prose that starts with a program's name. Commands carry a flag, a path,
  // an operator or a target; prose of four or more plain words carries none.
  if (words.length - commandIndex >= 4 && !/(?:^|\s)(?:--?\w|\.{0,2}\/|[\w-]+\.\w|[|&;<>=$]|\d)/.test(text.slice(text.indexOf(program) + program.length))) {
    return false;
  }
  return true;
}

/** Output lines → a short result: all of them up to three, else the last three that read as results. */
export function summariseOutput(lines: string[]): string | null {
  const kept = lines.map((line) => line.trim()).filter((line) => line !== "");
  if (kept.length === 0) return null;
  if (kept.length <= 3) return cleanResult(kept.join("; "));
  const results = kept.filter((line) => RESULT_LIKE.test(line));
  return cleanResult((results.length > 0 ? results.slice(-3) : kept.slice(0, 3)).join("; "));
}

/** "# → 51 passed", "# last known: 3 warnings", "-> ok": a note that records the previous command's result. */
const RESULT_NOTE = /^(?:last[- ]known(?:[- ]good)?|expected|result|output|→|->|=>)\s*[:：]?\s*(.+)$/i;

/**
 * Commands of a code block under a verification heading, each with the result written beside it, in
 * its comments, or as the transcript output that follows it. Blocks in a programming or data language
 * (```ts, ```json) hold no commands.
 */
export function commandsOfVerificationBlock(unit: CodeUnit): VerificationCommand[] {
  const kind = blockKind(unit);
  if (kind === "other") return [];
  const lines = unit.value.split("\n");
  const hasDollar = lines.some((line) => DOLLAR_PROMPT.test(line));
  const prompt = hasDollar ? DOLLAR_PROMPT : ANGLE_PROMPT;
  const hasPrompts = hasDollar || lines.some((line) => ANGLE_PROMPT.test(line));
  const commands: VerificationCommand[] = [];
  let last: VerificationCommand | null = null;
  let output: string[] = [];
  const closeOutput = () => {
    if (last !== null && last.lastResult === null) last.lastResult = summariseOutput(output);
    output = [];
  };

  for (let index = 0; index < lines.length; index++) {
    const sourceLine = unit.line + 1 + index;
    let line = lines[index] ?? "";
    const trimmed = line.trim();
    if (trimmed === "") continue;
    if (hasPrompts && !prompt.test(line)) {
      // A transcript: what follows a prompt line is its output.
      if (last !== null) output.push(trimmed);
      continue;
    }
    if (!hasPrompts && trimmed.startsWith("#")) {
      const note = RESULT_NOTE.exec(trimmed.replace(/^#+\s*/, ""));
      const comment = trimmed.replace(/^#+\s*/, "");
      if (last !== null && last.lastResult === null && (note !== null || RESULT_LIKE.test(comment))) {
        last.lastResult = cleanResult(note?.[1] ?? comment);
      }
      continue;
    }
    if (/^(?:→|->|=>)/.test(trimmed)) {
      if (last !== null && last.lastResult === null) last.lastResult = cleanResult(trimmed);
      continue;
    }
    closeOutput();
    line = line.replace(prompt, "");
    // A command continued with a trailing backslash is one command.
    while (/\\\s*$/.test(line) && index + 1 < lines.length) {
      index += 1;
      line = `${line.replace(/\s*\\\s*$/, "")} ${(lines[index] ?? "").trim()}`;
    }
    const [entry] = commandLinesOfBlock(line);
    if (entry === undefined) continue;
    const [command, arrowResult] = splitArrow(entry.command);
    if (kind === "text" && !hasPrompts && !isCommandShaped(command)) continue;
    const comment = entry.comment;
    const fromComment =
      comment !== null && (RESULT_NOTE.test(comment) || RESULT_LIKE.test(comment)) ? cleanResult(RESULT_NOTE.exec(comment)?.[1] ?? comment) : null;
    last = { command, lastResult: arrowResult ?? fromComment, line: sourceLine };
    commands.push(last);
  }
  closeOutput();
  return commands;
}

/** "npm test → 51 passed" → the command and its result. */
function splitArrow(line: string): [string, string | null] {
  const match = /^(.*?\S)\s+(?:→|->|=>|⇒)\s+(.+)$/.exec(line);
  if (match === null || /['"]/.test(match[1] ?? "")) return [line, null];
  return [match[1] ?? line, cleanResult(match[2] ?? "")];
}
