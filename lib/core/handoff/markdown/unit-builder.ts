import type { Env, Token } from "markdown-it";
import { parser } from "./markdown-parser";
import { LABEL_LINE, codeSpans, countNewlines, endLine, headingText, opensContainer, sliceJoined, splitRow, startLine, stripContainerPrefix, trimEndBlanks } from "./unit-source";
import { stripInlineMarkdown } from "./inline-references";
import type { ItemInfo, TableUnit, TextUnit, Unit } from "./unit-types";

/** markdown-it's block tokens → the flat list of line-addressed units (markdown-units.ts). */
/** The start of a GFM autolink literal: `www.`, `http(s)://` or an e-mail address. */
const AUTOLINK_LITERAL = /^(?:www\.[\p{L}\p{N}_-]|https?:\/\/[\p{L}\p{N}_-]|[\w.+-]+@[\w-]+\.[\w-])/iu;

export class UnitBuilder {
  readonly units: Unit[] = [];
  private group = 0;
  /** For each opening token, the index of its closing token. */
  private readonly closeOf: number[] = [];
  /** Lines markdown-it sees: the empty line after a final newline is not one to it. */
  private readonly markdownLines: number;

  constructor(
    private readonly tokens: Token[],
    private readonly lines: string[],
    private readonly env: Env,
  ) {
    const open: number[] = [];
    tokens.forEach((token, index) => {
      if (token.nesting === 1) open.push(index);
      else if (token.nesting === -1) {
        const opener = open.pop();
        if (opener !== undefined) this.closeOf[opener] = index;
      }
    });
    this.markdownLines = lines[lines.length - 1] === "" ? lines.length - 1 : lines.length;
  }

  root(): void {
    for (let index = 0; index < this.tokens.length; index = this.next(index)) {
      this.group += 1;
      this.block(index, null, 0);
    }
  }

  private next(index: number): number {
    return (this.tokens[index]?.nesting === 1 ? (this.closeOf[index] ?? this.tokens.length) : index) + 1;
  }

  private children(index: number): number[] {
    const children: number[] = [];
    const end = this.closeOf[index] ?? index;
    for (let child = index + 1; child < end; child = this.next(child)) children.push(child);
    return children;
  }

  /** `quotes`: how many blockquotes the block is in. */
  private block(index: number, owner: TextUnit | null, quotes: number): void {
    const token = this.tokens[index];
    if (token === undefined) return;
    switch (token.type) {
      case "heading_open":
        this.units.push({
          kind: "heading",
          depth: Number(token.tag.slice(1)),
          text: headingText(this.inline(index + 1)).trim(),
          line: startLine(token),
        });
        return;
      case "paragraph_open":
        this.paragraph(index, quotes > 0);
        return;
      case "bullet_list_open":
      case "ordered_list_open":
        this.list(index, owner, 0, quotes);
        return;
      case "table_open":
        this.table(index, owner);
        return;
      case "fence":
      case "code_block":
        this.code(index, owner, quotes);
        return;
      case "blockquote_open":
        this.blockquote(index, owner, quotes + 1);
        return;
      default:
        // html, thematic breaks, definitions, footnotes: untrusted markup carries nothing Baton reads.
        return;
    }
  }

  private blockquote(index: number, owner: TextUnit | null, quotes: number): void {
    // A quoted paragraph is one unit: a quote is a constraint or a verbatim request. Except a quoted block
    // of mostly `Label: value` lines (`> **Date:** …` / `> Session: unknown`), which is a metadata block:
    // one unit per line, as in a plain paragraph.
    for (const child of this.children(index)) {
      const token = this.tokens[child];
      if (token?.type === "paragraph_open") {
        const source = this.paragraphSource(child);
        const lines = source.map((line, offset) => stripContainerPrefix(line, offset === 0).trim()).filter((line) => line !== "");
        const labelLines = lines.filter((line) => LABEL_LINE.test(line)).length;
        if (labelLines >= 2 && labelLines * 2 > lines.length) {
          this.paragraph(child, true);
          continue;
        }
        const raw = sliceJoined(source);
        this.units.push(this.textUnit(raw, startLine(token), endLine(token), this.codes(child), null, true));
      } else {
        this.block(child, owner, quotes);
      }
    }
  }

  private paragraph(index: number, isQuote: boolean): void {
    const token = this.tokens[index];
    if (token === undefined) return;
    const first = startLine(token);
    const codesByLine = new Map<number, string[]>();
    for (const code of this.codesWithLines(index)) {
      const list = codesByLine.get(code.line) ?? [];
      list.push(code.value);
      codesByLine.set(code.line, list);
    }
    // Paragraphs are split per line: agents write `**Label:** value` lines back to back without blank lines.
    this.paragraphSource(index).forEach((sourceLine, offset) => {
      const raw = stripContainerPrefix(sourceLine, offset === 0);
      if (raw.trim() === "") return;
      const line = first + offset;
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

  private list(index: number, parent: TextUnit | null, depth: number, quotes: number): void {
    const ordered = this.tokens[index]?.type === "ordered_list_open";
    for (const item of this.children(index)) this.listItem(item, ordered, parent, depth, quotes);
  }

  private listItem(index: number, ordered: boolean, parent: TextUnit | null, depth: number, quotes: number): void {
    const token = this.tokens[index];
    if (token === undefined) return;
    const children = this.children(index);
    const paragraphs = children.filter((child) => this.tokens[child]?.type === "paragraph_open");
    const sources = paragraphs.map((paragraph) => this.paragraphSource(paragraph));
    let checked: boolean | null = null;
    const firstParagraph = paragraphs[0];
    const firstSource = sources[0];
    if (firstParagraph !== undefined && firstSource !== undefined && children[0] === firstParagraph) {
      const task = this.taskCheck(firstParagraph, firstSource);
      if (task !== null) {
        checked = task.checked;
        sources[0] = task.source;
      }
    }
    let raw = sources.map(sliceJoined).join(" ");
    let box: string | null = checked === null ? null : checked ? "x" : " ";
    // GFM only knows [ ] and [x]; agents also write [~], [-], [/], [>] for "in progress".
    const boxMatch = /^\[([ xX~\-/>.?!*])\]\s+/.exec(raw);
    if (boxMatch !== null) {
      box = boxMatch[1] ?? null;
      if (checked === null) checked = box === "x" || box === "X" ? true : box === " " ? false : null;
      raw = raw.slice(boxMatch[0].length);
    }
    const codes = paragraphs.flatMap((paragraph) => this.codes(paragraph));
    const item = { depth, checked, box, ordered, parent };
    const unit = this.textUnit(raw, startLine(token), this.endOf(index, quotes), codes, item, quotes > 0);
    this.units.push(unit);
    for (const child of children) {
      const type = this.tokens[child]?.type;
      if (type === "paragraph_open") continue;
      if (type === "bullet_list_open" || type === "ordered_list_open") this.list(child, unit, depth + 1, quotes);
      else this.block(child, unit, quotes);
    }
  }

  /**
   * A GitHub task box, recognised where micromark's GFM extension recognises it: at the very start of an
   * item's first block, that block a paragraph, `[ ]`/`[x]`/`[X]` (or a tab inside), then a line end, or
   * blanks followed by more of the paragraph.
   *
   * mdast then moved the paragraph's start past the box and one blank, unless that blank was all the text
   * before the next inline node; in that case the box stayed in the source and the caller's `[x] ` match
   * reads it (which is why `[X] `code`` keeps box "X" while `[X] text` gets "x").
   */
  private taskCheck(index: number, source: string[]): { checked: boolean; source: string[] } | null {
    const first = source[0] ?? "";
    const mark = first[1];
    if (first[0] !== "[" || first[2] !== "]" || mark === undefined || !" \txX".includes(mark)) return null;
    const after = first.slice(3);
    const hasNextLine = source.length > 1;
    if (after === "") {
      if (!hasNextLine) return null;
    } else {
      if (after[0] !== " " && after[0] !== "\t") return null;
      if (after.trim() === "" && !hasNextLine) return null;
    }
    const checked = mark === "x" || mark === "X";
    const children = this.inline(index + 1);
    const head = children[0];
    let textLength = 0;
    if (head?.type === "text" && head.content.startsWith(first.slice(0, 3))) {
      const rest = head.content.slice(3);
      const blanks = /^[ \t]*/.exec(rest)?.[0].length ?? 0;
      // GFM autolink literals were link nodes in mdast, so the text before one ends there.
      if (AUTOLINK_LITERAL.test(rest.slice(blanks))) textLength = blanks;
      else {
        textLength = rest.length;
        for (let child = 1; textLength < 2 && child < children.length; child++) {
          const token = children[child];
          if (token?.type === "text" || token?.type === "text_special") textLength += token.content.length;
          else if (token?.type === "softbreak") textLength += 1;
          else break;
        }
      }
    }
    if (textLength < 2) return { checked, source };
    return { checked, source: after === "" ? source.slice(1) : [first.slice(4), ...source.slice(1)] };
  }

  private table(index: number, owner: TextUnit | null): void {
    const token = this.tokens[index];
    if (token === undefined) return;
    const rows: TableUnit["rows"] = [];
    const end = this.closeOf[index] ?? index;
    for (let child = index + 1; child < end; child++) {
      const row = this.tokens[child];
      if (row?.type !== "tr_open") continue;
      const cells = splitRow(typeof row.meta?.["row"] === "string" ? row.meta["row"] : "");
      rows.push({
        cells: cells.map((cell) => cell.replace(/\s+/g, " ").trim()),
        codes: cells.flatMap((cell) => this.cellCodes(cell)),
        line: startLine(row),
      });
    }
    this.units.push({ kind: "table", rows, line: startLine(token), owner, group: this.group });
  }

  private cellCodes(cell: string): string[] {
    if (!cell.includes("`")) return [];
    // In a table GFM reads `\|` inside a code span as a plain pipe.
    const unescape = (escape: string, char: string) => (char === "|" ? char : escape);
    return codeSpans(this.parseInline(cell)).map((code) => code.value.replace(/\\([\\|])/g, unescape));
  }

  private code(index: number, owner: TextUnit | null, quotes: number): void {
    const token = this.tokens[index];
    if (token === undefined) return;
    let lang: string | null = null;
    if (token.type === "fence") {
      // micromark splits the info string at the first blank and only then decodes escapes and entities.
      const word = token.info.trim().split(/[ \t]/, 1)[0] ?? "";
      if (word !== "") lang = parser.utils.unescapeAll(word);
    }
    const { value, endLine } = this.codeExtent(token, quotes);
    this.units.push({ kind: "code", lang, value, line: startLine(token), endLine, owner, group: this.group });
  }

  /**
   * Value and last line of a code block as mdast had them. They differ from markdown-it's only for a fence
   * that is never closed. At the end of the file mdast ended it on the empty line after a final newline,
   * unless a blockquote it was in ended first. When its container ended, the fence took the line ending
   * of its last line only if the next line opened a new list item, blockquote or footnote; otherwise
   * that last line stayed out of its value when blank.
   */
  private codeExtent(token: Token, quotes: number): { value: string; endLine: number } {
    const content = token.content;
    const value = content.endsWith("\n") ? content.slice(0, -1) : content;
    const [start, end] = token.map ?? [0, 0];
    if (token.type !== "fence") return { value, endLine: end };
    const lineCount = countNewlines(content, 0, content.length);
    if (lineCount === end - start - 2) return { value, endLine: end };
    const atEnd = end >= this.markdownLines;
    if (atEnd && quotes === 0) {
      // A last line of blanks without a newline stayed out unless something was left of it past the
      // fence's indentation.
      const blankTail = /^[ \t]+$/.test(this.lines[this.lines.length - 1] ?? "") && value.endsWith("\n");
      return { value: blankTail ? value.slice(0, -1) : value, endLine: this.lines.length };
    }
    if (!atEnd && opensContainer(this.lines[end] ?? "", quotes)) return { value, endLine: end + 1 };
    const lastBreak = value.lastIndexOf("\n");
    const lastLine = lineCount === 0 ? "" : value.slice(lastBreak + 1);
    const kept = lineCount > 0 && lastLine.trim() === "" ? value.slice(0, Math.max(lastBreak, 0)) : value;
    return { value: kept, endLine: end };
  }

  /** The last line of a block, as mdast positioned it. */
  private endOf(index: number, quotes: number): number {
    const token = this.tokens[index];
    if (token === undefined) return 1;
    switch (token.type) {
      case "list_item_open":
      case "bullet_list_open":
      case "ordered_list_open":
      case "footnote_definition_open":
      case "blockquote_open": {
        // markdown-it's ranges run over the blank lines after an item; mdast's end at its last content.
        const last = this.children(index).at(-1);
        const inner = token.type === "blockquote_open" ? quotes + 1 : quotes;
        const contentEnd = last === undefined ? startLine(token) : this.endOf(last, inner);
        return Math.max(token.type === "blockquote_open" ? endLine(token) : startLine(token), contentEnd);
      }
      case "fence":
        return this.codeExtent(token, quotes).endLine;
      default:
        return endLine(token);
    }
  }

  private textUnit(raw: string, line: number, end: number, codes: string[], item: ItemInfo | null, isQuote: boolean): TextUnit {
    return {
      kind: "text",
      raw: raw.trim(),
      plain: stripInlineMarkdown(raw),
      line,
      endLine: end,
      codes,
      item,
      isQuote,
      group: this.group,
    };
  }

  /**
   * The paragraph's source lines as mdast sliced them: the first from where the paragraph starts (after
   * container markers and indentation), later ones whole, container prefixes included.
   */
  private paragraphSource(index: number): string[] {
    const token = this.tokens[index];
    const [start, end] = token?.map ?? [0, 0];
    const content = this.tokens[index + 1]?.content ?? "";
    const newline = content.indexOf("\n");
    // The first line of markdown-it's content is the tail of the source line; its length locates the
    // start (markdown-it trims, and has turned NUL into U+FFFD, which keeps the length).
    const firstContent = trimEndBlanks(newline === -1 ? content : content.slice(0, newline));
    const sourceLine = this.lines[start] ?? "";
    const first = sourceLine.slice(Math.max(0, trimEndBlanks(sourceLine).length - firstContent.length));
    return [first, ...this.lines.slice(start + 1, end)];
  }

  private codes(index: number): string[] {
    const content = this.tokens[index + 1]?.content ?? "";
    return content.includes("`") ? codeSpans(this.inline(index + 1)).map((code) => code.value) : [];
  }

  private codesWithLines(index: number): { value: string; line: number }[] {
    const inline = this.tokens[index + 1];
    const first = startLine(this.tokens[index]);
    if (inline === undefined || !inline.content.includes("`")) return [];
    const content = inline.content;
    let cursor = 0;
    let line = first;
    return codeSpans(this.inline(index + 1)).map((code) => {
      // The inline source keeps one line per source line, so counting newlines gives the line.
      const offset = Math.min(code.offset ?? cursor, content.length);
      if (offset < cursor) {
        cursor = 0;
        line = first;
      }
      line += countNewlines(content, cursor, offset);
      cursor = offset;
      return { value: code.value, line };
    });
  }

  /** Inline tokens of an `inline` block token, parsed on first use. */
  private inline(index: number): Token[] {
    const token = this.tokens[index];
    if (token === undefined || token.type !== "inline") return [];
    if (token.meta?.["parsed"] !== true) {
      token.children = this.parseInline(token.content);
      token.meta = { parsed: true };
    }
    return token.children ?? [];
  }

  private parseInline(source: string): Token[] {
    const children: Token[] = [];
    try {
      parser.inline.parse(source, parser, this.env, children);
    } catch {
      // Deeply nested images recurse once per level; past the stack limit the block simply has no spans.
      return [];
    }
    return children;
  }
}
