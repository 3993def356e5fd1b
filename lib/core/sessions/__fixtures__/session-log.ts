import type { ParsedSessionLog, RequestSample } from "../types";

/** A parsed request for tests: one main-session Claude request unless overridden. */
export function requestSample(key: string, overrides: Partial<RequestSample> = {}): RequestSample {
  return {
    key,
    timestamp: "2026-01-01T00:00:00.000Z",
    model: "claude-opus-4-8",
    inputTokens: 1,
    cacheWriteTokens: 10,
    cacheReadTokens: 100,
    outputTokens: 5,
    reasoningTokens: 0,
    contextTokens: 111,
    agentId: null,
    line: 1,
    ...overrides,
  };
}

/** A parsed log for tests: a main Claude session "s1" with nothing in it unless overridden. */
export function parsedLog(overrides: Partial<ParsedSessionLog> = {}): ParsedSessionLog {
  return {
    runtime: "claude-code",
    sessionId: "s1",
    agentId: null,
    agentType: null,
    cwd: null,
    branch: null,
    models: ["claude-opus-4-8"],
    startedAt: "2026-01-01T00:00:00.000Z",
    endedAt: "2026-01-01T00:10:00.000Z",
    contextWindow: null,
    requests: [],
    compactions: [],
    unknownTypes: {},
    badLines: [],
    consumedBytes: 0,
    ...overrides,
  };
}
