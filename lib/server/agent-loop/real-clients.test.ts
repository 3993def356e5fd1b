import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateFolder } from "../../core/agent-loop/handoff-instruction";
import { parseLoopRecords } from "../../core/agent-loop/loop-records";
import {
  cliEnv,
  codexConfig,
  ensureCli,
  geminiSettings,
  gitIn,
  missingPrerequisite,
  PROJECT_ROOT,
  run,
  scratch,
  startMock,
  type CliName,
  type MockLlm,
} from "./real-clients-harness";

/**
 * Baton in the loop of the real Claude Code 2.1.197, Codex 0.171.0 and Gemini CLI 0.61.0 (installed
 * from the npm registry into .tmp/realcli on first run), talking to the shared mock LLM, which saves
 * every request body: what the model received is read from those bodies. A CLI that cannot be
 * installed skips its tests with the reason; without ../shared the whole file is skipped.
 */
const missing = missingPrerequisite();
const HANDOFF = "docs/ai/handoff/claude-code/01122026/handoff_fix-typecheck-errors.md";
const BATON = path.join(PROJECT_ROOT, "bin", "baton.mjs");
const LONG = 600_000;

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
}

/** A repo holding one committed protocol handoff, the CLI's settings as the fixtures had them, and the mock. */
async function setUp(cli: CliName): Promise<Setup> {
  const place = scratch(`loop-${cli}`);
  mkdirSync(path.join(place.repo, path.dirname(HANDOFF)), { recursive: true });
  cpSync(path.join(PROJECT_ROOT, "lib/core/handoff/__fixtures__/protocol-headings.md"), path.join(place.repo, HANDOFF));
  gitIn(place.repo, "add", "-A");
  gitIn(place.repo, "commit", "-q", "-m", "handoff");
  const mock = await startMock(path.join(place.base, "mock"));
  const env = cliEnv(cli, { home: place.home, port: mock.port, data: place.data });
  if (cli === "codex") {
    mkdirSync(path.join(place.home, ".codex"), { recursive: true });
    writeFileSync(path.join(place.home, ".codex", "config.toml"), codexConfig(mock.port));
  }
  if (cli === "gemini") {
    mkdirSync(path.join(place.home, ".gemini"), { recursive: true });
    writeFileSync(path.join(place.home, ".gemini", "settings.json"), geminiSettings());
  }
  return { ...place, env, mock };
}

function baton(setup: Setup, args: readonly string[]) {
  return run(process.execPath, [BATON, ...args], { cwd: setup.repo, env: setup.env, timeoutMs: 300_000 });
}

/** The prompt `baton resume <repo> --runtime <runtime>` prints (with its own database in the scratch data folder). */
function resumePrompt(setup: Setup, runtime: string): string {
  const result = baton(setup, ["resume", setup.repo, "--runtime", runtime, "--json"]);
  expect(result.status, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { prompt: string }).prompt;
}

/** The request whose last user text carries `marker` (the CLI's own prompt), as sent. */
function requestWith(mock: MockLlm, marker: string): string {
  const found = mock.bodies().filter((entry) => sentText(entry.body).includes(marker));
  expect(found.length, `no request carried ${marker}`).toBeGreaterThan(0);
  return sentText(found[0]!.body);
}

function records(setup: Setup) {
  const file = path.join(setup.data, "agent-loop", "events.jsonl");
  return existsSync(file) ? parseLoopRecords(readFileSync(file, "utf8")).records : [];
}

describe.skipIf(missing !== null)(`real clients in Baton's loop${missing ? ` [${missing}]` : ""}`, () => {
  describe("Claude Code 2.1.197", () => {
    let setup: Setup;
    let skip: string | null = null;
    let claude = "claude";
    let prompt = "";
    let head = "";
    const claudeRun = (args: string[]) => run(claude, ["-p", "--model", "claude-sonnet-4-5", ...args], { cwd: setup.repo, env: setup.env });

    beforeAll(async () => {
      const installed = ensureCli("claude");
      if ("skip" in installed) {
        skip = installed.skip;
        return;
      }
      claude = installed.bin;
      setup = await setUp("claude");
      head = gitIn(setup.repo, "rev-parse", "HEAD");
      const install = baton(setup, ["hooks", "install", "--runtime", "claude-code"]);
      expect(install.status, install.stderr).toBe(0);
      prompt = resumePrompt(setup, "claude-code");
    }, LONG);
    afterAll(() => setup?.mock.stop());

    it("gives a new session (claude -p, source startup) the resume prompt in its first request", (context) => {
      if (skip) return context.skip(skip);
      const result = claudeRun(["Hello loop"]);
      expect(result.status, result.stderr).toBe(0);
      const sent = requestWith(setup.mock, "Hello loop");
      expect(prompt).toContain(HANDOFF);
      expect(sent).toContain(prompt);
      expect(count(sent, "Resume work from a handoff file")).toBe(1);
      expect(sent).not.toContain("Baton context guard");
    }, LONG);

    it("does not repeat the prompt for claude -p --continue (source resume)", (context) => {
      if (skip) return context.skip(skip);
      const result = claudeRun(["--continue", "Second prompt"]);
      expect(result.status, result.stderr).toBe(0);
      // The history still holds the first injection; nothing new was added to it.
      expect(count(requestWith(setup.mock, "Second prompt"), "Resume work from a handoff file")).toBe(1);
    }, LONG);

    it("asks for the handoff in the first request after a turn at ~92 %, and not before", (context) => {
      if (skip) return context.skip(skip);
      expect(claudeRun(["--continue", "BIGCTX now"]).status).toBe(0);
      expect(requestWith(setup.mock, "BIGCTX now")).not.toContain("Baton context guard");
      expect(claudeRun(["--continue", "After the big turn"]).status).toBe(0);
      const sent = requestWith(setup.mock, "After the big turn");
      expect(count(sent, "Baton context guard")).toBe(1);
      const session = records(setup).find((record) => record.kind === "guard-instruction")!;
      expect(session).toBeDefined();
      expect(sent).toContain(`docs/ai/handoff/claude-code/${dateFolder(new Date())}/handoff_<phase>.md`);
      expect(sent).toMatch(/at 9[12](\.\d)? % of 200,000 tokens/);
      expect(sent).toContain(`Session id: \`${session.sessionId}\``);
      expect(sent).toContain("Git branch: `feature/loop`");
      expect(sent).toContain(`HEAD sha: \`${head}\``);
      expect(sent).toContain(`Previous handoff (the resume pointer): \`${HANDOFF}\``);
      expect(sent).toMatch(/Commit everything[\s\S]*Push the branch[\s\S]*Stop:/);
    }, LONG);

    it("asks once per crossing: the next turn gets no second instruction", (context) => {
      if (skip) return context.skip(skip);
      expect(claudeRun(["--continue", "One more turn"]).status).toBe(0);
      expect(count(requestWith(setup.mock, "One more turn"), "Baton context guard")).toBe(1);
      const kinds = records(setup).map((record) => record.kind);
      expect(kinds.filter((kind) => kind === "guard-instruction")).toHaveLength(1);
      expect(kinds.filter((kind) => kind === "resume-injected")).toHaveLength(1);
    }, LONG);
  });

  describe("Codex 0.171.0", () => {
    let setup: Setup;
    let skip: string | null = null;
    let codex = "codex";

    beforeAll(async () => {
      const installed = ensureCli("codex");
      if ("skip" in installed) {
        skip = installed.skip;
        return;
      }
      codex = installed.bin;
      setup = await setUp("codex");
    }, LONG);
    afterAll(() => setup?.mock.stop());

    it("trusts Baton's hooks through codex app-server, and codex exec's first request carries the resume prompt", (context) => {
      if (skip) return context.skip(skip);
      const before = readFileSync(path.join(setup.home, ".codex", "config.toml"), "utf8");
      const install = baton(setup, ["hooks", "install", "--runtime", "codex"]);
      expect(install.status, install.stderr).toBe(0);
      expect(install.stdout).toContain("hooks/list says so");
      const config = readFileSync(path.join(setup.home, ".codex", "config.toml"), "utf8");
      expect(config.startsWith(before)).toBe(true);
      expect(config).toMatch(/\[hooks\.state\."[^"]*hooks\.json:session_start:0:0"\]\ntrusted_hash = "sha256:[0-9a-f]{64}"/);
      const prompt = resumePrompt(setup, "codex");
      const result = run(codex, ["exec", "Hello loop"], { cwd: setup.repo, env: setup.env });
      expect(result.status, result.stderr).toBe(0);
      const sent = requestWith(setup.mock, "Hello loop");
      expect(sent).toContain(prompt);
      expect(records(setup).filter((record) => record.kind === "resume-injected" && record.runtime === "codex")).toHaveLength(1);
    }, LONG);

    it("sends the guard's instruction after a tool call past the threshold, the window read from the rollout", (context) => {
      if (skip) return context.skip(skip);
      // The mock answers with a shell tool call reporting ~249,000 prompt tokens: PostToolUse runs the guard.
      const result = run(codex, ["exec", "resume", "--last", "TOOL_BASH BIGCTX run it"], { cwd: setup.repo, env: setup.env });
      expect(result.status, result.stderr).toBe(0);
      const asked = records(setup).filter((record) => record.kind === "guard-instruction");
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatchObject({ runtime: "codex", event: "PostToolUse", window: 258_400, threshold: 90, targetPath: `docs/ai/handoff/codex/${dateFolder(new Date())}/handoff_<phase>.md` });
      const sent = setup.mock.bodies().map((entry) => sentText(entry.body)).filter((text) => text.includes("Baton context guard"));
      expect(sent.length).toBeGreaterThan(0);
      expect(sent[0]).toMatch(/context is at 9\d(\.\d)? % of 258,400 tokens/);
      expect(sent[0]).toContain(`Session id: \`${asked[0]!.sessionId}\``);
    }, LONG);
  });

  describe("Gemini CLI 0.61.0", () => {
    let setup: Setup;
    let skip: string | null = null;
    let gemini = "gemini";

    beforeAll(async () => {
      const installed = ensureCli("gemini");
      if ("skip" in installed) {
        skip = installed.skip;
        return;
      }
      gemini = installed.bin;
      setup = await setUp("gemini");
    }, LONG);
    afterAll(() => setup?.mock.stop());

    it("gemini -p's first request carries the resume prompt (as <hook_context>)", (context) => {
      if (skip) return context.skip(skip);
      const settings = path.join(setup.home, ".gemini", "settings.json");
      const before = JSON.parse(readFileSync(settings, "utf8")) as Record<string, unknown>;
      const install = baton(setup, ["hooks", "install", "--runtime", "gemini-cli"]);
      expect(install.status, install.stderr).toBe(0);
      const prompt = resumePrompt(setup, "gemini-cli");
      const result = run(gemini, ["-p", "Hello loop"], { cwd: setup.repo, env: setup.env });
      expect(result.status, result.stderr).toBe(0);
      const sent = requestWith(setup.mock, "Hello loop");
      // Gemini CLI escapes < and > inside <hook_context> (so hook text cannot close the tag).
      expect(sent).toContain(`<hook_context>${prompt.replaceAll("<", "&lt;").replaceAll(">", "&gt;")}</hook_context>`);
      // Uninstall gives the settings back as they were.
      expect(baton(setup, ["hooks", "uninstall", "--runtime", "gemini-cli"]).status).toBe(0);
      expect(JSON.parse(readFileSync(settings, "utf8"))).toEqual(before);
      expect(readdirSync(path.dirname(settings))).toContain("settings.json.baton-backup");
    }, LONG);
  });
});
