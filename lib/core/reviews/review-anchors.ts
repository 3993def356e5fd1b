/**
 * Where a comment sits in a handoff: a section (its heading, as a key) and/or a line of the content it
 * was written on. An anchor holds while that content is the review's: a new content (another blob) has
 * other lines, so its comments show as "on an earlier version" instead of at a line that now says
 * something else.
 */

export interface HandoffSection {
  /** Lower-case words of the heading joined by "-": stable while the heading is. */
  key: string;
  title: string;
  /** 1-based line of the heading. */
  line: number;
}

export function sectionKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}

/** The ATX headings of a markdown text (outside fenced code), in order. */
export function handoffSections(content: string): HandoffSection[] {
  const sections: HandoffSection[] = [];
  let fence: string | null = null;
  content.split("\n").forEach((raw, index) => {
    const line = raw.replace(/\r$/, "");
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) {
      if (fence === null) fence = fenceMatch[1]![0]!;
      else if (fenceMatch[1]![0] === fence) fence = null;
      return;
    }
    if (fence !== null) return;
    const heading = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      const key = sectionKey(heading[1]!);
      if (key) sections.push({ key, title: heading[1]!, line: index + 1 });
    }
  });
  return sections;
}

/** The section a line belongs to (the last heading at or above it), or null before the first. */
export function sectionOfLine(sections: readonly HandoffSection[], line: number): HandoffSection | null {
  let found: HandoffSection | null = null;
  for (const section of sections) if (section.line <= line) found = section;
  return found;
}

export interface CommentAnchor {
  section: string | null;
  line: number | null;
}

export type AnchorPlace = { kind: "line"; line: number } | { kind: "section"; line: number; key: string } | { kind: "general" } | { kind: "outdated" };

/** Where to show a comment on the current content: at its line, at its section's heading, with the general comments, or as written on an earlier version. */
export function placeComment(anchor: CommentAnchor & { blobSha: string }, current: { blobSha: string; lineCount: number; sections: readonly HandoffSection[] }): AnchorPlace {
  if (anchor.section === null && anchor.line === null) return { kind: "general" };
  if (anchor.blobSha !== current.blobSha) return { kind: "outdated" };
  if (anchor.line !== null) return anchor.line >= 1 && anchor.line <= current.lineCount ? { kind: "line", line: anchor.line } : { kind: "outdated" };
  const section = current.sections.find((candidate) => candidate.key === anchor.section);
  return section ? { kind: "section", line: section.line, key: section.key } : { kind: "outdated" };
}
