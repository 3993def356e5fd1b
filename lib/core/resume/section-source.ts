/**
 * A section of a handoff exactly as written (numbered steps, nesting, code spans and fences kept), cut
 * from the stored markdown by the line the parser found the section at. The parser's own section text
 * is plain prose (list numbers and inline code dropped), which loses the order of "1. … 2. … 3. …"
 * steps; the resume prompt quotes this instead.
 */
import type { SectionLocation } from "../handoff/types";

export interface SectionSource {
  /** The section's lines without its heading, blank lines trimmed at both ends. */
  text: string;
  /** 1-based lines of the first and last line of `text` in the file. */
  firstLine: number;
  lastLine: number;
}

/**
 * The body of the section that starts at `line` (its heading, or the line of its label for a
 * label-opened section such as `**Next action:** …`, which is then kept). It ends before the next
 * heading of the same or a higher level (any heading for a label-opened section), or before the next
 * section of another kind the parser found, whichever comes first; headings inside code fences do not count. Null when
 * the line is outside the text or the section has no body.
 */
export function sectionSource(markdown: string, line: number, sections: readonly Pick<SectionLocation, "line" | "key">[] = []): SectionSource | null {
  const lines = markdown.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  if (!Number.isInteger(line) || line < 1 || line > lines.length) return null;
  const start = lines[line - 1] ?? "";
  const heading = HEADING.exec(start);
  const level = heading ? heading[1]!.length : 7;
  // The parser also lists a section's sub-headings under the same key: only another key ends it.
  const ownKey = sections.find((section) => section.line === line)?.key;
  const nextSection =
    sections
      .filter((section) => section.line > line && section.key !== ownKey)
      .map((section) => section.line)
      .sort((a, b) => a - b)[0] ?? Number.POSITIVE_INFINITY;

  let from = heading ? line + 1 : line;
  let to = from - 1;
  let fence: string | null = null;
  for (let at = from; at <= lines.length && at < nextSection; at += 1) {
    const text = lines[at - 1] ?? "";
    const fenceMatch = FENCE.exec(text);
    if (fence !== null) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length && text.trim() === fenceMatch[1]) fence = null;
      to = at;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      to = at;
      continue;
    }
    const next = HEADING.exec(text);
    if (next && next[1]!.length <= level) break;
    to = at;
  }
  while (from <= to && (lines[from - 1] ?? "").trim() === "") from += 1;
  while (to >= from && (lines[to - 1] ?? "").trim() === "") to -= 1;
  if (to < from) return null;
  return { text: lines.slice(from - 1, to).join("\n"), firstLine: from, lastLine: to };
}

const HEADING = /^ {0,3}(#{1,6})(?:\s|$)/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
