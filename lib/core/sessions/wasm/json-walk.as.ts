// AssemblyScript source of json-walk.wasm (built by `npm run build:wasm` into json-walk-module.ts).
//
// The same walk as walkJson in ../json-bytes.ts, which stays the reference and the fallback: a
// validating pass over the UTF-8 bytes of one JSON value that records where chosen members' values
// are. What makes it faster is string content (most of a transcript's bytes): sixteen bytes are
// checked per step with WebAssembly SIMD for a quote, a backslash or a control character.
//
// Memory layout (all offsets in bytes; the host writes specs and the bytes to walk):
//   [RANGES, +4096)         i32 ranges, relative to `base`: ranges[2 * slot], ranges[2 * slot + 1]
//   [KINDS, +MAX_DEPTH)      u8 per open container: 1 object, 2 array
//   [CONTEXTS, …)            i32 per open container: its context
//   [MEMBER_SLOTS, …)        i32 per open object: slot of the member being read (-1: none)
//   [MEMBER_STARTS, …)       i32 per open object: where that member's value starts (absolute)
//   [SPECS, DATA)            specs, written by the host (see wasm-walker.ts for the encoding)
//   [DATA, …)                the bytes, read in place or copied there by the host

const MAX_DEPTH: i32 = 512;
const RANGES: i32 = 0;
const KINDS: i32 = 4096;
const CONTEXTS: i32 = KINDS + MAX_DEPTH;
const MEMBER_SLOTS: i32 = CONTEXTS + 4 * MAX_DEPTH;
const MEMBER_STARTS: i32 = MEMBER_SLOTS + 4 * MAX_DEPTH;

const INVALID: i32 = -1;
const TOO_DEEP: i32 = -2;
/** A member name in a recorded context holds an escape: the host walks this value itself. */
const ESCAPED_NAME: i32 = -3;
const NO_SLOT: i32 = -1;

// Spec encoding (i32 words at `spec`):
//   [0] root context   [1] context count C   [2] slot count S
//   [3, 3 + S)              child context of each slot (0: nothing recorded inside)
//   [3 + S, 3 + S + 2C)     clear range of each context: first slot, last slot
//   [3 + S + 2C, +C)        pointer to each context's name table (0: none)
// A name table: count N, longest name length M, N entries of (length, slot, pointer to the
// name's bytes) in order of length, then M + 2 entry indexes: the names of length L are entries
// [index[L], index[L + 1]).

let base: i32 = 0;
// skipString's sixteen-byte constants, set by the host (setStops) rather than written as constants:
// V8 rematerialises a constant vector at every use (three instructions each, inside the string
// loop); a value read from a global once per walk stays in a register.
let stopQuote: v128 = i8x16.splat(0);
let stopBackslash: v128 = i8x16.splat(0);
let stopControl: v128 = i8x16.splat(0);

/** The bytes skipString stops at: `"`, `\`, and the mask whose clear bits make a control byte. */
export function setStops(quote: i32, backslash: i32, controlMask: i32): void {
  stopQuote = i8x16.splat(<i8>quote);
  stopBackslash = i8x16.splat(<i8>backslash);
  stopControl = i8x16.splat(<i8>controlMask);
}
/** Whether the last string skipped held an escape. */
let escaped: bool = false;

@inline function isSpace(code: i32): bool {
  return code == 32 || code == 9 || code == 13 || code == 10;
}

@inline function isDigit(code: i32): bool {
  return code >= 48 && code <= 57;
}

@inline function isHex(code: i32): bool {
  return (code >= 48 && code <= 57) || (code >= 97 && code <= 102) || (code >= 65 && code <= 70);
}

@inline function skipSpace(index: i32, end: i32): i32 {
  // Compact JSON (what the CLIs write) has none: one comparison settles most calls.
  while (index < end) {
    const code = <i32>load<u8>(index);
    if (code > 32 || !isSpace(code)) break;
    index += 1;
  }
  return index;
}

// The characters `\` escapes other than `u` (" \ / b f n r t), as bits of two 64-bit words: one
// shift and test where a chain of eight comparisons compiled to some thirty instructions.
const SIMPLE_ESCAPES_LOW: u64 = (<u64>1 << 34) | (<u64>1 << 47);
const SIMPLE_ESCAPES_HIGH: u64 = (<u64>1 << (92 - 64)) | (<u64>1 << (98 - 64)) | (<u64>1 << (102 - 64)) | (<u64>1 << (110 - 64)) | (<u64>1 << (114 - 64)) | (<u64>1 << (116 - 64));

@inline function isSimpleEscape(code: i32): bool {
  if (code >= 128) return false;
  const bits = code < 64 ? SIMPLE_ESCAPES_LOW : SIMPLE_ESCAPES_HIGH;
  return ((bits >> <u64>(code & 63)) & 1) != 0;
}

/**
 * From just after the opening quote to just after the closing one, or INVALID. Inlined into walk's
 * two call sites (names and values): ~3% faster over the bench corpus, warm.
 */
@inline function skipString(index: i32, end: i32, quote: v128, backslash: v128, control: v128, zero: v128): i32 {
  escaped = false;
  while (true) {
    let found = false;
    while (index + 16 <= end) {
      const chunk = v128.load(index);
      // A control character is a byte whose top three bits are clear (x86 has no unsigned byte
      // compare: `i8x16.lt_u` took five instructions, this two).
      const stops = v128.or(v128.or(i8x16.eq(chunk, quote), i8x16.eq(chunk, backslash)), i8x16.eq(v128.and(chunk, control), zero));
      const bits = i8x16.bitmask(stops);
      if (bits != 0) {
        index += ctz<i32>(bits);
        found = true;
        break;
      }
      index += 16;
    }
    // The last bytes before `end` (fewer than 16) one at a time; not again when a block found the stop.
    if (!found) {
      while (index < end) {
        const code = <i32>load<u8>(index);
        if (code == 34 || code == 92 || code < 32) break;
        index += 1;
      }
      if (index >= end) return INVALID;
    }
    const code = <i32>load<u8>(index);
    if (code == 34) return index + 1;
    if (code != 92 || index + 1 >= end) return INVALID;
    escaped = true;
    const next = <i32>load<u8>(index + 1);
    if (isSimpleEscape(next)) {
      index += 2;
    } else if (
      next == 117 &&
      index + 5 < end &&
      isHex(<i32>load<u8>(index + 2)) &&
      isHex(<i32>load<u8>(index + 3)) &&
      isHex(<i32>load<u8>(index + 4)) &&
      isHex(<i32>load<u8>(index + 5))
    ) {
      index += 6;
    } else {
      return INVALID;
    }
  }
  return INVALID; // not reached (AssemblyScript wants a return after the loop)
}

/** `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`; what may follow is the caller's check. */
function skipNumber(index: i32, end: i32): i32 {
  if (<i32>load<u8>(index) == 45) index += 1;
  if (index >= end) return INVALID;
  const first = <i32>load<u8>(index);
  if (first == 48) {
    index += 1;
  } else if (first >= 49 && first <= 57) {
    index += 1;
    while (index < end && isDigit(<i32>load<u8>(index))) index += 1;
  } else {
    return INVALID;
  }
  if (index < end && <i32>load<u8>(index) == 46) {
    index += 1;
    if (index >= end || !isDigit(<i32>load<u8>(index))) return INVALID;
    while (index < end && isDigit(<i32>load<u8>(index))) index += 1;
  }
  if (index < end) {
    const e = <i32>load<u8>(index);
    if (e == 101 || e == 69) {
      index += 1;
      if (index < end) {
        const sign = <i32>load<u8>(index);
        if (sign == 43 || sign == 45) index += 1;
      }
      if (index >= end || !isDigit(<i32>load<u8>(index))) return INVALID;
      while (index < end && isDigit(<i32>load<u8>(index))) index += 1;
    }
  }
  return index;
}

/** Slot of the name in [start, end) (no escapes) in a name table, or NO_SLOT. */
function slotOf(table: i32, start: i32, end: i32): i32 {
  const count = load<i32>(table);
  const length = end - start;
  // Only the names of this length are compared (a line's object has a dozen wanted names, and a
  // scan of all of them per member was a tenth of the walk's instructions).
  if (length > load<i32>(table + 4)) return NO_SLOT;
  const lengths = table + 8 + 12 * count + 4 * length;
  const last = load<i32>(lengths + 4);
  for (let entry = load<i32>(lengths); entry < last; entry += 1) {
    const at = table + 8 + 12 * entry;
    const name = load<i32>(at + 8);
    // Eight bytes at a time, then the rest one by one.
    let offset = 0;
    while (offset + 8 <= length && load<u64>(start + offset) == load<u64>(name + offset)) offset += 8;
    if (offset + 8 <= length) continue;
    while (offset < length && load<u8>(start + offset) == load<u8>(name + offset)) offset += 1;
    if (offset == length) return load<i32>(at + 4);
  }
  return NO_SLOT;
}

@inline function setRange(slot: i32, start: i32, end: i32): void {
  store<i32>(RANGES + 8 * slot, start - base);
  store<i32>(RANGES + 8 * slot + 4, end - base);
}

/** Sets the base that ranges and the result are relative to (where the host's bytes start). */
export function setBase(value: i32): void {
  base = value;
}

/**
 * Walks the value at base + start (no whitespace before it) and returns the offset after it,
 * INVALID, TOO_DEEP or ESCAPED_NAME. What follows the value is the caller's to check.
 */
export function walk(spec: i32, startOffset: i32, endOffset: i32): i32 {
  let index = base + startOffset;
  const end = base + endOffset;
  const slotCount = load<i32>(spec + 8);
  const contextCount = load<i32>(spec + 4);
  const childAt = spec + 12;
  const clearAt = childAt + 4 * slotCount;
  const namesAt = clearAt + 8 * contextCount;
  let depth = 0;
  let context = load<i32>(spec);
  // skipString's constants, read once per walk.
  const quote = stopQuote;
  const backslash = stopBackslash;
  const control = stopControl;
  const zero = v128.xor(quote, quote);
  while (true) {
    // A value starts at `index`; `context` is the context it has if it is an object.
    if (index >= end) return INVALID;
    let code = <i32>load<u8>(index);
    let member = false;
    if (code == 34) {
      index = skipString(index + 1, end, quote, backslash, control, zero);
      if (index < 0) return INVALID;
    } else if (code == 123) {
      if (depth == MAX_DEPTH) return TOO_DEEP;
      if (context != 0) {
        const first = load<i32>(clearAt + 8 * context);
        const last = load<i32>(clearAt + 8 * context + 4);
        for (let slot = first; slot <= last; slot += 1) store<i32>(RANGES + 8 * slot, -1);
      }
      index = skipSpace(index + 1, end);
      if (index < end && <i32>load<u8>(index) == 125) {
        index += 1;
      } else {
        store<u8>(KINDS + depth, 1);
        store<i32>(CONTEXTS + 4 * depth, context);
        depth += 1;
        member = true;
      }
    } else if (code == 91) {
      if (depth == MAX_DEPTH) return TOO_DEEP;
      index = skipSpace(index + 1, end);
      if (index < end && <i32>load<u8>(index) == 93) {
        index += 1;
      } else {
        store<u8>(KINDS + depth, 2);
        store<i32>(CONTEXTS + 4 * depth, 0);
        depth += 1;
        context = 0;
        continue;
      }
    } else if (code == 116) {
      if (index + 4 > end || load<u8>(index + 1) != 114 || load<u8>(index + 2) != 117 || load<u8>(index + 3) != 101) return INVALID;
      index += 4;
    } else if (code == 102) {
      if (index + 5 > end || load<u8>(index + 1) != 97 || load<u8>(index + 2) != 108 || load<u8>(index + 3) != 115 || load<u8>(index + 4) != 101) return INVALID;
      index += 5;
    } else if (code == 110) {
      if (index + 4 > end || load<u8>(index + 1) != 117 || load<u8>(index + 2) != 108 || load<u8>(index + 3) != 108) return INVALID;
      index += 4;
    } else {
      index = skipNumber(index, end);
      if (index < 0) return INVALID;
    }

    // After a value: record it as its member's, then go on to the next member or element, closing
    // containers on the way. (Skipped when an object was just opened: its first member is next.)
    while (!member) {
      if (depth == 0) return index - base;
      const level = depth - 1;
      const kind = <i32>load<u8>(KINDS + level);
      if (kind == 1) {
        const slot = load<i32>(MEMBER_SLOTS + 4 * level);
        if (slot != NO_SLOT) setRange(slot, load<i32>(MEMBER_STARTS + 4 * level), index);
      }
      index = skipSpace(index, end);
      if (index >= end) return INVALID;
      code = <i32>load<u8>(index);
      if (code == 44) {
        index = skipSpace(index + 1, end);
        if (kind == 1) {
          member = true;
        } else {
          context = 0;
          break;
        }
      } else if ((code == 125 && kind == 1) || (code == 93 && kind == 2)) {
        index += 1;
        depth -= 1;
      } else {
        return INVALID;
      }
    }
    if (!member) continue;

    // A member of the object at depth - 1 starts at `index`: its name, `:`, then its value.
    if (index >= end || <i32>load<u8>(index) != 34) return INVALID;
    const nameStart = index + 1;
    index = skipString(nameStart, end, quote, backslash, control, zero);
    if (index < 0) return INVALID;
    const level = depth - 1;
    const names = load<i32>(namesAt + 4 * load<i32>(CONTEXTS + 4 * level));
    let slot = NO_SLOT;
    if (names != 0) {
      if (escaped) return ESCAPED_NAME;
      slot = slotOf(names, nameStart, index - 1);
    }
    store<i32>(MEMBER_SLOTS + 4 * level, slot);
    index = skipSpace(index, end);
    if (index >= end || <i32>load<u8>(index) != 58) return INVALID;
    index = skipSpace(index + 1, end);
    store<i32>(MEMBER_STARTS + 4 * level, index);
    context = slot == NO_SLOT ? 0 : load<i32>(childAt + 4 * slot);
  }
  return INVALID; // not reached
}

/**
 * Offset (from base) of the first `byte` in [base + from, base + end), or -1: the JSONL reader's
 * line ends, sixteen bytes per step (one call per line cost less than Buffer.indexOf's).
 */
export function indexOfByte(byte: i32, from: i32, end: i32): i32 {
  let index = base + from;
  const limit = base + end;
  const needle = i8x16.splat(<i8>byte);
  while (index + 16 <= limit) {
    const bits = i8x16.bitmask(i8x16.eq(v128.load(index), needle));
    if (bits != 0) return index + ctz<i32>(bits) - base;
    index += 16;
  }
  while (index < limit) {
    if (<i32>load<u8>(index) == byte) return index - base;
    index += 1;
  }
  return -1;
}

/**
 * Whether the `length` bytes at `needle` (an absolute address the host wrote them to; length >= 2)
 * occur in [base + from, base + end). Candidates are where the needle's first two bytes match.
 */
export function contains(needle: i32, length: i32, from: i32, end: i32): bool {
  let index = base + from;
  const last = base + end - length;
  const first = i8x16.splat(load<i8>(needle));
  const second = i8x16.splat(load<i8>(needle + 1));
  while (index + 17 <= base + end && index <= last) {
    let bits = i8x16.bitmask(v128.and(i8x16.eq(v128.load(index), first), i8x16.eq(v128.load(index + 1), second)));
    while (bits != 0) {
      const at = index + ctz<i32>(bits);
      if (at > last) return false;
      if (same(at, needle, length)) return true;
      bits &= bits - 1;
    }
    index += 16;
  }
  for (; index <= last; index += 1) {
    if (same(index, needle, length)) return true;
  }
  return false;
}

@inline function same(at: i32, needle: i32, length: i32): bool {
  let offset = 0;
  while (offset < length && load<u8>(at + offset) == load<u8>(needle + offset)) offset += 1;
  return offset == length;
}
