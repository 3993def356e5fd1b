import type { Blockquote, List, ListItem, Nodes, Paragraph, Root, RootContent, Table } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { frontmatterFromMarkdown } from "mdast-util-frontmatter";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { toString } from "mdast-util-to-string";
import { frontmatter } from "micromark-extension-frontmatter";
import { gfm } from "micromark-extension-gfm";
import { stripInlineMarkdown } from "./inline-references";

/**
 * A handoff flattened into line-addressed units. Agents put the same information in headings, bold
 * labels, bullets, tables and code blocks; turning the mdast tree into this flat list lets the section
 * recogniser treat all of those the same way while keeping exact line numbers.
 */
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

export function parseMarkdownUnits(text: string): MarkdownDocument {
  const tree: Root = fromMarkdown(text, {
    extensions: [gfm(), frontmatter(["yaml"])],
    mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(["yaml"])],
  });
  const builder = new UnitBuilder(text);
  let frontMatter: MarkdownDocument["frontMatter"] = null;
  for (const node of tree.children) {
    if (node.type === "yaml") {
      frontMatter = { value: node.value, line: (node.position?.start.line ?? 1) + 1 };
      continue;
    }
    builder.group += 1;
    builder.block(node, null, false);
  }
  return { units: builder.units, frontMatter, lineCount: text.split("\n").length };
}

class UnitBuilder {
  readonly units: Unit[] = [];
  group = 0;
  constructor(private readonly source: string) {}

  block(node: RootContent, owner: TextUnit | null, isQuote: boolean): void {
    switch (node.type) {
      case "heading":
        this.units.push({ kind: "heading", depth: node.depth, text: toString(node).trim(), line: startLine(node) });
        return;
      case "paragraph":
        this.paragraph(node, isQuote);
        return;
      case "list":
        this.list(node, owner, 0, isQuote);
        return;
      case "table":
        this.table(node, owner);
        return;
      case "code":
        this.units.push({
          kind: "code",
          lang: node.lang ?? null,
          value: node.value,
          line: startLine(node),
          endLine: node.position?.end.line ?? startLine(node),
          owner,
          group: this.group,
        });
        return;
      case "blockquote":
        this.blockquote(node, owner);
        return;
      default:
        // html, thematic breaks, definitions: untrusted markup carries nothing Baton reads.
        return;
    }
  }

  private blockquote(node: Blockquote, owner: TextUnit | null): void {
    // A quoted paragraph is one unit: a quote is a constraint or a verbatim request, never a list of labels.
    for (const child of node.children) {
      if (child.type === "paragraph") {
        const raw = this.sliceJoined(child);
        this.units.push(this.textUnit(raw, child, codesOf(child), null, true));
      } else {
        this.block(child, owner, true);
      }
    }
  }

  private paragraph(node: Paragraph, isQuote: boolean): void {
    const first = startLine(node);
    const sourceLines = this.slice(node).split("\n");
    const codesByLine = new Map<number, string[]>();
    for (const code of inlineCodes(node)) {
      const list = codesByLine.get(code.line) ?? [];
      list.push(code.value);
      codesByLine.set(code.line, list);
    }
    // Paragraphs are split per line: agents write `**Label:** value` lines back to back without blank lines.
    sourceLines.forEach((sourceLine, index) => {
      const raw = stripContainerPrefix(sourceLine, index === 0);
      if (raw.trim() === "") return;
      const line = first + index;
      this.units.push({
        kind: "text",
        raw: raw.trim(),
        plain: stripInlineMarkdown(raw),
        line,
        endLine: line,
        codes: codesByLine.get(line) ?? [],
        item: null,
        isQuote,
        group: this.group,
      });
    });
  }

  private list(node: List, parent: TextUnit | null, depth: number, isQuote: boolean): void {
    for (const item of node.children) this.listItem(item, node.ordered === true, parent, depth, isQuote);
  }

  private listItem(item: ListItem, ordered: boolean, parent: TextUnit | null, depth: number, isQuote: boolean): void {
    const paragraphs = item.children.filter((child): child is Paragraph => child.type === "paragraph");
    let raw = paragraphs.map((paragraph) => this.sliceJoined(paragraph)).join(" ");
    let checked: boolean | null = typeof item.checked === "boolean" ? item.checked : null;
    let box: string | null = checked === null ? null : checked ? "x" : " ";
    // GFM only knows [ ] and [x]; agents also write [~], [-], [/], [>] for "in progress".
    const boxMatch = /^\[([ xX~\-/>.?!*])\]\s+/.exec(raw);
    if (boxMatch !== null) {
      box = boxMatch[1] ?? null;
      if (checked === null) checked = box === "x" || box === "X" ? true : box === " " ? false : null;
      raw = raw.slice(boxMatch[0].length);
    }
    const codes = paragraphs.flatMap((paragraph) => codesOf(paragraph));
    const line = startLine(item);
    const unit = this.textUnit(raw, item, codes, { depth, checked, box, ordered, parent }, isQuote);
    unit.line = line;
    this.units.push(unit);
    for (const child of item.children) {
      if (child.type === "paragraph") continue;
      if (child.type === "list") this.list(child, unit, depth + 1, isQuote);
      else this.block(child, unit, isQuote);
    }
  }

  private table(node: Table, owner: TextUnit | null): void {
    const rows = node.children.map((row) => ({
      cells: row.children.map((cell) => this.sliceChildren(cell).replace(/\s+/g, " ").trim()),
      codes: row.children.flatMap((cell) => inlineCodes(cell).map((code) => code.value)),
      line: startLine(row),
    }));
    this.units.push({ kind: "table", rows, line: startLine(node), owner, group: this.group });
  }

  private textUnit(raw: string, node: Nodes, codes: string[], item: ItemInfo | null, isQuote: boolean): TextUnit {
    const line = startLine(node);
    return {
      kind: "text",
      raw: raw.trim(),
      plain: stripInlineMarkdown(raw),
      line,
      endLine: node.position?.end.line ?? line,
      codes,
      item,
      isQuote,
      group: this.group,
    };
  }

  private slice(node: Nodes): string {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return toString(node);
    return this.source.slice(start, end);
  }

  /** Source of a node's content without its own delimiters (a table cell's pipes). */
  private sliceChildren(node: Nodes): string {
    if (!("children" in node) || node.children.length === 0) return "";
    const first = node.children[0];
    const last = node.children[node.children.length - 1];
    const start = first?.position?.start.offset;
    const end = last?.position?.end.offset;
    if (start === undefined || end === undefined) return toString(node);
    return this.source.slice(start, end);
  }

  /** A multi-line paragraph as one line, with blockquote and indentation prefixes of later lines removed. */
  private sliceJoined(node: Nodes): string {
    return this.slice(node)
      .split("\n")
      .map((line, index) => stripContainerPrefix(line, index === 0).trim())
      .join(" ");
  }
}

function stripContainerPrefix(line: string, isFirst: boolean): string {
  // The first line of a node's slice starts after its container markers; later lines still carry them.
  return isFirst ? line : line.replace(/^\s*(?:>\s?)*/, "");
}

function startLine(node: Nodes): number {
  return node.position?.start.line ?? 1;
}

function inlineCodes(node: Nodes): { value: string; line: number }[] {
  const found: { value: string; line: number }[] = [];
  const visit = (current: Nodes) => {
    if (current.type === "inlineCode") {
      found.push({ value: current.value, line: current.position?.start.line ?? 1 });
      return;
    }
    if ("children" in current) for (const child of current.children) visit(child);
  };
  visit(node);
  return found;
}

function codesOf(node: Nodes): string[] {
  return inlineCodes(node).map((code) => code.value);
}
