import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, it, type ExpectStatic } from "vitest";
import { dateFolder } from "../../core/agent-loop/handoff-instruction";
import { parseLoopRecords } from "../../core/agent-loop/loop-records";
import {
  cliEnv,
  codexConfig,
  geminiSettings,
  gitIn,
  installClis,
  missingPrerequisite,
  PROJECT_ROOT,
  runAsync,
  scratch,
  startMock,
  type CliName,
  type InstalledClis,
  type MockLlm,
} from "./real-clients-harness";

/**
 * Baton in the loop of the real Claude Code 2.1.197, Codex 0.171.0 and Gemini CLI 0.61.0 (installed
 * from the npm registry into .tmp/realcli by scripts/install-realcli.mjs, one npm call for the three),
 * talking to the shared mock LLM, which saves every request body: what the model received is read from
 * those bodies. The three run side by side (each its own mock, HOME, repo and data folder), and each
 * CLI run checks several things, so the file costs what its slowest CLI costs. A CLI that cannot be
 * installed skips with the reason; without ../shared the whole file is skipped.
 */
const missing = missingPrerequisite();
const HANDOFF = "docs/ai/handoff/claude-code/01122026/handoff_fix-typecheck-errors.md";
const BATON = path.join(PROJECT_ROOT, "bin", "baton.mjs");
const LONG = 900_000;
const GUARD = "Baton context guard";
const RESUME = "Resume work from a handoff file";

/** Every string in a request body, joined: what the model was sent, JSON escapes undone. */
function sentText(body: string): string {
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === "object" && value !== null) Object.values(value).forEach(walk);
  };
  walk(JSON.parse(body));
  return strings.join("\n");
}

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

interface Setup {
  base: string;
  home: string;
  repo: string;
  data: string;
  env: Record<string, string>;
  mock: MockLlm;
  cli: string;
}

/** A repo holding one committed protocol handoff, the CLI's settings as the fixtures had them (Codex's through `codexConfigFor`), and the mock. */
async function setUp(cli: CliName, installed: Promise<InstalledClis>, codexConfigFor: (config: string) => string = (config) => config): Promise<Setup | { skip: string }> {
  const place = scratch(`loop-${cli}`);
  mkdirSync(path.join(place.repo, path.dirname(HANDOFF)), { recursive: true });
  cpSync(path.join(PROJECT_ROOT, "lib/core/handoff/__fixtures__/protocol-headings.md"), path.join(place.repo, HANDOFF));
  gitIn(place.repo, "add", "-A");
  gitIn(place.repo, "commit", "-q", "-m", "handoff");
  const mock = await startMock(path.join(place.base, "mock"));
  if (cli === "codex") {
    mkdirSync(path.join(place.home, ".codex"), { recursive: true });
    writeFileSync(path.join(place.home, ".codex", "config.toml"), codexConfigFor(codexConfig(mock.port)));
  }
  if (cli === "gemini") {
    mkdirSync(path.join(place.home, ".gemini"), { recursive: true });
    writeFileSync(path.join(place.home, ".gemini", "settings.json"), geminiSettings());
  }
  // Everything above ran while the CLIs were being installed.
  const { dir, clis } = await installed;
  const entry = clis[cli];
  if ("skip" in entry) {
    mock.stop();
    return entry;
  }
  return { ...place, env: cliEnv(cli, { home: place.home, port: mock.port, data: place.data, cliDir: dir }), mock, cli: entry.bin };
}

function baton(setup: Setup, args: readonly string[]) {
  return runAsync(process.execPath, [BATON, ...args], { cwd: setup.repo, env: setup.env, timeoutMs: 300_000 });
}

/** The prompt `baton resume <repo> --runtime <runtime>` prints (with its own database in the scratch data folder). */
async function resumePrompt(expect: ExpectStatic, setup: Setup, runtime: string): Promise<string> {
  const result = await baton(setup, ["resume", setup.repo, "--runtime", runtime, "--json"]);
  expect(result.status, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { prompt: string }).prompt;
}

async function cli(expect: ExpectStatic, setup: Setup, args: readonly string[]) {
  const result = await runAsync(setup.cli, args, { cwd: setup.repo, env: setup.env, timeoutMs: 300_000 });
  expect(result.status, `${path.basename(setup.cli)} ${args.join(" ")}: ${result.stderr.slice(-2000)}`).toBe(0);
  return result;
}

/** The main requests (not a summarisation) whose text carries `marker` (the CLI's own prompt), as sent. */
function requestsWith(setup: Setup, marker: string): string[] {
  const compactions = new Set(setup.mock.requests().filter((entry) => entry.scenario === "compact").map((entry) => entry.n));
  return setup.mock
    .bodies()
    .filter((entry) => !compactions.has(entry.n))
    .map((entry) => sentText(entry.body))
    .filter((text) => text.includes(marker));
}

function firstRequestWith(expect: ExpectStatic, setup: Setup, marker: string): string {
  const found = requestsWith(setup, marker);
  expect(found.length, `no request carried ${marker}`).toBeGreaterThan(0);
  return found[0]!;
}

function records(setup: Setup) {
  const file = path.join(setup.data, "agent-loop", "events.jsonl");
  return existsSync(file) ? parseLoopRecords(readFileSync(file, "utf8")).records : [];
}

describe.skipIf(missing !== null)(`real clients in Baton's loop${missing ? ` [${missing}]` : ""}`, () => {
  let installed: Promise<InstalledClis>;
  // Started once, not awaited here: each test sets its repo and mock up while npm downloads.
  beforeAll(() => {
    installed = installClis();
  });

  it.concurrent("Claude Code 2.1.197: the resume prompt in a new session's first request; the handoff asked for once, in the first request after a turn at ~92 %", async ({ expect, skip }) => {
    const setup = await setUp("claude", installed);
    if ("skip" in setup) return skip(setup.skip);
    try {
      const head = gitIn(setup.repo, "rev-parse", "HEAD");
      const install = await baton(setup, ["hooks", "install", "--runtime", "claude-code"]);
      expect(install.status, install.stderr).toBe(0);
      const prompt = await resumePrompt(expect, setup, "claude-code");
      const claude = (...args: string[]) => cli(expect, setup, ["-p", "--model", "claude-sonnet-4-5", ...args]);

      // claude -p: SessionStart source startup gives the whole prompt.
      await claude("Hello loop");
      const first = firstRequestWith(expect, setup, "Hello loop");
      expect(prompt).toContain(HANDOFF);
      expect(first).toContain(prompt);
      expect(count(first, RESUME)).toBe(1);
      expect(first).not.toContain(GUARD);

      // --continue (source resume): nothing new (the history has the prompt); a turn at ~92 %, and no instruction yet.
      await claude("--continue", "BIGCTX now");
      const big = firstRequestWith(expect, setup, "BIGCTX now");
      expect(count(big, RESUME)).toBe(1);
      expect(big).not.toContain(GUARD);

      // The next turn (itself at ~92 % again) carries the instruction, once.
      await claude("--continue", "After the big turn BIGCTX");
      const asked = firstRequestWith(expect, setup, "After the big turn");
      expect(count(asked, GUARD)).toBe(1);
      const guard = records(setup).filter((record) => record.kind === "guard-instruction");
      expect(guard).toHaveLength(1);
      expect(asked).toContain(`docs/ai/handoff/claude-code/${dateFolder(new Date())}/handoff_<phase>.md`);
      expect(asked).toMatch(/at 9[12](\.\d)? % of 200,000 tokens/);
      // Claude Code compacts a 200,000 window at 167,000: the guard's threshold comes 5 points before it.
      expect(asked).toContain("past the handoff threshold of 78.5 % (lowered from 90 %, which would come after the runtime's own compaction: Claude Code auto-compacts at 167,000 tokens, 83.5 % of the window)");
      expect(asked).toContain(`Session id: \`${guard[0]!.sessionId}\``);
      expect(asked).toContain("Git branch: `feature/loop`");
      expect(asked).toContain(`HEAD sha: \`${head}\``);
      expect(asked).toContain(`Previous handoff (the resume pointer): \`${HANDOFF}\``);
      expect(asked).toMatch(/Commit everything[\s\S]*Push the branch[\s\S]*Stop:/);

      // Still past the threshold (the last request was at ~92 %): no second instruction.
      await claude("--continue", "One more turn");
      expect(count(firstRequestWith(expect, setup, "One more turn"), GUARD)).toBe(1);
      const kinds = records(setup).map((record) => record.kind);
      expect(kinds.filter((kind) => kind === "guard-instruction")).toHaveLength(1);
      expect(kinds.filter((kind) => kind === "resume-injected")).toHaveLength(1);
    } finally {
      setup.mock.stop();
    }
  }, LONG);

  it.concurrent("Codex 0.171.0: trusted through codex app-server; codex exec's first request carries the resume prompt; the instruction arrives in a normal request before Codex compacts, at a threshold lowered below the user's model_auto_compact_token_limit; PostToolUse asks too", async ({ expect, skip }) => {
    // gpt-6.1-sol (Codex's catalog: 500,000, the rollout's usable window 475,000) and the user's
    // model_auto_compact_token_limit = 260,000 (54.7 %): 90 % would come after it, so the guard asks at 49.7 %.
    const setup = await setUp("codex", installed, (config) => `model_auto_compact_token_limit = 260000\n${config.replace(/^model = .*$/m, 'model = "gpt-6.1-sol"')}`);
    if ("skip" in setup) return skip(setup.skip);
    try {
      const configFile = path.join(setup.home, ".codex", "config.toml");
      const before = readFileSync(configFile, "utf8");
      const install = await baton(setup, ["hooks", "install", "--runtime", "codex"]);
      expect(install.status, install.stderr).toBe(0);
      expect(install.stdout).toContain("hooks/list says so");
      const config = readFileSync(configFile, "utf8");
      expect(config.startsWith(before)).toBe(true);
      expect(config).toMatch(/\[hooks\.state\."[^"]*hooks\.json:session_start:0:0"\]\ntrusted_hash = "sha256:[0-9a-f]{64}"/);
      const prompt = await resumePrompt(expect, setup, "codex");
      const trace = () => JSON.stringify({ records: records(setup).map(({ kind, event, source, percent, threshold }) => ({ kind, event, source, percent, threshold })), requests: setup.mock.requests().map(({ n, model, scenario }) => ({ n, model, scenario })) });

      // The first turn: the resume prompt before the first prompt; the mock reports ~251,000 prompt tokens (52.9 % of 475,000).
      await cli(expect, setup, ["exec", "Hello loop BIGCTX"]);
      const first = firstRequestWith(expect, setup, "Hello loop");
      expect(first).toContain(prompt);
      expect(first).not.toContain(GUARD);
      expect(records(setup).filter((record) => record.kind === "resume-injected" && record.runtime === "codex"), trace()).toHaveLength(1);

      // The next turn: Codex does not compact (251,000 < 260,000), and UserPromptSubmit's instruction goes out with the prompt.
      await cli(expect, setup, ["exec", "resume", "--last", "After the big turn"]);
      const asked = records(setup).filter((record) => record.kind === "guard-instruction");
      expect(asked, trace()).toHaveLength(1);
      expect(asked[0]).toMatchObject({ runtime: "codex", event: "UserPromptSubmit", window: 475_000, threshold: 49.7, targetPath: `docs/ai/handoff/codex/${dateFolder(new Date())}/handoff_<phase>.md` });
      const next = firstRequestWith(expect, setup, "After the big turn");
      expect(count(next, GUARD)).toBe(1);
      expect(next).toMatch(/context is at 5\d(\.\d)? % of 475,000 tokens, past the handoff threshold of 49\.7 % \(lowered from 90 %, which would come after the runtime's own compaction: Codex auto-compacts at 260,000 tokens \(model_auto_compact_token_limit = 260,000 in [^)]*config\.toml\), 54\.7 % of the window\)/);
      expect(next).toContain(`Session id: \`${asked[0]!.sessionId}\``);
      expect(setup.mock.requests().filter((entry) => entry.scenario === "compact"), trace()).toEqual([]);

      // PostToolUse (gpt-5.5 is the catalog model Codex gives its shell tools): a new session whose first
      // tool call is past BATON_HANDOFF_AT=3 (~9,000 of 258,400) gets the instruction in the request after the tool call.
      await cli(expect, { ...setup, env: { ...setup.env, BATON_HANDOFF_AT: "3" } }, ["exec", "-m", "gpt-5.5", "TOOL_BASH tool loop"]);
      const tool = records(setup).filter((record) => record.kind === "guard-instruction" && record.event === "PostToolUse");
      expect(tool, trace()).toHaveLength(1);
      expect(tool[0]).toMatchObject({ window: 258_400, threshold: 3 });
      const toolRequests = requestsWith(setup, "TOOL_BASH tool loop");
      expect(toolRequests[0]).not.toContain(GUARD);
      expect(toolRequests.slice(1).some((text) => text.includes(GUARD) && text.includes(`Session id: \`${tool[0]!.sessionId}\``)), trace()).toBe(true);
    } finally {
      setup.mock.stop();
    }
  }, LONG);

  it.concurrent("Gemini CLI 0.61.0: gemini -p's first request carries the resume prompt; with a model in Baton's table, the instruction arrives in the turn after one at ~87 %, at 45 % (before Gemini CLI's own compression at 50 %), ahead of the compression", async ({ expect, skip }) => {
    const setup = await setUp("gemini", installed);
    if ("skip" in setup) return skip(setup.skip);
    try {
      const settings = path.join(setup.home, ".gemini", "settings.json");
      const before = JSON.parse(readFileSync(settings, "utf8")) as Record<string, unknown>;
      const install = await baton(setup, ["hooks", "install", "--runtime", "gemini-cli"]);
      expect(install.status, install.stderr).toBe(0);
      const prompt = await resumePrompt(expect, setup, "gemini-cli");
      // gemini-2.5-flash is in Baton's model table (1,048,576): the fixture's gemini-3.8-flash is not, and the guard never guesses.
      const gemini = (...args: string[]) => cli(expect, setup, ["-m", "gemini-2.5-flash", ...args]);

      // The first turn: the resume prompt (Gemini CLI escapes < and > inside <hook_context>), and the mock reports ~910,000 prompt tokens.
      await gemini("-p", "Hello loop BIGCTX");
      const first = firstRequestWith(expect, setup, "Hello loop");
      expect(first).toContain(`<hook_context>${prompt.replaceAll("<", "&lt;").replaceAll(">", "&gt;")}</hook_context>`);
      expect(first).not.toContain(GUARD);
      expect(records(setup).filter((record) => record.kind === "guard-instruction")).toEqual([]);

      // The next turn's BeforeAgent reads ~87 % from the chat file: past 45 % (Gemini CLI compresses at 50 % of 1,048,576 by default).
      // Its prompt asks for a file read at ~87 % again, so Gemini CLI compresses before the request after the tool call.
      await gemini("--resume", "latest", "-p", "After the big turn BIGCTX TOOL_READ");
      const next = requestsWith(setup, "After the big turn");
      expect(next.length).toBeGreaterThan(0);
      expect(count(next[0]!, GUARD)).toBe(1);
      expect(next[0]).toMatch(/context is at 8\d(\.\d)? % of 1,048,576 tokens, past the handoff threshold of 45 % \(lowered from 90 %, which would come after the runtime's own compaction: Gemini CLI compresses the chat at 524,288 tokens \(its default 0\.5 × 1,048,576\), 50 % of the window\)/);
      const asked = records(setup).filter((record) => record.kind === "guard-instruction");
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatchObject({ runtime: "gemini-cli", event: "BeforeAgent", window: 1_048_576, threshold: 45, targetPath: `docs/ai/handoff/gemini-cli/${dateFolder(new Date())}/handoff_<phase>.md` });
      // Nothing before that turn carried it.
      expect(requestsWith(setup, GUARD).every((text) => text.includes("After the big turn"))).toBe(true);
      // The instruction reached the model in a normal request before Gemini CLI compressed the chat (a new
      // `gemini --resume` process does not know the last prompt's size: it compresses from its second request on).
      const compressions = setup.mock.requests().filter((entry) => entry.scenario === "compact").map((entry) => entry.n);
      expect(compressions.length, "Gemini CLI did not compress past its 50 %").toBeGreaterThan(0);
      const firstAsked = Math.min(...setup.mock.bodies().filter((entry) => sentText(entry.body).includes(GUARD)).map((entry) => entry.n));
      expect(firstAsked).toBeLessThan(Math.min(...compressions));

      // Uninstall gives the settings back as they were.
      expect((await baton(setup, ["hooks", "uninstall", "--runtime", "gemini-cli"])).status).toBe(0);
      expect(JSON.parse(readFileSync(settings, "utf8"))).toEqual(before);
      expect(readdirSync(path.dirname(settings))).toContain("settings.json.baton-backup");
    } finally {
      setup.mock.stop();
    }
  }, LONG);
});
