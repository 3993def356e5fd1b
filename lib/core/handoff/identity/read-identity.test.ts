import { describe, expect, test } from "vitest";
import { parseHandoff } from "../parse-handoff";
import type { HandoffIdentity } from "../types";

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
    ["**Agent:** Claude Code, Opus 5 (1M context)", { runtime: "claude-code", model: "Opus 5" }],
    ["**Agent:** Claude Opus 5 (1M context) (Claude Code, interactive)", { runtime: "claude-code", model: "Claude Opus 5" }],
    ["**Agent:** Codex gpt-5.6-sol", { runtime: "codex", model: "gpt-5.6-sol" }],
  ])("%s", (line, expected) => {
    expect(identityOf(`${line}\n`)).toMatchObject(expected);
  });

  test("a model field wins over the note beside the runtime", () => {
    expect(identityOf("- Runtime: Claude Code (Opus 4.5)\n- Model: claude-opus-4-5\n")).toMatchObject({ model: "claude-opus-4-5" });
  });
});

describe("labels in other languages and in quoted metadata blocks", () => {
  test.each([
    ["Korean bullets", "- 런타임: codex\n- 브랜치: `feature/order`\n- 커밋: `89b837e`\n", { runtime: "codex", branch: "feature/order", headSha: "89b837e" }],
    ["Japanese bullets", "- モデル: claude-opus-4-5\n- ブランチ: main\n- 日時: 2026-01-18T10:00:00+09:00\n", { model: "claude-opus-4-5", branch: "main", timestamp: "2026-01-18T01:00:00.000Z" }],
    ["Chinese bullets", "- 模型：gpt-5.2\n- 分支：dev\n- 日期：2026-07-07T09:00:00+08:00\n", { model: "gpt-5.2", branch: "dev", timestamp: "2026-07-07T01:00:00.000Z" }],
    ["Spanish and German", "- Modelo: gemini-3-pro\n- Rama: `feat/x`\n- Fecha: 2026-01-07T12:00:00Z\n", { model: "gemini-3-pro", branch: "feat/x", timestamp: "2026-01-07T12:00:00.000Z" }],
    ["Portuguese Data: holding a time", "**Data:** 2026-07-01T09:21:08-03:00\n**Branch:** develop\n", { timestamp: "2026-07-01T12:21:08.000Z", branch: "develop" }],
    ["a quoted metadata block", "> Auto-generated before context compression\n> Date: 2026-01-27T14:39:08.907Z\n> Session: unknown\n", { timestamp: "2026-01-27T14:39:08.907Z", sessionId: null }],
  ])("%s", (_name, markdown, expected) => {
    expect(identityOf(`# Handoff\n\n${markdown}`)).toMatchObject(expected);
  });

  test("a heading named like a field, over one short line, is that field", () => {
    expect(identityOf("# 引き継ぎ文書\n\n## Agent\n\nClaude Opus 4.5\n\n## Branch\n\n`feat/x`\n")).toMatchObject({ model: "Claude Opus 4.5", branch: "feat/x" });
    expect(identityOf("# H\n\n## Model\n\nWe chose it after a long talk.\nMore about cost.\n").model).toBeNull();
  });

  test("English 'Data:' that is no time is not the timestamp", () => {
    expect(identityOf("# Handoff\n\n**Data:** the fixtures in `tests/data/`\n**Branch:** main\n").timestamp).toBeNull();
  });

  test("a quoted paragraph of prose stays one quote (a verbatim request, not labels)", () => {
    const { value } = parseHandoff("# Handoff\n\n## Goal\n\n> Please fix it: the build fails.\n> Note: keep the API.\n> And make it fast, because users wait on it every day.\n");
    expect(value.goal?.text).toContain("Please fix it");
    expect(value.identity.lines).toEqual({});
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

describe("identity values read only where they have the field's shape", () => {
  test("a Model label holding a sentence, outside identity context, is no model", () => {
    expect(identityOf("# Plan\n\n## Vision\n\n**Model:** open engine + hosted board = a platform play. Others improve it.\n").model).toBeNull();
  });

  test.each([
    ["a model family", "## Notes\n\n**Model:** Sonnet\n", "Sonnet"],
    ["a version", "## Notes\n\n**Model:** gpt-5.2-codex\n", "gpt-5.2-codex"],
  ])("a Model label outside identity context still reads %s", (_name, markdown, expected) => {
    expect(identityOf(`# H\n\n${markdown}`).model).toBe(expected);
  });

  test.each([
    ["full-width parenthesis", "- Branch: master（リモート同期済み）\n", "master"],
    ["ASCII parenthesis without a space", "- Branch: main(clean)\n", "main"],
    ["corner bracket", "- ブランチ: develop「作業中」\n", "develop"],
  ])("a note attached to a branch name is not part of it: %s", (_name, markdown, expected) => {
    expect(identityOf(`# H\n\n${markdown}`).branch).toBe(expected);
  });

  test.each([
    ["Korean", "**최종 업데이트**: 2026-02-23 02:45 (KST)", "2026-02-22T17:45:00.000Z"],
    ["Japanese", "最終更新: 2026-02-23 02:45 JST", "2026-02-22T17:45:00.000Z"],
    ["Chinese", "- 最后更新：2026-02-23 02:45 +08:00", "2026-02-22T18:45:00.000Z"],
    ["Portuguese", "**Última atualização:** 2026-02-23 02:45 BRT", "2026-02-23T05:45:00.000Z"],
    ["French", "Dernière mise à jour : 2026-02-23 02:45 CET", "2026-02-23T01:45:00.000Z"],
  ])("'last updated' labels give the timestamp: %s", (_name, line, expected) => {
    expect(identityOf(`# H\n\n${line}\n`).timestamp).toBe(expected);
  });
});

test("\"Branch at handoff\" names the branch, with a note after it", () => {
  expect(identityOf("# H\n\n**Date:** 2026-07-21\n**Branch at handoff:** `sprint-9/clustering` (off `session-5/2026-07-21`)\n").branch).toBe("sprint-9/clustering");
});

describe("identity written as key=value pairs", () => {
  test("a label whose value is a run of pairs gives each pair as a label (branch, commit as HEAD, session)", () => {
    const identity = identityOf("# Session log\n\n## 2026-03-02\n\nMeta: branch=feat/login commit=9f3c2ab session=ses_01JXABCDEF\n\nDid the login form.\n");
    expect(identity).toMatchObject({ branch: "feat/login", headSha: "9f3c2ab", sessionId: "ses_01JXABCDEF" });
  });

  test("quoted values, commas and backticks", () => {
    const identity = identityOf('- Context: runtime="Claude Code", model=`claude-opus-4-5`, branch=main\n');
    expect(identity).toMatchObject({ runtime: "claude-code", model: "claude-opus-4-5", branch: "main" });
  });

  test("prose with an equals sign is not a record", () => {
    const identity = identityOf("Note: set retries=3 in the config before the branch=main deploy\n");
    expect(identity).toMatchObject({ branch: null, headSha: null });
  });
});

describe("a table's header cell is never a value", () => {
  test.each([
    ["| Branch | Commit |\n|---|---|\n| main | 1a2b3c4 |\n", { branch: "main", headSha: "1a2b3c4" }],
    ["| Session | Model |\n|---|---|\n| 3f2a9c1e-5b7d-4e2a-9c1e-5b7d4e2a9c1e | Opus 4.6 |\n", { sessionId: "3f2a9c1e-5b7d-4e2a-9c1e-5b7d4e2a9c1e", model: "Opus 4.6" }],
    ["| Rama | Commit |\n|---|---|\n| feat/x | 9f8e7d6 |\n", { branch: "feat/x", headSha: "9f8e7d6" }],
  ])("%j", (table, expected) => {
    expect(parseHandoff(`# Handoff\n\n${table}`).value.identity).toMatchObject(expected);
  });
});

describe("a label that ends its line gives its value on the next line (issue 26)", () => {
  test.each([
    ["a one-line fenced block", "# Tagesabschluss\n\nAktiver Prüfbranch:\n\n```\nagent/kicad-local-symbol-load-test\n```\n", { branch: "agent/kicad-local-symbol-load-test" }],
    ["a code span", "# Fortschreibung\n\nIntegrations-Branch:\n`agent/import-z-i-electricalcomponents-v14`\n", { branch: "agent/import-z-i-electricalcomponents-v14" }],
    ["a list item under a heading", "# Handoff\n\n### Branche en cours\n- `fix/limit-counter-ux`\n", { branch: "fix/limit-counter-ux" }],
    ["a sha, cut short with an ellipsis", "# Zwischenstand\n\nAktueller lokal verifizierter Code-Head:\n`262b53b…`\n", { headSha: "262b53b" }],
  ])("%s", (_name, markdown, expected) => {
    expect(parseHandoff(markdown).value.identity).toMatchObject(expected);
  });

  test("look-alike: a label over a sentence takes no value", () => {
    expect(parseHandoff("# Handoff\n\nBranch:\nwe stayed on the old one for now.\n").value.identity.branch).toBeNull();
  });
});

describe("qualified labels name their field when the value has its shape", () => {
  test.each([
    ["German compound", "Arbeitsbranch: `test/load-failure-preserves-state`\n", { branch: "test/load-failure-preserves-state" }],
    ["Spanish, head word first, in a quote", "> **Rama de trabajo:** **`dev`**\n", { branch: "dev" }],
    ["Spanish model label with a qualifier", "> **Modelo utilizado:** Claude Sonnet 4\n", { model: "Claude Sonnet 4" }],
  ])("%s", (_name, markdown, expected) => {
    expect(parseHandoff(`# Handoff\n\n${markdown}`).value.identity).toMatchObject(expected);
  });

  test.each([
    ["another branch than the handoff's", "Base branch: `main`\n"],
    ["a sentence after a branch word", "Feature-Branch: noch nicht angelegt, kommt morgen\n"],
    ["a data model", "Data model: three tables and a view\n"],
  ])("look-alike: %s", (_name, markdown) => {
    expect(parseHandoff(`# Handoff\n\n${markdown}`).value.identity).toMatchObject({ branch: null, model: null });
  });

  test("an exact label wins over a qualified one", () => {
    expect(parseHandoff("# Handoff\n\nArbeitsbranch: `old/x`\nBranch: `feat/y`\n").value.identity.branch).toBe("feat/y");
  });
});

describe("a fenced block of key: value lines under a git heading is identity", () => {
  test("## Git 状態", () => {
    expect(parseHandoff("# 引き継ぎ\n\n## Git 状態\n\n```\nbranch: main\nlast commit: 1a2b3c4 fix\n```\n").value.identity).toMatchObject({ branch: "main" });
  });
  test("look-alike: a config file quoted elsewhere is not", () => {
    expect(parseHandoff("# Handoff\n\n## Config\n\n```yaml\nmodel: claude-sonnet-4\nbranch: release\n```\n").value.identity).toMatchObject({ model: null, branch: null });
  });
});

describe("a session id with a note after it", () => {
  test("the id, not the note (de)", () => {
    expect(parseHandoff("# Handoff\n\n**Session-ID:** Claude-814d9738 (Fortsetzung) + diese Session\n").value.identity.sessionId).toBe("Claude-814d9738");
  });
});

describe("the day a handoff was written, where no timestamp label says it", () => {
  test.each([
    ["the title's date, day first with dots", "# Tagesabschluss 16.08.2026\n\n## Stand\n- fertig\n", "2026-08-16"],
    ["the title's date, CJK", "# Handover Note - 2026年2月4日\n\n## 状态\n- 完成\n", "2026-02-04"],
    ["a label written as a heading", "# Date: 2025-10-31\n\n## State\n- done\n", "2025-10-31"],
    ["a label whose value starts with a date", "# Zwischenstand\n\nStand: **16.08.2026 – Tagesabschluss nach dem Merge**\n", "2026-08-16"],
    ["a month name (es)", "# Handover\n\n**Fecha**: 22 de Enero 2026\n", "2026-01-22"],
    ["the first heading's date, set apart at its end (ko)", "# Session Handoff\n\n## Latest Update (2026-04-12)\n\n- Done:\n  - 정리\n", "2026-04-12"],
    ["the first heading's date after a dash", "# Journal\n\n## Session 5 — 2026-04-12\n\n- done\n", "2026-04-12"],
    ["a byline under the title that starts with the day (zh)", "# Handoff：抖音双肉机手\n\n> 2026-07-25 · 架构定稿\n\n## 结论\n\n不合并\n", "2026-07-25"],
    ["a byline with a month name", "# Release handoff\n\n*12 March 2026 — draft 2*\n\n## Next\n- ship\n", "2026-03-12"],
  ])("%s", (_name, markdown, day) => {
    expect(parseHandoff(markdown).value.identity.timestamp).toBe(day);
  });

  test("a timestamp label wins over the title's date", () => {
    expect(parseHandoff("# Handoff 2026-01-01\n\nDate: 2026-01-03 10:00 UTC\n").value.identity.timestamp).toBe("2026-01-03T10:00:00.000Z");
  });

  test.each([
    ["a deadline", "# Handoff\n\nDeadline: 2026-09-01\n"],
    ["a date in a content section", "# Handoff\n\n## Next action\n\nRelease: 2026-09-01\n"],
    ["a sentence under the title that starts with a date", "# Handoff\n\n2026-09-01 is when the freeze starts, so ship before.\n"],
    ["a date inside the first heading's words", "# Handoff\n\n## Plan for the 2026-09-01 release\n\n- ship\n"],
  ])("look-alike: %s", (_name, markdown) => {
    expect(parseHandoff(markdown).value.identity.timestamp).toBeNull();
  });
});

describe("labels where a paragraph or a heading hides them", () => {
  test("a label on a soft-broken line of a quoted paragraph (es)", () => {
    const identity = parseHandoff("# Handoff\n\n> **Contexto vigente.** Léelo al iniciar.\n> Rama de trabajo: **`dev`** · Remote: `github.com/x/y`.\n").value.identity;
    expect(identity.branch).toBe("dev");
  });
  test("a label written as a heading", () => {
    expect(parseHandoff("# Project handoff\n# Stage 2 complete\n# Date: 2025-10-31\n\n## Status\n- done\n").value.identity.timestamp).toBe("2025-10-31");
  });
  test("a branch paired with its sha near the top, inside the state section, is a candidate", () => {
    const candidates = parseHandoff("# Handoff\n\n## 0) Estado actual\n\n- **Tips:** `dev` = `main` = **`c998ca4`** (cont. 14).\n- Fix `4f68052` listo.\n").value.identity.candidates ?? [];
    expect(candidates.map(({ field, value }) => [field, value])).toEqual([["branch", "dev"], ["branch", "main"], ["headSha", "c998ca4"]]);
  });
});

test("a long lead-in ending its line with a colon names the sha on the next line (de)", () => {
  const identity = parseHandoff("# Zwischenstand\n\n## Stand\n\nAktueller vor der Handover-Synchronisierung verifizierter Code-Head:\n\n`262b53b74d5737f313e00a4369de56308885daa2`\n").value.identity;
  expect(identity.headSha).toBe("262b53b74d5737f313e00a4369de56308885daa2");
});

test("look-alike: an English label with branch as its first word is about something else (Branch state notes)", () => {
  const identity = parseHandoff("# Review\n\n| Section | Content |\n|---|---|\n| Branch state notes | kept `task-084-five-state` (local + remote) |\n").value.identity;
  expect(identity.branch).toBeNull();
});

describe("an identity block's labels of any word, read by their values (pt)", () => {
  test("the origin channel names the runtime, the destination does not; the commit base is HEAD", () => {
    const identity = parseHandoff(
      "# Handoff\n\n### 1) Metadados\n\n- Data/hora: 2026-03-19 22:38 -03\n- Canal origem: Codex Terminal\n- Canal destino: Claude Code\n- Branch: `deploy/live`\n- Commit base (opcional): `4899e5f`\n",
    ).value.identity;
    expect(identity).toMatchObject({ runtime: "codex", runtimeRaw: "Codex Terminal", headSha: "4899e5f", branch: "deploy/live", timestamp: "2026-03-20T01:38:00.000Z" });
  });
  test("look-alike: outside an identity block a tool named in a label is not the runtime", () => {
    expect(parseHandoff("# Handoff\n\n## Notes\n\nEditor: Codex\n").value.identity.runtime).toBeNull();
  });
});

test("look-alike: a path in an identity block's table names no runtime", () => {
  const identity = parseHandoff("# Review\n\n## 3.1 文件元数据\n\n| 项 | 值 |\n|---|---|\n| path | `.claude/handoffs/task_089.md` |\n").value.identity;
  expect(identity).toMatchObject({ runtime: null, model: null });
});

describe("the sender of a relay handoff is its writer", () => {
  test.each([
    ["From and To lines", "# Handoff: Codex → Claude\n\n## Metadata\n- From: codex_gpt\n- To: claude_code\n- Timestamp: 2025-12-11T17:41:46Z\n", "codex"],
    ["a Portuguese De with the runtime in parentheses", "# HANDOFF T055\n\n**De:** Névoa 7.0 (Claude Code)\n**Para:** Gemini (Antigravity)\n**Data:** 27/01/2026\n", "claude-code"],
  ])("%s", (_name, text, runtime) => {
    expect(parseHandoff(text).value.identity.runtime).toBe(runtime);
  });

  test("a sender that names no runtime is no writer", () => {
    expect(parseHandoff("# Request\n\n- From: frontend team\n- To: Claude Code\n").value.identity.runtime).toBeNull();
  });
});

describe("a table's header row names its columns", () => {
  test("a three-column header is no branch and its purpose", () => {
    const text = "# 引き継ぎ\n\n## Gitブランチ\n\n| ブランチ | 用途 | 状態 |\n|---|---|---|\n| `main` | 本番 | 安定版 |\n| `claude/ui-updates-af95w` | UI改修 | 現在のアクティブブランチ |\n";
    expect(parseHandoff(text).value.identity.branch).not.toBe("用途");
  });

  test("a two-column table's first row is still a pair", () => {
    expect(parseHandoff("# Handoff\n\n| Branch | feat/x |\n|---|---|\n| Model | Opus 4.5 |\n").value.identity.branch).toBe("feat/x");
  });
});
