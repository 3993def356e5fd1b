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

  it("writes a prompt too long for a hook into the data folder and names that file", async () => {
    // Each quoted block of the prompt is cut at 4,000 characters: four long sections make it longer than a hook can pass.
    const long = (words: string) => words.repeat(150);
    const markdown = handoffMarkdown({ phase: "start", runtime: "codex", path: HANDOFF, next: `Run \`npm test\` then ${long("fix the next failing check and note it. ")}` })
      .replace('Finish start. User: "keep the API stable".', `Finish start. User: "keep the API stable". ${long("Keep every public route as it is today. ")}`)
      .replace("- One client per process.", `- One client per process. ${long("Decided after measuring the pool. ")}`)
      .replace("- [ ] Cleanup", `- [ ] Cleanup ${long("of the old query helpers in src/db. ")}`);
    repo.write(HANDOFF, markdown).commit("long handoff");
    const hook = context(await runHook({ runtime: "claude-code", slug: "session-start", stdin: stdin({ session_id: "long", hook_event_name: "SessionStart", source: "startup" }), env }));
    expect(hook.additionalContext.length).toBeLessThanOrEqual(10_000);
    const file = /Read the full resume prompt in (\S+) and follow it/.exec(hook.additionalContext)?.[1];
    expect(file).toBeDefined();
    const prompt = readFileSync(file!, "utf8");
    expect(prompt.length).toBeGreaterThan(10_000);
    expect(prompt).toContain("Resume work from a handoff file");
    expect(records().at(-1)).toMatchObject({ kind: "resume-injected", sessionId: "long", delivered: "truncated" });
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
      { sessionId: "sess-1", tokens: 183_500, window: 200_000, threshold: 78.5, targetPath: "docs/ai/handoff/claude-code/07122026/handoff_<phase>.md" },
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
    // A 1M window: Claude Code compacts at 967,000 (96.7 %), after both thresholds.
    const at86 = transcript(860_000, "claude-sonnet-4-5[1m]");
    expect(context(await runHook({ runtime: "claude-code", slug: "user-prompt-submit", stdin: stdin({ transcript_path: at86 }), env })).additionalContext).toContain("threshold of 85 % (declared in .moai/config/config.json)");
    expect(await runHook({ runtime: "claude-code", slug: "user-prompt-submit", stdin: stdin({ session_id: "other", transcript_path: at86 }), env: { ...env, BATON_HANDOFF_AT: "90" } })).toBe("");
  });

  it("asks before the runtime's own compaction point, whatever threshold was asked for", async () => {
    // Claude Code compacts a 200,000 window at 167,000 (83.5 %): 95 % would never fire, the guard asks at 78.5 %.
    const at80 = transcript(160_000);
    const words = context(await runHook({ runtime: "claude-code", slug: "user-prompt-submit", stdin: stdin({ transcript_path: at80 }), env: { ...env, BATON_HANDOFF_AT: "95" } })).additionalContext;
    expect(words).toContain("past the handoff threshold of 78.5 % (lowered from 95 % set by BATON_HANDOFF_AT, which would come after the runtime's own compaction: Claude Code auto-compacts at 167,000 tokens, 83.5 % of the window)");
    expect(records().at(-1)).toMatchObject({ kind: "guard-instruction", threshold: 78.5, percent: 80 });
    // The user's own settings move the point: CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=60 compacts at 108,000 (54 %).
    expect(context(await runHook({ runtime: "claude-code", slug: "user-prompt-submit", stdin: stdin({ session_id: "pct", transcript_path: transcript(100_000) }), env: { ...env, CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: "60" } })).additionalContext).toContain("threshold of 49 %");
    // BATON_HANDOFF_AT=off: the guard asks nothing, whatever the position.
    expect(await runHook({ runtime: "claude-code", slug: "user-prompt-submit", stdin: stdin({ session_id: "guard-off", transcript_path: transcript(199_000) }), env: { ...env, BATON_HANDOFF_AT: "off" } })).toBe("");
    // With auto-compaction off there is no point to come before: 90 % stays.
    expect(await runHook({ runtime: "claude-code", slug: "user-prompt-submit", stdin: stdin({ session_id: "off", transcript_path: at80 }), env: { ...env, DISABLE_AUTO_COMPACT: "1" } })).toBe("");
    const home = mkdtempSync(path.join(os.tmpdir(), "baton-home-"));
    writeFileSync(path.join(home, ".claude.json"), JSON.stringify({ numStartups: 3, autoCompactEnabled: false }));
    expect(await runHook({ runtime: "claude-code", slug: "user-prompt-submit", stdin: stdin({ session_id: "global-off", transcript_path: at80 }), env: { ...env, HOME: home } })).toBe("");
    // A changed file is read again (its mtime and size are the cache's key).
    writeFileSync(path.join(home, ".claude.json"), JSON.stringify({ numStartups: 3, autoCompactEnabled: true }));
    expect(await runHook({ runtime: "claude-code", slug: "user-prompt-submit", stdin: stdin({ session_id: "global-on", transcript_path: at80 }), env: { ...env, HOME: home } })).not.toBe("");
  });

  it("reads Codex's config.toml and Gemini CLI's settings.json for their compaction points", async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), "baton-home-"));
    mkdirSync(path.join(home, ".codex"));
    writeFileSync(path.join(home, ".codex", "config.toml"), 'model = "gpt-5.5"\nmodel_auto_compact_token_limit = 200000\n');
    const rollout = path.join(data, "..", "rollout.jsonl");
    const tokenCount = (input: number) => JSON.stringify({ timestamp: "2026-12-07T10:00:00Z", type: "event_msg", payload: { type: "token_count", info: { total_token_usage: { input_tokens: input, cached_input_tokens: 0, output_tokens: 10, reasoning_output_tokens: 0, total_tokens: input + 10 }, last_token_usage: { input_tokens: input, cached_input_tokens: 0, output_tokens: 10, reasoning_output_tokens: 0, total_tokens: input + 10 }, model_context_window: 258_400 } } });
    writeFileSync(rollout, `${JSON.stringify({ timestamp: "2026-12-07T10:00:00Z", type: "turn_context", payload: { model: "gpt-5.5", cwd: repo.root } })}\n${tokenCount(190_000)}\n`);
    // 190,000 is 73.5 % of 258,400: under 90 %, but past 200,000 (77.4 %) − 5 points.
    const codex = context(await runHook({ runtime: "codex", slug: "post-tool-use", stdin: stdin({ session_id: "codex-1", transcript_path: rollout, hook_event_name: "PostToolUse" }), env: { ...env, HOME: home } }));
    expect(codex.additionalContext).toContain(`threshold of 72.3 % (lowered from 90 %, which would come after the runtime's own compaction: Codex auto-compacts at 200,000 tokens (model_auto_compact_token_limit = 200,000 in ${path.join(home, ".codex", "config.toml")}), 77.3 % of the window)`);
    mkdirSync(path.join(home, ".gemini"));
    writeFileSync(path.join(home, ".gemini", "settings.json"), JSON.stringify({ model: { compressionThreshold: 0.97 } }));
    const chat = path.join(data, "..", "chat.jsonl");
    const gemini = (input: number) => JSON.stringify({ id: `g${input}`, timestamp: "2026-12-07T10:00:00Z", type: "gemini", content: "ok", model: "gemini-2.5-flash", tokens: { input, output: 5, cached: 0, thoughts: 0, tool: 0, total: input + 5 } });
    writeFileSync(chat, `${JSON.stringify({ sessionId: "g-1", projectHash: "x", startTime: "2026-12-07T10:00:00Z", kind: "main" })}\n${gemini(900_000)}\n`);
    // 0.97 puts Gemini's point after 90 %: 900,000 (85.8 %) is still below it.
    expect(await runHook({ runtime: "gemini-cli", slug: "before-agent", stdin: stdin({ session_id: "g-1", transcript_path: chat, hook_event_name: "BeforeAgent" }), env: { ...env, HOME: home } })).toBe("");
    // Gemini CLI's default (0.5 × 1,048,576) would have had it ask at 45 %.
    expect(await runHook({ runtime: "gemini-cli", slug: "before-agent", stdin: stdin({ session_id: "g-2", transcript_path: chat, hook_event_name: "BeforeAgent" }), env })).toContain("threshold of 45 %");
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
