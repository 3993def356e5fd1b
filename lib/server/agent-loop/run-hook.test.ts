/**
 * The hook entry points in a repository Baton never scanned, with an empty data folder and a
 * DATABASE_URL whose SQLite file does not exist: they read the repo themselves, record what they did
 * in the data folder, create no database, and never fail the agent.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { parseLoopRecords } from "../../core/agent-loop/loop-records";
import { GitFixture, handoffMarkdown } from "../test-support/git-fixture";
import { runHook } from "./run-hook";

const HANDOFF = "docs/ai/handoff/codex/01122026/handoff_start.md";
let data: string;
let env: NodeJS.ProcessEnv;
let repo: GitFixture;

function transcript(tokens: number, model = "claude-sonnet-4-5"): string {
  const file = path.join(data, "..", `t-${tokens}-${Math.random().toString(36).slice(2)}.jsonl`);
  const line = { type: "assistant", sessionId: "s", uuid: "u1", timestamp: "2026-12-07T10:00:00Z", requestId: "r1", message: { id: "m1", model, usage: { input_tokens: 3, cache_creation_input_tokens: 0, cache_read_input_tokens: tokens - 3, output_tokens: 5 } } };
  writeFileSync(file, `${JSON.stringify(line)}\n`);
  return file;
}

const stdin = (fields: Record<string, unknown>) => JSON.stringify({ session_id: "sess-1", cwd: repo.root, hook_event_name: "UserPromptSubmit", ...fields });
const context = (output: string) => (JSON.parse(output) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } }).hookSpecificOutput;
const records = () => (existsSync(path.join(data, "agent-loop", "events.jsonl")) ? parseLoopRecords(readFileSync(path.join(data, "agent-loop", "events.jsonl"), "utf8")).records : []);
const log = () => (existsSync(path.join(data, "logs", "agent-loop.log")) ? readFileSync(path.join(data, "logs", "agent-loop.log"), "utf8") : "");

beforeEach(() => {
  const base = mkdtempSync(path.join(os.tmpdir(), "baton-run-hook-"));
  data = path.join(base, "data");
  mkdirSync(data);
  env = { BATON_DATA_DIR: data, DATABASE_URL: `file:${path.join(base, "never", "baton.db")}`, PATH: process.env.PATH, NODE_ENV: "test" };
  repo = new GitFixture("never-scanned");
  repo.write("README.md", "# x\n").commit("init");
  repo.write(HANDOFF, handoffMarkdown({ phase: "start", runtime: "codex", path: HANDOFF, next: "Run `npm test` and fix `src/a.ts:3`." })).commit("handoff");
});

describe("session start in a repo Baton never scanned, with no database", () => {
  it("gives the resume prompt for the runtime, records it, and creates no database", async () => {
    const output = await runHook({ runtime: "claude-code", slug: "session-start", stdin: stdin({ hook_event_name: "SessionStart", source: "startup" }), env });
    const hook = context(output);
    expect(hook.hookEventName).toBe("SessionStart");
    expect(hook.additionalContext).toContain("Resume work from a handoff file");
    expect(hook.additionalContext).toContain(HANDOFF);
    expect(hook.additionalContext).toContain("Run `npm test` and fix `src/a.ts:3`.");
    expect(records()).toMatchObject([{ kind: "resume-injected", runtime: "claude-code", sessionId: "sess-1", handoffPath: HANDOFF, source: "startup", delivered: "full" }]);
    expect(existsSync(path.join(path.dirname(env.DATABASE_URL!.slice(5))))).toBe(false);
  });

  it("warns of a fork when another session was given the same handoff, and gives a resumed conversation nothing new", async () => {
    await runHook({ runtime: "codex", slug: "session-start", stdin: stdin({ session_id: "first", hook_event_name: "SessionStart", source: "startup" }), env });
    const second = context(await runHook({ runtime: "gemini-cli", slug: "session-start", stdin: stdin({ session_id: "second", hook_event_name: "SessionStart", source: "startup" }), env }));
    expect(second.additionalContext).toMatch(/^Warning from Baton: this handoff was already resumed by session first \(codex, /);
    expect(await runHook({ runtime: "codex", slug: "session-start", stdin: stdin({ session_id: "first", hook_event_name: "SessionStart", source: "resume" }), env })).toBe("");
    const compacted = context(await runHook({ runtime: "codex", slug: "session-start", stdin: stdin({ session_id: "first", hook_event_name: "SessionStart", source: "compact" }), env }));
    expect(compacted.additionalContext).not.toContain("Resume work from a handoff file");
    expect(compacted.additionalContext).toContain(HANDOFF);
  });

  it("masks a secret written in the handoff", async () => {
    repo.write(HANDOFF, handoffMarkdown({ phase: "start", runtime: "codex", path: HANDOFF, next: "Deploy with token ghp_abcdefghijklmnopqrstuvwxyz0123456789 then run `npm test`." }));
    const hook = context(await runHook({ runtime: "claude-code", slug: "session-start", stdin: stdin({ hook_event_name: "SessionStart", source: "startup" }), env }));
    expect(hook.additionalContext).not.toContain("ghp_abcdefghijklmnopqrstuvwxyz0123456789");
    expect(hook.additionalContext).toContain("[secret:");
  });

  it("gives nothing outside a repository or where there is no open handoff", async () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), "baton-no-repo-"));
    expect(await runHook({ runtime: "claude-code", slug: "session-start", stdin: stdin({ cwd: outside, hook_event_name: "SessionStart", source: "startup" }), env })).toBe("");
    expect(log()).toContain("is not inside a git repository");
    const empty = new GitFixture("no-handoffs");
    empty.write("a.txt", "a\n").commit("init");
    expect(await runHook({ runtime: "claude-code", slug: "session-start", stdin: stdin({ cwd: empty.root, hook_event_name: "SessionStart", source: "startup" }), env })).toBe("");
  });
});

describe("the context guard", () => {
  it("asks once at the threshold, with the identity filled in and the position in words", async () => {
    expect(await runHook({ runtime: "claude-code", slug: "user-prompt-submit", stdin: stdin({ transcript_path: transcript(150_000) }), env })).toBe("");
    const high = transcript(183_500);
    const hook = context(await runHook({ runtime: "claude-code", slug: "post-tool-use", stdin: stdin({ transcript_path: high, hook_event_name: "PostToolUse" }), env, now: new Date("2026-12-07T12:00:00Z") }));
    expect(hook.hookEventName).toBe("PostToolUse");
    expect(hook.additionalContext).toContain("at 91.7 % of 200,000 tokens");
    expect(hook.additionalContext).toContain("`docs/ai/handoff/claude-code/07122026/handoff_<phase>.md`");
    expect(hook.additionalContext).toContain("Session id: `sess-1`");
    expect(hook.additionalContext).toContain(`HEAD sha: \`${repo.git("rev-parse", "HEAD").trim()}\``);
    expect(hook.additionalContext).toContain(`Previous handoff (the resume pointer): \`${HANDOFF}\``);
    expect(await runHook({ runtime: "claude-code", slug: "user-prompt-submit", stdin: stdin({ transcript_path: high }), env })).toBe("");
    // Another session is counted on its own.
    expect(await runHook({ runtime: "claude-code", slug: "user-prompt-submit", stdin: stdin({ session_id: "sess-2", transcript_path: high }), env })).not.toBe("");
    expect(records().filter((record) => record.kind === "guard-instruction")).toMatchObject([
      { sessionId: "sess-1", tokens: 183_500, window: 200_000, threshold: 90, targetPath: "docs/ai/handoff/claude-code/07122026/handoff_<phase>.md" },
      { sessionId: "sess-2" },
    ]);
  });

  it("asks once when several hooks of one session run at the same time", async () => {
    const high = transcript(185_000);
    const outputs = await Promise.all(Array.from({ length: 6 }, () => runHook({ runtime: "claude-code", slug: "post-tool-use", stdin: stdin({ session_id: "parallel", transcript_path: high, hook_event_name: "PostToolUse" }), env })));
    expect(outputs.filter((output) => output !== "")).toHaveLength(1);
  });

  it("uses the repo's declared budget, and BATON_HANDOFF_AT over it", async () => {
    repo.write(".moai/config/config.json", JSON.stringify({ session: { context_budget: { warning_threshold_percent: 75, emergency_threshold_percent: 85, reserve_tokens: 55000 } } }));
    const at86 = transcript(172_000);
    expect(context(await runHook({ runtime: "claude-code", slug: "user-prompt-submit", stdin: stdin({ transcript_path: at86 }), env })).additionalContext).toContain("threshold of 85 % (declared in .moai/config/config.json)");
    expect(await runHook({ runtime: "claude-code", slug: "user-prompt-submit", stdin: stdin({ session_id: "other", transcript_path: at86 }), env: { ...env, BATON_HANDOFF_AT: "95" } })).toBe("");
  });

  it.each([
    ["empty stdin", ""],
    ["garbage", "\u0000\u00ff{{{ not json"],
    ["an array", "[1,2,3]"],
    ["a missing transcript", JSON.stringify({ session_id: "x", transcript_path: "/nonexistent/t.jsonl", cwd: "/" })],
    ["a transcript that is a folder", JSON.stringify({ session_id: "x", transcript_path: "/", cwd: "/" })],
    ["no transcript_path", JSON.stringify({ session_id: "x", cwd: "/" })],
  ])("prints nothing and logs a line for %s", async (_name, input) => {
    expect(await runHook({ runtime: "claude-code", slug: "post-tool-use", stdin: input, env })).toBe("");
  });

  it("exits 0 with nothing on stdout from the real command, whatever stdin holds", () => {
    for (const input of ["", "garbage", JSON.stringify({ transcript_path: "/nope" })]) {
      for (const args of [["hook", "user-prompt-submit", "--runtime", "claude-code"], ["hook", "session-start", "--runtime", "codex"], ["hook", "nonsense"]]) {
        const result = spawnSync(process.execPath, [path.resolve(import.meta.dirname, "../../../bin/baton.mjs"), ...args], { input, env: { ...process.env, ...env, BATON_NO_BUNDLE: undefined }, encoding: "utf8", cwd: os.tmpdir() });
        expect(result.status).toBe(0);
        expect(result.stdout).toBe("");
      }
    }
    expect(log()).toMatch(/empty stdin|not JSON/);
  }, 120_000);
});
