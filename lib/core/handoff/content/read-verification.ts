import { isCommandLike, stripInlineMarkdown } from "../markdown/inline-references";
import type { CodeUnit, TableUnit, TextUnit } from "../markdown/markdown-units";
import { ancestorIn, sectionsWith, type SectionModel } from "../sections/section-model";
import type { VerificationCommand } from "../types";
import { blockKind, cleanResult, commandsOfVerificationBlock, isCommandShaped, RESULT_LIKE, summariseOutput } from "./verification-blocks";

/**
 * Verification commands and their last known results, read only under the verification section:
 * - any fenced block in a shell or text language, or none (```sh, ```bash, ```console, ```text, ```):
 *   its command lines (verification-blocks.ts), without a list of known programs;
 * - `$ ` / `> ` prompt lines and bullets or table cells holding a command (`npm test` → 51 passed);
 * - the result: beside the command (`→ 51 passed`, `# 51 passed`, `(51 passed)`), in a sub-bullet, after
 *   a "Result:" / "Expected output:" label, or in the output block right after the command.
 * Prose lines are not commands.
 */

const RESULT_LABEL =
  /^(?:\*\*|__)?(?:last[- ]known(?:[- ]good)?(?: output| result| state)?|last (?:result|run|output)|expected(?: output| result)?|result|output|baseline|known[- ]good|currently|now)(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*(.*)$/i;

export function extractVerification(model: SectionModel): VerificationCommand[] {
  const commands: VerificationCommand[] = [];
  for (const section of sectionsWith(model, "verification")) {
    // Commands that have no result yet and whose output may follow in the next unit.
    let pending: VerificationCommand[] = [];
    let expectingResultBlock = false;
    const byUnit = new Map<TextUnit, VerificationCommand>();
    for (const unit of section.units) {
      if (unit.kind === "text") {
        const text = unit.raw.replace(/^[-*+]\s+/, "");
        const resultLabel = RESULT_LABEL.exec(text);
        if (resultLabel !== null) {
          const result = cleanResult(resultLabel[1] ?? "");
          if (result === null) expectingResultBlock = pending.length > 0;
          else for (const command of pending) command.lastResult = result;
          pending = pending.filter((command) => command.lastResult === null);
          continue;
        }
        // "→ 51 passed" on a line of its own, after a command.
        if (/^(?:→|->|=>|⇒)/.test(unit.plain) && pending.length > 0) {
          const result = cleanResult(unit.plain);
          for (const command of pending) command.lastResult = result;
          pending = [];
          continue;
        }
        const parsed = commandFromText(unit);
        if (parsed === null) {
          // A result-only sub-bullet under a command bullet ("- 51 passed") is that command's result.
          const parent = ancestorIn(unit, byUnit);
          if (parent !== null && parent.lastResult === null) parent.lastResult = cleanResult(unit.plain);
          pending = [];
          expectingResultBlock = false;
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
        if (pending.length > 0 && (expectingResultBlock || isOutputBlock(unit))) {
          const output = summariseOutput(unit.value.split("\n"));
          // After an "Output:" label the block is the result of every pending command; a block that
          // simply follows is the output of the last one.
          for (const command of expectingResultBlock ? pending : pending.slice(-1)) command.lastResult = output;
          pending = [];
          expectingResultBlock = false;
          continue;
        }
        const fromBlock = commandsOfVerificationBlock(unit);
        commands.push(...fromBlock);
        const lastCommand = fromBlock[fromBlock.length - 1];
        pending = lastCommand !== undefined && lastCommand.lastResult === null ? [lastCommand] : [];
        expectingResultBlock = false;
        continue;
      }
      if (unit.kind === "table") commands.push(...verificationFromTable(unit));
      pending = [];
      expectingResultBlock = false;
    }
  }
  return commands;
}

/**
 * A block right after a command is its output unless it is itself commands: a shell block, a
 * transcript with prompts, or an unlabelled block whose first line reads as a command.
 */
function isOutputBlock(unit: CodeUnit): boolean {
  const kind = blockKind(unit);
  if (kind === "shell") return false;
  const lines = unit.value.split("\n").filter((line) => line.trim() !== "");
  if (lines.some((line) => /^\s*(?:\$|%|❯)\s+/.test(line))) return false;
  if (kind === "other") return true;
  const first = lines[0] ?? "";
  return !(unit.lang === null || unit.lang === "") || !isCommandShaped(first);
}

/** `$ npm test`, `> cargo test` (a blockquote in markdown), "`npx tsc --noEmit` → 72 errors", "npm test -> 51 passed". */
function commandFromText(unit: TextUnit): { command: string; result: string | null } | null {
  const prompt = /^(?:\$|>)\s+(.+)$/.exec(unit.plain);
  if (prompt !== null && isCommandShaped(splitResult(prompt[1] ?? "").command)) return splitResult(prompt[1] ?? "");
  // A quoted line is a prompt line only when it plainly runs something: a known program, or a flag,
  // path or operator ("> run it twice" is a note).
  if (unit.isQuote) {
    const quoted = splitResult(unit.plain);
    if (isCommandShaped(quoted.command) && (isCommandLike(quoted.command) || /\s(?:--?\w|\.{0,2}\/\S|[|&;<>])/.test(quoted.command))) return quoted;
  }

  const code = unit.codes.find((value) => isCommandLike(value)) ?? leadingCommandSpan(unit);
  if (code !== undefined) {
    const marker = `\`${code}\``;
    const index = unit.raw.indexOf(marker);
    const rest = index === -1 ? "" : unit.raw.slice(index + marker.length);
    return { command: code.trim(), result: resultFromRest(rest) ?? resultBefore(index === -1 ? "" : unit.raw.slice(0, index)) };
  }
  const split = /^(.*?)\s*(?:→|->|=>|⇒)\s*(.*)$/.exec(unit.plain);
  if (split !== null && isPlainCommand(split[1] ?? "")) {
    return { command: (split[1] ?? "").trim(), result: resultFromRest(split[2] ?? "") };
  }
  if (isPlainCommand(unit.plain)) return { command: unit.plain.trim(), result: null };
  return null;
}

/** A command written without backticks must look like one, and a known program starts it. */
function isPlainCommand(text: string): boolean {
  return isCommandLike(text) && isCommandShaped(text);
}

/**
 * A code span that leads its line (after an optional "Label:") and is shaped like a command, whatever
 * the program: "- `zig build test` → ok", "Unit: `mix test`".
 */
function leadingCommandSpan(unit: TextUnit): string | undefined {
  const first = unit.codes[0];
  if (first === undefined) return undefined;
  const before = unit.raw.slice(0, Math.max(0, unit.raw.indexOf(`\`${first}\``)));
  const isLeading = stripInlineMarkdown(before).replace(/^[^:：]{1,40}[:：]\s*$/, "").trim() === "";
  return isLeading && isCommandShaped(first) ? first : undefined;
}

function splitResult(text: string): { command: string; result: string | null } {
  const match = /^(.*?\S)\s+(?:→|->|=>|⇒|#)\s+(.+)$/.exec(text);
  if (match === null) return { command: text.trim(), result: null };
  return { command: (match[1] ?? "").trim(), result: cleanResult(match[2] ?? "") };
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

function verificationFromTable(table: TableUnit): VerificationCommand[] {
  const header = table.rows[0]?.cells.map((cell) => stripInlineMarkdown(cell).toLowerCase()) ?? [];
  let commandColumn = header.findIndex((cell) => /\b(?:command|cmd|check|script|run|how)\b/.test(cell));
  const resultColumn = header.findIndex((cell) => /\b(?:result|output|last|expected|status|baseline|known|count|outcome)\b/.test(cell));
  const dataRows = table.rows.slice(1);
  // Under a "Command" header any command-shaped cell counts; without one, only known programs do.
  const hasCommandHeader = commandColumn !== -1;
  if (commandColumn === -1) {
    const firstIsCommand = dataRows.some((row) => isCommandLike(stripInlineMarkdown(row.cells[0] ?? "")));
    if (!firstIsCommand) return [];
    commandColumn = 0;
  }
  const commands: VerificationCommand[] = [];
  for (const row of dataRows) {
    const command = stripInlineMarkdown(row.cells[commandColumn] ?? "");
    if (!isCommandLike(command) && !(hasCommandHeader && isCommandShaped(command))) continue;
    const resultIndex = resultColumn !== -1 ? resultColumn : commandColumn === 0 ? 1 : -1;
    const lastResult = resultIndex === -1 ? null : cleanResult(row.cells[resultIndex] ?? "");
    commands.push({ command, lastResult, line: row.line });
  }
  return commands;
}
