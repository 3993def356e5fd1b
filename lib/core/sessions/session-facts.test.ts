import { describe, expect, test } from "vitest";
import { storedSample } from "./sample-pack";
import { summariseSamples } from "../usage/session-usage-facts";
import { sessionTotals, totalsByAgent } from "./session-facts";
import { summariseSession } from "./summarise-session";
import { parsedLog, requestSample } from "./__fixtures__/session-log";

const request = (key: string, overrides: Parameters<typeof requestSample>[1] = {}) => requestSample(key, { reasoningTokens: 2, ...overrides });

const REQUESTS = [
  request("a", { timestamp: "2026-01-01T00:00:01.000Z", contextTokens: 5_000, inputTokens: 7 }),
  request("b", { timestamp: "2026-01-01T00:00:02.000Z", contextTokens: 90_000, isSidechain: true, responseId: "r-b" }),
  request("c", { timestamp: "2026-01-01T00:00:03.000Z", contextTokens: 7_000, model: "claude-sonnet-4-5", outputTokens: 50 }),
  request("d", { timestamp: "2026-01-01T00:00:04.000Z", contextTokens: 80_000, agentId: "x", isSidechain: true, model: "claude-haiku-4-5" }),
];

const log = (overrides: Parameters<typeof parsedLog>[0]) => parsedLog({ models: [], startedAt: null, endedAt: null, ...overrides });

describe("session totals: one computation", () => {
  test("per agent: counts, requests, the own peak (sidechain lines left out), the peak over all and the last main model", () => {
    const facts = totalsByAgent(REQUESTS);
    expect(facts.byAgent.get("")).toEqual({
      requests: 3,
      inputTokens: 9,
      cacheWriteTokens: 30,
      cacheReadTokens: 300,
      outputTokens: 60,
      reasoningTokens: 6,
      peakOwn: 7_000,
      peakAll: 90_000,
      hasOwn: true,
    });
    expect(facts.byAgent.get("x")).toMatchObject({ requests: 1, peakOwn: 0, peakAll: 80_000, hasOwn: false });
    expect(facts.lastModel).toBe("claude-sonnet-4-5");
    expect(sessionTotals(facts)).toEqual({ requests: 4, inputTokens: 10, cacheWriteTokens: 40, cacheReadTokens: 400, outputTokens: 65, reasoningTokens: 8 });
  });

  test("stored samples (ingest) and parsed requests (the whole-file summary) give the same totals", () => {
    const ingest = summariseSamples("claude-code", REQUESTS.map(storedSample));
    const summary = summariseSession([
      { file: "main.jsonl", log: log({ requests: REQUESTS.filter((r) => r.agentId === null) }) },
      { file: "sub.jsonl", log: log({ agentId: "x", requests: REQUESTS.filter((r) => r.agentId === "x") }) },
    ])!;
    const totals = sessionTotals(ingest);
    expect({ requests: summary.requests, inputTokens: summary.inputTokens, cacheWriteTokens: summary.cacheWriteTokens, cacheReadTokens: summary.cacheReadTokens, outputTokens: summary.outputTokens, reasoningTokens: summary.reasoningTokens }).toEqual(totals);
    expect(summary.peakContextTokens).toBe(ingest.byAgent.get("")!.peakOwn);
    expect(summary.subagents.map((agent) => [agent.agentId, agent.requests, agent.inputTokens])).toEqual([["x", 1, 1]]);
  });

  test("a session with only sidechain lines has no own peak (null in the summary, never a made-up 0)", () => {
    const summary = summariseSession([{ file: "m", log: log({ requests: [request("only", { isSidechain: true, contextTokens: 4_000 })] }) }])!;
    expect(summary.peakContextTokens).toBeNull();
    expect(summary.requests).toBe(1);
  });
});
