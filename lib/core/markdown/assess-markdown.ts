import { MARKDOWN_RENDER_LIMITS, type MarkdownRenderLimits } from "./render-limits.data";

/**
 * What a markdown text asks of a renderer, measured in one linear pass before anything parses it.
 * Each figure is an upper estimate of what micromark will build (it errs towards "too much"): the
 * exact tree is checked again after parsing, and a time limit stops whatever these miss.
 */
export interface MarkdownMeasures {
  characters: number;
  lines: number;
  longestLine: number;
  /** Deepest container nesting (list items, block quotes) on one line, estimated from markers and indentation. */
  nesting: number;
  /** Longest run of one emphasis marker (`*`, `_` or `~`) outside code fences. */
  delimiterRun: number;
  /** Most inline markers (`*`, `_`, `~`, `[`, `]`, backtick, `<`) in one paragraph. */
  inlineMarkers: number;
  /** Table cells GFM would build (each table's header width × its rows), summed over the document. */
  tableCells: number;
}

export type MarkdownAssessment =
  | { render: true; measures: MarkdownMeasures }
  | { render: false; reason: string; measures: MarkdownMeasures };

const SPACE = 32;
const TAB = 9;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isBlankAt(text: string, index: number, end: number): boolean {
  if (index >= end) return true;
  const code = text.charCodeAt(index);
  return code === SPACE || code === TAB;
}

/** Position after the blanks from `index`. */
function skipBlanks(text: string, index: number, end: number): number {
  while (index < end && isBlankAt(text, index, end)) index++;
  return index;
}

/**
 * Where the line's tail of one thematic-break marker (`-`, `*` or `_`) and blanks starts, found from
 * the end in one pass; a thematic break at a position needs three of them from there on. Checking each
 * marker position by scanning forward instead would be quadratic on `- - - … x`.
 */
function breakTail(text: string, start: number, end: number): { from: number; marker: string } {
  let from = end;
  let marker = "";
  while (from > start) {
    const char = text[from - 1]!;
    if (char === " " || char === "\t") {
      from--;
      continue;
    }
    if (marker === "" && (char === "-" || char === "*" || char === "_")) marker = char;
    if (char !== marker) break;
    from--;
  }
  return { from, marker };
}

function isThematicBreakAt(text: string, index: number, end: number, tail: { from: number; marker: string }): boolean {
  if (index < tail.from || tail.marker === "" || text[index] !== tail.marker) return false;
  let count = 0;
  for (let cursor = index; cursor < end && count < 3; cursor++) if (text[cursor] === tail.marker) count++;
  return count >= 3;
}

/** Position after a list marker at `index` (`-`, `+`, `*`, or up to nine digits and `.`/`)`) followed by a blank or the line's end, or -1. */
function listMarkerEnd(text: string, index: number, end: number): number {
  const char = text[index];
  if (char === "-" || char === "+" || char === "*") return isBlankAt(text, index + 1, end) ? index + 1 : -1;
  let cursor = index;
  while (cursor < end && cursor - index < 9 && isDigit(text.charCodeAt(cursor))) cursor++;
  if (cursor === index || cursor >= end) return -1;
  if (text[cursor] !== "." && text[cursor] !== ")") return -1;
  return isBlankAt(text, cursor + 1, end) ? cursor + 1 : -1;
}

/** Columns of a GFM table delimiter row (`| --- | :-: |`), or 0 when the line is not one. */
function delimiterRowColumns(text: string, start: number, end: number): number {
  let columns = 0;
  let pipes = 0;
  let inDashes = false;
  for (let index = start; index < end; index++) {
    const char = text[index];
    if (char === "-") {
      if (!inDashes) columns++;
      inDashes = true;
      continue;
    }
    if (char === "|") pipes++;
    else if (char !== ":" && char !== " " && char !== "\t") return 0;
    inDashes = false;
  }
  return pipes > 0 ? columns : 0;
}

/** Per ASCII code: 1 an inline marker, 2 also an emphasis marker (a lookup per character keeps the pass cheap). */
const MARKER_KIND = new Uint8Array(128);
for (const char of "[]`<") MARKER_KIND[char.charCodeAt(0)] = 1;
for (const char of "*_~") MARKER_KIND[char.charCodeAt(0)] = 2;

const format = (value: number) => value.toLocaleString("en");

/**
 * Decides whether a handoff's markdown may be rendered, or must be shown as plain text, and why.
 * Linear in the text's length and allocation-free per line, so it is safe to run on the request thread.
 */
export function assessMarkdown(text: string, limits: MarkdownRenderLimits = MARKDOWN_RENDER_LIMITS): MarkdownAssessment {
  const measures: MarkdownMeasures = { characters: text.length, lines: 0, longestLine: 0, nesting: 0, delimiterRun: 0, inlineMarkers: 0, tableCells: 0 };
  // Where each maximum was first reached, to name the line in the reason.
  const lineOf = { nesting: 0, delimiterRun: 0, inlineMarkers: 0, tableCells: 0 };

  let fence: { marker: string; length: number } | null = null;
  let paragraphMarkers = 0;
  let paragraphLine = 0;
  let tableColumns = 0;
  let tableLine = 0;
  let tableCells = 0;
  let previousBlank = true;

  let lineStart = 0;
  let lineNumber = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf("\n", lineStart);
    const end = newline === -1 ? text.length : newline;
    lineNumber++;
    if (newline === -1 && lineStart === text.length && lineNumber > 1) break;
    measures.lines = lineNumber;
    measures.longestLine = Math.max(measures.longestLine, end - lineStart);

    const contentStart = skipBlanks(text, lineStart, end);
    const isBlank = contentStart === end;

    if (fence) {
      // Inside a code fence nothing is markdown; only the closing fence matters.
      let run = contentStart;
      while (run < end && text[run] === fence.marker) run++;
      if (run - contentStart >= fence.length && skipBlanks(text, run, end) === end) fence = null;
      lineStart = end + 1;
      previousBlank = false;
      continue;
    }

    if (isBlank) {
      paragraphMarkers = 0;
      tableColumns = 0;
      previousBlank = true;
      lineStart = end + 1;
      continue;
    }

    // Indentation in columns (a tab to the next multiple of four), then the container markers.
    let indent = 0;
    for (let index = lineStart; index < contentStart; index++) indent = text[index] === "\t" ? indent + 4 - (indent % 4) : indent + 1;
    let cursor = contentStart;
    let markers = 0;
    let isBreak = false;
    const tail = breakTail(text, contentStart, end);
    for (;;) {
      if (isThematicBreakAt(text, cursor, end, tail)) {
        isBreak = true;
        break;
      }
      if (text[cursor] === ">") {
        markers++;
        cursor = skipBlanks(text, cursor + 1, end);
        continue;
      }
      const markerEnd = cursor < end ? listMarkerEnd(text, cursor, end) : -1;
      if (markerEnd === -1) break;
      markers++;
      cursor = skipBlanks(text, markerEnd, end);
    }
    // Each list level needs at least two columns of indentation (marker and blank): an upper estimate.
    const nesting = markers + (markers > 0 ? Math.floor(indent / 2) : 0);
    if (nesting > measures.nesting) {
      measures.nesting = nesting;
      lineOf.nesting = lineNumber;
    }

    const opensFence = text.startsWith("```", cursor) || text.startsWith("~~~", cursor);
    if (opensFence) {
      const marker = text[cursor]!;
      let run = cursor;
      while (run < end && text[run] === marker) run++;
      fence = { marker, length: run - cursor };
    }

    // Tables: a delimiter row under a header line starts one; each row after it has the header's width.
    const columns = !opensFence && !isBreak ? delimiterRowColumns(text, cursor, end) : 0;
    if (tableColumns > 0) {
      tableCells += tableColumns;
    } else if (columns > 0 && !previousBlank) {
      tableColumns = columns;
      tableLine = lineNumber - 1;
      tableCells += columns;
    }
    if (tableCells > limits.maxTableCells && lineOf.tableCells === 0) lineOf.tableCells = tableLine;

    // A line that opens a container, a heading, a fence, a break or a table row starts a new inline run.
    if (markers > 0 || text[cursor] === "#" || opensFence || isBreak || tableColumns > 0) {
      paragraphMarkers = 0;
      paragraphLine = lineNumber;
    } else if (paragraphMarkers === 0) {
      paragraphLine = lineNumber;
    }
    if (!opensFence && !isBreak) {
      let run = 0;
      let runMarker = -1;
      for (let index = cursor; index < end; index++) {
        const code = text.charCodeAt(index);
        const kind = code < 128 ? MARKER_KIND[code]! : 0;
        if (kind === 0) {
          run = 0;
          runMarker = -1;
          continue;
        }
        paragraphMarkers++;
        if (kind !== 2) {
          run = 0;
          runMarker = -1;
          continue;
        }
        run = code === runMarker ? run + 1 : 1;
        runMarker = code;
        if (run > measures.delimiterRun) {
          measures.delimiterRun = run;
          lineOf.delimiterRun = lineNumber;
        }
      }
      if (paragraphMarkers > measures.inlineMarkers) {
        measures.inlineMarkers = paragraphMarkers;
        lineOf.inlineMarkers = paragraphLine;
      }
    }
    previousBlank = false;
    lineStart = end + 1;
  }
  measures.tableCells = tableCells;

  if (measures.nesting > limits.maxNesting) {
    return { render: false, reason: `lists or quotes nested ${format(measures.nesting)} levels deep at line ${lineOf.nesting} (the limit is ${format(limits.maxNesting)})`, measures };
  }
  if (measures.delimiterRun > limits.maxDelimiterRun) {
    return { render: false, reason: `a run of ${format(measures.delimiterRun)} emphasis markers at line ${lineOf.delimiterRun} (the limit is ${format(limits.maxDelimiterRun)})`, measures };
  }
  if (measures.inlineMarkers > limits.maxInlineMarkersPerParagraph) {
    return { render: false, reason: `${format(measures.inlineMarkers)} inline markers in the paragraph at line ${lineOf.inlineMarkers} (the limit is ${format(limits.maxInlineMarkersPerParagraph)})`, measures };
  }
  if (measures.tableCells > limits.maxTableCells) {
    return { render: false, reason: `tables of ${format(measures.tableCells)} cells, past the limit at the one from line ${lineOf.tableCells} (the limit is ${format(limits.maxTableCells)})`, measures };
  }
  if (measures.characters > limits.maxCharacters) {
    return { render: false, reason: `${format(measures.characters)} characters (the limit is ${format(limits.maxCharacters)})`, measures };
  }
  return { render: true, measures };
}
