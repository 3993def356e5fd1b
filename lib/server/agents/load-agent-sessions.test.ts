import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { fixtureSuite, PUBLIC, REALCLI } from "../../core/test-support/shared-fixtures";
import { progressOnlyExtra } from "../../core/sessions/__fixtures__/public-truth";
import { CLAUDE_EXPECTED, CODEX_EXPECTED, GEMINI_EXPECTED, OPENCODE_EXPECTED, tokenFields, type ExpectedSession } from "../../core/sessions/__fixtures__/realcli-truth";
import type { SessionSummary } from "../../core/sessions/types";
import { loadAgentSessions } from "./load-agent-sessions";

const scratch = mkdtempSync(path.join(tmpdir(), "baton-load-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const emptyHome = path.join(scratch, "empty-home");
mkdirSync(emptyHome);

/** A copy of an OpenCode database in a scratch data dir: reading in place may add -shm beside it. */
function openCodeDataDir(name: string, database: string): string {
  const dir = path.join(scratch, name);
  mkdirSync(dir, { recursive: true });
  copyFileSync(database, path.join(dir, "opencode.db"));
  return dir;
}

function expectSession(sessions: SessionSummary[], expected: ExpectedSession) {
  const summary = sessions.find((session) => session.sessionId === expected.sessionId);
  expect(summary, expected.sessionId).toBeDefined();
  expect(summary && tokenFields(summary)).toEqual(tokenFields(expected));
  expect(summary?.requests).toBe(expected.requests);
  expect(summary?.compactions).toBe(expected.compactions);
  expect(summary?.peakContextTokens).toBe(expected.peakContextTokens);
}

describe.skipIf(!existsSync(REALCLI))(fixtureSuite("loadAgentSessions over the real CLIs' homes", REALCLI, existsSync(REALCLI)), () => {
  test.each([
    ["claude", CLAUDE_EXPECTED],
    ["codex", CODEX_EXPECTED],
    ["gemini", GEMINI_EXPECTED],
  ] as const)("%s: default folders under the fake HOME give the mock's totals", async (cli, expected) => {
    const { sessions, issues } = await loadAgentSessions({ env: {}, homeDir: path.join(REALCLI, cli) });
    expect(issues).toEqual([]);
    expect(sessions).toHaveLength(expected.length);
    for (const session of expected) expectSession(sessions, session);
  });

  test("opencode: OPENCODE_DATA_DIR pointing at (a copy of) its data dir", async () => {
    const dataDir = openCodeDataDir("realcli-opencode", path.join(REALCLI, "opencode", ".local", "share", "opencode", "opencode.db"));
    const { sessions, issues } = await loadAgentSessions({ env: { OPENCODE_DATA_DIR: dataDir }, homeDir: emptyHome, runtimes: ["opencode"] });
    expect(issues).toEqual([]);
    for (const session of OPENCODE_EXPECTED) expectSession(sessions, session);
  });
});

/* ---- ccusage 20.0.24 on the public samples (the reference for exactness) ---- */

interface CcusageSession {
  sessionId: string;
  inputTokens: number;
  outputTokens: number;
  cacheCreationTokens: number;
  cacheReadTokens: number;
  reasoningOutputTokens?: number;
  totalTokens: number;
}

const outputs = path.join(PUBLIC, "ccusage-tool", "outputs");

/** The JSON document in one of ccusage-tool/outputs/*.txt (a command line first, npm notices after). */
function ccusageSessions(name: string): CcusageSession[] {
  const text = readFileSync(path.join(outputs, name), "utf8");
  const start = text.indexOf("\n{") + 1;
  const end = text.indexOf("\n}\n", start) + 2;
  return (JSON.parse(text.slice(start, end)) as { sessions: CcusageSession[] }).sessions;
}

function byId(sessions: SessionSummary[], id: string): SessionSummary {
  const found = sessions.find((session) => session.sessionId === id);
  expect(found, id).toBeDefined();
  return found as SessionSummary;
}

function anthropicFields(session: SessionSummary | CcusageSession) {
  return "cacheWriteTokens" in session
    ? { input: session.inputTokens, output: session.outputTokens, cacheWrite: session.cacheWriteTokens, cacheRead: session.cacheReadTokens }
    : { input: session.inputTokens, output: session.outputTokens, cacheWrite: session.cacheCreationTokens, cacheRead: session.cacheReadTokens };
}

describe.skipIf(!existsSync(outputs))(fixtureSuite("ccusage 20.0.24 session totals on the public samples", outputs, existsSync(outputs)), () => {
  const claude = (dir: string) => loadAgentSessions({ env: { CLAUDE_CONFIG_DIR: path.join(PUBLIC, "claude-code", dir) }, homeDir: emptyHome, runtimes: ["claude-code"] });

  test("Claude, marot/spotter (real, with subagents and an auto-compaction call): every session matches, 491e126e plus its subagent's requests known only from progress lines (deliberate)", async () => {
    const { sessions } = await claude("marot-spotter");
    for (const expected of ccusageSessions("claude-spotter-session-v20.txt")) {
      const reference = anthropicFields(expected);
      const extra = progressOnlyExtra(expected.sessionId);
      expect(anthropicFields(byId(sessions, expected.sessionId))).toEqual({ input: reference.input + extra.input, output: reference.output + extra.output, cacheWrite: reference.cacheWrite + extra.cacheWrite, cacheRead: reference.cacheRead + extra.cacheRead });
    }
    // ccusage counts 157 de-duplicated entries for 8463c716 (tools/claude_usage_check.py): main + 2 subagent files.
    expect(byId(sessions, "8463c716-a2ea-4c14-9efa-87158ebd9f20").requests).toBe(157);
    expect(byId(sessions, "8463c716-a2ea-4c14-9efa-87158ebd9f20").subagents.map((agent) => agent.agentId)).toEqual(["acompact-f46190", "a7be2f0"]);
  });

  test("Claude, entireio (real 2.1.7): matches, and equals entire.io's own checkpoint token_usage", async () => {
    const { sessions } = await claude("entireio-cli");
    for (const expected of ccusageSessions("claude-entire-session-v20.txt")) {
      expect(anthropicFields(byId(sessions, expected.sessionId))).toEqual(anthropicFields(expected));
    }
  });

  test("Claude, claude-code-viewer (1.0.x inline sidechains): matches; the 2.0.x flat agent file rolls into its parent (deliberate)", async () => {
    const { sessions } = await claude("d-kimuson-claude-code-viewer");
    const reference = ccusageSessions("claude-ccv-session-v20.txt");
    for (const expected of reference.filter((session) => session.sessionId !== "agent-test-hash-123" && session.sessionId !== "5c0375b4-57a5-4f26-b12d-d022ee4e51b7")) {
      expect(anthropicFields(byId(sessions, expected.sessionId))).toEqual(anthropicFields(expected));
    }
    // ccusage lists `agent-test-hash-123.jsonl` as a session of its own (file stem); its lines name
    // 5c0375b4 as their session, so Baton counts it there, as a subagent.
    const parent = reference.find((session) => session.sessionId === "5c0375b4-57a5-4f26-b12d-d022ee4e51b7");
    const flat = reference.find((session) => session.sessionId === "agent-test-hash-123");
    const merged = byId(sessions, "5c0375b4-57a5-4f26-b12d-d022ee4e51b7");
    expect(anthropicFields(merged)).toEqual({
      input: (parent?.inputTokens ?? 0) + (flat?.inputTokens ?? 0),
      output: (parent?.outputTokens ?? 0) + (flat?.outputTokens ?? 0),
      cacheWrite: (parent?.cacheCreationTokens ?? 0) + (flat?.cacheCreationTokens ?? 0),
      cacheRead: (parent?.cacheReadTokens ?? 0) + (flat?.cacheReadTokens ?? 0),
    });
    expect(merged.subagents.map((agent) => agent.agentId)).toEqual(["test-hash-123"]);
    expect(sessions.some((session) => session.sessionId === "agent-test-hash-123")).toBe(false);
  });

  test("Claude, ccusage's own fixtures (usage lines with no type): match", async () => {
    const { sessions } = await claude("ccusage-fixtures");
    for (const expected of ccusageSessions("claude-ccusagefix-session-v20.txt")) {
      expect(anthropicFields(byId(sessions, expected.sessionId))).toEqual(anthropicFields(expected));
    }
  });

  const openai = (session: SessionSummary | CcusageSession) => ({
    input: session.inputTokens,
    cacheRead: session.cacheReadTokens,
    output: session.outputTokens,
    reasoning: "reasoningTokens" in session ? session.reasoningTokens : session.reasoningOutputTokens,
  });

  test("Codex, madshn/localpush (real, duplicate token_count events): every session matches", async () => {
    const { sessions } = await loadAgentSessions({ env: { CODEX_HOME: path.join(PUBLIC, "codex", "madshn-localpush") }, homeDir: emptyHome, runtimes: ["codex"] });
    for (const expected of ccusageSessions("codex-localpush-session-v20.txt")) {
      // ccusage keys sessions by path; the thread id is the file name's trailing UUID.
      const threadId = expected.sessionId.slice(-36);
      expect(openai(byId(sessions, threadId))).toEqual(openai(expected));
    }
  });

  test("Codex, ccusage fixtures (totals-only events, copied branch history counted in both files as ccusage does)", async () => {
    const { sessions } = await loadAgentSessions({ env: { CODEX_HOME: path.join(PUBLIC, "codex", "ccusage-fixtures") }, homeDir: emptyHome, runtimes: ["codex"] });
    for (const expected of ccusageSessions("codex-ccusagefix-session-v20.txt")) {
      // These synthetic rollouts have no session_meta, so the session is named by its path, as in ccusage.
      expect(openai(byId(sessions, expected.sessionId))).toEqual(openai(expected));
    }
  });

  test.each([
    ["gemini-entire-session-v20.txt", "entireio-cli"],
    ["gemini-embeddedreal-session-v20.txt", "embedded-real-doc-sample"],
    ["gemini-jsonl-session-v20.txt", "synthetic-jsonl"],
  ])("Gemini %s: input and cache match; output also holds thoughts (deliberate)", async (file, dir) => {
    const { sessions } = await loadAgentSessions({ env: { GEMINI_DATA_DIR: path.join(PUBLIC, "gemini", dir, "tmp") }, homeDir: emptyHome, runtimes: ["gemini-cli"] });
    for (const expected of ccusageSessions(file)) {
      const session = byId(sessions, expected.sessionId);
      // ccusage reports thoughts only inside totalTokens; Baton's output includes them (CONTRACTS).
      const thoughts = expected.totalTokens - expected.inputTokens - expected.cacheReadTokens - expected.outputTokens;
      expect({ input: session.inputTokens, cacheRead: session.cacheReadTokens, output: session.outputTokens, reasoning: session.reasoningTokens }).toEqual({
        input: expected.inputTokens,
        cacheRead: expected.cacheReadTokens,
        output: expected.outputTokens + thoughts,
        reasoning: thoughts,
      });
    }
  });

  test.each([
    ["opencode-json-session-v20.txt", null],
    ["opencode-sqlite-session-v20.txt", path.join(PUBLIC, "opencode", "synthetic", "sqlite", "opencode.db")],
  ])("OpenCode %s: matches", async (file, database) => {
    const dataDir = database === null ? path.join(PUBLIC, "opencode", "synthetic", "legacy-json") : openCodeDataDir("synthetic-sqlite", database);
    const { sessions, issues } = await loadAgentSessions({ env: { OPENCODE_DATA_DIR: dataDir }, homeDir: emptyHome, runtimes: ["opencode"] });
    expect(issues).toEqual([]);
    for (const expected of ccusageSessions(file)) {
      expect(anthropicFields(byId(sessions, expected.sessionId))).toEqual(anthropicFields(expected));
    }
  });
});
