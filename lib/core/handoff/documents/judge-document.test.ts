import { describe, expect, test } from "vitest";
import { parseHandoff } from "../parse-handoff";
import { judgeDocument, type DocumentJudgement } from "./judge-document";

const judge = (text: string, fileName: string, foundBy: DocumentJudgement["foundBy"] = "folder") => judgeDocument(parseHandoff(text).value, text, { foundBy, fileName })?.rule ?? null;

const TEMPLATE_FENCE = "```markdown\n# Handoff: <topic>\n\nBranch: <branch>\nHEAD: <sha>\n\n## Next step\n<one step>\n```\n";

describe("judgeDocument: instructions for writing handoffs are not handoffs, wherever they live", () => {
  test.each([
    ["a guide showing a template (en)", `# How we write handoffs\n\nCopy this block and fill it in.\n\n${TEMPLATE_FENCE}`, "HANDOFF_GUIDE.md"],
    ["a format page (de)", `# Übergabeformat\n\nJede Sitzung endet mit einer Übergabe:\n\n${TEMPLATE_FENCE}`, "format.md"],
    ["a command definition", "---\ndescription: Write a handoff\nallowed-tools: Write\n---\n\nWrite a handoff for the next session.\n", "handoff.md"],
    ["a command with $ARGUMENTS (ja)", "# 引き継ぎを書く\n\n$ARGUMENTS を題名にして引き継ぎを書く。\n", "write-handoff.md"],
    ["placeholders throughout", "# Handover\n\nDate: YYYY-MM-DD\nBranch: <branch>\nHEAD: <sha>\n", "handover-format.md"],
  ])("%s", (_name, text, fileName) => {
    expect(judge(text, fileName, "name")).toBe("handoff-instructions");
  });

  test.each([
    ["a handoff with its own writer marks and a template it quotes", `# Handoff\n\nBranch: feat/x\nHEAD: 1a2b3c4\n\n## Notes\n${TEMPLATE_FENCE}`],
    ["a handoff whose next step shows a config with placeholders", "# Handoff\n\n## Next step\nRun the deploy once the keys below are in `.env`.\n\n```\nAPI_KEY=<your key>\nREGION=<region>\n```\n"],
 ["a handoff describing another document's format, with HTML comments", "# Writer cutover 2026-02-13\n\n## Design\nThe run document looks like this:\n\n```markdown\n# {objective}\n\n## Researcher\n<!-- proposal -->\n\n## User\n<!-- proposal -->\n```\n"],
    ["a dated handover with its own date that quotes a message template (es)", `# Fix validación de variables\n\n**Fecha**: 22 de Enero 2026\n\n## Solución\nLa plantilla queda así:\n\n${TEMPLATE_FENCE}`],
    ["a log of dated sessions that quotes a config with placeholders", `# Bitácora\n\n## 2026-06-25 — auditoría\n- listo\n\n## 2026-06-24 — túnel\n- listo\n\n${TEMPLATE_FENCE}`],
    ["a handoff with HTML line breaks", "# Handoff<br>\n\nDone: parser<br>\nDone: UI<br>\nNext: tests<br>\n\n## Next step\nRun the tests.\n"],
  ])("look-alike, still a handoff: %s", (_name, text) => {
    expect(judge(text, "2026-03-01-x.md")).toBeNull();
  });

  test("a name that only mentions handoffs needs a handoff's own marks (a next step alone is any plan's)", () => {
    expect(judge("# Project handoff status\n\n## Next step\nMerge the importer.\n", "project_handoff_status.md", "name-word")).toBe("not-a-handoff");
    expect(judge("# Project handoff status\n\nBranch: feat/importer\n\n## Next step\nMerge the importer.\n", "project_handoff_status.md", "name-word")).toBeNull();
  });

  test("code in a fence is no template: type parameters, struct fields", () => {
    const rust = "# Handoff 2026-02-08\n\n## Design\n\n```rust\npub struct A {\n    pub items: Vec<Item>,\n    pub map: Map<K, V>,\n}\n```\n";
    expect(judge(rust, "2026-02-08-design.md")).toBeNull();
    const untyped = "# Handoff 2026-02-08\n\n## Design\nThe store keeps two fields.\n\n```\nitems: Vec<Item>\nmap: Map<K, V>\n```\n";
    expect(judge(untyped, "2026-02-08-design.md")).toBeNull();
  });

  test("a glob is judged for emptiness only", () => {
    expect(judge(`# Guide\n\n## Why\nSo the next session starts fast.\n\n${TEMPLATE_FENCE}`, "guide.md", "glob")).toBeNull();
  });
});

describe("judgeDocument: a file whose name mentions handoffs, by its title", () => {
  test.each([
    ["its title calls it a session handoff, and it is dated", "# Session Handoff: Pointer-Tag Unification Complete\n\n**Date**: November 12, 2025\n\n## What Was Accomplished\n\nTags are pointers.\n", "SESSION_HANDOFF_POINTER_TAG_UNIFICATION.md"],
    ["an addendum titled as a handoff, dated by its name, with sections of its own", "# HANDOFF III — ADDENDUM A (events after authoring)\n\n## Revised early-week priority\n\nMon–Tue: the kill-switch pass first.\n", "2026-07-24-handoff-iii-addendum-a.md"],
    ["a memo titled as a handoff (ja)", "# 引き継ぎメモ（2026-02-04）\n\n## 状況\n- 完了\n", "session_handoff_0204.md"],
  ])("%s: a handoff", (_name, text, fileName) => {
    expect(judge(text, fileName, "name-word")).toBeNull();
  });

  test.each([
    ["a design note about handoffs, dated", "# Handoff design\n\nDate: 2026-01-02\n\n## Options\n\nA queue or a file.\n", "handoff-design.md", "not-a-handoff"],
    ["titled as a handoff, but undated", "# Session Handoff\n\n## Notes\n\nTags are pointers.\n", "SESSION_HANDOFF_NOTES.md", "not-a-handoff"],
    ["a report on a handoff's results (zh)", "# Codex 交接成果核对报告（2026-08-02）\n\n> 核对人：Reasonix\n\n## 逐项核对结果\n\n- 未完成\n", "CODEX_HANDOFF_AUDIT_REPORT_2026-08-02.md", "not-a-handoff"],
    ["named as another kind of document", "# Handoff status\n\nDate: 2026-01-02\n\n## Status\n\n- done\n", "project_handoff_status.md", "not-a-handoff"],
  ])("look-alike: %s", (_name, text, fileName, rule) => {
    expect(judge(text, fileName, "name-word")).toBe(rule);
  });
});
