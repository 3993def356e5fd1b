import { describe, expect, test } from "vitest";
import { readJsonlLines, scanTopLevelRanges, stringInRange } from "./jsonl-reader";

const encode = (text: string) => new TextEncoder().encode(text);

function collect(text: string, startLine = 1) {
  const lines: [number, string][] = [];
  const result = readJsonlLines(encode(text), { startLine }, (line, number) => lines.push([number, line]));
  return { lines, result };
}

describe("readJsonlLines", () => {
  test("visits complete lines with 1-based numbers, skipping blank ones and stripping CR", () => {
    const { lines, result } = collect('{"a":1}\r\n\n  \n{"b":2}\n');
    expect(lines).toEqual([
      [1, '{"a":1}'],
      [4, '{"b":2}'],
    ]);
    expect(result).toEqual({ consumedBytes: 21, consumedLines: 4, pendingTail: null });
  });

  test("numbers lines from startLine for incremental reads", () => {
    const { lines } = collect('{"a":1}\n{"b":2}\n', 41);
    expect(lines.map(([number]) => number)).toEqual([41, 42]);
  });

  test("a truncated last line is not consumed and is reported as pending", () => {
    const text = '{"a":1}\n{"b":';
    const { lines, result } = collect(text);
    expect(lines).toEqual([[1, '{"a":1}']]);
    expect(result.consumedBytes).toBe(8);
    expect(result.pendingTail).toEqual({ lineNumber: 2, length: 5 });
  });

  test("an unterminated last line that is a complete JSON object is consumed", () => {
    const { lines, result } = collect('{"a":1}\n{"b":2}');
    expect(lines).toEqual([
      [1, '{"a":1}'],
      [2, '{"b":2}'],
    ]);
    expect(result).toEqual({ consumedBytes: 15, consumedLines: 1, pendingTail: null });
  });

  test("an unterminated JSON scalar is not consumed (it could be a prefix of a longer number)", () => {
    const { result } = collect('{"a":1}\n12');
    expect(result.consumedBytes).toBe(8);
    expect(result.pendingTail?.lineNumber).toBe(2);
  });

  test("consumedBytes counts bytes, not characters", () => {
    const text = '{"t":"héllo ☃"}\n{"t":"ü';
    const { result } = collect(text);
    expect(result.consumedBytes).toBe(encode('{"t":"héllo ☃"}\n').length);
  });

  test("no newline at all and an incomplete object: nothing consumed", () => {
    const { lines, result } = collect('{"a":');
    expect(lines).toEqual([]);
    expect(result.consumedBytes).toBe(0);
  });

  test("a UTF-8 byte-order mark at the start of the file is ignored", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...encode('{"a":1}\n')]);
    const seen: string[] = [];
    readJsonlLines(bytes, {}, (line) => seen.push(line));
    expect(seen).toEqual(['{"a":1}']);
  });
});

/** Reads the wanted top-level values as text, for readable assertions. */
function scan(line: string, wanted: ReadonlySet<string>, stopWhenComplete = false): Record<string, string> | null {
  const bytes = encode(line);
  const out = new Map<string, [number, number]>();
  if (!scanTopLevelRanges(bytes, 0, bytes.length, wanted, out, stopWhenComplete)) return null;
  const decoder = new TextDecoder();
  return Object.fromEntries([...out].map(([key, [start, end]]) => [key, decoder.decode(bytes.subarray(start, end))]));
}

describe("scanTopLevelRanges", () => {
  const wanted = new Set(["type", "cwd", "timestamp"]);

  test("reads top-level values only, never a nested key of the same name", () => {
    const line = '{"message":{"cwd":"/nested","type":"x","content":[{"type":"text"}]},"type":"user","cwd":"/top","timestamp":"2026-01-01T00:00:00Z"}';
    expect(scan(line, wanted)).toEqual({ type: '"user"', cwd: '"/top"', timestamp: '"2026-01-01T00:00:00Z"' });
  });

  test("skips strings holding quotes, braces and escaped backslashes", () => {
    const line = String.raw`{"toolUseResult":{"stdout":"a \"}{\" b \\","n":[1,{"x":"]"}]},"type":"user"}`;
    expect(scan(line, wanted)).toEqual({ type: '"user"' });
  });

  test("numbers, booleans and null are read as raw text", () => {
    expect(scan('{ "type" : null , "cwd":true,"timestamp":1767312001000 }', wanted)).toEqual({ type: "null", cwd: "true", timestamp: "1767312001000" });
  });

  test.each([['{"type":"user"'], ['{"type":"user",}'], ['{"type" "user"}'], ['["type"]'], ['{"a":{"b":1}']])("rejects malformed %s", (line) => {
    expect(scan(line, wanted)).toBeNull();
  });

  test("can stop as soon as every wanted key is found", () => {
    // The tail is garbage, but the wanted keys come first.
    expect(scan('{"timestamp":"t","type":"a","cwd":"c","payload":{oops', wanted, true)).toEqual({ timestamp: '"t"', type: '"a"', cwd: '"c"' });
  });

  test("stringInRange decodes escapes and non-ASCII, and treats empty strings as absent", () => {
    const bytes = encode(String.raw`{"cwd":"/home/josé/ü","gitBranch":"","n":1}`);
    const out = new Map<string, [number, number]>();
    expect(scanTopLevelRanges(bytes, 0, bytes.length, new Set(["cwd", "gitBranch", "n"]), out)).toBe(true);
    expect(stringInRange(bytes, out.get("cwd"))).toBe("/home/josé/ü");
    expect(stringInRange(bytes, out.get("gitBranch"))).toBeNull();
    expect(stringInRange(bytes, out.get("n"))).toBeNull();
  });
});
