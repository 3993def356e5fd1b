import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ClaudeLineReader } from "./claude-line";
import { claudeLineFields, type ClaudeLineFields } from "./claude-line-fields";
import { fixtureSuite, PUBLIC, REALCLI } from "../test-support/shared-fixtures";
import { MAX_DEPTH, nameTable, walkJson, type WalkSpec } from "./json-bytes";
import { parseClaudeLog } from "./parse-claude-log";
import { wasmJsonWalker } from "./wasm/json-walker";

/**
 * The fast path (fields read from the bytes, lines validated without being parsed) against the
 * reference (JSON.parse of the whole line): the same fields for every valid line, null exactly for
 * the lines JSON.parse rejects, and the same parse result for whole files. Every line is read both
 * ways the fast path can walk it: in WebAssembly and in JavaScript.
 */

const wasm = wasmJsonWalker();

test("the WebAssembly walker loads here (else every scan walks in JavaScript)", () => {
  expect(wasm).not.toBeNull();
});

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The reference for one line: its fields, or null when JSON.parse rejects it or it is no object. */
function reference(bytes: Uint8Array): ClaudeLineFields | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoder.decode(bytes));
  } catch {
    return null;
  }
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? claudeLineFields(parsed as Record<string, unknown>) : null;
}

const isSpace = (byte: number | undefined) => byte === 32 || byte === 9 || byte === 13 || byte === 10;

/** The fast path on one line as parseClaudeLog hands it over (trimmed, starting with `{`). */
function fast(bytes: Uint8Array, asBuffer: boolean, walker: "wasm" | "js" = "wasm"): ClaudeLineFields | null {
  const input = asBuffer ? Buffer.from(bytes) : bytes;
  let start = 0;
  let end = input.length;
  while (start < end && isSpace(input[start])) start += 1;
  while (end > start && isSpace(input[end - 1])) end -= 1;
  if (input[start] !== 123) return null;
  return new ClaudeLineReader(input, walker === "wasm" ? wasm : null).read(start, end);
}

function expectSameFields(bytes: Uint8Array, asBuffer = true) {
  const expected = reference(bytes);
  expect(fast(bytes, asBuffer, "wasm")).toStrictEqual(expected);
  expect(fast(bytes, asBuffer, "js")).toStrictEqual(expected);
}

function jsonlFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".jsonl"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

const realFiles = [
  ...jsonlFiles(path.join(import.meta.dirname, "__fixtures__", "claude")),
  ...jsonlFiles(path.join(REALCLI, "claude")),
  ...jsonlFiles(path.join(PUBLIC, "claude-code")),
];

// The real transcripts come from ../shared/fixtures (never copied in); without them only the repo's own samples run.
describe(fixtureSuite("fast path = JSON.parse on real transcripts", REALCLI, existsSync(REALCLI) || existsSync(PUBLIC)), () => {
  test.skipIf(realFiles.length === 0).each(realFiles.map((file) => [path.relative(path.join(import.meta.dirname, "../../../.."), file), file]))("%s", (_name, file) => {
    const bytes = readFileSync(file);
    let start = 0;
    let lines = 0;
    while (start < bytes.length) {
      let end = bytes.indexOf(10, start);
      if (end < 0) end = bytes.length;
      const line = bytes.subarray(start, end);
      if (line.length > 0 && line[0] === 123) {
        expectSameFields(line);
        lines += 1;
      }
      start = end + 1;
    }
    expect(lines).toBeGreaterThan(0);
    expect(parseClaudeLog(bytes)).toStrictEqual(parseClaudeLog(bytes, { fullParse: true }));
  });
});

/* ---- generated lines ---- */

const WANTED = ["type", "timestamp", "cwd", "gitBranch", "sessionId", "agentId", "requestId", "uuid", "isSidechain", "subtype", "compactMetadata", "message"];
const MESSAGE_KEYS = ["id", "model", "usage", "content", "role"];
const USAGE_KEYS = ["input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens", "output_tokens", "cache_creation", "service_tier"];
const SPLIT_KEYS = ["ephemeral_5m_input_tokens", "ephemeral_1h_input_tokens"];

/** Optional JSON whitespace (what JSON.parse allows between tokens; a line holds no newline). */
const space = fc.constantFrom("", "", "", " ", "\t", "\r", "  ");

/** A member name as written: plain, or with one character \u-escaped (still the same name). */
const spelled = (names: string[]) =>
  fc.tuple(fc.constantFrom(...names), fc.nat(), fc.boolean()).map(([name, at, escape]) => {
    if (!escape) return JSON.stringify(name);
    const index = at % name.length;
    return `"${name.slice(0, index)}\\u${name.charCodeAt(index).toString(16).padStart(4, "0")}${name.slice(index + 1)}"`;
  });

const text = fc.string({ unit: fc.oneof(fc.constantFrom("a", "é", "✓", "😀", '"', "\\", "\n", "\t", "\u0000", "\u2028", "/"), fc.string({ maxLength: 1, minLength: 1 })), maxLength: 24 });
const number = fc.oneof(
  fc.nat().map(String),
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.constantFrom("0", "-0", "1.5", "1e3", "2E-2", "1.0e+2", "123456789012345678901", "9007199254740993", "1e400", "0.1"),
);
const scalarText = fc.oneof(text.map((value) => JSON.stringify(value)), number, fc.constantFrom("true", "false", "null"));
const anyText = fc.oneof(scalarText, fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)));

function object(members: fc.Arbitrary<[string, string]>, maxLength = 8): fc.Arbitrary<string> {
  return fc
    .tuple(fc.array(fc.tuple(members, space, space, space), { maxLength }), space)
    .map(([entries, inner]) => `{${inner}${entries.map(([[name, value], a, b, c]) => `${a}${name}${b}:${c}${value}`).join(",")}${entries.length === 0 ? inner : ""}}`);
}

const member = (names: fc.Arbitrary<string>, value: fc.Arbitrary<string>) => fc.tuple(names, value);
const otherName = fc.oneof(fc.constantFrom('"data"', '"toolUseResult"', '"parentUuid"', '"version"', '"__proto__"', '"usage"'), text.map((value) => JSON.stringify(value)));

const split = object(fc.oneof(member(spelled(SPLIT_KEYS), fc.oneof(number, scalarText)), member(otherName, anyText)), 4);
const usage = object(fc.oneof(member(spelled(USAGE_KEYS), fc.oneof(number, number, scalarText)), member(spelled(["cache_creation"]), fc.oneof(split, anyText)), member(otherName, anyText)));
const content = fc.array(fc.jsonValue({ maxDepth: 4 }), { maxLength: 3 }).map((value) => JSON.stringify(value));
const message = object(fc.oneof(member(spelled(MESSAGE_KEYS), fc.oneof(scalarText, content)), member(spelled(["usage"]), fc.oneof(usage, usage, anyText)), member(otherName, anyText)));
const line = object(
  fc.oneof(
    member(spelled(WANTED), scalarText),
    member(spelled(["message"]), fc.oneof(message, message, anyText)),
    member(spelled(["compactMetadata"]), fc.oneof(object(member(fc.constantFrom('"trigger"', '"preTokens"', '"postTokens"'), scalarText)), anyText)),
    member(otherName, anyText),
  ),
  14,
);

/** Byte-level damage: what a torn write, a bad editor or a flipped bit does to a line. */
const damage = fc.tuple(fc.nat(), fc.constantFrom("delete", "insert", "replace", "truncate"), fc.constantFrom(0x7b, 0x7d, 0x5b, 0x5d, 0x22, 0x5c, 0x3a, 0x2c, 0x20, 0x09, 0x00, 0x1f, 0x0d, 0x61, 0x30, 0x2d, 0x2e, 0x65, 0x75, 0x80, 0xc3, 0xff));

function damaged(bytes: Uint8Array, [at, kind, byte]: [number, string, number]): Uint8Array {
  const index = bytes.length === 0 ? 0 : at % bytes.length;
  if (kind === "delete") return Uint8Array.from([...bytes.subarray(0, index), ...bytes.subarray(index + 1)]);
  if (kind === "insert") return Uint8Array.from([...bytes.subarray(0, index), byte, ...bytes.subarray(index)]);
  if (kind === "replace") return Uint8Array.from([...bytes.subarray(0, index), byte, ...bytes.subarray(index + 1)]);
  return bytes.subarray(0, Math.max(1, index));
}

describe("fast path = JSON.parse on generated lines", () => {
  test("valid lines: the same fields (duplicates, escaped names, whitespace, any value types)", () => {
    fc.assert(
      fc.property(line, fc.boolean(), (text, asBuffer) => {
        const bytes = encoder.encode(text);
        expect(reference(bytes)).not.toBeNull();
        expectSameFields(bytes, asBuffer);
      }),
      { numRuns: 3000 },
    );
  });

  test("damaged lines: null exactly when JSON.parse rejects them, else the same fields", () => {
    fc.assert(
      fc.property(line, fc.array(damage, { minLength: 1, maxLength: 3 }), fc.boolean(), (text, damages, asBuffer) => {
        let bytes: Uint8Array = encoder.encode(text);
        for (const hit of damages) bytes = damaged(bytes, hit);
        expectSameFields(bytes, asBuffer);
      }),
      { numRuns: 5000 },
    );
  });

  test("invalid UTF-8 inside strings is content, as after decoding", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), fc.uint8Array({ maxLength: 12 }), (inCwd, inContent) => {
        const high = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte | 0x80);
        const bytes = Uint8Array.from([
          ...encoder.encode('{"cwd":"/x'),
          ...high(inCwd),
          ...encoder.encode('","message":{"id":"m","content":"'),
          ...high(inContent),
          ...encoder.encode('","usage":{"input_tokens":3}}}'),
        ]);
        expectSameFields(bytes);
        expectSameFields(bytes, false);
      }),
    );
  });

  test("whole files: parseClaudeLog gives the same result either way, bad lines included", () => {
    const fileLine = fc.oneof(
      line,
      fc.tuple(line, damage).map(([text, hit]) => decoder.decode(damaged(encoder.encode(text), hit)).replace(/\n/g, "")),
      fc.constantFrom(
        '{"type":"assistant","timestamp":"2026-01-01T00:00:01.000Z","requestId":"r","message":{"id":"m","model":"claude-opus-4-6","usage":{"input_tokens":1,"output_tokens":2}}}',
        '{"type":"system","subtype":"compact_boundary","timestamp":"2026-01-01T00:00:02.000Z","compactMetadata":{"trigger":"auto","preTokens":100}}',
        '{"type":"user","message":{"role":"user","content":"hi \\"usage\\""}}',
      ),
    );
    fc.assert(
      fc.property(fc.array(fileLine, { maxLength: 12 }), fc.boolean(), (lines, asBuffer) => {
        const text = lines.join("\n") + "\n";
        const bytes = asBuffer ? Buffer.from(text) : encoder.encode(text);
        expect(parseClaudeLog(bytes)).toStrictEqual(parseClaudeLog(bytes, { fullParse: true }));
      }),
      { numRuns: 1500 },
    );
  });
});

describe("WebAssembly walk = JavaScript walk", () => {
  // Strings long enough for the 16-byte SIMD steps, with a stop character at every offset.
  test("a quote, backslash escape or control character at every offset of a long string", () => {
    for (let length = 0; length <= 40; length += 1) {
      for (let at = 0; at <= length; at += 1) {
        for (const inserted of ['\\"', "\\n", "\\u00e9", "\t", "\u0001", "\\q", '"', "é"]) {
          const content = `${"a".repeat(at)}${inserted}${"b".repeat(length - at)}`;
          expectSameFields(encoder.encode(`{"type":"user","message":{"content":"${content}","usage":{"input_tokens":${length}}}}`));
        }
      }
    }
  });

  test("a line that ends inside a string, a number or a literal at any byte", () => {
    const line = encoder.encode('{"type":"assistant","message":{"id":"msg_1","content":[{"type":"text","text":"' + "x".repeat(37) + '\\"ok\\""}],"usage":{"input_tokens":12,"output_tokens":3.5e1,"flag":true,"none":null}}}');
    for (let end = 1; end <= line.length; end += 1) expectSameFields(line.subarray(0, end));
  });
});

// Skipped only when the committed WebAssembly cannot load here; the JavaScript fallback is what runs then.
describe.skipIf(wasm === null)("WebAssembly member names = JavaScript's", () => {
  test("names of many lengths, long ones included, and near misses", () => {
    const lengths = [1, 2, 9, 31, 32, 62, 63, 64, 65, 100];
    const names = Object.fromEntries(lengths.flatMap((length, index) => [[`${"n".repeat(length - 1)}a`, 2 * index], [`${"n".repeat(length - 1)}b`, 2 * index + 1]]));
    const slots = 2 * lengths.length;
    const spec: WalkSpec = { root: 1, names: [null, nameTable(names)], child: new Int32Array(slots), clear: [[0, -1], [0, slots - 1]] };
    const members = [...Object.keys(names), ...lengths.map((length) => `${"n".repeat(length - 1)}c`), ...lengths.map((length) => "n".repeat(length + 1))];
    const line = encoder.encode(`{${members.map((name, index) => `"${name}":${index}`).join(",")}}`);
    const expected = new Int32Array(2 * slots);
    expect(walkJson(line, 0, line.length, spec, expected)).toBe(line.length);
    const actual = new Int32Array(2 * slots);
    expect(wasm!.walk(line, 0, line.length, spec, actual)).toBe(line.length);
    expect([...actual]).toEqual([...expected]);
    // Every named member was found (its value's range recorded).
    for (let slot = 0; slot < slots; slot += 1) expect(expected[2 * slot]).toBeGreaterThan(0);
  });
});

// Skipped only when the committed WebAssembly cannot load here; the JavaScript fallback is what runs then.
describe.skipIf(wasm === null)("WebAssembly byte searches = JavaScript's", () => {
  const bytesAndRange = fc
    .array(fc.constantFrom(10, 34, 116, 95, 114, 97, 92, 0, 200, 111, 108, 101, 115, 117), { maxLength: 200 })
    .chain((values) => fc.tuple(fc.constant(Uint8Array.from(values)), fc.nat(values.length), fc.nat(values.length)));

  test("indexOfByte: the first newline in a range, or -1", () => {
    fc.assert(
      fc.property(bytesAndRange, ([bytes, a, b]) => {
        const [from, end] = a <= b ? [a, b] : [b, a];
        const found = bytes.subarray(0, end).indexOf(10, from);
        expect(wasm!.indexOfByte(bytes, 10, from, end)).toBe(found);
      }),
      { numRuns: 2000 },
    );
  });

  test('contains: "tool_result" (quoted) anywhere in a range, at every offset and across the 16-byte steps', () => {
    const needle = encoder.encode('"tool_result"');
    const reference = (bytes: Uint8Array, from: number, end: number) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).subarray(from, end).indexOf(Buffer.from(needle)) >= 0;
    fc.assert(
      fc.property(bytesAndRange, fc.nat(200), fc.boolean(), ([bytes, a, b], at, insert) => {
        let haystack = bytes;
        if (insert) {
          const offset = Math.min(at, bytes.length);
          haystack = new Uint8Array(bytes.length + needle.length);
          haystack.set(bytes.subarray(0, offset));
          haystack.set(needle, offset);
          haystack.set(bytes.subarray(offset), offset + needle.length);
        }
        const [from, end] = a <= b ? [a, Math.max(b, insert ? haystack.length : b)] : [b, a];
        expect(wasm!.contains(haystack, needle, from, end)).toBe(reference(haystack, from, end));
      }),
      { numRuns: 3000 },
    );
    for (let offset = 0; offset < 40; offset += 1) {
      const text = encoder.encode(`${"x".repeat(offset)}"tool_result"${"y".repeat(40 - offset)}`);
      expect(wasm!.contains(text, needle, 0, text.length)).toBe(true);
      expect(wasm!.contains(text, needle, 0, offset + needle.length - 1)).toBe(false);
      expect(wasm!.contains(text, needle, offset + 1, text.length)).toBe(false);
    }
  });
});

describe("fast path edge cases", () => {
  const usageLine = (content: string) => `{"type":"assistant","requestId":"r","message":{"id":"m","content":${content},"usage":{"input_tokens":7,"output_tokens":1}}}`;

  test("a malformed content block makes the line a bad line, never a counted request", () => {
    for (const content of ['"tab\there"', '"bad \\q escape"', '"\\u12G4"', "[1,]", "[01]", "[tru]", '{"a" 1}', "[1 2]", "-", "1.", "1e"]) {
      const log = parseClaudeLog(encoder.encode(`${usageLine(content)}\n`));
      expect(log.requests).toEqual([]);
      expect(log.badLines).toHaveLength(1);
      expect(log.badLines[0]?.message).toMatch(/^invalid JSON/);
    }
  });

  test("nesting deeper than the fast path walks is read by JSON.parse, not rejected", () => {
    const deep = `${"[".repeat(MAX_DEPTH + 5)}${"]".repeat(MAX_DEPTH + 5)}`;
    const bytes = encoder.encode(usageLine(deep));
    expect(fast(bytes, true)).toBeNull();
    const log = parseClaudeLog(encoder.encode(`${usageLine(deep)}\n`));
    expect(log.requests.map((request) => request.inputTokens)).toEqual([7]);
    expect(log).toStrictEqual(parseClaudeLog(encoder.encode(`${usageLine(deep)}\n`), { fullParse: true }));
  });

  test("the last of repeated members wins, a later message or usage replaces the earlier whole", () => {
    const text = '{"type":"user","type":"assistant","message":{"id":"a","usage":{"input_tokens":1,"output_tokens":9}},"message":{"id":"b","usage":{"output_tokens":2},"usage":{"input_tokens":5}}}';
    expectSameFields(encoder.encode(text));
    expect(fast(encoder.encode(text), true)?.message).toStrictEqual({
      id: "b",
      model: undefined,
      usage: { input_tokens: 5, cache_creation_input_tokens: undefined, cache_read_input_tokens: undefined, output_tokens: undefined, cache_creation: undefined },
    });
  });
});
