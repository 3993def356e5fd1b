import { claudeShapeProblem, type ClaudeEnvelope, type ClaudeLineFields, type ClaudeUsageFields } from "./claude-line-fields";
import { decodeRange } from "./jsonl-reader";
import { nameSlot, nameTable, walkJson, type NameTable, type WalkSpec } from "./json-bytes";
import { wasmJsonWalker, type WasmJsonWalker } from "./wasm/json-walker";

// Slots of the wanted keys: a value's range is in ranges[2 * slot], ranges[2 * slot + 1].
const TYPE = 0;
const TIMESTAMP = 1;
const CWD = 2;
const GIT_BRANCH = 3;
const SESSION_ID = 4;
const AGENT_ID = 5;
const REQUEST_ID = 6;
const UUID = 7;
const IS_SIDECHAIN = 8;
const SUBTYPE = 9;
const COMPACT_METADATA = 10;
/** The cost older Claude Code versions wrote on each line (`costUSD`), kept to compare with the estimate. */
const COST_USD = 11;
const MESSAGE = 12;
const MESSAGE_ID = 13;
const MESSAGE_MODEL = 14;
/** Only its range is used (tool results' size), never its value. */
const MESSAGE_CONTENT = 15;
const MESSAGE_USAGE = 16;
const INPUT = 17;
const CACHE_WRITE = 18;
const CACHE_READ = 19;
const OUTPUT = 20;
const CACHE_SPLIT = 21;
const EPHEMERAL_5M = 22;
const EPHEMERAL_1H = 23;
const SLOTS = 24;
/** Slots decode() leaves alone: always, or when their value is an object. */
const ALWAYS = 1;
const IF_OBJECT = 2;
const SKIP = new Uint8Array(SLOTS);
SKIP[MESSAGE_CONTENT] = ALWAYS;
for (const slot of [MESSAGE, MESSAGE_USAGE, CACHE_SPLIT]) SKIP[slot] = IF_OBJECT;
/** The envelope's slots are the first ones. */
const ENVELOPE_SLOTS = AGENT_ID + 1;

/**
 * `"YYYY-MM-DDTHH:MM:SS.mmmZ"` (quotes included) in bytes[start, end), the form Claude Code writes,
 * with every field in the range Date.parse accepts; anything else is decoded and judged by Date.parse.
 */
function isCanonicalIsoBytes(bytes: Uint8Array, start: number, end: number): boolean {
  if (end - start !== 26 || bytes[start] !== 34 || bytes[end - 1] !== 34 || bytes[end - 2] !== 90) return false;
  for (let index = 0; index < 23; index += 1) {
    const code = bytes[start + 1 + index]!;
    const expected = CANONICAL_SHAPE[index]!;
    if (expected === 0 ? code < 48 || code > 57 : code !== expected) return false;
  }
  // Month 01–12, day 01–31, hour 00–23, minute and second 00–59 (digits are 48–57).
  const month = (bytes[start + 6]! - 48) * 10 + bytes[start + 7]! - 48;
  const day = (bytes[start + 9]! - 48) * 10 + bytes[start + 10]! - 48;
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 && bytes[start + 12]! * 10 + bytes[start + 13]! <= 50 * 10 + 51 && bytes[start + 15]! <= 53 && bytes[start + 18]! <= 53;
}
/** 0: a digit; else the byte itself ("2026-01-02T03:04:05.678"). */
const CANONICAL_SHAPE = Uint8Array.from("dddd-dd-ddTdd:dd:dd.ddd", (char) => (char === "d" ? 0 : char.charCodeAt(0)));

/**
 * Values that repeat from line to line (the same bytes give the same value: decode once). The
 * ids repeat on the one to three lines Claude Code writes per response.
 */
const CACHED = new Set([TYPE, CWD, GIT_BRANCH, SESSION_ID, AGENT_ID, REQUEST_ID, MESSAGE_ID, MESSAGE_MODEL]);

const LINE = 1;
const IN_MESSAGE = 2;
const IN_USAGE = 3;
const IN_SPLIT = 4;
const child = new Int32Array(SLOTS);
child[MESSAGE] = IN_MESSAGE;
child[MESSAGE_USAGE] = IN_USAGE;
child[CACHE_SPLIT] = IN_SPLIT;
const SPEC: WalkSpec = {
  root: LINE,
  names: [
    null,
    nameTable({
      type: TYPE,
      timestamp: TIMESTAMP,
      cwd: CWD,
      gitBranch: GIT_BRANCH,
      sessionId: SESSION_ID,
      agentId: AGENT_ID,
      requestId: REQUEST_ID,
      uuid: UUID,
      isSidechain: IS_SIDECHAIN,
      subtype: SUBTYPE,
      compactMetadata: COMPACT_METADATA,
      costUSD: COST_USD,
      message: MESSAGE,
    }),
    nameTable({ id: MESSAGE_ID, model: MESSAGE_MODEL, content: MESSAGE_CONTENT, usage: MESSAGE_USAGE }),
    nameTable({
      input_tokens: INPUT,
      cache_creation_input_tokens: CACHE_WRITE,
      cache_read_input_tokens: CACHE_READ,
      output_tokens: OUTPUT,
      cache_creation: CACHE_SPLIT,
    }),
    nameTable({ ephemeral_5m_input_tokens: EPHEMERAL_5M, ephemeral_1h_input_tokens: EPHEMERAL_1H }),
  ],
  child,
  // Slots are numbered so that each object's own and descendants' slots are one run.
  clear: [
    [0, -1],
    [0, SLOTS - 1],
    [MESSAGE_ID, SLOTS - 1],
    [INPUT, SLOTS - 1],
    [EPHEMERAL_5M, EPHEMERAL_1H],
  ],
};

/**
 * Reads Claude lines' accounting fields straight from their bytes: every byte is checked against
 * the JSON grammar, but only the wanted values are decoded (content blocks and tool results, most
 * of a line, never become strings). The walk runs in WebAssembly where it can (same results as
 * walkJson, which runs otherwise). One reader per buffer: it remembers the bytes of values that
 * repeat (cwd, branch, model…) to decode them once.
 */
export class ClaudeLineReader {
  /** The last walk's value ranges: the walker's own (in its memory), or this reader's for walkJson. */
  private ranges: Int32Array = new Int32Array(2 * SLOTS);
  private readonly cachedStart = new Int32Array(SLOTS).fill(-1);
  private readonly cachedEnd = new Int32Array(SLOTS);
  private readonly cachedValue: unknown[] = new Array<unknown>(SLOTS).fill(undefined);
  private readonly decoded: unknown[] = new Array<unknown>(SLOTS).fill(undefined);

  /** `walker`: null walks in JavaScript (the reference the WebAssembly walk is tested against). */
  constructor(
    private readonly bytes: Uint8Array,
    private readonly walker: WasmJsonWalker | null = wasmJsonWalker(),
  ) {
    walker?.attach(bytes);
  }

  /**
   * Walks the trimmed line bytes[start, end) (`bytes[start]` is `{`): true when it is valid JSON,
   * false when it is not or the walk cannot vouch for it (nesting deeper than MAX_DEPTH; the
   * caller then parses the line whole, which also words a bad line's error). After a true, the
   * other methods read this line. Repeated members resolve as in JSON.parse: the last one wins, a
   * later `message` or `usage` replaces an earlier one whole.
   */
  walk(start: number, end: number): boolean {
    if (this.walker === null) return walkJson(this.bytes, start, end, SPEC, this.ranges) === end;
    const after = this.walker.walkInPlace(this.bytes, start, end, SPEC);
    this.ranges = this.walker.ranges;
    return after === end;
  }

  /** walk, then fields; null when the walk returns false. */
  read(start: number, end: number): ClaudeLineFields | null {
    return this.walk(start, end) ? this.fields() : null;
  }

  /** Whether the line's top-level `message` is an object whose `usage` is an object. */
  hasUsage(): boolean {
    const messageStart = this.ranges[2 * MESSAGE]!;
    const usageStart = this.ranges[2 * MESSAGE_USAGE]!;
    return messageStart >= 0 && this.bytes[messageStart] === 123 && usageStart >= 0 && this.bytes[usageStart] === 123;
  }

  /**
   * Bytes of the line's `message.content` as written, when it is an array holding a `tool_result`
   * block (a tool's output sent back to the model), else 0. The size is what the estimate of tool
   * results in the context is made from; nothing is decoded.
   */
  toolResultBytes(): number {
    const messageStart = this.ranges[2 * MESSAGE]!;
    const start = this.ranges[2 * MESSAGE_CONTENT]!;
    if (messageStart < 0 || this.bytes[messageStart] !== 123 || start < 0 || this.bytes[start] !== 91) return 0;
    const end = this.ranges[2 * MESSAGE_CONTENT + 1]!;
    const found = this.walker !== null ? this.walker.contains(this.bytes, TOOL_RESULT, start, end) : containsAscii(this.bytes, TOOL_RESULT, start, end);
    return found ? end - start : 0;
  }

  /** Whether `needle` (ASCII bytes) occurs in this reader's bytes[start, end). */
  rangeContains(needle: Uint8Array, start: number, end: number): boolean {
    return this.walker !== null ? this.walker.contains(this.bytes, needle, start, end) : containsAscii(this.bytes, needle, start, end);
  }

  /** Where the next newline is at or after `from` in this reader's bytes (-1: none). */
  newlineFrom(from: number): number {
    return this.walker !== null ? this.walker.indexOfByte(this.bytes, 10, from, this.bytes.length) : this.bytes.indexOf(10, from);
  }

  /**
   * The walked line's shape problem (claudeShapeProblem), judged from bytes first: only a member
   * that is not plainly right (an object where one is wanted, a string id, a canonical ISO time)
   * is decoded and judged by the same rule as a line parsed whole.
   */
  shapeProblem(): string | null {
    const ranges = this.ranges;
    const bytes = this.bytes;
    const message = ranges[2 * MESSAGE]!;
    const usage = ranges[2 * MESSAGE_USAGE]!;
    const cwd = ranges[2 * CWD]!;
    const branch = ranges[2 * GIT_BRANCH]!;
    const session = ranges[2 * SESSION_ID]!;
    const agent = ranges[2 * AGENT_ID]!;
    const time = ranges[2 * TIMESTAMP]!;
    if (
      (message < 0 || bytes[message] === 123) &&
      (usage < 0 || bytes[usage] === 123) &&
      (cwd < 0 || bytes[cwd] === 34) &&
      (branch < 0 || bytes[branch] === 34) &&
      (session < 0 || bytes[session] === 34) &&
      (agent < 0 || bytes[agent] === 34) &&
      (time < 0 || isCanonicalIsoBytes(bytes, time, ranges[2 * TIMESTAMP + 1]!))
    ) {
      return null;
    }
    return this.judgeShape();
  }

  /** The rare path of shapeProblem, apart so the hot one stays small: decode the doubtful members and judge them. */
  private judgeShape(): string | null {
    const ranges = this.ranges;
    const bytes = this.bytes;
    const messageStart = ranges[2 * MESSAGE]!;
    const usageStart = ranges[2 * MESSAGE_USAGE]!;
    // Objects stand in as `{}`: only their kind matters, and decoding them would cost the line.
    const messageIsObject = messageStart >= 0 && bytes[messageStart] === 123;
    return claudeShapeProblem({
      message: messageIsObject ? {} : this.value(MESSAGE),
      usage: messageIsObject ? (usageStart >= 0 && bytes[usageStart] === 123 ? {} : this.value(MESSAGE_USAGE)) : undefined,
      timestamp: this.value(TIMESTAMP),
      cwd: this.value(CWD),
      gitBranch: this.value(GIT_BRANCH),
      sessionId: this.value(SESSION_ID),
      agentId: this.value(AGENT_ID),
    });
  }

  /** Whether the line's `isSidechain` is `true`. */
  isSidechain(): boolean {
    const start = this.ranges[2 * IS_SIDECHAIN]!;
    return start >= 0 && this.bytes[start] === 116;
  }

  /** The slot of the line's `type` in `table` when it is a string naming one, else -1. */
  typeSlot(table: NameTable): number {
    const start = this.ranges[2 * TYPE]!;
    if (start < 0 || this.bytes[start] !== 34) return -1;
    const end = this.ranges[2 * TYPE + 1]!;
    return nameSlot(table, this.bytes, start + 1, end - 1, true);
  }

  envelope(): ClaudeEnvelope {
    const values = this.decode(ENVELOPE_SLOTS);
    return {
      type: values[TYPE],
      timestamp: values[TIMESTAMP],
      cwd: values[CWD],
      gitBranch: values[GIT_BRANCH],
      sessionId: values[SESSION_ID],
      agentId: values[AGENT_ID],
    };
  }

  fields(): ClaudeLineFields {
    const values = this.decode(SLOTS);
    const messageStart = this.ranges[2 * MESSAGE]!;
    const usageStart = this.ranges[2 * MESSAGE_USAGE]!;
    const splitStart = this.ranges[2 * CACHE_SPLIT]!;
    const bytes = this.bytes;
    // Spelled out, not `...this.envelope()`: a spread here made the parser ~1.7× slower (the object
    // left V8's fast shape; measured with `npm run bench -- sessions`).
    return {
      type: values[TYPE],
      timestamp: values[TIMESTAMP],
      cwd: values[CWD],
      gitBranch: values[GIT_BRANCH],
      sessionId: values[SESSION_ID],
      agentId: values[AGENT_ID],
      requestId: values[REQUEST_ID],
      uuid: values[UUID],
      isSidechain: values[IS_SIDECHAIN],
      subtype: values[SUBTYPE],
      compactMetadata: values[COMPACT_METADATA],
      costUSD: values[COST_USD],
      message:
        messageStart >= 0 && bytes[messageStart] === 123
          ? {
              id: values[MESSAGE_ID],
              model: values[MESSAGE_MODEL],
              usage:
                usageStart >= 0 && bytes[usageStart] === 123
                  ? ({
                      input_tokens: values[INPUT],
                      cache_creation_input_tokens: values[CACHE_WRITE],
                      cache_read_input_tokens: values[CACHE_READ],
                      output_tokens: values[OUTPUT],
                      cache_creation:
                        splitStart >= 0 && bytes[splitStart] === 123
                          ? { ephemeral_5m_input_tokens: values[EPHEMERAL_5M], ephemeral_1h_input_tokens: values[EPHEMERAL_1H] }
                          : values[CACHE_SPLIT],
                    } satisfies ClaudeUsageFields)
                  : values[MESSAGE_USAGE],
            }
          : null,
    };
  }

  /**
   * The values of slots [0, count) into a reused array, from one call site: V8 inlines `value` once
   * here instead of once per field (a copy per field made the readers' optimised code several times
   * larger, and compiling it cost more than running it over a 200 MB corpus).
   */
  private decode(count: number): unknown[] {
    const values = this.decoded;
    const bytes = this.bytes;
    for (let slot = 0; slot < count; slot += 1) {
      // An object that fields() reads into (message, usage, cache_creation) is not decoded, nor is
      // `content` (only its range is used); any other value is, as JSON.parse would give it.
      const skip = SKIP[slot]!;
      const start = this.ranges[2 * slot]!;
      values[slot] = skip === ALWAYS || (skip === IF_OBJECT && start >= 0 && bytes[start] === 123) ? undefined : this.value(slot);
    }
    return values;
  }

  /** The value in a slot as JSON.parse would give it (the bytes were validated already). */
  private value(slot: number): unknown {
    const bytes = this.bytes;
    const start = this.ranges[2 * slot]!;
    if (start < 0) return undefined;
    const end = this.ranges[2 * slot + 1]!;
    const cachedStart = this.cachedStart[slot]!;
    if (cachedStart >= 0 && this.cachedEnd[slot]! - cachedStart === end - start) {
      let offset = 0;
      while (offset < end - start && bytes[start + offset] === bytes[cachedStart + offset]) offset += 1;
      if (offset === end - start) return this.cachedValue[slot];
    }
    const value = decodeValue(bytes, start, end);
    if (CACHED.has(slot)) {
      this.cachedStart[slot] = start;
      this.cachedEnd[slot] = end;
      this.cachedValue[slot] = value;
    }
    return value;
  }
}

const TOOL_RESULT = Uint8Array.from('"tool_result"', (char) => char.charCodeAt(0));

/** Whether `needle` occurs in bytes[start, end) (native search on Node Buffers). */
function containsAscii(bytes: Uint8Array, needle: Uint8Array, start: number, end: number): boolean {
  if (typeof (bytes as { utf8Slice?: unknown }).utf8Slice === "function") {
    // A view of the range: searching the whole buffer from `start` would read on past `end`.
    const range = bytes.subarray(start, end) as Uint8Array & { indexOf(value: Uint8Array): number };
    return range.indexOf(needle) >= 0;
  }
  for (let index = start; index + needle.length <= end; index += 1) {
    let offset = 0;
    while (offset < needle.length && bytes[index + offset] === needle[offset]) offset += 1;
    if (offset === needle.length) return true;
  }
  return false;
}

function decodeValue(bytes: Uint8Array, start: number, end: number): unknown {
  const first = bytes[start]!;
  if (first === 34) {
    for (let index = start + 1; index < end - 1; index += 1) {
      if (bytes[index] === 92) return JSON.parse(decodeRange(bytes, start, end));
    }
    // No escapes: the string is its bytes decoded (the quotes are ASCII, so decoding the inside
    // alone gives the same characters as decoding the whole line).
    return decodeRange(bytes, start + 1, end - 1);
  }
  if (first === 116) return true;
  if (first === 102) return false;
  if (first === 110) return null;
  if (first >= 48 && first <= 57 && end - start <= 15) {
    // Digits only (no sign, fraction or exponent: those go to JSON.parse) are an exact integer.
    let number = 0;
    let index = start;
    for (; index < end; index += 1) {
      const code = bytes[index]!;
      if (code < 48 || code > 57) break;
      number = number * 10 + (code - 48);
    }
    if (index === end) return number;
  }
  return JSON.parse(decodeRange(bytes, start, end));
}
