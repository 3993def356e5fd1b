/**
 * A validating walk over the UTF-8 bytes of one JSON value that records where chosen members'
 * values are, without decoding or materialising anything else: reading a few fields of a large
 * line costs one pass over its bytes.
 *
 * "Valid" means exactly what `JSON.parse(decode(bytes))` accepts. Validity depends only on the ASCII
 * bytes: a UTF-8 decoder never turns bytes >= 0x80 into a control character, a quote or a backslash
 * (invalid sequences become U+FFFD, which a JSON string may hold, and never swallow the ASCII byte
 * after them), so bytes >= 0x80 are plain string content here as they are after decoding.
 */

export const INVALID = -1;
/** Nesting deeper than MAX_DEPTH: JSON.parse has no such limit, so this means "don't know". */
export const TOO_DEEP = -2;
export const MAX_DEPTH = 512;

/**
 * Which members to record. Contexts are numbered from 1 (0: not recorded); the walked value is in
 * context `root`. In an object of context c, a member whose name is in `names[c]` has its value's
 * range written to ranges[2 * slot], ranges[2 * slot + 1]; when that value is an object it is in
 * context `child[slot]` (0: nothing recorded inside). Entering an object of context c first clears
 * slots `clear[c][0]`..`clear[c][1]` (its own and its descendants'), so, as with JSON.parse, a
 * repeated member replaces the earlier one whole.
 */
export interface WalkSpec {
  root: number;
  names: (NameTable | null)[];
  child: Int32Array;
  clear: [number, number][];
}

export interface NameTable {
  /** By name length: candidate names as bytes, with their slots. */
  byLength: { bytes: Uint8Array; slot: number }[][];
  byName: Map<string, number>;
}

export function nameTable(names: Record<string, number>): NameTable {
  const byLength: NameTable["byLength"] = [];
  for (const [name, slot] of Object.entries(names)) {
    (byLength[name.length] ??= []).push({ bytes: Uint8Array.from(name, (char) => char.charCodeAt(0)), slot });
  }
  return { byLength, byName: new Map(Object.entries(names)) };
}

const NO_SLOT = -1;

/** 1 for the characters `\` may escape other than `u`; hex digits. */
const ESCAPE = new Uint8Array(256);
for (const char of '"\\/bfnrt') ESCAPE[char.charCodeAt(0)] = 1;
const HEX = new Uint8Array(256);
for (const char of "0123456789abcdefABCDEF") HEX[char.charCodeAt(0)] = 1;
/** Bytes that end a run of plain string content: controls, `"` and `\`. */
const STOP = new Uint8Array(256);
for (let code = 0; code < 32; code += 1) STOP[code] = 1;
STOP[34] = 1;
STOP[92] = 1;

// Per open container (shared: a walk never starts another): 1 object / 2 array, its context, and
// for objects the member being read (slot, value start).
const kinds = new Uint8Array(MAX_DEPTH);
/** Whether the last string skipped held an escape (then its name must be decoded to be matched). */
let escaped = false;
const contexts = new Int32Array(MAX_DEPTH);
const memberSlots = new Int32Array(MAX_DEPTH);
const memberStarts = new Int32Array(MAX_DEPTH);

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 13 || code === 10;
}

/**
 * Walks the value at bytes[start] (no whitespace before it) and returns the index after it,
 * INVALID, or TOO_DEEP. What follows the value is the caller's to check.
 */
export function walkJson(bytes: Uint8Array, start: number, end: number, spec: WalkSpec, ranges: Int32Array): number {
  let index = start;
  let depth = 0;
  let context = spec.root;
  for (;;) {
    // A value starts at `index`; `context` is the context it has if it is an object.
    if (index >= end) return INVALID;
    let code = bytes[index]!;
    let member = false;
    if (code === 34) {
      index = skipString(bytes, index + 1, end);
      if (index < 0) return INVALID;
    } else if (code === 123) {
      if (depth === MAX_DEPTH) return TOO_DEEP;
      if (context !== 0) {
        const [first, last] = spec.clear[context]!;
        for (let slot = first; slot <= last; slot += 1) ranges[2 * slot] = -1;
      }
      index += 1;
      while (index < end && isSpace(bytes[index]!)) index += 1;
      if (index < end && bytes[index] === 125) {
        index += 1;
      } else {
        kinds[depth] = 1;
        contexts[depth] = context;
        depth += 1;
        member = true;
      }
    } else if (code === 91) {
      if (depth === MAX_DEPTH) return TOO_DEEP;
      index += 1;
      while (index < end && isSpace(bytes[index]!)) index += 1;
      if (index < end && bytes[index] === 93) {
        index += 1;
      } else {
        kinds[depth] = 2;
        contexts[depth] = 0;
        depth += 1;
        context = 0;
        continue;
      }
    } else if (code === 116) {
      if (index + 4 > end || bytes[index + 1] !== 114 || bytes[index + 2] !== 117 || bytes[index + 3] !== 101) return INVALID;
      index += 4;
    } else if (code === 102) {
      if (index + 5 > end || bytes[index + 1] !== 97 || bytes[index + 2] !== 108 || bytes[index + 3] !== 115 || bytes[index + 4] !== 101) return INVALID;
      index += 5;
    } else if (code === 110) {
      if (index + 4 > end || bytes[index + 1] !== 117 || bytes[index + 2] !== 108 || bytes[index + 3] !== 108) return INVALID;
      index += 4;
    } else {
      index = skipNumber(bytes, index, end);
      if (index < 0) return INVALID;
    }

    // After a value: record it as its member's, then go on to the next member or element, closing
    // containers on the way. (Skipped when an object was just opened: its first member is next.)
    while (!member) {
      if (depth === 0) return index;
      const level = depth - 1;
      const kind = kinds[level];
      if (kind === 1) {
        const slot = memberSlots[level]!;
        if (slot !== NO_SLOT) {
          ranges[2 * slot] = memberStarts[level]!;
          ranges[2 * slot + 1] = index;
        }
      }
      while (index < end && isSpace(bytes[index]!)) index += 1;
      if (index >= end) return INVALID;
      code = bytes[index]!;
      if (code === 44) {
        index += 1;
        while (index < end && isSpace(bytes[index]!)) index += 1;
        if (kind === 1) {
          member = true;
        } else {
          context = 0;
          break;
        }
      } else if ((code === 125 && kind === 1) || (code === 93 && kind === 2)) {
        index += 1;
        depth -= 1;
      } else {
        return INVALID;
      }
    }
    if (!member) continue;

    // A member of the object at depth - 1 starts at `index`: its name, `:`, then its value.
    if (index >= end || bytes[index] !== 34) return INVALID;
    const nameStart = index + 1;
    index = skipString(bytes, nameStart, end);
    if (index < 0) return INVALID;
    const level = depth - 1;
    const names = spec.names[contexts[level]!];
    const slot = names === null || names === undefined ? NO_SLOT : slotOf(names, bytes, nameStart, index - 1);
    memberSlots[level] = slot;
    while (index < end && isSpace(bytes[index]!)) index += 1;
    if (index >= end || bytes[index] !== 58) return INVALID;
    index += 1;
    while (index < end && isSpace(bytes[index]!)) index += 1;
    memberStarts[level] = index;
    context = slot === NO_SLOT ? 0 : spec.child[slot]!;
  }
}

/** From just after the opening quote to just after the closing one, or INVALID. */
function skipString(bytes: Uint8Array, index: number, end: number): number {
  escaped = false;
  for (;;) {
    // Most of a line is plain string content: step over it four bytes at a time. (32-bit SWAR
    // words measured slower on the bench corpus: most strings are short.)
    const wide = end - 4;
    while (index < wide && (STOP[bytes[index]!]! | STOP[bytes[index + 1]!]! | STOP[bytes[index + 2]!]! | STOP[bytes[index + 3]!]!) === 0) index += 4;
    while (index < end && STOP[bytes[index]!] === 0) index += 1;
    if (index >= end) return INVALID;
    const code = bytes[index]!;
    if (code === 34) return index + 1;
    if (code !== 92 || index + 1 >= end) return INVALID;
    escaped = true;
    const next = bytes[index + 1]!;
    if (ESCAPE[next] === 1) {
      index += 2;
    } else if (next === 117 && index + 5 < end && HEX[bytes[index + 2]!] === 1 && HEX[bytes[index + 3]!] === 1 && HEX[bytes[index + 4]!] === 1 && HEX[bytes[index + 5]!] === 1) {
      index += 6;
    } else {
      return INVALID;
    }
  }
}

function isDigit(code: number | undefined): boolean {
  return code !== undefined && code >= 48 && code <= 57;
}

/** `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`; what may follow is the caller's check. */
function skipNumber(bytes: Uint8Array, index: number, end: number): number {
  if (bytes[index] === 45) index += 1;
  if (index >= end) return INVALID;
  const first = bytes[index]!;
  if (first === 48) {
    index += 1;
  } else if (first >= 49 && first <= 57) {
    index += 1;
    while (index < end && isDigit(bytes[index])) index += 1;
  } else {
    return INVALID;
  }
  if (index < end && bytes[index] === 46) {
    index += 1;
    if (index >= end || !isDigit(bytes[index])) return INVALID;
    while (index < end && isDigit(bytes[index])) index += 1;
  }
  if (index < end && (bytes[index] === 101 || bytes[index] === 69)) {
    index += 1;
    if (index < end && (bytes[index] === 43 || bytes[index] === 45)) index += 1;
    if (index >= end || !isDigit(bytes[index])) return INVALID;
    while (index < end && isDigit(bytes[index])) index += 1;
  }
  return index;
}

/** Slot of the member name in bytes[start, end) (the quotes excluded; just skipped), or NO_SLOT. */
function slotOf(table: NameTable, bytes: Uint8Array, start: number, end: number): number {
  return nameSlot(table, bytes, start, end, escaped);
}

const utf8 = new TextDecoder("utf-8", { fatal: false });

/**
 * Slot of the name in bytes[start, end) (a JSON string's inside, valid), or -1. `mayBeEscaped`:
 * whether it may hold a backslash, since an escaped name can still spell a wanted one
 * (`"typ\u0065"` is "type" to JSON.parse).
 */
export function nameSlot(table: NameTable, bytes: Uint8Array, start: number, end: number, mayBeEscaped: boolean): number {
  const candidates = table.byLength[end - start];
  if (candidates !== undefined) {
    for (let index = 0; index < candidates.length; index += 1) {
      const candidate = candidates[index]!;
      const name = candidate.bytes;
      let offset = 0;
      while (offset < name.length && bytes[start + offset] === name[offset]) offset += 1;
      if (offset === name.length) return candidate.slot;
    }
  }
  if (!mayBeEscaped) return NO_SLOT;
  let backslash = start;
  while (backslash < end && bytes[backslash] !== 92) backslash += 1;
  if (backslash === end) return NO_SLOT;
  let name: unknown;
  try {
    name = JSON.parse(utf8.decode(bytes.subarray(start - 1, end + 1)));
  } catch {
    return NO_SLOT;
  }
  return typeof name === "string" ? (table.byName.get(name) ?? NO_SLOT) : NO_SLOT;
}
