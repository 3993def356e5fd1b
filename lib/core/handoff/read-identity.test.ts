import { describe, expect, test } from "vitest";
import { parseHandoff } from "./parse-handoff";
import type { HandoffIdentity } from "./types";

function identityOf(markdown: string): HandoffIdentity {
  const result = parseHandoff(markdown);
  expect(result.issues).toEqual([]);
  const { lines: _lines, ...identity } = result.value.identity;
  return identity;
}

describe("identity label forms", () => {
  const expected = { runtime: "opencode", headSha: "abc1234", sessionId: "ses_01JXABCDEF", timestamp: "2026-02-17T21:45:00.000Z", branch: "feat/x" };

  test.each([
    ["lowercase plain bullets", "- runtime: opencode\n- head: abc1234\n- session: ses_01JXABCDEF\n- time: 2026-02-17 13:45 PST\n- branch: feat/x\n"],
    ["lowercase plain lines", "runtime: opencode\nhead: abc1234\nsession: ses_01JXABCDEF\ntime: 2026-02-17 13:45 PST\nbranch: feat/x\n"],
    ["uppercase keys", "- RUNTIME: opencode\n- HEAD: abc1234\n- SESSION ID: ses_01JXABCDEF\n- TIMESTAMP: 2026-02-17 13:45 PST\n- BRANCH: feat/x\n"],
    ["bold", "**Runtime:** opencode\n**Head:** `abc1234`\n**Session:** `ses_01JXABCDEF`\n**Time:** 2026-02-17 13:45 PST\n**Branch:** `feat/x`\n"],
    ["bold, colon outside", "- **Agent**: opencode\n- **Commit**: abc1234\n- **Conversation**: ses_01JXABCDEF\n- **Date**: 2026-02-17 13:45 PST\n- **Git branch**: feat/x\n"],
    ["snake_case keys", "- session_id: ses_01JXABCDEF\n- git_commit: abc1234\n- agent_runtime: opencode\n- created_at: 2026-02-17 13:45 PST\n- git_branch: feat/x\n"],
    ["vertical table, lowercase", "| runtime | opencode |\n|---|---|\n| head | abc1234 |\n| session | ses_01JXABCDEF |\n| time | 2026-02-17 13:45 PST |\n| branch | feat/x |\n"],
    ["horizontal table", "| Tool | HEAD | Thread | Date | Branch |\n|---|---|---|---|---|\n| opencode | abc1234 | ses_01JXABCDEF | 2026-02-17 13:45 PST | feat/x |\n"],
    ["front matter", "---\ntool: opencode\ngit_commit: abc1234\nconversation: ses_01JXABCDEF\ntime: 2026-02-17 13:45 PST\nbranch: feat/x\n---\n# Handoff\n"],
    ["one line, middle dots", "**Runtime:** opencode · **Date:** 2026-02-17 13:45 PST · **Branch:** `feat/x` · **HEAD:** `abc1234` · **Session:** `ses_01JXABCDEF`\n"],
    ["one line, pipes", "Runtime: opencode | Date: 2026-02-17 13:45 PST | Branch: feat/x | HEAD: abc1234 | Session: ses_01JXABCDEF\n"],
    ["one line, semicolons", "runtime: opencode; time: 2026-02-17 13:45 PST; branch: feat/x; head: abc1234; session: ses_01JXABCDEF\n"],
    ["one line, spaced dashes", "Runtime: opencode - Date: 2026-02-17 13:45 PST - Branch: feat/x - HEAD: abc1234 - Session: ses_01JXABCDEF\n"],
    ["one line, commas", "runtime: opencode, time: 2026-02-17 13:45 PST, branch: feat/x, head: abc1234, session: ses_01JXABCDEF\n"],
  ])("%s", (_name, markdown) => {
    expect(identityOf(markdown)).toMatchObject(expected);
  });

  test("the issue's several-per-line example: branch and HEAD are both read", () => {
    expect(identityOf("**Date:** 2026-02-17 · **Branch:** `x` · **HEAD:** `89b837e`\n")).toMatchObject({
      timestamp: "2026-02-17",
      branch: "x",
      headSha: "89b837e",
    });
  });

  test("each field of a shared line keeps its own line number", () => {
    const parsed = parseHandoff("# H\n\n**Date:** 2026-02-17 · **Branch:** `x` · **HEAD:** `89b837e`\n").value;
    expect(parsed.identity.lines).toEqual({ timestamp: 3, branch: 3, headSha: 3 });
    expect(parsed.sections).toEqual([{ key: "identity", title: "(identity fields)", line: 3 }]);
  });
});

describe("generic words need a value of the field's shape outside an identity block", () => {
  test.each([
    ["Head: of the team", { headSha: null, headShaRaw: null }],
    ["Session: a long one", { sessionId: null, sessionIdRaw: null }],
    ["Agent: the planner subagent", { runtime: null, runtimeRaw: null }],
    ["Time: about two hours", { timestamp: null, timestampRaw: null }],
    ["Tool: ripgrep", { runtime: null, runtimeRaw: null }],
    ["Commit: abc1234", { headSha: null }],
    ["sha: abc1234", { headSha: null }],
  ])("%s", (line, expected) => {
    expect(identityOf(`## Notes\n- ${line}\n`)).toMatchObject(expected);
  });

  test.each([
    ["Head: 1a2b3c4", { headSha: "1a2b3c4" }],
    ["Session: 0199a1b2-c3d4-7e8f", { sessionId: "0199a1b2-c3d4-7e8f" }],
    ["Agent: Claude Code", { runtime: "claude-code" }],
    ["Time: 2026-02-17 13:45", { timestamp: "2026-02-17T13:45:00" }],
  ])("%s", (line, expected) => {
    expect(identityOf(`## Notes\n- ${line}\n`)).toMatchObject(expected);
  });

  test("a lone Commit line is the handoff's own commit, not HEAD", () => {
    const parsed = parseHandoff("## Goal\nShip.\n\nCommit: 4c5d6e7\n").value;
    expect(parsed.identity.headSha).toBeNull();
    expect(parsed.ownCommitSha).toBe("4c5d6e7");
  });

  test("generic words are read inside an identity block", () => {
    expect(identityOf("- Branch: main\n- Runtime: codex\n- Commit: 4c5d6e7\n")).toMatchObject({ headSha: "4c5d6e7" });
  });
});

describe("a sha next to a branch name", () => {
  test.each([
    ["**Branch**: master is at `ab95478`", { branch: "master", headSha: "ab95478" }],
    ["Branch: `feat/x` @ `89b837e`", { branch: "feat/x", headSha: "89b837e" }],
    ["Branch: main (89b837e)", { branch: "main", headSha: "89b837e" }],
    ["Branch: `main`, HEAD `89b837e` pushed", { branch: "main", headSha: "89b837e" }],
    ["Branch: `feature/add-cafe`", { branch: "feature/add-cafe", headSha: null }],
    ["Branch: defaced", { branch: "defaced", headSha: null }],
    ["Branch: `stage/x`, cut from `main` at `c3f5e2ce`", { branch: "stage/x", headSha: null }],
    ["Branch: main, see commit list below (abc1234 is old)", { branch: "main", headSha: null }],
  ])("%s", (line, expected) => {
    expect(identityOf(`${line}\n`)).toMatchObject(expected);
  });

  test("a HEAD field wins over the sha beside the branch", () => {
    expect(identityOf("- Branch: master is at `ab95478`\n- HEAD: `cd12345`\n")).toMatchObject({ branch: "master", headSha: "cd12345" });
  });
});

describe("runtime and model in one value", () => {
  test.each([
    ["**Agent:** Some Tool / Codex (gpt-x)", { runtime: "codex", model: "gpt-x" }],
    ["Runtime: Claude Code (Opus 4.5)", { runtime: "claude-code", model: "Opus 4.5" }],
    ["Runtime: Codex (gpt-5.2-codex, high)", { runtime: "codex", model: "gpt-5.2-codex" }],
    ["Runtime: Gemini CLI / gemini-2.5-pro", { runtime: "gemini-cli", model: "gemini-2.5-pro" }],
    ["Runtime: OpenCode (claude-sonnet-4)", { runtime: "opencode", model: "claude-sonnet-4" }],
    ["Runtime: Codex (CLI)", { runtime: "codex", model: null }],
    ["Runtime: Codex CLI 0.171", { runtime: "codex", model: null }],
    ["Runtime: GitHub Copilot (Claude Sonnet 4)", { runtime: null, model: "Claude Sonnet 4" }],
  ])("%s", (line, expected) => {
    expect(identityOf(`${line}\n`)).toMatchObject(expected);
  });

  test("a model field wins over the note beside the runtime", () => {
    expect(identityOf("- Runtime: Claude Code (Opus 4.5)\n- Model: claude-opus-4-5\n")).toMatchObject({ model: "claude-opus-4-5" });
  });
});

describe("timestamps keep the zone as written", () => {
  test.each([
    ["2026-02-17 13:45 PST", "2026-02-17T21:45:00.000Z", "PST"],
    ["2026-02-17T13:45:00+09:00", "2026-02-17T04:45:00.000Z", "+09:00"],
    ["2026-02-17T13:45:00Z", "2026-02-17T13:45:00.000Z", "Z"],
    ["2026-02-17 13:45", "2026-02-17T13:45:00", null],
    ["2026-02-17", "2026-02-17", null],
  ])("%s", (written, timestamp, zone) => {
    expect(identityOf(`- Timestamp: ${written}\n`)).toMatchObject({ timestamp, timestampRaw: written, timestampZone: zone });
  });
});
