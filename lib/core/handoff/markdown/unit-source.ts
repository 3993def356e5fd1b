import type { Token } from "markdown-it";

/** Source slicing and small readers shared by the markdown parser rules and the unit builder. */
/**
 * A code span's value as mdast had it: CommonMark's one padding space (or line ending) stripped from each
 * side when there is other content, line endings kept.
 */
export function codeValue(source: string): string {
  const padded = (char: string | undefined) => char === " " || char === "\n";
  if (source.length >= 2 && padded(source[0]) && padded(source[source.length - 1]) && /[^ \n]/.test(source)) {
    return source.slice(1, -1);
  }
  return source;
}

/** Code spans outside image descriptions (mdast keeps only an image's alt text, not its code nodes). */
export function codeSpans(children: Token[]): { value: string; offset: number | undefined }[] {
  const spans: { value: string; offset: number | undefined }[] = [];
  for (const child of children) {
    if (child.type !== "code_inline") continue;
    const offset = child.meta?.["offset"];
    spans.push({ value: spanValue(child), offset: typeof offset === "number" ? offset : undefined });
  }
  return spans;
}

export function spanValue(token: Token): string {
  const value = token.meta?.["value"];
  return typeof value === "string" ? value : token.content;
}

/** mdast-util-to-string of a heading: text, code and HTML values and image alt text; breaks add nothing. */
export function headingText(children: Token[]): string {
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
export function splitRow(row: string): string[] {
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
export function sliceJoined(source: string[]): string {
  return source.map((line, index) => stripContainerPrefix(line, index === 0).trim()).join(" ");
}

/** A line shaped like `Label: value` (bold or plain, a short name): a metadata line, not prose. */
export const LABEL_LINE = /^(?:[-*+]\s+)?(?:(?:\*\*|__)[^*_\n]{1,48}?(?:[:：](?:\*\*|__)|(?:\*\*|__)\s*[:：])|\p{L}[\p{L}\p{N} _/.-]{0,40}?\s*(?::\s|：))/u;

export function stripContainerPrefix(line: string, isFirst: boolean): string {
  // The first line of a slice starts after its container markers; later lines still carry them.
  return isFirst ? line : line.replace(/^\s*(?:>\s?)*/, "");
}

/** Whether a line, inside `quotes` blockquotes, starts a list item, blockquote or footnote of its own. */
export function opensContainer(line: string, quotes: number): boolean {
  let rest = line;
  for (let quote = 0; quote < quotes; quote++) {
    const marker = /^[ \t]{0,3}>[ \t]?/.exec(rest);
    if (marker === null) break;
    rest = rest.slice(marker[0].length);
  }
  if (/^[ \t]*([-*_])(?:[ \t]*\1){2,}[ \t]*$/.test(rest)) return false;
  return /^[ \t]{0,3}(?:>|[-*+](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|\[\^[^\]\s]+\]:)/.test(rest);
}

export function trimEndBlanks(text: string): string {
  let end = text.length;
  while (end > 0 && (text.charCodeAt(end - 1) === 0x20 || text.charCodeAt(end - 1) === 0x09)) end--;
  return text.slice(0, end);
}

export function countNewlines(text: string, from: number, to: number): number {
  // A plain scan: indexOf would run to the next newline, past `to`, once per code span on a long line.
  let count = 0;
  for (let index = from; index < to; index++) if (text.charCodeAt(index) === 0x0a) count++;
  return count;
}

export function startLine(token: Token | undefined): number {
  return (token?.map?.[0] ?? 0) + 1;
}

/** markdown-it's ranges end before the line after the block: that is the block's last line, 1-based. */
export function endLine(token: Token): number {
  return token.map?.[1] ?? startLine(token);
}
