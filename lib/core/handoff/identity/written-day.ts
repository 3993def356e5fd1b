import { parseTimestampDetailed, type ParsedTimestamp } from "../../text/parse-timestamp";
import { stripInlineMarkdown } from "../markdown/inline-references";
import { cleanValue } from "../sections/handoff-labels";
import type { KeyValue, SectionModel } from "../sections/section-model";
import { NOT_WRITTEN_DATE_WORDS } from "./identity-labels.data";
import { identityLabelOf } from "./identity-keys";

/**
 * When a handoff was written, where no timestamp label says it (read-identity.ts asks only then):
 *
 * 1. a label in the identity area whose value starts with a date is a timestamp, whatever its word
 *    (`Stand: 2026-08-09`, `Stand: **16.08.2026 – Tagesabschluss …**`), unless its word names another date
 *    (a deadline: NOT_WRITTEN_DATE_WORDS);
 * 2. else a date in the title, in any usual order, separator or month name (`# Tagesabschluss 16.08.2026`,
 *    `# Handover Note - 2026年2月4日`) is its day (a day only: a time written in a title is not read); or,
 *    under an undated title, the stamp that starts or ends the first heading (`## 2025-11-30 07:30 CET — …`,
 *    `## Latest Update (2026-04-12)`).
 */
export interface WrittenDay {
  parsed: ParsedTimestamp;
  raw: string;
  line: number;
  evidence: "dated-label" | "title-date";
}

const NOT_WRITTEN = new Set(NOT_WRITTEN_DATE_WORDS.map((word) => word.toLowerCase()));
/** A value that starts with a date: digits first (`16.08.2026`, `2026-08-09`, `2026年`) or a month name first. */
const STARTS_WITH_DATE = /^(?:\d{1,4}[-/.年년]|\d{1,2}\.? (?:de )?\p{L}{3,10}\.? |\p{L}{3,10}\.? \d{1,2},? \d{4})/u;

/** The last part of a heading set apart by brackets or a dash, colon or bar: `Latest Update (2026-04-12)` → `2026-04-12`. */
const TRAILING_PART = /(?:[([]|\s[—–|-]\s|[:：])\s*([^()[\]—–|:：]{6,40}?)\s*[)\]]?\s*$/u;

/** A date that makes up a byline's start: followed by nothing, a separator or a time, not by more words of a sentence. */
const BYLINE_DATE_END = /^[^\p{L}]*(?:\p{L}{3,10}\.?[^\p{L}]*)?(?:$|[·•|—–,(]|\s-\s|\s*\d{1,2}:\d{2})/u;

export function writtenDay(model: SectionModel): WrittenDay | null {
  return datedLabel(model) ?? titleDate(model);
}

function datedLabel(model: SectionModel): WrittenDay | null {
  const firstContent = model.sections.find((section) => section.source === "heading" && section.key !== null && section.key !== "identity" && section.key !== "other");
  const limit = firstContent?.line ?? Number.POSITIVE_INFINITY;
  for (const kv of model.keyValues) {
    if (!isInIdentityArea(kv, limit) || identityLabelOf(kv.key) !== null) continue;
    if (kv.key.split(" ").some((word) => NOT_WRITTEN.has(word)) || kv.key.split(" ").length > 4) continue;
    const value = cleanValue(kv.value);
    if (!STARTS_WITH_DATE.test(value)) continue;
    const parsed = parseTimestampDetailed(value.slice(0, 60));
    if (parsed.iso !== null) return { parsed, raw: value, line: kv.line, evidence: "dated-label" };
  }
  return null;
}

/** The file's own top: front matter, or a label above the first content section outside any section of its own. */
function isInIdentityArea(kv: KeyValue, limit: number): boolean {
  if (kv.fromFrontMatter) return true;
  return kv.line < limit && (kv.section === null || kv.section.key === null || kv.section.key === "identity");
}

function titleDate(model: SectionModel): WrittenDay | null {
  const [first, second] = model.sections.filter((section) => section.source === "heading");
  if (first === undefined) return null;
  const title = stripInlineMarkdown(first.title);
  const parsed = parseTimestampDetailed(title);
  // A title dates the handoff's day, not its time: within that day, file times decide (handoff-order.ts).
  if (parsed.iso !== null) return { parsed: { iso: parsed.iso.slice(0, 10), zone: null }, raw: title, line: first.line, evidence: "title-date" };
  // A byline under the title that starts with the day (`> 2026-07-25 · 架构定稿`, `*12 March 2026 — draft 2*`).
  for (const unit of first.units) {
    if (unit.kind !== "text") continue;
    const line = stripInlineMarkdown(unit.raw.split("\n")[0] ?? "").replace(/^[\s>*_]+/, "");
    if (!STARTS_WITH_DATE.test(line)) continue;
    const byline = parseTimestampDetailed(line.slice(0, 40));
    if (byline.iso !== null && BYLINE_DATE_END.test(line.slice(0, 40))) {
      return { parsed: byline.zone !== null ? byline : { iso: byline.iso.slice(0, 10), zone: null }, raw: line, line: unit.line, evidence: "title-date" };
    }
  }
  // A journal of one entry so far: an undated title over a first heading that starts with its stamp
  // (`## 2025-11-30 07:30 CET — Initialisation`), read with its time when a zone says which one.
  if (second === undefined) return null;
  const written = stripInlineMarkdown(second.title);
  // Its stamp first (`## 2025-11-30 07:30 CET — Initialisation`) or last, set apart (`## Latest Update (2026-04-12)`,
  // `## Session 5 — 2026-04-12`).
  const heading = [written.replace(/^[[(]/, ""), TRAILING_PART.exec(written)?.[1] ?? ""].find((part) => STARTS_WITH_DATE.test(part));
  if (heading === undefined) return null;
  const stamp = parseTimestampDetailed(heading.slice(0, 60));
  if (stamp.iso === null) return null;
  return { parsed: stamp.zone !== null ? stamp : { iso: stamp.iso.slice(0, 10), zone: null }, raw: heading, line: second.line, evidence: "title-date" };
}
