import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { REALCLI, fixtureSuite } from "../test-support/shared-fixtures";
import { CLAUDE_EXPECTED, CODEX_EXPECTED, GEMINI_EXPECTED, OPENCODE_EXPECTED, tokenFields, type ExpectedSession } from "./__fixtures__/realcli-truth";
import { parseClaudeLog } from "./parse-claude-log";
import { parseCodexRollout } from "./parse-codex-rollout";
import { parseGeminiChatJsonl, parseGeminiProjects } from "./parse-gemini-chat";
import { parseOpenCode, type OpenCodeRows } from "./parse-opencode";
import { summariseSession, summariseSessions, type SessionLogInput } from "./summarise-session";
import type { SessionSummary } from "./types";

/**
 * Logs written by the real CLIs against a mock LLM whose per-request usage is known
 * (../shared/fixtures/realcli/README.md). Every session total must equal, to the token, the sum of
 * the mock's usage over the requests the CLI recorded.
 */

/** The same sums, written out, so a slip in the README transcription shows up here too. */
const LITERAL_TOTALS: Record<string, [number, number, number, number, number]> = {
  "a7c8918c-5add-4ec1-a028-1b01f7a65d6b": [11, 19235, 19239, 150, 0],
  "d19d2f7a-2e88-4077-98fc-fb98614b95f4": [11, 161, 38341, 161, 0],
  "8a2921a6-a645-402f-a2ef-84906d3bb180": [38, 358, 77068, 205, 0],
  "9f3d2a6d-710d-4346-a4b9-8ee1c2f0bf7a": [23, 21853, 399560, 316, 0],
  "269881a4-6322-42b2-b5b8-ab605f8bd02c": [30, 27201, 22894, 170, 0],
  "3557ae41-bf7f-42bb-994f-b4786ce06d9e": [3, 28983, 0, 81, 0],
  "b9be13e6-8dff-4802-ae37-6770ccb1e955": [9, 19342, 19199, 109, 0],
  "01a22665-b02a-7622-aff2-01af6e1e6e98": [9396, 0, 9216, 196, 128],
  "01a22665-dc4c-76f3-a35f-f69398cbbc28": [12461, 0, 272624, 442, 192],
  "8125fb28-8740-4f53-85ef-fe6a3bafdad7": [20388, 0, 0, 170, 96],
  "7035cede-97eb-498f-bdda-b554dbb165f1": [7567, 0, 16721, 111, 48],
  "83e3e635-55c7-454c-8b82-e3794b27e919": [189033, 0, 2573083, 361, 192],
  ses_dd9987b45ffeTjVvgt1Szp5Lxl: [8053, 0, 7872, 72, 0],
  ses_dd99815b6ffeUMApMf6mNDSpog: [12912, 0, 234536, 322, 0],
};

function expectMatches(summary: SessionSummary | undefined, expected: ExpectedSession) {
  expect(summary, `session ${expected.sessionId}`).toBeDefined();
  if (summary === undefined) return;
  expect(tokenFields(summary)).toEqual(tokenFields(expected));
  expect(Object.values(tokenFields(summary))).toEqual(LITERAL_TOTALS[expected.sessionId]);
  expect(summary.requests).toBe(expected.requests);
  expect(summary.compactions).toBe(expected.compactions);
  expect(summary.peakContextTokens).toBe(expected.peakContextTokens);
  expect(summary.sourceIssues).toEqual([]);
  if (expected.subagents) {
    expect(summary.subagents.map((agent) => ({ agentId: agent.agentId, requests: agent.requests, inputTokens: agent.inputTokens, cacheWriteTokens: agent.cacheWriteTokens, cacheReadTokens: agent.cacheReadTokens, outputTokens: agent.outputTokens }))).toEqual(expected.subagents);
  } else {
    expect(summary.subagents).toEqual([]);
  }
}

const claudeProject = path.join(REALCLI, "claude", ".claude", "projects", "-home-dev-work-claude");
describe.skipIf(!existsSync(claudeProject))(fixtureSuite("realcli: Claude Code 2.1.197", claudeProject, existsSync(claudeProject)), () => {
  const inputs: SessionLogInput[] = [];
  if (existsSync(claudeProject)) {
    for (const name of readdirSync(claudeProject).filter((file) => file.endsWith(".jsonl"))) {
      inputs.push({ file: name, log: parseClaudeLog(readFileSync(path.join(claudeProject, name))) });
      const subagentDir = path.join(claudeProject, name.replace(/\.jsonl$/, ""), "subagents");
      if (!existsSync(subagentDir)) continue;
      for (const agent of readdirSync(subagentDir).filter((file) => file.endsWith(".jsonl"))) {
        const agentId = agent.replace(/^agent-/, "").replace(/\.jsonl$/, "");
        inputs.push({ file: agent, log: parseClaudeLog(readFileSync(path.join(subagentDir, agent)), { agentId }) });
      }
    }
  }
  const sessions = summariseSessions(inputs);

  test("one summary per session file", () => {
    expect(sessions.map((session) => session.sessionId).sort()).toEqual(CLAUDE_EXPECTED.map((session) => session.sessionId).sort());
  });

  test.each(CLAUDE_EXPECTED)("$sessionId equals the mock's usage for requests $mockRequests", (expected) => {
    expectMatches(sessions.find((session) => session.sessionId === expected.sessionId), expected);
  });

  test("cwd and branch as recorded; models and windows from the model table", () => {
    for (const session of sessions) {
      expect(session.cwd).toBe("/home/dev/work-claude");
      expect(session.branch).toBe("feature/mock-claude");
    }
    const sonnet = sessions.find((session) => session.sessionId === "3557ae41-bf7f-42bb-994f-b4786ce06d9e");
    expect(sonnet).toMatchObject({ models: ["claude-sonnet-4-5"], contextWindow: 200_000, contextWindowSource: "model-table" });
    const opus = sessions.find((session) => session.sessionId === "9f3d2a6d-710d-4346-a4b9-8ee1c2f0bf7a");
    expect(opus).toMatchObject({ models: ["claude-opus-4-8"], contextWindow: 1_000_000, contextWindowSource: "model-table" });
    expect(opus?.compactionEvents).toEqual([expect.objectContaining({ trigger: "auto", preTokens: 183643, postTokens: 702 })]);
    const manual = sessions.find((session) => session.sessionId === "8a2921a6-a645-402f-a2ef-84906d3bb180");
    expect(manual?.compactionEvents).toEqual([expect.objectContaining({ trigger: "manual", preTokens: 19543, postTokens: 665 })]);
  });
});

const codexSessions = path.join(REALCLI, "codex", ".codex", "sessions", "2026", "11", "29");
describe.skipIf(!existsSync(codexSessions))(fixtureSuite("realcli: Codex CLI 0.171.0", codexSessions, existsSync(codexSessions)), () => {
  const inputs: SessionLogInput[] = existsSync(codexSessions)
    ? readdirSync(codexSessions).map((name) => ({ file: name, log: parseCodexRollout(readFileSync(path.join(codexSessions, name))) }))
    : [];
  const sessions = summariseSessions(inputs);

  test.each(CODEX_EXPECTED)("$sessionId equals the mock's usage for requests $mockRequests", (expected) => {
    expectMatches(sessions.find((session) => session.sessionId === expected.sessionId), expected);
  });

  test("context window as the log states it; cwd, branch, model", () => {
    for (const session of sessions) {
      expect(session).toMatchObject({ contextWindow: 258_400, contextWindowSource: "log", cwd: "/home/dev/work-codex", branch: "feature/mock-codex", models: ["gpt-5.5"] });
    }
  });
});

const geminiHome = path.join(REALCLI, "gemini", ".gemini");
describe.skipIf(!existsSync(geminiHome))(fixtureSuite("realcli: Gemini CLI 0.61.0", geminiHome, existsSync(geminiHome)), () => {
  const chats = path.join(geminiHome, "tmp", "work-gemini", "chats");
  const projects = existsSync(geminiHome) ? parseGeminiProjects(readFileSync(path.join(geminiHome, "projects.json"), "utf8")).value : {};
  const inputs: SessionLogInput[] = existsSync(chats)
    ? readdirSync(chats).map((name) => ({ file: name, log: parseGeminiChatJsonl(readFileSync(path.join(chats, name)), { projectRoot: projects["work-gemini"] ?? null }) }))
    : [];
  const sessions = summariseSessions(inputs);

  test.each(GEMINI_EXPECTED)("$sessionId equals the mock's usage for requests $mockRequests", (expected) => {
    expectMatches(sessions.find((session) => session.sessionId === expected.sessionId), expected);
  });

  test("folder from projects.json; no branch; the mock model is not in the table, so the window is unknown", () => {
    for (const session of sessions) {
      expect(session).toMatchObject({ cwd: "/home/dev/work-gemini", branch: null, models: ["gemini-3.8-flash"], contextWindow: null, contextWindowSource: "unknown" });
    }
  });
});

const openCodeDump = path.join(REALCLI, "opencode", "_derived", ".local__share__opencode__opencode.db");
describe.skipIf(!existsSync(openCodeDump))(fixtureSuite("realcli: OpenCode 1.18.33, from the table dumps", openCodeDump, existsSync(openCodeDump)), () => {
  // The JSONL dumps hold the database rows with `data` already decoded; the database itself is read
  // by lib/server/agents (read-opencode-db.test.ts).
  const readRows = (table: string): unknown[] =>
    existsSync(openCodeDump)
      ? readFileSync(path.join(openCodeDump, `${table}.jsonl`), "utf8")
          .split("\n")
          .filter((line) => line.trim().length > 0)
          .map((line) => JSON.parse(line) as unknown)
      : [];
  const rows = { sessions: readRows("session"), messages: readRows("message"), parts: readRows("part") } as unknown as OpenCodeRows;
  const parsed = parseOpenCode({ rows });
  const sessions = summariseSessions(parsed.value.map((log) => ({ file: "opencode.db", log })));

  test.each(OPENCODE_EXPECTED)("$sessionId equals the mock's usage for requests $mockRequests", (expected) => {
    expectMatches(sessions.find((session) => session.sessionId === expected.sessionId), expected);
  });

  test("no issues; cwd from the session; no branch and no window (OpenCode logs neither)", () => {
    expect(parsed.issues).toEqual([]);
    for (const session of sessions) {
      expect(session).toMatchObject({ cwd: "/home/dev/work-opencode", branch: null, contextWindow: null, contextWindowSource: "unknown" });
    }
  });
});

describe.skipIf(!existsSync(claudeProject))(fixtureSuite("realcli: Claude sessions read in slices", claudeProject, existsSync(claudeProject)), () => {
  test("every line boundary as a cut point gives the same session totals", () => {
    for (const expected of CLAUDE_EXPECTED) {
      const bytes = readFileSync(path.join(claudeProject, `${expected.sessionId}.jsonl`));
      const whole = summariseSession([{ file: "f", log: parseClaudeLog(bytes) }]);
      for (let cut = bytes.indexOf(10) + 1; cut > 0 && cut < bytes.length; cut = bytes.indexOf(10, cut) + 1) {
        const first = parseClaudeLog(bytes.subarray(0, cut));
        const second = parseClaudeLog(bytes.subarray(first.consumedBytes), { startLine: 1 + (first.consumedLines ?? 0) });
        const sliced = summariseSession([
          { file: "f", log: first },
          { file: "f", log: second },
        ]);
        expect(sliced && tokenFields(sliced)).toEqual(whole && tokenFields(whole));
        expect(sliced?.requests).toBe(whole?.requests);
      }
    }
  });
});
