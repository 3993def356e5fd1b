import type { Unit } from "../markdown/markdown-units";
import { parseTimestamp } from "../../text/parse-timestamp";
import { PROCEDURE_STEP_WORDS } from "./document-kinds.data";

const procedureWords = new Set<string>(PROCEDURE_STEP_WORDS);

/**
 * An append-only handoff log: one file made of repeated entries, each under a heading of the same level
 * that carries a date (`## 2026-03-20 — importer`) or the same word and a number (`## Entrada 048`,
 * `### Session 12`). Read entry by entry (parse-handoff.ts): the newest entry, at the top or the bottom
 * as its dates or numbers say, gives the identity, state and next action; the entries are the file's own
 * history.
 *
 * A handoff with its own current sections outside the entries (a `## Next action` above a `## Session
 * log` of dated entries) is not a log: its own sections win, as they always did.
 */

export interface LogEntry {
  title: string;
  /** 1-based line of the entry's heading. */
  line: number;
  /** Last line of the entry (inclusive). */
  endLine: number;
  /** YYYY-MM-DD from the heading, or null. */
  day: string | null;
  number: number | null;
}

export interface HandoffLog {
  entries: LogEntry[];
  /** Index in `entries` of the newest one. */
  newest: number;
  /** Where new entries go: the newest is at the bottom (`oldest-first`) or at the top. */
  order: "oldest-first" | "newest-first";
}

/** At least this many entries make a log (two dated headings are a changelog of two days, too few to tell). */
const MIN_ENTRIES = 2;
const MIN_NUMBERED = 3;

const DATE_IN_TITLE = /(?<!\d)((?:19|20)\d{2})[-/.]([01]?\d)[-/.]([0-3]?\d)(?!\d)|(?<!\d)([0-3]?\d)\.([01]?\d)\.((?:19|20)\d{2})(?!\d)/;
const NUMBERED = /^\s*([\p{L}][\p{L}\s]{0,24}?)\s*(?:#|no\.?\s*|n[º°]\s*)?(\d{1,5})(?!\d|[.:]\d)/iu;

type Heading = Extract<Unit, { kind: "heading" }>;

/** A date or a range of days in a heading: `2026-01-17`, `16–17/01/2026`, `02/01/2026`, `17.01.2026`. */
function hasDate(title: string): boolean {
  return dayIn(title) !== null || /(?<!\d)[0-3]?\d(?:\s*[-–—]\s*[0-3]?\d)?[/.][01]?\d[/.](?:19|20)\d{2}(?!\d)/.test(title);
}

/**
 * `16–17/01/2026`, `02/01/2026`: day and month with slashes, the last day of a range. Day first when the
 * day is over 12, month first when the month is; otherwise the file's own convention (`dayFirst`, from
 * its other headings), else unread.
 */
const SLASHED = /(?<!\d)(?:[0-3]?\d\s*[-–—]\s*)?([0-3]?\d)\/([01]?\d)\/((?:19|20)\d{2})(?!\d)/;

function slashedParts(title: string): { first: number; second: number; year: string } | null {
  const match = SLASHED.exec(title);
  return match === null ? null : { first: Number(match[1]), second: Number(match[2]), year: match[3]! };
}

/** Whether the file writes slashed dates day first (true), month first (false), or cannot tell (null). */
function slashConvention(titles: readonly string[]): boolean | null {
  let dayFirst = false;
  let monthFirst = false;
  for (const title of titles) {
    const parts = slashedParts(title);
    if (parts === null) continue;
    if (parts.first > 12 && parts.second <= 12) dayFirst = true;
    if (parts.second > 12 && parts.first <= 12) monthFirst = true;
  }
  return dayFirst === monthFirst ? null : dayFirst;
}

function dayIn(title: string, dayFirst: boolean | null = null): string | null {
  const strict = strictDayIn(title);
  if (strict !== null) return strict;
  const parts = slashedParts(title);
  if (parts === null) return null;
  const isDayFirst = parts.first > 12 ? true : parts.second > 12 ? false : dayFirst;
  if (isDayFirst === null) return null;
  const [day, month] = isDayFirst ? [parts.first, parts.second] : [parts.second, parts.first];
  const text = `${parts.year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  const value = Date.UTC(Number(parts.year), month - 1, day);
  return Number.isFinite(value) && new Date(value).toISOString().slice(0, 10) === text ? text : null;
}

function strictDayIn(title: string): string | null {
  const match = DATE_IN_TITLE.exec(title);
  if (match === null) return null;
  const [year, month, day] = match[1] !== undefined ? [match[1], match[2]!, match[3]!] : [match[6]!, match[5]!, match[4]!];
  const text = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  const value = Date.UTC(Number(year), Number(month) - 1, Number(day));
  return Number.isFinite(value) && new Date(value).toISOString().slice(0, 10) === text ? text : null;
}

export function detectLog(units: readonly Unit[], lineCount: number, isCurrentSection: (title: string) => boolean): HandoffLog | null {
  const headings = units.filter((unit): unit is Extract<Unit, { kind: "heading" }> => unit.kind === "heading");
  const dayFirst = slashConvention(headings.map((heading) => heading.text));
  for (let depth = 1; depth <= 4; depth++) {
    const level = headings.filter((heading) => heading.depth === depth);
    const dated = level.filter((heading) => hasDate(heading.text));
    const numbered = numberedRun(level);
    // The longer run wins: 57 `## Entrada NNN` headings of which 5 carry a date are a numbered log, not a
    // dated one of five entries (the other 52 would read as sections outside the log).
    const isDated = dated.length >= MIN_ENTRIES && (numbered === null || dated.length > numbered.length);
    const kind = isDated ? "dated" : numbered !== null ? "numbered" : null;
    if (kind === null) continue;
    const entryHeadings = kind === "dated" ? dated : numbered!;
    const first = entryHeadings[0]!;
    const endOf = (heading: Heading) => headings.find((other) => other.line > heading.line && other.depth <= heading.depth)?.line ?? lineCount + 1;
    // A heading that only groups entries (`## Session en cours (16–17/01/2026)` over `### 2026-01-17 — …`)
    // is part of the log: it encloses entries and is dated itself.
    const groupsEntries = (heading: Heading) =>
      heading.depth < depth && (hasDate(heading.text) || numberedRun([heading]) !== null) && entryHeadings.some((entry) => entry.line > heading.line && entry.line < endOf(heading));
    // Headings inside an entry (`### 2) Objetivo` under `## Entrada 012`) are the entry's content.
    const insideEntry = (heading: Heading) => entryHeadings.some((entry) => heading.line > entry.line && heading.line < endOf(entry));
    const entries: LogEntry[] = entryHeadings.map((heading) => {
      const next = headings.find((other) => other.line > heading.line && other.depth <= depth);
      return {
        title: heading.text,
        line: heading.line,
        endLine: (next?.line ?? lineCount + 1) - 1,
        day: dayIn(heading.text, dayFirst),
        number: kind === "numbered" ? Number(NUMBERED.exec(heading.text)?.[2]) : null,
      };
    });
    const ordering = newestOf(entries);
    // Newest on top: what follows the last (oldest) entry at its level (`### Contexte`, `### Tests` written
    // beside the first entry ever made) is that entry's content, not the file's current sections.
    const last = entries[entries.length - 1]!;
    if (ordering.order === "newest-first") last.endLine = (headings.find((heading) => heading.line > last.line && heading.depth < depth)?.line ?? lineCount + 1) - 1;
    // An undated heading at the entries' level between two entries (`## Suite (Option A + B)` among dated
    // sessions) is an entry that forgot its date, not a current section.
    const isBetweenEntries = (heading: Heading) => heading.depth === depth && heading.line > first.line && heading.line < last.line;
    const isInTail = (heading: Heading) => ordering.order === "newest-first" && heading.line > last.line && heading.line <= last.endLine;
    // Current sections outside the entries (above the first, or at a level that closes the entries): a handoff
    // with a history, not a log.
    const outside = headings.filter(
      (heading) =>
        !entryHeadings.includes(heading) &&
        !insideEntry(heading) &&
        !groupsEntries(heading) &&
        !isInTail(heading) &&
        !isBetweenEntries(heading) &&
        (heading.line < first.line || heading.depth <= depth),
    );
    if (outside.some((heading) => heading.depth > 1 && isCurrentSection(heading.text))) break;
    return { entries, ...ordering };
  }
  return quotedLog(units, headings, lineCount, dayFirst, isCurrentSection);
}

/**
 * A log whose entries are quoted paragraphs led by a dated bold title (`> **Sesión 2026-06-25 (cont. 14)
 * — …** Rama …`), three or more: read the same way, with no headings of its own before the first entry
 * that are current sections.
 */
function quotedLog(units: readonly Unit[], headings: readonly Heading[], lineCount: number, dayFirst: boolean | null, isCurrentSection: (title: string) => boolean): HandoffLog | null {
  const leads = units.flatMap((unit) => {
    if (unit.kind !== "text" || !unit.isQuote || unit.item !== null) return [];
    const bold = /^(?:\*\*|__)([^*_\n]{4,200}?)(?:\*\*|__)/.exec(unit.raw.trim());
    return bold !== null && hasDate(bold[1]!.slice(0, 60)) ? [{ title: bold[1]!.trim(), line: unit.line }] : [];
  });
  if (leads.length < MIN_NUMBERED) return null;
  const first = leads[0]!;
  if (headings.some((heading) => heading.line < first.line && heading.depth > 1 && isCurrentSection(heading.text))) return null;
  const entries: LogEntry[] = leads.map((lead, index) => ({
    title: lead.title,
    line: lead.line,
    endLine: (leads[index + 1]?.line ?? lineCount + 1) - 1,
    day: dayIn(lead.title, dayFirst),
    number: null,
  }));
  const ordering = newestOf(entries);
  if (ordering.order === "oldest-first") {
    const last = entries[entries.length - 1]!;
    const after = headings.filter((heading) => heading.line > last.line);
    if (after.some((heading) => heading.depth > 1 && isCurrentSection(heading.text))) return null;
  } else {
    // Newest on top: what follows the oldest entry is its own content (or older material), never current.
    entries[entries.length - 1]!.endLine = lineCount;
  }
  return { entries, ...ordering };
}

/** Three or more headings of one level named by the same word and a number (`Entry 3`, `Entrada 048`). */
function numberedRun(level: Extract<Unit, { kind: "heading" }>[]): Extract<Unit, { kind: "heading" }>[] | null {
  const byWord = new Map<string, Extract<Unit, { kind: "heading" }>[]>();
  for (const heading of level) {
    const match = NUMBERED.exec(heading.text);
    if (match === null) continue;
    const word = match[1]!.trim().toLowerCase();
    // `STEP 1` … `STEP 5`, `Checkpoint Phase 3`: the steps of one procedure, not entries written one after another.
    if (word.split(/\s+/).some((part) => procedureWords.has(part))) continue;
    byWord.set(word, [...(byWord.get(word) ?? []), heading]);
  }
  const best = [...byWord.values()].sort((a, b) => b.length - a.length)[0];
  return best !== undefined && best.length >= MIN_NUMBERED ? best : null;
}

/** The newest entry by its date, else its number; equal keys: the one written where new entries go. */
function newestOf(entries: LogEntry[]): { newest: number; order: HandoffLog["order"] } {
  // A numbered log orders by its numbers (a few entries may carry a date too), a dated one by its dates.
  const isNumbered = entries.every((entry) => entry.number !== null);
  // Entries of one day are told apart by the time their headings write (`## 2025-11-30 07:30 CET — …`).
  const key = (entry: LogEntry) => (isNumbered ? String(entry.number).padStart(6, "0") : entry.day === null ? null : timedKey(entry));
  const keys = entries.map(key);
  const first = keys.find((value) => value !== null) ?? null;
  const last = [...keys].reverse().find((value) => value !== null) ?? null;
  const order: HandoffLog["order"] = first !== null && last !== null && first > last ? "newest-first" : "oldest-first";
  let newest = order === "oldest-first" ? entries.length - 1 : 0;
  for (let index = 0; index < entries.length; index++) {
    const value = keys[index];
    const best = keys[newest];
    if (value === null || value === undefined) continue;
    if (best === null || best === undefined || value > best) newest = index;
  }
  return { newest, order };
}

/** The entry's heading time as an ISO instant when it writes one on the entry's day, else its day. */
function timedKey(entry: LogEntry): string {
  const iso = parseTimestamp(entry.title);
  return iso !== null && iso.length > 10 && iso.slice(0, 10) === entry.day ? iso : entry.day!;
}

/**
 * The text with every entry but the newest blanked out, line for line (line numbers stay the file's):
 * what the handoff says now.
 */
export function newestEntryView(text: string, log: HandoffLog): string {
  const lines = text.split("\n");
  const keep = log.entries[log.newest]!;
  for (const entry of log.entries) {
    if (entry === keep) continue;
    for (let line = entry.line; line <= entry.endLine && line <= lines.length; line++) lines[line - 1] = "";
  }
  return lines.join("\n");
}

/** A log's entries as stored (Handoff.logEntries); null for none or a value this version cannot read. */
export function readLogEntries(json: string | null): { newest: number; entries: { title: string; day: string | null }[] } | null {
  if (json === null || json === "") return null;
  try {
    const value = JSON.parse(json) as { newest?: unknown; entries?: unknown };
    if (typeof value.newest !== "number" || !Array.isArray(value.entries)) return null;
    const entries = value.entries.flatMap((entry: unknown) => {
      const { title, day } = (entry ?? {}) as { title?: unknown; day?: unknown };
      return typeof title === "string" ? [{ title, day: typeof day === "string" ? day : null }] : [];
    });
    return entries.length === 0 ? null : { newest: Math.min(Math.max(0, value.newest), entries.length - 1), entries };
  } catch {
    return null;
  }
}
