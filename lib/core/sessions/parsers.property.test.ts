import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { scanTopLevelRanges, stringInRange } from "./jsonl-reader";
import { parseClaudeLog } from "./parse-claude-log";
import { parseCodexRollout } from "./parse-codex-rollout";
import { parseGeminiChatJsonl } from "./parse-gemini-chat";
import { sumTokens } from "../tokens";
import { dedupeRequests } from "./request-dedupe";
import type { SessionRuntime } from "../runtimes/runtimes";
import type { ParsedSessionLog, ParserCarryState } from "./types";

/**
 * Properties every JSONL parser must keep, whatever the bytes: never throw; garbage lines change no
 * totals; a file cut anywhere yields exactly the requests of its complete lines; and reading the
 * rest from `consumedBytes` completes it to the whole-file result.
 */

type JsonlParser = (bytes: Uint8Array, options: { startLine?: number; carry?: ParserCarryState | null }) => ParsedSessionLog;

const FIXTURES = path.join(import.meta.dirname, "__fixtures__");
const cases: { name: string; runtime: SessionRuntime; parse: JsonlParser; bytes: Uint8Array }[] = [
  { name: "Claude Code", runtime: "claude-code", parse: parseClaudeLog, bytes: readFileSync(path.join(FIXTURES, "claude", "5f0c6a52-7d0e-4c9e-9f6e-2d1b8a4c3e10.jsonl")) },
  { name: "Claude Code subagent", runtime: "claude-code", parse: parseClaudeLog, bytes: readFileSync(path.join(FIXTURES, "claude", "subagents", "agent-a1b2c3.jsonl")) },
  { name: "Codex (records)", runtime: "codex", parse: parseCodexRollout, bytes: readFileSync(path.join(FIXTURES, "codex", "rollout-2026-04-10T16-00-00-019b7a10-5d2e-7f31-9c44-0a1b2c3d4e5f.jsonl")) },
  { name: "Codex (token_count)", runtime: "codex", parse: parseCodexRollout, bytes: readFileSync(path.join(FIXTURES, "codex", "rollout-2025-10-01T10-00-00-0198f3c2-1a2b-7c3d-8e4f-5a6b7c8d9e0f.jsonl")) },
  { name: "Gemini CLI", runtime: "gemini-cli", parse: parseGeminiChatJsonl, bytes: readFileSync(path.join(FIXTURES, "gemini", "session-2026-05-01T10-00-7b3e9f10.jsonl")) },
];

const decoder = new TextDecoder();
const encoder = new TextEncoder();
/** Garbage that is a single line: any text without a newline. */
const garbageLine = fc.string({ unit: fc.oneof(fc.constantFrom("{", "}", '"', ":", ",", "[", "]", "\\", " ", "\r", "é", "☃"), fc.string({ unit: "binary", minLength: 1, maxLength: 1 })), maxLength: 40 }).map((text) => text.replace(/\n/g, ""));

function totals(log: ParsedSessionLog) {
  return { requests: log.requests.map((request) => request.key), tokens: sumTokens(log.requests) };
}

describe.each(cases)("$name parser", ({ runtime, parse, bytes }) => {
  const whole = parse(bytes, {});

  test("inserted garbage lines never throw and never change the totals", () => {
    const lines = decoder.decode(bytes).split("\n");
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(lines.length), garbageLine), { maxLength: 6 }), (insertions) => {
        const mutated = [...lines];
        for (const [position, garbage] of [...insertions].sort((a, b) => b[0] - a[0])) mutated.splice(Math.min(position, mutated.length - 1), 0, garbage);
        const log = parse(encoder.encode(mutated.join("\n")), {});
        expect(totals(log)).toEqual(totals(whole));
      }),
    );
  });

  test("a cut anywhere yields exactly the requests of the complete lines, and the rest completes it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: bytes.length }), (cut) => {
        const truncated = parse(bytes.subarray(0, cut), {});
        expect(truncated.consumedBytes).toBeLessThanOrEqual(cut);
        const lastNewline = bytes.subarray(0, cut).lastIndexOf(10) + 1;
        // Either up to the last newline, or the whole cut when the unterminated tail is a complete object.
        expect([lastNewline, cut]).toContain(truncated.consumedBytes);
        expect(totals(truncated)).toEqual(totals(parse(bytes.subarray(0, truncated.consumedBytes), {})));

        const rest = parse(bytes.subarray(truncated.consumedBytes), { startLine: 1 + (truncated.consumedLines ?? 0), carry: truncated.carry ?? null });
        const merged = dedupeRequests(runtime, [...truncated.requests, ...rest.requests]);
        expect(merged.map((request) => request.key)).toEqual(whole.requests.map((request) => request.key));
        expect(sumTokens(merged)).toEqual(sumTokens(whole.requests));
      }),
    );
  });

  test("arbitrary bytes never throw", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (random) => {
        const log = parse(random, {});
        expect(log.consumedBytes).toBeLessThanOrEqual(random.length);
      }),
    );
  });
});

describe("scanTopLevelRanges agrees with JSON.parse", () => {
  test("on random objects, the top-level string values it reads are the parsed ones", () => {
    const wanted = new Set(["type", "cwd", "timestamp"]);
    const out = new Map<string, [number, number]>();
    fc.assert(
      fc.property(
        fc.dictionary(fc.oneof(fc.constantFrom("type", "cwd", "timestamp", "message"), fc.string({ maxLength: 6 })), fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 3 }))),
        fc.boolean(),
        (object, asBuffer) => {
          const text = JSON.stringify(object);
          const bytes = asBuffer ? Buffer.from(text) : encoder.encode(text);
          expect(scanTopLevelRanges(bytes, 0, bytes.length, wanted, out)).toBe(true);
          for (const key of wanted) {
            const value = Object.prototype.hasOwnProperty.call(object, key) ? (object as Record<string, unknown>)[key] : undefined;
            if (typeof value === "string") expect(stringInRange(bytes, out.get(key))).toBe(value === "" ? null : value);
            else if (value === undefined) expect(out.has(key)).toBe(false);
          }
        },
      ),
    );
  });
});
