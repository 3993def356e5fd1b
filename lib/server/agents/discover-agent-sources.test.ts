import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { discoverAgentSources, relativeInside } from "./discover-agent-sources";

const scratch = mkdtempSync(path.join(tmpdir(), "baton-discover-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Creates files (with placeholder content) below a fresh folder and returns it. */
function tree(name: string, files: Record<string, string>): string {
  const root = path.join(scratch, name);
  for (const [relative, content] of Object.entries(files)) {
    const full = path.join(root, relative);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  mkdirSync(root, { recursive: true });
  return root;
}

describe("Claude Code sources", () => {
  const home = tree("claude-home", {
    ".claude/projects/-home-a-app/11111111-aaaa.jsonl": "{}\n",
    ".claude/projects/-home-a-app/11111111-aaaa/subagents/agent-a77.jsonl": "{}\n",
    ".claude/projects/-home-a-app/11111111-aaaa/subagents/agent-a77.meta.json": '{"agentType":"Explore"}',
    ".claude/projects/-home-a-app/agent-f00d.jsonl": "{}\n",
    ".claude/projects/-home-a-app/notes.txt": "not a transcript",
    ".config/claude/projects/-home-a-lib/22222222-bbbb.jsonl": "{}\n",
  });

  test("defaults: ~/.config/claude and ~/.claude, main, subagent and flat agent files told apart", async () => {
    const sources = await discoverAgentSources({ env: {}, homeDir: home });
    expect(sources.claude.roots).toEqual([path.join(home, ".config/claude"), path.join(home, ".claude")]);
    expect(sources.claude.files.map((file) => [path.relative(home, file.path), file.kind, file.sessionId, file.agentId, file.metaPath && path.basename(file.metaPath)])).toEqual([
      [".claude/projects/-home-a-app/11111111-aaaa.jsonl", "main", "11111111-aaaa", null, null],
      [".claude/projects/-home-a-app/11111111-aaaa/subagents/agent-a77.jsonl", "subagent", "11111111-aaaa", "a77", "agent-a77.meta.json"],
      [".claude/projects/-home-a-app/agent-f00d.jsonl", "flat-agent", null, "f00d", null],
      [".config/claude/projects/-home-a-lib/22222222-bbbb.jsonl", "main", "22222222-bbbb", null, null],
    ]);
    expect(sources.issues).toEqual([]);
  });

  test("XDG_CONFIG_HOME moves the second default", async () => {
    const xdg = tree("xdg", { "claude/projects/p/s.jsonl": "{}\n" });
    const sources = await discoverAgentSources({ env: { XDG_CONFIG_HOME: xdg }, homeDir: home });
    expect(sources.claude.roots).toEqual([path.join(xdg, "claude"), path.join(home, ".claude")]);
  });

  test("CLAUDE_CONFIG_DIR: a comma list of config dirs or projects/ dirs, ~ expanded, duplicates once", async () => {
    const other = tree("claude-other", { "projects/p/s.jsonl": "{}\n" });
    const sources = await discoverAgentSources({
      env: { CLAUDE_CONFIG_DIR: ` ~/.claude , ${path.join(other, "projects")},${other},, ` },
      homeDir: home,
    });
    expect(sources.claude.roots).toEqual([path.join(home, ".claude"), other]);
    expect(sources.issues).toEqual([]);
  });

  test("CLAUDE_CONFIG_DIR naming nothing valid is an issue, and the defaults are not used instead", async () => {
    const sources = await discoverAgentSources({ env: { CLAUDE_CONFIG_DIR: path.join(scratch, "missing") }, homeDir: home });
    expect(sources.claude.roots).toEqual([]);
    expect(sources.claude.files).toEqual([]);
    expect(sources.issues.map((issue) => issue.rule)).toEqual(["agent-source-missing"]);
  });

  test("symbolic links are not followed, and each one is reported with the folder it is in", async () => {
    const outside = tree("claude-outside", { "-home-b-api/33333333-cccc.jsonl": "{}\n", "44444444-dddd.jsonl": "{}\n" });
    const root = tree("claude-links", { "projects/-home-a-app/11111111-aaaa.jsonl": "{}\n" });
    symlinkSync(path.join(outside, "-home-b-api"), path.join(root, "projects/-home-b-api"));
    symlinkSync(path.join(outside, "44444444-dddd.jsonl"), path.join(root, "projects/-home-a-app/44444444-dddd.jsonl"));
    symlinkSync(path.join(scratch, "nowhere"), path.join(root, "projects/-home-a-app/broken.jsonl"));
    const sources = await discoverAgentSources({ env: { CLAUDE_CONFIG_DIR: root }, homeDir: scratch });
    expect(sources.claude.files.map((file) => path.relative(root, file.path))).toEqual(["projects/-home-a-app/11111111-aaaa.jsonl"]);
    expect(sources.issues.map((issue) => [issue.rule, issue.severity, issue.message])).toEqual([
      [
        "agent-symlink-not-followed",
        "warning",
        `${path.join(root, "projects")}: 3 symbolic links were not followed (only real files inside an agent log folder are read; point CLAUDE_CONFIG_DIR at a link's target to read it): -home-a-app/44444444-dddd.jsonl, -home-a-app/broken.jsonl, -home-b-api`,
      ],
    ]);
  });

  test("a nested <project>/<session>/<file>.jsonl takes its session from the folder (ccusage fixtures layout)", async () => {
    const root = tree("claude-nested", { "projects/project-alpha/session-alpha/chat.jsonl": "{}\n" });
    const sources = await discoverAgentSources({ env: { CLAUDE_CONFIG_DIR: root }, homeDir: scratch });
    expect(sources.claude.files.map((file) => [file.kind, file.sessionId])).toEqual([["main", "session-alpha"]]);
  });
});

describe("Codex sources", () => {
  test("default ~/.codex: sessions/ and archived_sessions/, keyed by relative path", async () => {
    const home = tree("codex-home", {
      ".codex/sessions/2026/01/02/rollout-a.jsonl": "{}\n",
      ".codex/archived_sessions/rollout-old.jsonl": "{}\n",
      ".codex/state_5.sqlite": "",
    });
    const sources = await discoverAgentSources({ env: {}, homeDir: home });
    expect(sources.codex.files.map((file) => [file.relativeKey, file.archived])).toEqual([
      ["rollout-old", true],
      ["2026/01/02/rollout-a", false],
    ]);
  });

  test("CODEX_HOME comma list; a home without sessions/ is read directly", async () => {
    const first = tree("codex-a", { "sessions/x.jsonl": "{}\n" });
    const second = tree("codex-b", { "flat/y.jsonl": "{}\n" });
    const sources = await discoverAgentSources({ env: { CODEX_HOME: `${first},${second}` }, homeDir: scratch });
    expect(sources.codex.roots).toEqual([path.join(first, "sessions"), second]);
    expect(sources.codex.files.map((file) => file.relativeKey)).toEqual(["x", "flat/y"]);
  });
});

describe("Gemini CLI sources", () => {
  const home = tree("gemini-home", {
    ".gemini/projects.json": JSON.stringify({ projects: { "/home/a/app": "app" } }),
    ".gemini/tmp/app/chats/session-2026-01-01T10-00-abcd1234.jsonl": "{}\n",
    ".gemini/tmp/app/logs.json": "[]",
    ".gemini/tmp/legacy/.project_root": "/home/a/legacy\n",
    ".gemini/tmp/legacy/chats/session-2025-06-01T10-00-ef567890.json": "{}",
  });

  test("default ~/.gemini/tmp: chat files only, with the project folder from .project_root or projects.json", async () => {
    const sources = await discoverAgentSources({ env: {}, homeDir: home });
    expect(sources.gemini.files.map((file) => [path.basename(file.path), file.format, file.projectDir, file.projectRoot])).toEqual([
      ["session-2026-01-01T10-00-abcd1234.jsonl", "jsonl", "app", "/home/a/app"],
      ["session-2025-06-01T10-00-ef567890.json", "json", "legacy", "/home/a/legacy"],
    ]);
  });

  test("GEMINI_DATA_DIR may name the tmp dir (as ccusage expects) or the folder holding it", async () => {
    const direct = await discoverAgentSources({ env: { GEMINI_DATA_DIR: path.join(home, ".gemini", "tmp") }, homeDir: scratch });
    const parent = await discoverAgentSources({ env: { GEMINI_DATA_DIR: path.join(home, ".gemini") }, homeDir: scratch });
    expect(direct.gemini.roots).toEqual([path.join(home, ".gemini", "tmp")]);
    expect(parent.gemini.roots).toEqual(direct.gemini.roots);
    expect(parent.gemini.files).toHaveLength(2);
  });
});

describe("OpenCode sources", () => {
  test("default ~/.local/share/opencode: opencode.db and storage/", async () => {
    const home = tree("opencode-home", { ".local/share/opencode/opencode.db": "", ".local/share/opencode/storage/message/s/m.json": "{}" });
    const sources = await discoverAgentSources({ env: {}, homeDir: home });
    expect(sources.opencode.dirs).toEqual([
      { dataDir: path.join(home, ".local/share/opencode"), database: path.join(home, ".local/share/opencode/opencode.db"), storageDir: path.join(home, ".local/share/opencode/storage") },
    ]);
  });

  test("OPENCODE_DATA_DIR; a channel database when there is no opencode.db", async () => {
    const dir = tree("opencode-channel", { "opencode-beta.db": "", "opencode-alpha.db": "", "opencode-x.db-wal": "" });
    const sources = await discoverAgentSources({ env: { OPENCODE_DATA_DIR: dir }, homeDir: scratch });
    expect(sources.opencode.dirs).toEqual([{ dataDir: dir, database: path.join(dir, "opencode-alpha.db"), storageDir: null }]);
  });
});

test("an empty home finds nothing and reports nothing", async () => {
  const home = tree("empty-home", {});
  const sources = await discoverAgentSources({ env: {}, homeDir: home });
  expect([sources.claude.files, sources.codex.files, sources.gemini.files, sources.opencode.dirs, sources.issues]).toEqual([[], [], [], [], []]);
});

test("relativeInside is path.relative for listed files, and falls back to it for anything else", () => {
  for (const [dir, file] of [
    ["/a/b", "/a/b/c/d.jsonl"],
    ["/a/b/", "/a/b/c.jsonl"],
    ["/a/b", "/a/bc/d.jsonl"],
    ["/a/b", "/x/y.jsonl"],
    ["/", "/a.jsonl"],
  ] as const) {
    expect(relativeInside(dir, file), `${dir} ${file}`).toBe(path.relative(dir, file));
  }
});
