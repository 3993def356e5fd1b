import type { Env, Token } from "markdown-it";
import { parser } from "./markdown-parser";
import { UnitBuilder } from "./unit-builder";
import type { MarkdownDocument } from "./unit-types";

export type { CodeUnit, HeadingUnit, ItemInfo, MarkdownDocument, TableUnit, TextUnit, Unit } from "./unit-types";

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
