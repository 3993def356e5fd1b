import MarkdownIt, { type StateBlock, type StateInline } from "markdown-it";
import { codeValue } from "./unit-source";

/**
 * The one markdown-it instance that reads handoffs: CommonMark with raw HTML recognised (never rendered),
 * GFM tables only where GFM reads them, code spans that keep their source offset, GFM footnote
 * definitions read as nothing. Inline parsing is left to the unit builder, on demand.
 */
type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
type InlineRule = (state: StateInline, silent: boolean) => boolean;

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

export const parser = createParser();
