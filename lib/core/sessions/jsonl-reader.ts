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

import { nameSlot, nameTable, type NameTable } from "./json-bytes";

/** `fatal: false` so a stray invalid byte becomes U+FFFD inside one line instead of failing the file. */
const utf8 = new TextDecoder("utf-8", { fatal: false });

const NEWLINE = 0x0a;

export interface JsonlReadOptions {
  /** 1-based number of the first line in `bytes` (default 1). */
  startLine?: number;
  /** Finds the next newline at or after an offset (-1: none); default bytes.indexOf. */
  newlineFrom?: (from: number) => number;
}

export interface JsonlReadResult {
  consumedBytes: number;
  /** Newline-terminated lines consumed (an unterminated, complete final line is not counted). */
  consumedLines: number;
  /** The unterminated final line when it was not consumed. */
  pendingTail: { lineNumber: number; length: number } | null;
}

export type JsonlLineVisitor = (text: string, lineNumber: number) => void;

/** Visits a line as a byte range [start, end) of `bytes`, trimmed of surrounding whitespace. */
export type JsonlRangeVisitor = (start: number, end: number, lineNumber: number) => void;

/** Node's Buffer has native UTF-8 slicing and substring search; plain Uint8Arrays fall back to JS. */
interface NativeBytes extends Uint8Array {
  utf8Slice(start: number, end: number): string;
  indexOf(value: string | number | Uint8Array, byteOffset?: number): number;
}

function isNativeBytes(bytes: Uint8Array): bytes is NativeBytes {
  return typeof (bytes as Partial<NativeBytes>).utf8Slice === "function";
}

export function decodeUtf8(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

/** UTF-8 text of bytes[start, end). */
export function decodeRange(bytes: Uint8Array, start: number, end: number): string {
  if (isNativeBytes(bytes)) return bytes.utf8Slice(start, end);
  return utf8.decode(bytes.subarray(start, end));
}

/**
 * Calls `visit` for every non-blank complete line as a byte range, in order, without decoding:
 * most lines of a transcript are never decoded at all.
 */
export function forEachJsonlLine(bytes: Uint8Array, options: JsonlReadOptions, visit: JsonlRangeVisitor): JsonlReadResult {
  const startLine = options.startLine ?? 1;
  const length = bytes.length;
  let lineNumber = startLine;
  let consumedLines = 0;
  let position = 0;
  // A UTF-8 byte-order mark can only open a file.
  if (position === 0 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) position = 3;
  const newlineFrom = options.newlineFrom;
  for (;;) {
    const newline = newlineFrom !== undefined ? newlineFrom(position) : bytes.indexOf(NEWLINE, position);
    if (newline < 0) break;
    // Trimmed inline: a [start, end] pair per line is garbage on every line of the file.
    let start = position;
    let end = newline;
    while (start < end && isSpaceByte(bytes[start]!)) start += 1;
    while (end > start && isSpaceByte(bytes[end - 1]!)) end -= 1;
    if (end > start) visit(start, end, lineNumber);
    lineNumber += 1;
    consumedLines += 1;
    position = newline + 1;
  }
  if (position >= length) return { consumedBytes: length, consumedLines, pendingTail: null };
  const [start, end] = trimRange(bytes, position, length);
  if (end <= start) return { consumedBytes: length, consumedLines, pendingTail: null };
  // 0x0A never occurs inside a multi-byte UTF-8 sequence, so byte and character line boundaries agree.
  if (isCompleteJsonObject(decodeRange(bytes, start, end))) {
    visit(start, end, lineNumber);
    // Not counted in consumedLines: the newline that ends this line has not been written yet, and
    // the next slice starts with it (an empty line numbered like this one, which is skipped).
    return { consumedBytes: length, consumedLines, pendingTail: null };
  }
  return { consumedBytes: position, consumedLines, pendingTail: { lineNumber, length: length - position } };
}

/** Like forEachJsonlLine, decoding every line (for formats whose every line is parsed anyway). */
export function readJsonlLines(bytes: Uint8Array, options: JsonlReadOptions, visit: JsonlLineVisitor): JsonlReadResult {
  return forEachJsonlLine(bytes, options, (start, end, lineNumber) => visit(decodeRange(bytes, start, end), lineNumber));
}

function trimRange(bytes: Uint8Array, start: number, end: number): [number, number] {
  while (start < end && isSpaceByte(bytes[start] ?? 0)) start += 1;
  while (end > start && isSpaceByte(bytes[end - 1] ?? 0)) end -= 1;
  return [start, end];
}

function isSpaceByte(byte: number): boolean {
  return byte === 32 || byte === 9 || byte === 13 || byte === 10;
}

/** Cheap shape check on a trimmed line range: `{` … `}`. */
export function isObjectRange(bytes: Uint8Array, start: number, end: number): boolean {
  return bytes[start] === 123 && bytes[end - 1] === 125;
}

/**
 * Why a trimmed line that is not `{` … `}` is a bad line: a line that opens an object but does not
 * parse is invalid JSON (a truncated line, say), with JSON.parse's reason; valid JSON of another
 * kind is "not a JSON object" (naming what it is).
 */
export function notAnObjectMessage(bytes: Uint8Array, start: number, end: number): string {
  return notAnObjectText(decodeRange(bytes, start, end));
}

export function notAnObjectText(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return invalidJsonMessage(error, text);
  }
  return `not a JSON object (${jsonKind(value)})`;
}

/** "invalid JSON: <reason>", naming a line cut short as such. */
export function invalidJsonMessage(error: unknown, text?: string): string {
  const reason = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(reason);
  const endsEarly = /end of JSON input|Unterminated string/i.test(reason) || (position !== null && text !== undefined && Number(position[1]) >= text.length);
  const cut = text !== undefined && endsEarly ? " (the line is cut short)" : "";
  return `invalid JSON${cut}: ${reason}`;
}

/** "a string", "an array", "null", … (what a JSON value is, for a finding). */
export function jsonKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return "a string";
    case "number":
      return "a number";
    case "boolean":
      return "a boolean";
    case "object":
      return "an object";
    default:
      return typeof value;
  }
}

/**
 * Reads the byte ranges of selected top-level values of the object in bytes[start, end) without
 * parsing nested values (strings are skipped by jumping to the next quote), so a `"cwd"` inside a
 * tool result never shadows the envelope's own. Returns false when the top level is not a
 * well-formed object; with `stopWhenComplete` it stops as soon as every wanted key was seen.
 * With `stopAtKey`, reaching that key records [its value's start, end) and stops without walking
 * the value (for a large last member such as Codex's `payload`).
 */
export function scanTopLevelRanges(
  bytes: Uint8Array,
  start: number,
  end: number,
  wanted: ReadonlySet<string>,
  out: Map<string, [number, number]>,
  stopWhenComplete = false,
  stopAtKey: string | null = null,
): boolean {
  out.clear();
  const table = namesOf(wanted, stopAtKey);
  const ranges = table.ranges;
  const ok = scanTopLevelSlots(bytes, start, end, table.names, wanted.size, ranges, stopWhenComplete, table.stopSlot);
  for (let slot = 0; slot < table.keys.length; slot += 1) {
    if (ranges[2 * slot]! >= 0) out.set(table.keys[slot]!, [ranges[2 * slot]!, ranges[2 * slot + 1]!]);
  }
  if (stopAtKey !== null && ranges[2 * table.stopSlot]! >= 0) out.set(stopAtKey, [ranges[2 * table.stopSlot]!, ranges[2 * table.stopSlot + 1]!]);
  return ok;
}

/**
 * scanTopLevelRanges without a Map: the value of the member named `names`' slot k goes to
 * ranges[2k], ranges[2k + 1] (-1 when absent; a repeated member: the last one read). `wanted` is
 * how many slots there are (with `stopWhenComplete`, it stops once each was seen); reaching
 * `stopSlot` records [its value's start, end) and stops there.
 */
function scanTopLevelSlots(
  bytes: Uint8Array,
  start: number,
  end: number,
  names: NameTable,
  wanted: number,
  ranges: Int32Array,
  stopWhenComplete = false,
  stopSlot = -2,
): boolean {
  ranges.fill(-1);
  let seen = 0;
  let index = skipSpaceBytes(bytes, start, end);
  if (bytes[index] !== 123) return false;
  index = skipSpaceBytes(bytes, index + 1, end);
  if (bytes[index] === 125) return skipSpaceBytes(bytes, index + 1, end) >= end;
  while (index < end) {
    if (bytes[index] !== 34) return false;
    const keyEnd = stringEndInBytes(bytes, index, end);
    if (keyEnd < 0) return false;
    // Matched on bytes: most names are not wanted, and none of them becomes a string.
    const slot = nameSlot(names, bytes, index + 1, keyEnd, true);
    index = skipSpaceBytes(bytes, keyEnd + 1, end);
    if (bytes[index] !== 58) return false;
    index = skipSpaceBytes(bytes, index + 1, end);
    const valueStart = index;
    if (slot === stopSlot) {
      ranges[2 * slot] = valueStart;
      ranges[2 * slot + 1] = end;
      return true;
    }
    const first = bytes[index];
    if (first === 34) {
      const valueEnd = stringEndInBytes(bytes, index, end);
      if (valueEnd < 0) return false;
      index = valueEnd + 1;
    } else if (first === 123 || first === 91) {
      const valueEnd = compositeEndInBytes(bytes, index, end);
      if (valueEnd < 0) return false;
      index = valueEnd;
    } else {
      while (index < end) {
        const code = bytes[index] ?? 0;
        if (code === 44 || code === 125 || isSpaceByte(code)) break;
        index += 1;
      }
      if (index === valueStart) return false;
    }
    if (slot >= 0 && slot < wanted) {
      if (ranges[2 * slot]! < 0) seen += 1;
      ranges[2 * slot] = valueStart;
      ranges[2 * slot + 1] = index;
      if (stopWhenComplete && seen === wanted) return true;
    }
    index = skipSpaceBytes(bytes, index, end);
    const separator = bytes[index];
    if (separator === 44) {
      index = skipSpaceBytes(bytes, index + 1, end);
      continue;
    }
    if (separator === 125) return skipSpaceBytes(bytes, index + 1, end) >= end;
    return false;
  }
  return false;
}

interface ScanNames {
  keys: string[];
  names: NameTable;
  ranges: Int32Array;
  /** Slot of stopAtKey (-2: none; it never matches, -1 is "not wanted"). */
  stopSlot: number;
}

const scanNames = new WeakMap<ReadonlySet<string>, Map<string | null, ScanNames>>();

function namesOf(wanted: ReadonlySet<string>, stopAtKey: string | null): ScanNames {
  let byStop = scanNames.get(wanted);
  if (byStop === undefined) {
    byStop = new Map();
    scanNames.set(wanted, byStop);
  }
  let entry = byStop.get(stopAtKey);
  if (entry === undefined) {
    const keys = [...wanted];
    const slots: Record<string, number> = {};
    keys.forEach((key, slot) => (slots[key] = slot));
    if (stopAtKey !== null) slots[stopAtKey] = keys.length;
    entry = { keys, names: nameTable(slots), ranges: new Int32Array(2 * (keys.length + 1)), stopSlot: stopAtKey === null ? -2 : keys.length };
    byStop.set(stopAtKey, entry);
  }
  return entry;
}

/** A non-empty JSON string value at `range`, decoded; null for other values and "". */
export function stringInRange(bytes: Uint8Array, range: [number, number] | undefined): string | null {
  if (range === undefined) return null;
  const [start, end] = range;
  if (end - start <= 2 || bytes[start] !== 34) return null;
  let plain = true;
  for (let index = start + 1; index < end - 1; index += 1) {
    const code = bytes[index] ?? 0;
    if (code === 92 || code >= 0x80) {
      plain = false;
      break;
    }
  }
  if (plain) return asciiKey(bytes, start + 1, end - 1);
  const value = safeJsonString(decodeRange(bytes, start, end));
  return value === "" ? null : value;
}

function asciiKey(bytes: Uint8Array, start: number, end: number): string | null {
  let key = "";
  for (let index = start; index < end; index += 1) {
    const code = bytes[index] ?? 0;
    if (code === 92 || code >= 0x80) return safeJsonString(decodeRange(bytes, start - 1, end + 1));
    key += String.fromCharCode(code);
  }
  return key;
}

function skipSpaceBytes(bytes: Uint8Array, index: number, end: number): number {
  while (index < end && isSpaceByte(bytes[index] ?? 0)) index += 1;
  return index;
}

function stringEndInBytes(bytes: Uint8Array, start: number, end: number): number {
  let from = start + 1;
  for (;;) {
    const quote = bytes.indexOf(34, from);
    if (quote < 0 || quote >= end) return -1;
    let backslashes = 0;
    let cursor = quote - 1;
    while (cursor > start && bytes[cursor] === 92) {
      backslashes += 1;
      cursor -= 1;
    }
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

function compositeEndInBytes(bytes: Uint8Array, start: number, end: number): number {
  let depth = 0;
  for (let index = start; index < end; index += 1) {
    const code = bytes[index];
    if (code === 34) {
      const stringEnd = stringEndInBytes(bytes, index, end);
      if (stringEnd < 0) return -1;
      index = stringEnd;
    } else if (code === 123 || code === 91) {
      depth += 1;
    } else if (code === 125 || code === 93) {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

function isCompleteJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

function safeJsonString(raw: string): string | null {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}
