import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { fixtureSuite, PUBLIC, REALCLI } from "../test-support/shared-fixtures";
import { parseClaudeLog } from "./parse-claude-log";
import { parseCodexRollout } from "./parse-codex-rollout";
import { parseGeminiChatJson, parseGeminiChatJsonl } from "./parse-gemini-chat";
import { parseOpenCode, type OpenCodeRows } from "./parse-opencode";
import { summariseSessions, type SessionLogInput } from "./summarise-session";

/**
 * Session titles over logs the real CLIs wrote (../shared/fixtures, read in place, never copied):
 * each is the prompt the person typed, never the CLIs' own injections (Claude's slash-command
 * wrappers and meta lines, Codex's environment context, Gemini's session context, OpenCode's
 * synthetic text), nor a subagent's task.
 */

/** A folder's `.jsonl` / `.json` files, recursively. */
function logFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.jsonl?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function claudeInputs(folder: string): SessionLogInput[] {
  return logFiles(folder)
    .filter((file) => file.endsWith(".jsonl"))
    .map((file) => {
      const name = path.basename(file, ".jsonl");
      const isSubagent = file.includes(`${path.sep}subagents${path.sep}`) || name.startsWith("agent-");
      return { file, log: parseClaudeLog(readFileSync(file), { agentId: isSubagent ? name.replace(/^agent-/, "") : null }) };
    });
}

function titles(inputs: readonly SessionLogInput[]): Record<string, string | null> {
  return Object.fromEntries(summariseSessions(inputs).map((session) => [session.sessionId, session.title ?? null]));
}

const claudeHome = path.join(REALCLI, "claude", ".claude", "projects");
describe.skipIf(!existsSync(claudeHome))(fixtureSuite("titles: Claude Code 2.1.197 (realcli)", claudeHome, existsSync(claudeHome)), () => {
  test("each session's first typed prompt; the subagent's task and the /compact wrappers are not", () => {
    expect(titles(claudeInputs(claudeHome))).toEqual({
      "a7c8918c-5add-4ec1-a028-1b01f7a65d6b": "Hello, what is 2+2?",
      "d19d2f7a-2e88-4077-98fc-fb98614b95f4": "Second standalone session: name three primary colors.",
      "8a2921a6-a645-402f-a2ef-84906d3bb180": "Please run a shell command for me. TOOL_BASH",
      "9f3d2a6d-710d-4346-a4b9-8ee1c2f0bf7a": "Fresh session for auto-compaction test. BIGCTX",
      "269881a4-6322-42b2-b5b8-ab605f8bd02c": "Delegate to a subagent please. TOOL_AGENT",
      "3557ae41-bf7f-42bb-994f-b4786ce06d9e": "Which model are you? (run with --model claude-sonnet-4-5)",
      "b9be13e6-8dff-4802-ae37-6770ccb1e955": "Slow streaming test with a tool call. SLOWSTREAM TOOL_BASH",
    });
  });

  test("read one line at a time with the carry, every file finds the same title as read whole", () => {
    for (const file of logFiles(claudeHome).filter((entry) => !entry.includes(`${path.sep}subagents${path.sep}`))) {
      const bytes = readFileSync(file);
      const whole = parseClaudeLog(bytes).firstPrompt;
      let carry = null;
      let offset = 0;
      let line = 1;
      const found = [];
      while (offset < bytes.length) {
        const next = bytes.indexOf(10, offset) + 1 || bytes.length;
        const slice = parseClaudeLog(bytes.subarray(offset, next), { startLine: line, carry });
        if (slice.firstPrompt) found.push(slice.firstPrompt);
        carry = slice.carry ?? null;
        line += slice.consumedLines ?? 0;
        offset = next;
      }
      expect(found, file).toEqual(whole ? [whole] : []);
    }
  });
});

const claudePublic = path.join(PUBLIC, "claude-code");
describe.skipIf(!existsSync(claudePublic))(fixtureSuite("titles: Claude Code sessions from public repositories", claudePublic, existsSync(claudePublic)), () => {
  const found = titles(claudeInputs(claudePublic));

  test.each([
    ["55604662-cf2a-4331-851a-ec234028f8ca", "mix phx.server doesnt seem to start"],
    // The /mcp command, its caveat and its output come later; the typed prompt is the first line.
    ["d6e0bada-1959-4eec-a9d2-0bfade768d8f", "start phoenix in background"],
    // A slash command with arguments is what the person asked (its expanded skill text is a meta line).
    ["fe5e1c67-53e7-4862-81ae-d0e013e3270b", "/orchestrator create TODO app by Next.js"],
  ])("%s: %s", (sessionId, title) => {
    expect(found[sessionId]).toBe(title);
  });

  test("a long first prompt is cut at a word; a session opened by a bare /init has none", () => {
    const long = found["8463c716-a2ea-4c14-9efa-87158ebd9f20"]!;
    expect(long.startsWith("Work on bead spotter-fum. Run bd show spotter-fum")).toBe(true);
    expect(long.endsWith("…")).toBe(true);
    expect(long.length).toBeLessThanOrEqual(120);
    expect(found["1af7fc5e-8455-4414-9ccd-011d40f70b2a"]).toBeNull();
  });

  test("the fast path and whole-line parsing agree on every file", () => {
    for (const file of logFiles(claudePublic).filter((entry) => entry.endsWith(".jsonl"))) {
      const bytes = readFileSync(file);
      expect(parseClaudeLog(bytes).firstPrompt, file).toEqual(parseClaudeLog(bytes, { fullParse: true }).firstPrompt);
    }
  });
});

const codexHome = path.join(REALCLI, "codex", ".codex", "sessions");
describe.skipIf(!existsSync(codexHome))(fixtureSuite("titles: Codex CLI 0.171.0 (realcli)", codexHome, existsSync(codexHome)), () => {
  test("the typed prompt, not the <environment_context> turn before it", () => {
    const inputs = logFiles(codexHome).map((file) => ({ file, log: parseCodexRollout(readFileSync(file)) }));
    expect(titles(inputs)).toEqual({
      "01a22665-b02a-7622-aff2-01af6e1e6e98": "Hello codex, what is 2+2?",
      "01a22665-dc4c-76f3-a35f-f69398cbbc28": "Run a shell command please. TOOL_BASH",
    });
  });
});

const codexPublic = path.join(PUBLIC, "codex", "madshn-localpush", "sessions");
describe.skipIf(!existsSync(codexPublic))(fixtureSuite("titles: Codex rollouts from a public repository (text redacted there)", codexPublic, existsSync(codexPublic)), () => {
  test("the user_message event's text, never the injected items before it", () => {
    for (const file of logFiles(codexPublic)) {
      expect(parseCodexRollout(readFileSync(file)).firstPrompt?.text, file).toMatch(/^\[REDACTED_MESSAGE len=\d+ sha=[0-9a-f]+\]$/);
    }
  });
});

const geminiHome = path.join(REALCLI, "gemini", ".gemini", "tmp");
describe.skipIf(!existsSync(geminiHome))(fixtureSuite("titles: Gemini CLI 0.61.0 (realcli)", geminiHome, existsSync(geminiHome)), () => {
  test("the typed prompt, not the <session_context> turn of the history rewrites", () => {
    const inputs = logFiles(geminiHome).map((file) => ({ file, log: file.endsWith(".json") ? parseGeminiChatJson(readFileSync(file)) : parseGeminiChatJsonl(readFileSync(file)) }));
    expect(titles(inputs)).toEqual({
      "8125fb28-8740-4f53-85ef-fe6a3bafdad7": "Hello gemini, what is 2+2?",
      "7035cede-97eb-498f-bdda-b554dbb165f1": "Run a shell command please. TOOL_BASH",
      "83e3e635-55c7-454c-8b82-e3794b27e919": "Read the README please. TOOL_READ",
    });
  });
});

const openCodeDump = path.join(REALCLI, "opencode", "_derived", ".local__share__opencode__opencode.db");
describe.skipIf(!existsSync(openCodeDump))(fixtureSuite("titles: OpenCode 1.18.33 (realcli table dumps)", openCodeDump, existsSync(openCodeDump)), () => {
  test("the first user text part that OpenCode did not add itself", () => {
    const readRows = (table: string): unknown[] =>
      readFileSync(path.join(openCodeDump, `${table}.jsonl`), "utf8")
        .split("\n")
        .filter((line) => line.trim().length > 0)
        .map((line) => JSON.parse(line) as unknown);
    const rows = { sessions: readRows("session"), messages: readRows("message"), parts: readRows("part") } as unknown as OpenCodeRows;
    const logs = parseOpenCode({ rows }).value;
    // The runner quoted its arguments: OpenCode stored the quotes as typed.
    expect(titles(logs.map((log) => ({ file: "opencode.db", log })))).toEqual({
      ses_dd9987b45ffeTjVvgt1Szp5Lxl: '"Hello opencode, what is 2+2?"',
      ses_dd99815b6ffeUMApMf6mNDSpog: '"Run a shell command please. TOOL_BASH"',
    });
  });
});
