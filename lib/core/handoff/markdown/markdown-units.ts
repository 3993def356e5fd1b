import MarkdownIt, { type Env, type StateBlock, type StateInline, type Token } from "markdown-it";
import { stripInlineMarkdown } from "./inline-references";

/**
 * A handoff flattened into line-addressed units. Agents put the same information in headings, bold
 * labels, bullets, tables and code blocks; turning markdown-it's block tokens into this flat list lets the
 * section recogniser treat all of those the same way while keeping exact line numbers.
 *
 * The units are those an mdast (micromark + GFM + front matter) tree used to give, down to line numbers
 * and raw source slices: text units carry the source of their lines, not a rendering, so only block
 * structure, inline code spans and heading text come from the parser. Where the two parsers read the
 * structure differently, markdown-it's reading stands: a file whose first line is a `---` that opens no
 * front matter keeps its lists and quotes (micromark turned them all into paragraphs), an ordered list
 * starting past 1 may follow indented code, and heading text keeps GFM's one-tilde `~strike~`.
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

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
type InlineRule = (state: StateInline, silent: boolean) => boolean;

const parser = createParser();

export function parseMarkdownUnits(input: string): MarkdownDocument {
  // markdown-it counts a lone CR as a line break; our own line arithmetic must agree with it.
  const text = input.includes("\r") ? input.replace(/\r\n?/g, "\n") : input;
  const lines = text.split("\n");
  const frontMatter = scanFrontMatter(lines);
  // Blank the front matter out instead of cutting it off, so markdown-it's line numbers stay the file's.
  let body = frontMatter === null ? text : "\n".repeat(frontMatter.lineCount) + lines.slice(frontMatter.lineCount).join("\n");
  // markdown-it drops a last line of blanks without a newline; an unclosed fence still owns it.
  if (/^[ \t]+$/.test(lines[lines.length - 1] ?? "")) body += "\n";
  const env: Env = {};
  let tokens: Token[];
  try {
    tokens = parser.parse(body, env);
  } catch {
    // markdown-it only throws when a block rule fails to advance, i.e. on a bug in a rule; an empty
    // document is a safer answer for ingest than an exception.
    tokens = [];
  }
  const builder = new UnitBuilder(tokens, lines, env);
  builder.root();
  return {
    units: builder.units,
    frontMatter: frontMatter === null ? null : { value: frontMatter.value, line: 2 },
    lineCount: lines.length,
  };
}

/**
 * YAML front matter: `---` alone on the first line, up to the next line that is `---` or `...` (YAML's
 * document end marker). Trailing blanks are allowed on both fences; an unclosed block is no front matter.
 */
function scanFrontMatter(lines: string[]): { value: string; lineCount: number } | null {
  if (lines.length < 2 || !/^---[ \t]*$/.test(lines[0] ?? "")) return null;
  for (let index = 1; index < lines.length; index++) {
    if (/^(?:---|\.\.\.)[ \t]*$/.test(lines[index] ?? "")) {
      return { value: lines.slice(1, index).join("\n"), lineCount: index + 1 };
    }
  }
  return null;
}

function createParser() {
  // Raw HTML blocks must be recognised (and then ignored) as CommonMark does: with html off they would
  // turn into paragraphs. Nothing is ever rendered, so html on carries no injection risk.
  const md = new MarkdownIt("default", { html: true, linkify: false, typographer: false });
  // Inline parsing is done lazily, only for headings and for blocks that hold a code span or a task box:
  // text units take their raw source from the file, so most paragraphs never need it. Reference
  // definitions stay in the stream because each one counted as a top-level block for `group`.
  md.core.ruler.disable(["inline", "linkify", "replacements", "smartquotes", "text_join", "strip_references"]);

  const probe = new MarkdownIt();
  const table = defaultRule<BlockRule>(probe.block.ruler, "table");
  const otherBlocks = ["fence", "blockquote", "hr", "list", "html_block", "heading"].map((name) =>
    defaultRule<BlockRule>(probe.block.ruler, name),
  );
  const backticks = defaultRule<InlineRule>(probe.inline.ruler, "backticks");

  md.block.ruler.at(
    "table",
    (state, startLine, endLine, silent) => {
      if (!table(state, startLine, endLine, true)) return false;
      // GFM reads a table only where its header row would otherwise be paragraph text, while markdown-it
      // tries tables first: `# a | b`, `- a | b` or `> a | b` over a delimiter row stay what they start.
      if (otherBlocks.some((rule) => rule(state, startLine, endLine, true))) return false;
      if (silent) return true;
      const first = state.tokens.length;
      table(state, startLine, endLine, false);
      // Table cells are re-split from the row's source: markdown-it drops the backslash of `\|`, pads
      // short rows and cuts long ones, while a unit's cells are the source of every cell written. Only
      // the rule sees the row without its container prefix (`> `, list indentation), so it is kept here.
      for (let index = first; index < state.tokens.length; index++) {
        const token = state.tokens[index];
        if (token?.type !== "tr_open" || token.map === null) continue;
        const line = token.map[0];
        const start = (state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0);
        token.meta = { row: state.src.slice(start, state.eMarks[line] ?? start) };
      }
      return true;
    },
    { alt: ["paragraph", "reference"] },
  );

  // Code spans keep their offset in the inline source, which gives the line a paragraph unit needs, and
  // their source: mdast kept line endings in a span's value where markdown-it turns them into spaces.
  md.inline.ruler.at("backticks", (state, silent) => {
    const start = state.pos;
    const count = state.tokens.length;
    const matched = backticks(state, silent);
    const token = state.tokens[state.tokens.length - 1];
    if (matched && !silent && state.tokens.length > count && token?.type === "code_inline") {
      const fence = token.markup.length;
      token.meta = { offset: start, value: codeValue(state.src.slice(start + fence, state.pos - fence)) };
    }
    return matched;
  });

  md.block.ruler.before("reference", "footnote_definition", footnoteDefinition, {
    alt: ["paragraph", "reference", "blockquote", "list"],
  });
  return md;
}

/** A default rule of markdown-it, looked up through the public Ruler API so it can be wrapped. */
function defaultRule<T>(ruler: { enableOnly(list: string[]): void; getRules(chain: string): unknown[] }, name: string): T {
  ruler.enableOnly([name]);
  const [rule] = ruler.getRules("");
  if (typeof rule !== "function") throw new Error(`markdown-it has no "${name}" rule`);
  return rule as T;
}

/**
 * GFM footnote definitions (`[^label]: text`, continued by lines indented four spaces) are not content
 * Baton reads; without this rule markdown-it would read them as paragraphs or link definitions.
 * Labels follow micromark: no whitespace or `[`, at most 999 characters, `\[`, `\]`, `\\` escaped.
 */
function footnoteDefinition(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const sCount = state.sCount[startLine] ?? 0;
  if (sCount - state.blkIndent >= 4) return false;
  const bMark = state.bMarks[startLine] ?? 0;
  const tShift = state.tShift[startLine] ?? 0;
  const start = bMark + tShift;
  const max = state.eMarks[startLine] ?? start;
  const src = state.src;
  if (src.charCodeAt(start) !== 0x5b || src.charCodeAt(start + 1) !== 0x5e) return false;
  let pos = start + 2;
  let size = 0;
  for (; pos < max; pos++) {
    const ch = src.charCodeAt(pos);
    if (ch === 0x5d) break;
    if (ch === 0x5b || ch === 0x20 || ch === 0x09 || size >= 999) return false;
    if (ch === 0x5c) {
      const next = src.charCodeAt(pos + 1);
      if (next === 0x5b || next === 0x5c || next === 0x5d) {
        pos++;
        size++;
      }
    }
    size++;
  }
  if (size === 0 || pos >= max || src.charCodeAt(pos + 1) !== 0x3a) return false;
  if (silent) return true;

  const open = state.push("footnote_definition_open", "", 1);
  const lines: [number, number] = [startLine, startLine + 1];
  open.map = lines;
  const oldParentType = state.parentType;
  const oldSCount = sCount;
  const contentStart = pos + 2;
  // The definition is a container whose content column is 4, like a list item's; its first line starts
  // after the colon.
  const initial = sCount + contentStart - start;
  let offset = initial;
  pos = contentStart;
  for (; pos < max; pos++) {
    const ch = src.charCodeAt(pos);
    if (ch === 0x09) offset += 4 - (offset % 4);
    else if (ch === 0x20) offset++;
    else break;
  }
  state.bMarks[startLine] = contentStart;
  state.tShift[startLine] = pos - contentStart;
  state.sCount[startLine] = offset - initial;
  state.blkIndent += 4;
  state.parentType = "footnote";
  const firstIndent = state.sCount[startLine] ?? 0;
  if (firstIndent < state.blkIndent) state.sCount[startLine] = firstIndent + state.blkIndent;
  state.md.block.tokenize(state, startLine, endLine);
  state.parentType = oldParentType;
  state.blkIndent -= 4;
  state.bMarks[startLine] = bMark;
  state.tShift[startLine] = tShift;
  state.sCount[startLine] = oldSCount;
  state.push("footnote_definition_close", "", -1);
  // tokenize always moves past startLine (it skips the empty first line or runs a rule on it).
  state.line = Math.max(state.line, startLine + 1);
  lines[1] = state.line;
  return true;
}

/** The start of a GFM autolink literal: `www.`, `http(s)://` or an e-mail address. */
const AUTOLINK_LITERAL = /^(?:www\.[\p{L}\p{N}_-]|https?:\/\/[\p{L}\p{N}_-]|[\w.+-]+@[\w-]+\.[\w-])/iu;

class UnitBuilder {
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

/**
 * A code span's value as mdast had it: CommonMark's one padding space (or line ending) stripped from each
 * side when there is other content, line endings kept.
 */
function codeValue(source: string): string {
  const padded = (char: string | undefined) => char === " " || char === "\n";
  if (source.length >= 2 && padded(source[0]) && padded(source[source.length - 1]) && /[^ \n]/.test(source)) {
    return source.slice(1, -1);
  }
  return source;
}

/** Code spans outside image descriptions (mdast keeps only an image's alt text, not its code nodes). */
function codeSpans(children: Token[]): { value: string; offset: number | undefined }[] {
  const spans: { value: string; offset: number | undefined }[] = [];
  for (const child of children) {
    if (child.type !== "code_inline") continue;
    const offset = child.meta?.["offset"];
    spans.push({ value: spanValue(child), offset: typeof offset === "number" ? offset : undefined });
  }
  return spans;
}

function spanValue(token: Token): string {
  const value = token.meta?.["value"];
  return typeof value === "string" ? value : token.content;
}

/** mdast-util-to-string of a heading: text, code and HTML values and image alt text; breaks add nothing. */
function headingText(children: Token[]): string {
  const parts: string[] = [];
  let lastIsText = false;
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      switch (token.type) {
        case "text":
        case "text_special":
          parts.push(token.content);
          lastIsText = true;
          continue;
        case "code_inline":
          parts.push(spanValue(token));
          break;
        case "html_inline":
          parts.push(token.content);
          break;
        case "softbreak":
        case "hardbreak":
          // micromark drops the blanks before a line ending from the text; markdown-it only drops spaces.
          if (lastIsText) parts.push(trimEndBlanks(parts.pop() ?? ""));
          if (token.type === "softbreak") parts.push("\n");
          break;
        case "image":
          visit(token.children ?? []);
          break;
        default:
          break;
      }
      lastIsText = false;
    }
  };
  visit(children);
  return parts.join("");
}

/**
 * A GFM table row split into cell sources the way micromark splits it: `\|` and `\\` are escapes, a
 * leading and a trailing pipe open and close the row, and every cell written counts.
 */
function splitRow(row: string): string[] {
  const text = trimEndBlanks(row).replace(/^[ \t]+/, "");
  const cells: string[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const ch = text.charCodeAt(index);
    if (ch === 0x5c) {
      const next = text.charCodeAt(index + 1);
      if (next === 0x5c || next === 0x7c) index++;
    } else if (ch === 0x7c) {
      cells.push(text.slice(start, index));
      start = index + 1;
    }
  }
  cells.push(text.slice(start));
  if (cells.length > 1 && cells[0] === "") cells.shift();
  if (cells.length > 1 && cells[cells.length - 1] === "") cells.pop();
  return cells;
}

/** A multi-line paragraph as one line, with blockquote and indentation prefixes of later lines removed. */
function sliceJoined(source: string[]): string {
  return source.map((line, index) => stripContainerPrefix(line, index === 0).trim()).join(" ");
}

/** A line shaped like `Label: value` (bold or plain, a short name): a metadata line, not prose. */
const LABEL_LINE = /^(?:[-*+]\s+)?(?:(?:\*\*|__)[^*_\n]{1,48}?(?:[:：](?:\*\*|__)|(?:\*\*|__)\s*[:：])|\p{L}[\p{L}\p{N} _/.-]{0,40}?\s*(?::\s|：))/u;

function stripContainerPrefix(line: string, isFirst: boolean): string {
  // The first line of a slice starts after its container markers; later lines still carry them.
  return isFirst ? line : line.replace(/^\s*(?:>\s?)*/, "");
}

/** Whether a line, inside `quotes` blockquotes, starts a list item, blockquote or footnote of its own. */
function opensContainer(line: string, quotes: number): boolean {
  let rest = line;
  for (let quote = 0; quote < quotes; quote++) {
    const marker = /^[ \t]{0,3}>[ \t]?/.exec(rest);
    if (marker === null) break;
    rest = rest.slice(marker[0].length);
  }
  if (/^[ \t]*([-*_])(?:[ \t]*\1){2,}[ \t]*$/.test(rest)) return false;
  return /^[ \t]{0,3}(?:>|[-*+](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|\[\^[^\]\s]+\]:)/.test(rest);
}

function trimEndBlanks(text: string): string {
  let end = text.length;
  while (end > 0 && (text.charCodeAt(end - 1) === 0x20 || text.charCodeAt(end - 1) === 0x09)) end--;
  return text.slice(0, end);
}

function countNewlines(text: string, from: number, to: number): number {
  // A plain scan: indexOf would run to the next newline, past `to`, once per code span on a long line.
  let count = 0;
  for (let index = from; index < to; index++) if (text.charCodeAt(index) === 0x0a) count++;
  return count;
}

function startLine(token: Token | undefined): number {
  return (token?.map?.[0] ?? 0) + 1;
}

/** markdown-it's ranges end before the line after the block: that is the block's last line, 1-based. */
function endLine(token: Token): number {
  return token.map?.[1] ?? startLine(token);
}
