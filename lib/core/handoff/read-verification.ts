import { commandLinesOfBlock, isCommandLike, SHELL_LANGUAGES, stripInlineMarkdown } from "./inline-references";
import type { CodeUnit, TableUnit, TextUnit } from "./markdown-units";
import { ancestorIn, sectionsWith, type SectionModel } from "./section-model";
import type { VerificationCommand } from "./types";

/** Verification commands and their last known results. */

const RESULT_LABEL =
  /^(?:\*\*|__)?(?:last[- ]known(?:[- ]good)?(?: output| result| state)?|last (?:result|run|output)|expected(?: output| result)?|result|output|baseline|known[- ]good|currently|now)(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*(.*)$/i;
const RESULT_LIKE =
  /\d|\b(?:pass(?:es|ed|ing)?|fail(?:s|ed|ing|ures?)?|ok|green|red|clean|errors?|warnings?|exit|succe(?:ss|eds|eded|ssful)|no (?:output|errors|issues|changes|diff)|none|broken|unchanged|builds?)\b|[✓✅❌✗]/i;
const MAX_RESULT = 500;
const EMPTY_RESULT = /^(?:[-–—?]+|n\/?a|unknown|tbd|none recorded|not run)$/i;

function cleanResult(text: string): string | null {
  const cleaned = stripInlineMarkdown(text)
    .replace(/^[\s:;.,→>=\-–—|]+/, "")
    .replace(/^\((.*)\)$/, "$1")
    .trim();
  if (cleaned === "" || EMPTY_RESULT.test(cleaned)) return null;
  return cleaned.length > MAX_RESULT ? `${cleaned.slice(0, MAX_RESULT - 1)}…` : cleaned;
}

/** "`npx tsc --noEmit` → 72 errors", "Typecheck: `npm run typecheck` — PASS", "npm test -> 51 passed". */
function commandFromText(unit: TextUnit): { command: string; result: string | null } | null {
  const code = unit.codes.find((value) => isCommandLike(value));
  if (code !== undefined) {
    const marker = `\`${code}\``;
    const index = unit.raw.indexOf(marker);
    const rest = index === -1 ? "" : unit.raw.slice(index + marker.length);
    return { command: code.trim(), result: resultFromRest(rest) ?? resultBefore(index === -1 ? "" : unit.raw.slice(0, index)) };
  }
  const split = /^(.*?)\s*(?:→|->|=>|⇒)\s*(.*)$/.exec(unit.plain);
  if (split !== null && isCommandLike(split[1] ?? "")) {
    return { command: (split[1] ?? "").trim(), result: resultFromRest(split[2] ?? "") };
  }
  if (isCommandLike(unit.plain)) return { command: unit.plain.trim(), result: null };
  return null;
}

/** "Typecheck: 72 errors (`npx tsc --noEmit`)": the result written before the command. */
function resultBefore(before: string): string | null {
  const withoutLabel = stripInlineMarkdown(before).replace(/^[^:：]{1,40}[:：]\s*/, "");
  const candidate = cleanResult(withoutLabel.replace(/[\s([—–:-]+$/, ""));
  return candidate !== null && RESULT_LIKE.test(candidate) ? candidate : null;
}

function resultFromRest(rest: string): string | null {
  const plain = stripInlineMarkdown(rest);
  const labelled = /\b(?:last(?:[- ]known)?(?:[- ]good)?(?: result| output)?|expected(?: output)?|result|baseline)\s*[:：=]\s*(.+)$/i.exec(plain);
  if (labelled !== null) return cleanResult(labelled[1] ?? "");
  const arrow = /(?:→|->|=>|⇒)\s*(.+)$/.exec(plain);
  const candidate = cleanResult(arrow?.[1] ?? plain);
  return candidate !== null && RESULT_LIKE.test(candidate) ? candidate : null;
}

export function extractVerification(model: SectionModel): VerificationCommand[] {
  const commands: VerificationCommand[] = [];
  for (const section of sectionsWith(model, "verification")) {
    let pending: VerificationCommand[] = [];
    let expectingResultBlock = false;
    const byUnit = new Map<TextUnit, VerificationCommand>();
    for (const unit of section.units) {
      if (unit.kind === "text") {
        const resultLabel = RESULT_LABEL.exec(unit.raw.replace(/^[-*+]\s+/, ""));
        if (resultLabel !== null) {
          const result = cleanResult(resultLabel[1] ?? "");
          if (result === null) expectingResultBlock = true;
          else for (const command of pending) command.lastResult = result;
          pending = pending.filter((command) => command.lastResult === null);
          continue;
        }
        const parsed = commandFromText(unit);
        if (parsed === null) {
          // A result-only sub-bullet under a command bullet ("- 51 passed") is that command's result.
          const parent = ancestorIn(unit, byUnit);
          if (parent !== null && parent.lastResult === null) parent.lastResult = cleanResult(unit.plain);
          continue;
        }
        const command: VerificationCommand = { command: parsed.command, lastResult: parsed.result, line: unit.line };
        commands.push(command);
        byUnit.set(unit, command);
        pending = command.lastResult === null ? [command] : [];
        expectingResultBlock = false;
        continue;
      }
      if (unit.kind === "code") {
        if (expectingResultBlock && pending.length > 0) {
          const output = cleanResult(unit.value.split("\n").filter((line) => line.trim() !== "").slice(0, 3).join("; "));
          for (const command of pending) command.lastResult = output;
          pending = [];
          expectingResultBlock = false;
          continue;
        }
        const fromBlock = verificationFromCode(unit);
        commands.push(...fromBlock);
        pending = fromBlock.filter((command) => command.lastResult === null);
        continue;
      }
      if (unit.kind === "table") commands.push(...verificationFromTable(unit));
    }
  }
  return commands;
}

function verificationFromCode(unit: CodeUnit): VerificationCommand[] {
  const isShell = unit.lang !== null && SHELL_LANGUAGES.test(unit.lang);
  if (unit.lang !== null && unit.lang !== "" && !isShell) return [];
  const lines = unit.value.split("\n");
  const hasPrompts = lines.some((line) => /^\s*\$\s+/.test(line));
  const result: VerificationCommand[] = [];
  let last: VerificationCommand | null = null;
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    const sourceLine = unit.line + 1 + index;
    if (trimmed === "") return;
    if (hasPrompts && !trimmed.startsWith("$")) {
      // Console transcript: the first output line after a command is its last known result.
      if (last !== null && last.lastResult === null) last.lastResult = cleanResult(trimmed);
      return;
    }
    if (trimmed.startsWith("#")) {
      const comment = trimmed.replace(/^#+\s*/, "");
      const labelled = /^(?:last[- ]known(?:[- ]good)?|expected|result|→|->)\s*[:：]?\s*(.+)$/i.exec(comment);
      if (last !== null && last.lastResult === null && (labelled !== null || RESULT_LIKE.test(comment))) {
        last.lastResult = cleanResult(labelled?.[1] ?? comment);
      }
      return;
    }
    const [entry] = commandLinesOfBlock(line);
    if (entry === undefined || (!isShell && !isCommandLike(entry.command))) return;
    const comment = entry.comment;
    const commandResult = comment !== null && RESULT_LIKE.test(comment) ? cleanResult(comment.replace(/^(?:last[- ]known(?:[- ]good)?|expected|result)\s*[:：]?\s*/i, "")) : null;
    last = { command: entry.command, lastResult: commandResult, line: sourceLine };
    result.push(last);
  });
  return result;
}

function verificationFromTable(table: TableUnit): VerificationCommand[] {
  const header = table.rows[0]?.cells.map((cell) => stripInlineMarkdown(cell).toLowerCase()) ?? [];
  let commandColumn = header.findIndex((cell) => /\b(?:command|cmd|check|script|run|how)\b/.test(cell));
  const resultColumn = header.findIndex((cell) => /\b(?:result|output|last|expected|status|baseline|known|count|outcome)\b/.test(cell));
  const dataRows = table.rows.slice(1);
  if (commandColumn === -1) {
    const firstIsCommand = dataRows.some((row) => isCommandLike(stripInlineMarkdown(row.cells[0] ?? "")));
    if (!firstIsCommand) return [];
    commandColumn = 0;
  }
  const commands: VerificationCommand[] = [];
  for (const row of dataRows) {
    const command = stripInlineMarkdown(row.cells[commandColumn] ?? "");
    if (!isCommandLike(command)) continue;
    const resultIndex = resultColumn !== -1 ? resultColumn : commandColumn === 0 ? 1 : -1;
    const lastResult = resultIndex === -1 ? null : cleanResult(row.cells[resultIndex] ?? "");
    commands.push({ command, lastResult, line: row.line });
  }
  return commands;
}

