import { isEmptyMarker } from "../documents/empty-markers";
import { extractCommitShas, extractFileRefs, stripInlineMarkdown } from "../markdown/inline-references";
import type { TableUnit, TextUnit, Unit } from "../markdown/markdown-units";
import { ancestorIn, sectionsWith, type SectionModel } from "../sections/section-model";
import { statusFromTitle } from "../sections/section-titles";
import type { FileReference, StateItem, StateStatus } from "../types";

/** The state section's items: done / in progress / not started, with the commits and files they cite. */

const DONE_MARKS = /[✅✔✓☑🟢]|\((?:done|completed?|finished)\)|\[done\]|\bDONE\b|\bCOMPLETED?\b/u;
const IN_PROGRESS_MARKS = /[🚧⏳🔄🟡◐]|\((?:in[ -]progress|wip|ongoing|partial(?:ly done)?)\)|\[(?:in[ -]progress|wip)\]|\bIN[ -]PROGRESS\b|\bWIP\b/u;
const NOT_STARTED_MARKS = /[⬜☐❌🔴⭕]|\((?:not started|todo|pending|not done)\)|\bNOT[ -]STARTED\b|\bTODO\b/u;

function explicitStatus(unit: TextUnit): StateStatus | null {
  const box = unit.item?.box ?? null;
  if (box === "x" || box === "X") return "done";
  if (box !== null && box !== " ") return "in-progress";
  // Explicit words beat an empty box: "- [ ] (in progress) wire routes".
  if (IN_PROGRESS_MARKS.test(unit.raw)) return "in-progress";
  if (NOT_STARTED_MARKS.test(unit.raw)) return "not-started";
  if (box === " ") return "not-started";
  if (DONE_MARKS.test(unit.raw)) return "done";
  return null;
}

function inferredStatus(text: string): StateStatus | null {
  const lower = text.toLowerCase();
  if (/\bnot (?:yet )?(?:started|done|begun)\b|\bnot yet\b|\btodo\b|\bpending\b|\bblocked\b|\bremaining\b/.test(lower)) return "not-started";
  if (/\bin progress\b|\bpartial(?:ly)?\b|\bwip\b|\bongoing\b|\bhalf[- ]done\b|\bmid[- ]/.test(lower)) return "in-progress";
  if (/\b(?:complete[d]?|done|finished|implemented|merged|landed|fixed|shipped)\b/.test(lower)) return "done";
  return null;
}

export function extractState(model: SectionModel): StateItem[] {
  const items: StateItem[] = [];
  for (const section of sectionsWith(model, "state")) {
    const byUnit = new Map<TextUnit, StateItem>();
    for (const unit of section.units) {
      if (unit.kind === "table") {
        items.push(...stateItemsFromTable(unit, section.status));
        continue;
      }
      if (unit.kind !== "text" || unit.plain === "") continue;
      // "- nothing", "none", "n/a": the list is empty, not an item named "nothing".
      if (isEmptyMarker(unit.plain)) continue;
      const explicit = explicitStatus(unit);
      const parent = ancestorIn(unit, byUnit);
      if (parent !== null && explicit === null) {
        // Detail bullets under an item ("- commit `abc1234`") belong to that item.
        mergeInto(parent, extractCommitShas(unit.raw, unit.codes), extractFileRefs(unit.raw, unit.line));
        continue;
      }
      if (unit.item === null && explicit === null && section.status === null) continue;
      // The heading an item sits under outranks its own checkbox: agents move items between "Done" and
      // "In progress" and leave the box as it was ("### In progress\n- [ ] wire routes" is in progress).
      const item = stateItem(unit, section.status ?? explicit ?? inferredStatus(unit.plain) ?? "in-progress");
      items.push(item);
      byUnit.set(unit, item);
    }
  }
  return items;
}

/** A list item or line of text as a state item, with the commits and files it cites. */
function stateItem(unit: TextUnit, status: StateStatus): StateItem {
  return { status, text: unit.plain, line: unit.line, commitShas: extractCommitShas(unit.raw, unit.codes), fileRefs: extractFileRefs(unit.raw, unit.line) };
}

function mergeInto(item: StateItem, shas: string[], refs: FileReference[]): void {
  for (const sha of shas) if (!item.commitShas.includes(sha)) item.commitShas.push(sha);
  item.fileRefs.push(...refs);
}

function stateItemsFromTable(table: TableUnit, sectionStatus: StateStatus | null): StateItem[] {
  const header = table.rows[0]?.cells.map((cell) => stripInlineMarkdown(cell).toLowerCase()) ?? [];
  const statusColumn = header.findIndex((cell) => /^(?:status|state|progress|done\??)$/.test(cell));
  if (statusColumn === -1 && sectionStatus === null) return [];
  const items: StateItem[] = [];
  for (const row of table.rows.slice(1)) {
    const statusText = statusColumn === -1 ? "" : stripInlineMarkdown(row.cells[statusColumn] ?? "");
    const fromCell = statusColumn === -1 ? null : (statusFromCell(statusText) ?? inferredStatus(statusText));
    const status = fromCell ?? sectionStatus;
    if (status === null) continue;
    const textCell = row.cells.find((_cell, index) => index !== statusColumn) ?? "";
    if (isEmptyMarker(stripInlineMarkdown(textCell))) continue;
    const raw = row.cells.join(" | ");
    items.push({
      status,
      text: stripInlineMarkdown(textCell),
      line: row.line,
      commitShas: extractCommitShas(raw, row.codes),
      fileRefs: extractFileRefs(raw, row.line),
    });
  }
  return items;
}

function statusFromCell(text: string): StateStatus | null {
  if (DONE_MARKS.test(text) || /^(?:done|complete[d]?|finished|yes|x)$/i.test(text.trim())) return "done";
  if (IN_PROGRESS_MARKS.test(text) || /^(?:in[ -]progress|wip|ongoing|partial)$/i.test(text.trim())) return "in-progress";
  if (NOT_STARTED_MARKS.test(text) || /^(?:not started|todo|to do|pending|no)$/i.test(text.trim())) return "not-started";
  return statusFromTitle(text);
}

/**
 * A log entry that only lists what its session did (`## Session 3` over bullets, no headings of its own):
 * its list items, between `fromLine` and `toLine`, are the state, done unless a box or a mark says otherwise
 * (`- [ ] deploy` is not started). Detail bullets belong to their item.
 */
export function entryListState(units: readonly Unit[], fromLine: number, toLine: number): StateItem[] {
  const items: StateItem[] = [];
  const byUnit = new Map<TextUnit, StateItem>();
  for (const unit of units) {
    if (unit.kind !== "text" || unit.item === null || unit.line < fromLine || unit.line > toLine || unit.plain === "" || isEmptyMarker(unit.plain)) continue;
    const parent = ancestorIn(unit, byUnit);
    if (parent !== null && explicitStatus(unit) === null) {
      mergeInto(parent, extractCommitShas(unit.raw, unit.codes), extractFileRefs(unit.raw, unit.line));
      continue;
    }
    const item = stateItem(unit, explicitStatus(unit) ?? "done");
    items.push(item);
    byUnit.set(unit, item);
  }
  return items;
}
