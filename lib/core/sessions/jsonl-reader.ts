/**
 * Byte-level JSONL reading shared by the session parsers.
 *
 * Incremental-read contract (see docs/token-accounting.md):
 * - `bytes` start at a line boundary of the file (offset 0, or a previous `consumedBytes`).
 * - Only newline-terminated lines are consumed. An unterminated final line is consumed only when
 *   it is a complete JSON object: a prefix of a JSON object is never itself a valid object, so a
 *   line that parses cannot be a half-written one. Anything else in the tail is left for the next
 *   read and reported once as a bad line.
 * - Line numbers continue from `startLine`, so a slice numbers its lines as the whole file would.
 */

/** `fatal: false` so a stray invalid byte becomes U+FFFD inside one line instead of failing the file. */
const utf8 = new TextDecoder("utf-8", { fatal: false });

const NEWLINE = 0x0a;

export interface JsonlReadOptions {
  /** 1-based number of the first line in `bytes` (default 1). */
  startLine?: number;
}

export interface JsonlReadResult {
  consumedBytes: number;
  /** Newline-terminated lines consumed (an unterminated, complete final line is not counted). */
  consumedLines: number;
  /** The unterminated final line when it was not consumed. */
  pendingTail: { lineNumber: number; length: number } | null;
}

export type JsonlLineVisitor = (text: string, lineNumber: number) => void;

export function decodeUtf8(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

/** Calls `visit` for every non-blank complete line, in order. */
export function readJsonlLines(bytes: Uint8Array, options: JsonlReadOptions, visit: JsonlLineVisitor): JsonlReadResult {
  const startLine = options.startLine ?? 1;
  const lastNewline = bytes.lastIndexOf(NEWLINE);
  let lineNumber = startLine;
  let consumedLines = 0;

  if (lastNewline >= 0) {
    // 0x0A never occurs inside a multi-byte UTF-8 sequence, so decoding up to it keeps byte and
    // character line boundaries identical.
    const text = utf8.decode(bytes.subarray(0, lastNewline + 1));
    let position = 0;
    const length = text.length;
    while (position < length) {
      let end = text.indexOf("\n", position);
      if (end < 0) end = length;
      let lineEnd = end;
      if (lineEnd > position && text.charCodeAt(lineEnd - 1) === 13) lineEnd -= 1;
      if (lineEnd > position && !isBlank(text, position, lineEnd)) {
        visit(text.slice(position, lineEnd), lineNumber);
      }
      lineNumber += 1;
      consumedLines += 1;
      position = end + 1;
    }
  }

  const tailStart = lastNewline + 1;
  if (tailStart >= bytes.length) {
    return { consumedBytes: bytes.length, consumedLines, pendingTail: null };
  }
  const tail = utf8.decode(bytes.subarray(tailStart));
  if (isBlank(tail, 0, tail.length)) {
    return { consumedBytes: bytes.length, consumedLines, pendingTail: null };
  }
  if (isCompleteJsonObject(tail)) {
    visit(tail, lineNumber);
    // Not counted in consumedLines: the newline that ends this line has not been written yet, and
    // the next slice starts with it (an empty line numbered like this one, which is skipped).
    return { consumedBytes: bytes.length, consumedLines, pendingTail: null };
  }
  return { consumedBytes: tailStart, consumedLines, pendingTail: { lineNumber, length: bytes.length - tailStart } };
}

function isBlank(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code !== 32 && code !== 9 && code !== 13 && code !== 10 && code !== 0xfeff) return false;
  }
  return true;
}

function isCompleteJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** Cheap shape check used before deciding whether a line needs JSON.parse at all. */
export function looksLikeJsonObject(text: string): boolean {
  let start = 0;
  while (start < text.length && isSpace(text.charCodeAt(start))) start += 1;
  let end = text.length - 1;
  while (end > start && isSpace(text.charCodeAt(end))) end -= 1;
  return text.charCodeAt(start) === 123 && text.charCodeAt(end) === 125;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 13 || code === 10 || code === 0xfeff;
}

/**
 * Reads the raw JSON text of selected top-level keys of an object line without parsing its nested
 * values. Nested objects and strings are skipped structurally (strings by jumping to the next
 * unescaped quote), so a `"cwd"` inside a tool result never shadows the envelope's own `cwd`.
 *
 * Returns false when the line is not a well-formed object at the top level. It does not validate
 * the inside of skipped values; lines that matter are always JSON.parsed by the callers.
 * With `stopWhenComplete`, scanning stops once every wanted key has been seen.
 */
export function scanTopLevelFields(
  text: string,
  wanted: ReadonlySet<string>,
  out: Map<string, string>,
  stopWhenComplete = false,
): boolean {
  out.clear();
  const length = text.length;
  let index = skipSpace(text, 0);
  if (text.charCodeAt(index) !== 123) return false;
  index = skipSpace(text, index + 1);
  if (text.charCodeAt(index) === 125) return isBlankFrom(text, index + 1);
  while (index < length) {
    if (text.charCodeAt(index) !== 34) return false;
    const keyEnd = findStringEnd(text, index);
    if (keyEnd < 0) return false;
    const rawKey = text.slice(index + 1, keyEnd);
    const key = rawKey.includes("\\") ? safeJsonString(text.slice(index, keyEnd + 1)) : rawKey;
    index = skipSpace(text, keyEnd + 1);
    if (text.charCodeAt(index) !== 58) return false;
    index = skipSpace(text, index + 1);
    const valueStart = index;
    const first = text.charCodeAt(index);
    if (first === 34) {
      const end = findStringEnd(text, index);
      if (end < 0) return false;
      index = end + 1;
    } else if (first === 123 || first === 91) {
      const end = skipComposite(text, index);
      if (end < 0) return false;
      index = end;
    } else {
      while (index < length) {
        const code = text.charCodeAt(index);
        if (code === 44 || code === 125 || isSpace(code)) break;
        index += 1;
      }
      if (index === valueStart) return false;
    }
    if (key !== null && wanted.has(key)) {
      out.set(key, text.slice(valueStart, index));
      if (stopWhenComplete && out.size === wanted.size) return true;
    }
    index = skipSpace(text, index);
    const separator = text.charCodeAt(index);
    if (separator === 44) {
      index = skipSpace(text, index + 1);
      continue;
    }
    if (separator === 125) return isBlankFrom(text, index + 1);
    return false;
  }
  return false;
}

function isBlankFrom(text: string, index: number): boolean {
  return skipSpace(text, index) >= text.length;
}

function skipSpace(text: string, index: number): number {
  while (index < text.length && isSpace(text.charCodeAt(index))) index += 1;
  return index;
}

/** Index of the closing quote of the string starting at `start` (which holds the opening quote). */
function findStringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    let backslashes = 0;
    let cursor = quote - 1;
    while (cursor > start && text.charCodeAt(cursor) === 92) {
      backslashes += 1;
      cursor -= 1;
    }
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

/** Index just past the object/array that starts at `start`, or -1 when it never closes. */
function skipComposite(text: string, start: number): number {
  let depth = 0;
  const length = text.length;
  for (let index = start; index < length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 34) {
      const end = findStringEnd(text, index);
      if (end < 0) return -1;
      index = end;
    } else if (code === 123 || code === 91) {
      depth += 1;
    } else if (code === 125 || code === 93) {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

function safeJsonString(raw: string): string | null {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

/** Decodes a raw top-level value read by scanTopLevelFields when it is a JSON string. */
export function rawJsonString(raw: string | undefined): string | null {
  if (raw === undefined || raw.length < 2 || raw.charCodeAt(0) !== 34) return null;
  const inner = raw.slice(1, -1);
  return inner.includes("\\") ? safeJsonString(raw) : inner;
}
