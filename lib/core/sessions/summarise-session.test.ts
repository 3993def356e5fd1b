import { describe, expect, test } from "vitest";
import { resolveContextWindow, summariseSession, summariseSessions } from "./summarise-session";
import { parsedLog, requestSample } from "./__fixtures__/session-log";

const request = requestSample;
const log = parsedLog;

describe("resolveContextWindow", () => {
  test("a user override wins, then the log, then the model table, else unknown", () => {
    expect(resolveContextWindow(150_000, 258_400, "gpt-5.5")).toEqual({ tokens: 150_000, source: "user" });
    expect(resolveContextWindow(null, 258_400, "gpt-5.5")).toEqual({ tokens: 258_400, source: "log" });
    expect(resolveContextWindow(null, null, "gpt-5.5")).toEqual({ tokens: 1_050_000, source: "model-table" });
    expect(resolveContextWindow(null, null, "mock-gpt")).toEqual({ tokens: null, source: "unknown" });
    expect(resolveContextWindow(null, null, null)).toEqual({ tokens: null, source: "unknown" });
  });
});

describe("summariseSession", () => {
  test("empty input gives no summary", () => {
    expect(summariseSession([])).toBeNull();
  });

  test("slices of one file merge: cwd and branch from the latest slice that recorded them", () => {
    const summary = summariseSession([
      { file: "a.jsonl", log: log({ cwd: "/a", branch: "main", requests: [request("k1")] }) },
      { file: "a.jsonl", log: log({ cwd: "/b", branch: null, requests: [request("k1", { outputTokens: 9 }), request("k2")] }) },
    ]);
    expect(summary?.requests).toBe(2);
    expect(summary?.outputTokens).toBe(14);
    expect(summary?.cwd).toBe("/b");
    expect(summary?.branch).toBe("main");
  });

  test("the peak skips subagent and sidechain requests; the window uses the main session's last model", () => {
    const summary = summariseSession(
      [
        {
          file: "main.jsonl",
          log: log({
            requests: [
              request("a", { contextTokens: 5_000, model: "claude-opus-4-8" }),
              request("b", { contextTokens: 90_000, isSidechain: true }),
              request("c", { contextTokens: 7_000, model: "claude-sonnet-4-5" }),
            ],
          }),
        },
        { file: "sub.jsonl", log: log({ agentId: "x", requests: [request("d", { contextTokens: 80_000, agentId: "x" })] }) },
      ],
      {},
    );
    expect(summary?.peakContextTokens).toBe(7_000);
    expect(summary?.contextWindow).toBe(200_000);
    expect(summary?.requests).toBe(4);
  });

  test("a user-configured window is reported as such", () => {
    const summary = summariseSession([{ file: "m", log: log({ requests: [request("a")] }) }], { userContextWindow: 200_000 });
    expect(summary).toMatchObject({ contextWindow: 200_000, contextWindowSource: "user" });
  });

  test("bad lines and unknown types are reported per file", () => {
    const summary = summariseSession([
      { file: "m", log: log({ badLines: [{ line: 3, message: "x" }], unknownTypes: { a: 2 } }) },
      { file: "m", log: log({ unknownTypes: { a: 1, b: 1 } }) },
      { file: "clean", log: log() },
    ]);
    expect(summary?.sourceIssues).toEqual([{ source: "claude-code", file: "m", badLines: 1, unknownTypes: { a: 3, b: 1 } }]);
  });
});

describe("summariseSessions", () => {
  test("groups by session id; logs without one are named after their file", () => {
    const summaries = summariseSessions([
      { file: "/p/s1.jsonl", log: log({ requests: [request("a")] }) },
      { file: "/p/s1/subagents/agent-x.jsonl", log: log({ agentId: "x", requests: [request("b", { agentId: "x" })] }) },
      { file: "/p/orphan.jsonl", log: log({ sessionId: null, requests: [request("c")] }) },
    ]);
    expect(summaries.map((summary) => [summary.sessionId, summary.requests, summary.subagents.length])).toEqual([
      ["s1", 2, 1],
      ["orphan", 1, 0],
    ]);
  });
});
