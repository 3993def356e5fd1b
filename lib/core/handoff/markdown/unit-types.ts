/** The line-addressed units a handoff is flattened into (markdown-units.ts). */

export type Unit = HeadingUnit | TextUnit | TableUnit | CodeUnit;

export interface HeadingUnit {
  kind: "heading";
  depth: number;
  text: string;
  line: number;
}

export interface TextUnit {
  kind: "text";
  /** Markdown source of this line (paragraphs) or of the item's own paragraphs (list items), joined to one line. */
  raw: string;
  /** Display text: inline markdown removed. */
  plain: string;
  line: number;
  endLine: number;
  /** Values of the inline code spans inside this unit, in order. */
  codes: string[];
  item: ItemInfo | null;
  isQuote: boolean;
  /** Units from the same top-level block (one paragraph, one list, one table) share a group. */
  group: number;
}

export interface ItemInfo {
  /** 0 for a top-level list item, 1 for an item nested in it, … */
  depth: number;
  /** GitHub task-list state, or the status of a non-standard box such as `[~]`. */
  checked: boolean | null;
  box: string | null;
  ordered: boolean;
  parent: TextUnit | null;
}

export interface TableUnit {
  kind: "table";
  /** Row 0 is the header row. Cells are markdown source, trimmed. */
  rows: { cells: string[]; codes: string[]; line: number }[];
  line: number;
  owner: TextUnit | null;
  group: number;
}

export interface CodeUnit {
  kind: "code";
  lang: string | null;
  value: string;
  line: number;
  endLine: number;
  owner: TextUnit | null;
  group: number;
}

export interface MarkdownDocument {
  units: Unit[];
  /** Raw YAML front matter and the line its first key is on, or null. */
  frontMatter: { value: string; line: number } | null;
  lineCount: number;
}
