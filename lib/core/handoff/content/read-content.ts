import { isEmptyMarker } from "../documents/empty-markers";
import { commandLinesOfBlock, extractFileRefs, isCommandLike, SHELL_LANGUAGES, stripInlineMarkdown } from "../markdown/inline-references";
import type { CodeUnit, TextUnit } from "../markdown/markdown-units";
import { ancestorIn, bySourcePreference, joinText, sectionsWith, textUnits, type SectionModel } from "../sections/section-model";
import type { FileReference, ParsedHandoff } from "../types";

/** The goal (with its constraints), key decisions and next action of a handoff. */

export function extractGoal(model: SectionModel): ParsedHandoff["goal"] {
  const goalSections = bySourcePreference(sectionsWith(model, "goal"));
  if (goalSections.length === 0) return null;
  const constraints: string[] = [];
  const addConstraint = (text: string) => {
    const trimmed = text.trim();
    if (trimmed !== "" && !constraints.includes(trimmed)) constraints.push(trimmed);
  };
  for (const section of goalSections) {
    for (const unit of textUnits(section)) {
      if (unit.isQuote || section.isConstraints) addConstraint(unit.plain);
      else for (const quoted of quotedStrings(unit.plain)) addConstraint(quoted);
    }
  }
  const main = goalSections.find((section) => !section.isConstraints && textUnits(section).length > 0) ?? goalSections[0];
  if (main === undefined) return null;
  const text = joinText(textUnits(main).map((unit) => unit.plain));
  return { text, constraints, line: main.line };
}

function quotedStrings(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/"([^"\n]{3,400})"|“([^”\n]{3,400})”/g)) {
    const value = (match[1] ?? match[2] ?? "").trim();
    if (value !== "") found.push(value);
  }
  return found;
}

export function extractDecisions(model: SectionModel): ParsedHandoff["decisions"] {
  const decisions: ParsedHandoff["decisions"] = [];
  for (const section of sectionsWith(model, "decisions")) {
    const byUnit = new Map<TextUnit, { text: string; line: number }>();
    for (const unit of section.units) {
      if (unit.kind === "table") {
        for (const row of unit.rows.slice(1)) {
          const text = row.cells.map(stripInlineMarkdown).filter((cell) => cell !== "").join(" — ");
          if (text !== "" && !isEmptyMarker(text)) decisions.push({ text, line: row.line });
        }
        continue;
      }
      if (unit.kind !== "text" || unit.plain === "" || isEmptyMarker(unit.plain)) continue;
      const parent = ancestorIn(unit, byUnit);
      if (parent !== null) {
        parent.text = `${parent.text}; ${unit.plain}`;
        continue;
      }
      const decision = { text: unit.plain, line: unit.line };
      decisions.push(decision);
      byUnit.set(unit, decision);
    }
  }
  return decisions;
}

function commandsOfCode(unit: CodeUnit): string[] {
  const isShell = unit.lang !== null && SHELL_LANGUAGES.test(unit.lang);
  if (unit.lang !== null && unit.lang !== "" && !isShell) return [];
  return commandLinesOfBlock(unit.value)
    .map((entry) => entry.command)
    .filter((command) => isShell || isCommandLike(command));
}

export function extractNextAction(model: SectionModel): ParsedHandoff["nextAction"] {
  const nextActions = sectionsWith(model, "next-action");
  // No Next action section: a "Remaining work" State section names what to do next.
  const candidates = nextActions.length > 0 ? nextActions : standInSections(model);
  for (const section of bySourcePreference(candidates)) {
    const texts = textUnits(section);
    const codes = section.units.filter((unit): unit is CodeUnit => unit.kind === "code");
    if (texts.length === 0 && codes.length === 0) continue;
    const commands: string[] = [];
    const fileRefs: FileReference[] = [];
    const add = (command: string) => {
      if (!commands.includes(command)) commands.push(command);
    };
    for (const unit of texts) {
      for (const code of unit.codes) if (isCommandLike(code)) add(code.trim());
      fileRefs.push(...extractFileRefs(unit.raw, unit.line));
    }
    for (const code of codes) {
      for (const command of commandsOfCode(code)) add(command);
      fileRefs.push(...extractFileRefs(code.value, code.line));
    }
    const text = joinText(
      section.units.map((unit) => (unit.kind === "text" ? unit.plain : unit.kind === "code" ? unit.value.trim() : "")),
    );
    return { text, line: section.line, commands, fileRefs };
  }
  return null;
}


/** State sections whose title says they list the work still to do ("Remaining work", "残作業"). */
export function standInSections(model: SectionModel): SectionModel["sections"] {
  return model.sections.filter((section) => section.standsInFor === "next-action" && !section.isUnderOther);
}
