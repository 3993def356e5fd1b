/**
 * `baton hooks install|uninstall|status` on settings files that already hold another tool's hooks:
 * merged without touching anything else, a second install byte-identical, uninstall deep-equal to
 * the file before, an invalid file untouched with one line and exit 2.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import type { Io } from "../io";
import { hooksCommand } from "./hooks";

function fakeIo() {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (text) => out.push(text), err: (text) => err.push(text), isTty: false };
  return { io, out: () => out.join("\n"), err: () => err.join("\n") };
}

const CLAUDE_BEFORE = {
  model: "opus",
  hooks: {
    PostToolUse: [{ matcher: "Write|Edit", hooks: [{ type: "command", command: "npx prettier --write \"$CLAUDE_FILE\"" }] }],
    Notification: [{ hooks: [{ type: "command", command: "notify-send claude" }] }],
  },
  statusLine: { type: "command", command: "ccstatusline" },
  permissions: { deny: ["Read(./.env)"] },
};
const GEMINI_BEFORE = { privacy: { usageStatisticsEnabled: false }, hooks: { BeforeTool: [{ matcher: "run_shell_command", hooks: [{ type: "command", command: "audit" }] }] }, mcpServers: { github: { command: "gh" } } };

let home: string;
let env: NodeJS.ProcessEnv;
let cwd: string;
const file = (...parts: string[]) => path.join(home, ...parts);

async function hooks(argv: string[]) {
  const io = fakeIo();
  const code = await hooksCommand(argv, io.io, { cwd, env });
  return { code, out: io.out(), err: io.err() };
}

beforeEach(() => {
  home = mkdtempSync(path.join(os.tmpdir(), "baton-hooks-"));
  cwd = path.join(home, "project");
  mkdirSync(cwd, { recursive: true });
  mkdirSync(file(".claude"), { recursive: true });
  mkdirSync(file(".gemini"), { recursive: true });
  writeFileSync(file(".claude", "settings.json"), `${JSON.stringify(CLAUDE_BEFORE, null, 2)}\n`);
  writeFileSync(file(".gemini", "settings.json"), `${JSON.stringify(GEMINI_BEFORE, null, 4)}\n`);
  // No codex on PATH: trust is the user's to give (one line says how).
  env = { HOME: home, PATH: "/nonexistent", BATON_DATA_DIR: path.join(home, "data"), NODE_ENV: "test" };
});

describe("baton hooks install / uninstall", () => {
  it("round-trips Claude Code and Gemini CLI settings that hold other tools' hooks", async () => {
    const install = await hooks(["install", "--runtime", "claude-code,gemini-cli", "--statusline", "--mcp"]);
    expect(install.code).toBe(0);
    const claude = JSON.parse(readFileSync(file(".claude", "settings.json"), "utf8"));
    expect(claude.model).toBe("opus");
    expect(claude.permissions).toEqual(CLAUDE_BEFORE.permissions);
    expect(claude.hooks.Notification).toEqual(CLAUDE_BEFORE.hooks.Notification);
    expect(claude.hooks.PostToolUse[0]).toEqual(CLAUDE_BEFORE.hooks.PostToolUse[0]);
    expect(claude.hooks.PostToolUse).toHaveLength(2);
    expect(claude.hooks.SessionStart[0].matcher).toBe("startup|resume|clear|compact");
    for (const event of ["SessionStart", "UserPromptSubmit", "PostToolUse"]) {
      const command: string = claude.hooks[event].at(-1).hooks[0].command;
      expect(command).toMatch(/baton\.mjs' hook [a-z-]+ --runtime claude-code$/);
      expect(command).toContain(`'${process.execPath}'`);
      expect(command).not.toMatch(/npx|prisma|next/);
    }
    // Another tool's status line is kept, and the output says so.
    expect(claude.statusLine).toEqual(CLAUDE_BEFORE.statusLine);
    expect(install.out).toContain("kept the status line already set (ccstatusline)");
    // Claude Code's MCP servers (user scope) live in ~/.claude.json.
    expect(JSON.parse(readFileSync(file(".claude.json"), "utf8")).mcpServers.baton.args.at(-1)).toBe("mcp");
    const gemini = JSON.parse(readFileSync(file(".gemini", "settings.json"), "utf8"));
    expect(Object.keys(gemini.hooks)).toEqual(["BeforeTool", "SessionStart", "BeforeAgent"]);
    expect(gemini.mcpServers.github).toEqual({ command: "gh" });
    expect(readFileSync(file(".gemini", "settings.json"), "utf8")).toMatch(/^\{\n {4}"privacy"/);
    expect(existsSync(file(".claude", "settings.json.baton-backup"))).toBe(true);
    expect(JSON.parse(readFileSync(file(".claude", "settings.json.baton-backup"), "utf8"))).toEqual(CLAUDE_BEFORE);

    // A second install changes no byte.
    const bytes = [".claude/settings.json", ".gemini/settings.json", ".claude.json"].map((name) => readFileSync(file(name)));
    const again = await hooks(["install", "--runtime", "claude-code,gemini-cli", "--statusline", "--mcp"]);
    expect(again.code).toBe(0);
    expect(again.out).not.toMatch(/written to/);
    expect([".claude/settings.json", ".gemini/settings.json", ".claude.json"].map((name) => readFileSync(file(name)))).toEqual(bytes);

    const status = await hooks(["status", "--json"]);
    const report = JSON.parse(status.out);
    expect(report.runtimes.find((entry: { runtime: string }) => entry.runtime === "claude-code").events.map((event: { status: string }) => event.status)).toEqual(["current", "current", "current"]);
    expect(report.threshold).toEqual({ percent: 90, source: "default", detail: null });

    const uninstall = await hooks(["uninstall", "--runtime", "claude-code,gemini-cli"]);
    expect(uninstall.code).toBe(0);
    expect(JSON.parse(readFileSync(file(".claude", "settings.json"), "utf8"))).toEqual(CLAUDE_BEFORE);
    expect(JSON.parse(readFileSync(file(".gemini", "settings.json"), "utf8"))).toEqual(GEMINI_BEFORE);
    // ~/.claude.json did not exist before: Baton created it, and removes it again.
    expect(existsSync(file(".claude.json"))).toBe(false);
  });

  it("writes Codex's hooks.json and, without codex on PATH, says in one line what the user must do", async () => {
    mkdirSync(file(".codex"), { recursive: true });
    writeFileSync(file(".codex", "config.toml"), 'model = "gpt-5.5"\n# keep me\n');
    const install = await hooks(["install", "--runtime", "codex", "--mcp"]);
    expect(install.code).toBe(0);
    expect(install.err.split("\n")).toHaveLength(1);
    expect(install.err).toContain("codex is not on PATH");
    expect(JSON.parse(readFileSync(file(".codex", "hooks.json"), "utf8")).hooks.UserPromptSubmit[0].hooks[0].command).toContain("--runtime codex");
    expect(readFileSync(file(".codex", "config.toml"), "utf8").startsWith('model = "gpt-5.5"\n# keep me\n')).toBe(true);
    expect((await hooks(["install", "--runtime", "codex", "--no-trust"])).code).toBe(0);
    expect((await hooks(["uninstall", "--runtime", "codex"])).code).toBe(0);
    expect(readFileSync(file(".codex", "config.toml"), "utf8")).toBe('model = "gpt-5.5"\n# keep me\n');
    expect(existsSync(file(".codex", "hooks.json"))).toBe(false);
  });

  it("leaves a settings file that is not valid JSON untouched: one line, exit 2, and writes nothing anywhere", async () => {
    writeFileSync(file(".claude", "settings.json"), '{ "model": "opus", }\n');
    const before = readFileSync(file(".gemini", "settings.json"), "utf8");
    const result = await hooks(["install"]);
    expect(result.code).toBe(2);
    expect(result.err.split("\n")).toHaveLength(1);
    expect(result.err).toMatch(/settings\.json is not valid JSON .*left it untouched/);
    expect(readFileSync(file(".claude", "settings.json"), "utf8")).toBe('{ "model": "opus", }\n');
    expect(readFileSync(file(".gemini", "settings.json"), "utf8")).toBe(before);
    expect(existsSync(file(".codex", "hooks.json"))).toBe(false);
  });

  it("installs into the project's files with --scope project", async () => {
    const result = await hooks(["install", "--runtime", "claude-code", "--scope", "project"]);
    expect(result.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(cwd, ".claude", "settings.json"), "utf8")).hooks.SessionStart).toHaveLength(1);
    expect(JSON.parse(readFileSync(file(".claude", "settings.json"), "utf8"))).toEqual(CLAUDE_BEFORE);
  });

  it.each([[["install", "--runtime", "opencode"]], [["frobnicate"]], [["install", "--scope", "team"]]])("rejects %j with exit 2", async (argv) => {
    await expect(hooks(argv)).rejects.toThrow();
  });
});
