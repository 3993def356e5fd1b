/**
 * walkJson (../json-bytes.ts) in WebAssembly: the same walk and the same results, with string
 * content checked sixteen bytes per step (SIMD). `npm run bench -- sessions` measures the gain;
 * claude-line.test.ts holds it (and its byte searches) to the JavaScript walk on generated and damaged documents.
 *
 * The bytes must be in the module's memory: `scratch(length)` lends a view of it to read a file
 * into (walked in place), any other array is copied in by `attach`. One walker per thread (each
 * worker instantiates its own); null where WebAssembly or its SIMD is missing, and callers then
 * use walkJson.
 */
import { INVALID, MAX_DEPTH, TOO_DEEP, walkJson, type WalkSpec } from "../json-bytes";
import { JSON_WALK_WASM_BASE64 } from "./json-walk-module";

interface Exports {
  memory: WebAssembly.Memory;
  setBase(base: number): void;
  setStops(quote: number, backslash: number, controlMask: number): void;
  walk(spec: number, start: number, end: number): number;
  indexOfByte(byte: number, from: number, end: number): number;
  contains(needle: number, length: number, from: number, end: number): number;
}

// Layout shared with json-walk.as.ts.
const RANGES = 0;
const RANGE_SLOTS = 512;
const SPECS = 4096 + MAX_DEPTH + 12 * MAX_DEPTH;
const DATA = 65536;
const PAGE = 65536;
const ESCAPED_NAME = -3;

export class WasmJsonWalker {
  private readonly exports: Exports;
  private u8: Uint8Array;
  private i32: Int32Array;
  /** The ranges of the last walkInPlace, in the module's memory (a new view after memory grows). */
  ranges: Int32Array;
  private specs = new WeakMap<WalkSpec, number>();
  private specEnd = SPECS;
  /** The spec walked last and where it is (specPointer). */
  private lastSpec: WalkSpec | null = null;
  private lastPointer = 0;
  /** Needles `contains` has written into the spec area. */
  private needles = new WeakMap<Uint8Array, number>();
  /** The bytes walked now, and where they start in memory. */
  private bytes: Uint8Array | null = null;

  constructor(instance: WebAssembly.Instance) {
    this.exports = instance.exports as unknown as Exports;
    this.exports.setStops(0x22, 0x5c, 0xe0);
    this.u8 = new Uint8Array(this.exports.memory.buffer);
    this.i32 = new Int32Array(this.exports.memory.buffer);
    this.ranges = this.i32.subarray(RANGES / 4, RANGES / 4 + 2 * RANGE_SLOTS);
  }

  private views(): void {
    if (this.u8.buffer !== this.exports.memory.buffer) {
      this.u8 = new Uint8Array(this.exports.memory.buffer);
      this.i32 = new Int32Array(this.exports.memory.buffer);
      this.ranges = this.i32.subarray(RANGES / 4, RANGES / 4 + 2 * RANGE_SLOTS);
    }
  }

  private reserve(bytes: number): void {
    const have = this.exports.memory.buffer.byteLength;
    if (DATA + bytes > have) this.exports.memory.grow(Math.ceil((DATA + bytes - have) / PAGE));
    this.views();
  }

  /**
   * A view of `length` bytes of the module's memory to read into; walking it later costs no copy.
   * Valid until the next scratch or attach of a larger size (growing memory detaches old views).
   */
  scratch(length: number): Uint8Array {
    this.reserve(length);
    return new Uint8Array(this.exports.memory.buffer, DATA, length);
  }

  /**
   * Makes `bytes` the array walked next: in place when it is a scratch view, else copied in (again
   * on every call: the caller may have changed its array since).
   */
  attach(bytes: Uint8Array): void {
    this.views();
    let base: number;
    if (bytes.buffer === this.exports.memory.buffer) {
      base = bytes.byteOffset;
    } else {
      this.reserve(bytes.length);
      this.u8.set(bytes, DATA);
      base = DATA;
    }
    this.exports.setBase(base);
    this.bytes = bytes;
  }

  /**
   * walkJson(bytes, start, end, spec, ranges): same return value, same `ranges` (the first
   * 2 × slot count entries are written). `bytes` is attached first unless it is the attached array.
   */
  walk(bytes: Uint8Array, start: number, end: number, spec: WalkSpec, ranges: Int32Array): number {
    const result = this.walkInPlace(bytes, start, end, spec);
    ranges.set(this.ranges.subarray(0, 2 * spec.child.length));
    return result;
  }

  /**
   * walk, leaving the ranges where the walk wrote them: read them from `this.ranges` (the same
   * layout as walkJson's `ranges`) until the next walk. Saves copying every slot of every line.
   */
  walkInPlace(bytes: Uint8Array, start: number, end: number, spec: WalkSpec): number {
    if (this.bytes !== bytes) this.attach(bytes);
    const pointer = this.specPointer(spec);
    const result = this.exports.walk(pointer, start, end);
    // The views stay valid: memory grows only through reserve(), which renews them (the module
    // itself never grows its memory).
    if (result === ESCAPED_NAME) return walkJson(bytes, start, end, spec, this.ranges);
    return result === -1 ? INVALID : result === -2 ? TOO_DEEP : result;
  }

  /** bytes.indexOf(byte, from), looking no further than `end` (-1: not there). */
  indexOfByte(bytes: Uint8Array, byte: number, from: number, end: number): number {
    if (this.bytes !== bytes) this.attach(bytes);
    return this.exports.indexOfByte(byte, from, end);
  }

  /** Whether `needle` (two bytes or more) occurs in bytes[from, end). */
  contains(bytes: Uint8Array, needle: Uint8Array, from: number, end: number): boolean {
    if (needle.length < 2) throw new Error("contains: the needle must be two bytes or more");
    if (this.bytes !== bytes) this.attach(bytes);
    let pointer = this.needles.get(needle);
    if (pointer === undefined) {
      pointer = this.specEnd;
      if (pointer + needle.length > DATA) throw new Error("needles do not fit the WebAssembly spec area");
      this.u8.set(needle, pointer);
      this.specEnd = pointer + needle.length;
      this.needles.set(needle, pointer);
    }
    return this.exports.contains(pointer, needle.length, from, end) !== 0;
  }

  /** Where a spec is in the module's memory. */
  private specPointer(spec: WalkSpec): number {
    // Every line of a file is walked with the same spec: skip the map lookup then.
    if (spec === this.lastSpec) return this.lastPointer;
    const pointer = this.writeSpec(spec);
    this.lastSpec = spec;
    this.lastPointer = pointer;
    return pointer;
  }

  /** Writes a spec into the module's spec area once (see json-walk.as.ts for the encoding). */
  private writeSpec(spec: WalkSpec): number {
    const known = this.specs.get(spec);
    if (known !== undefined) return known;
    const contexts = spec.names.length;
    const slots = spec.child.length;
    if (slots > RANGE_SLOTS) throw new Error(`a walk spec has ${slots} slots (at most ${RANGE_SLOTS})`);
    const words: number[] = [spec.root, contexts, slots, ...spec.child];
    for (let context = 0; context < contexts; context += 1) {
      const [first, last] = spec.clear[context] ?? [0, -1];
      words.push(first, last);
    }
    const tablesAt = words.length;
    for (let context = 0; context < contexts; context += 1) words.push(0);
    // Name tables follow, then the names' bytes.
    const names: { word: number; bytes: Uint8Array }[] = [];
    spec.names.forEach((table, context) => {
      if (table === null) return;
      // By length (byLength is indexed by it), with an index of where each length starts; an
      // empty table says its longest name is -1 long, so no name is looked up in it.
      const entries = table.byLength.flatMap((candidates) => candidates ?? []);
      const longest = table.byLength.length - 1;
      words[tablesAt + context] = words.length; // word index for now, a pointer below
      words.push(entries.length, longest);
      for (const entry of entries) {
        words.push(entry.bytes.length, entry.slot);
        names.push({ word: words.length, bytes: entry.bytes });
        words.push(0);
      }
      let index = 0;
      for (let length = 0; length <= longest + 1; length += 1) {
        words.push(index);
        index += table.byLength[length]?.length ?? 0;
      }
    });
    const pointer = align(this.specEnd);
    const nameBytesAt = pointer + 4 * words.length;
    let nameAt = nameBytesAt;
    for (const name of names) {
      words[name.word] = nameAt;
      nameAt += name.bytes.length;
    }
    for (let context = 0; context < contexts; context += 1) {
      if (words[tablesAt + context] !== 0) words[tablesAt + context] = pointer + 4 * words[tablesAt + context]!;
    }
    if (nameAt > DATA) throw new Error("walk specs do not fit the WebAssembly spec area");
    this.views();
    this.i32.set(words, pointer / 4);
    for (const name of names) this.u8.set(name.bytes, words[name.word]!);
    this.specEnd = nameAt;
    this.specs.set(spec, pointer);
    return pointer;
  }
}

function align(offset: number): number {
  return (offset + 7) & ~7;
}

let shared: WasmJsonWalker | null | undefined;

/** This thread's walker, or null where WebAssembly (with SIMD) is unavailable. */
export function wasmJsonWalker(): WasmJsonWalker | null {
  if (shared !== undefined) return shared;
  shared = null;
  try {
    if (typeof WebAssembly !== "object" || typeof atob !== "function") return null;
    const binary = Uint8Array.from(atob(JSON_WALK_WASM_BASE64), (char) => char.charCodeAt(0));
    shared = new WasmJsonWalker(new WebAssembly.Instance(new WebAssembly.Module(binary), {}));
  } catch {
    shared = null;
  }
  return shared;
}
