import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parseOpenCode, type OpenCodeRows, type OpenCodeStorageFiles } from "./parse-opencode";
import { sumTokens } from "../tokens";
import { summariseSessions } from "./summarise-session";

const FIXTURES = path.join(import.meta.dirname, "__fixtures__", "opencode");
const rows = JSON.parse(readFileSync(path.join(FIXTURES, "rows.json"), "utf8")) as OpenCodeRows;

function storageFiles(root: string): OpenCodeStorageFiles {
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(path.join(dir, name)).isDirectory() ? walk(path.join(dir, name)) : [path.join(dir, name)]));
  const files = walk(root).map((file) => ({ path: path.relative(root, file), text: readFileSync(file, "utf8") }));
  return {
    sessions: files.filter((file) => file.path.startsWith("session")),
    messages: files.filter((file) => file.path.startsWith("message")),
    parts: files.filter((file) => file.path.startsWith("part")),
  };
}

describe("parseOpenCode: database rows (1.x)", () => {
  const { value: logs, issues } = parseOpenCode({ rows });
  const parent = logs.find((log) => log.agentId === null);
  const child = logs.find((log) => log.agentId !== null);

  test("one log per session; a child session is a subagent under its parent's id", () => {
    expect(logs).toHaveLength(2);
    expect(parent?.sessionId).toBe("ses_P0000000000000000000000");
    expect(child?.sessionId).toBe("ses_P0000000000000000000000");
    expect(child?.agentId).toBe("ses_C0000000000000000000000");
    expect(child?.agentType).toBe("general");
  });

  test("a message whose steps add up to it becomes one request per step; never both", () => {
    expect(parent?.requests.map((request) => request.key)).toEqual(["msg_P2:prt_P2a", "msg_P2:prt_P2b", "msg_P4"]);
    expect(parent?.requests[1]).toMatchObject({ inputTokens: 50, cacheReadTokens: 1000, cacheWriteTokens: 30, outputTokens: 10, contextTokens: 1080, responseId: "msg_P2" });
  });

  test("input is stored net of cache; output + reasoning is output; zero-token aborted messages are not requests", () => {
    expect(parent && sumTokens(parent.requests)).toEqual({ inputTokens: 157, cacheWriteTokens: 30, cacheReadTokens: 2668, outputTokens: 130, reasoningTokens: 5 });
  });

  test("a compaction part is the compaction; the summary message does not count it twice", () => {
    expect(parent?.compactions).toHaveLength(1);
    expect(parent?.compactions[0]?.trigger).toBe("auto");
  });

  test("cwd from the session directory; start and end from session and message times", () => {
    expect(parent?.cwd).toBe("/home/cy/site");
    expect(parent?.startedAt).toBe(new Date(1780000000000).toISOString());
    expect(parent?.endedAt).toBe(new Date(1780000090000).toISOString());
    expect(parent?.models).toEqual(["claude-sonnet-4-5"]);
  });

  test("an unreadable part row is an issue; its message still counts from the message tokens", () => {
    expect(issues).toHaveLength(1);
    expect(issues[0]?.message).toContain("prt_C1a");
    expect(child?.requests.map((request) => request.key)).toEqual(["msg_C1"]);
  });

  test("the session summary includes the subagent", () => {
    const [summary] = summariseSessions(logs.map((log) => ({ file: "opencode.db", log })));
    expect(summary?.requests).toBe(4);
    expect(summary && sumTokens([summary])).toEqual({ inputTokens: 197, cacheWriteTokens: 30, cacheReadTokens: 2968, outputTokens: 142, reasoningTokens: 5 });
    expect(summary?.peakContextTokens).toBe(1080);
    expect(summary?.subagents.map((agent) => [agent.agentId, agent.requests, agent.inputTokens])).toEqual([["ses_C0000000000000000000000", 1, 40]]);
  });
});

describe("parseOpenCode: the older storage/ JSON tree", () => {
  const { value: logs, issues } = parseOpenCode({ storage: storageFiles(path.join(FIXTURES, "storage")) });

  test("reads sessions, messages and parts from file texts", () => {
    expect(logs).toHaveLength(1);
    const log = logs[0];
    expect(log?.sessionId).toBe("ses_L");
    expect(log?.requests.map((request) => request.key)).toEqual(["msg_L1", "msg_L2"]);
    expect(log && sumTokens(log.requests)).toEqual({ inputTokens: 49200, cacheWriteTokens: 1800, cacheReadTokens: 45000, outputTokens: 1250, reasoningTokens: 10 });
  });

  test("without a compaction part the summary message is the marker", () => {
    expect(logs[0]?.compactions).toHaveLength(1);
  });

  test("a half-written file is an issue", () => {
    expect(issues.map((issue) => issue.message)).toEqual([expect.stringContaining("msg_bad.json")]);
  });
});

test("the database wins over the JSON tree for the same message id", () => {
  const storage: OpenCodeStorageFiles = {
    sessions: [],
    messages: [{ path: "message/ses_P/msg_P4.json", text: JSON.stringify({ id: "msg_P4", sessionID: "ses_P0000000000000000000000", role: "assistant", tokens: { input: 99999, output: 1 } }) }],
    parts: [],
  };
  const { value } = parseOpenCode({ rows, storage });
  const parent = value.find((log) => log.agentId === null);
  expect(parent?.requests.find((request) => request.key === "msg_P4")?.inputTokens).toBe(7);
});

describe("parseOpenCode: tool output in the context (an estimate)", () => {
  const output = "src/a.ts:1: error\n".repeat(50);
  const bytes = new TextEncoder().encode(output).length;
  const step = (tokens: number) => ({ type: "step-finish", tokens: { input: tokens, output: 1, reasoning: 0, cache: { read: 0, write: 0 } } });
  const part = (id: string, message: string, data: Record<string, unknown>) => ({ id, message_id: message, data: JSON.stringify(data) });
  const testRows: OpenCodeRows = {
    sessions: [{ id: "ses_T", directory: "/w", time_created: 1_790_000_000_000 }],
    messages: [
      { id: "msg_1", session_id: "ses_T", data: JSON.stringify({ role: "assistant", modelID: "m", time: { created: 1_790_000_001_000 }, tokens: { input: 300, output: 2, reasoning: 0, cache: { read: 0, write: 0 } } }) },
      { id: "msg_2", session_id: "ses_T", data: JSON.stringify({ role: "assistant", modelID: "m", time: { created: 1_790_000_002_000 }, tokens: { input: 500, output: 1, reasoning: 0, cache: { read: 0, write: 0 } } }) },
    ],
    parts: [
      part("prt_1a", "msg_1", { type: "step-start" }),
      part("prt_1b", "msg_1", { type: "tool", tool: "bash", state: { status: "completed", output } }),
      part("prt_1c", "msg_1", step(100)),
      part("prt_1d", "msg_1", { type: "step-start" }),
      part("prt_1e", "msg_1", step(200)),
    ],
  };

  test("a step's estimate is the tool output sent before it; the next message carries all of it", () => {
    const { value: logs } = parseOpenCode({ rows: testRows });
    expect(logs[0]!.requests.map((request) => [request.key, request.toolResultTokens])).toEqual([
      ["msg_1:prt_1c", 0],
      ["msg_1:prt_1e", Math.round(bytes / 4)],
      ["msg_2", Math.round(bytes / 4)],
    ]);
  });
});
