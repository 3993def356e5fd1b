import { describe, expect, it, test } from "vitest";
import { hasHandoffStructure, isPlaceholderText, otherDocumentWord, structureFields } from "./handoff-signals";
import { judgeDocument } from "./judge-document";
import { parseHandoff } from "../parse-handoff";

const judge = (text: string, fileName: string, foundByFolder = true) =>
  judgeDocument(parseHandoff(text).value, text, { foundBy: foundByFolder ? "folder" : "glob", fileName })?.rule ?? null;

describe("otherDocumentWord", () => {
  test.each([
    ["V2_BACKLOG.md", "backlog"],
    ["TODO.md", "todo"],
    ["RUNBOOK_DEPLOY.md", "runbook"],
    ["AI_SESSION_PROMPT.md", "prompt"],
    ["ProjectStatus.md", "status"],
    ["LIVE_CONTEXT.md", "context"],
    ["PARK.md", "park"],
    ["2026-02-26_2337_status.md", null],
    ["LOG_QA.md", null],
    ["next-steps-plan.md", null],
    ["auth-refactor.md", null],
  ])("%s → %s", (name, word) => {
    expect(otherDocumentWord(name)).toBe(word);
  });
});

describe("isPlaceholderText", () => {
  test.each(["- Branch:", "- （fill in one line）", "- <one line>", "Date: YYYY-MM-DD HH:MM", "  - ...", "TBD", "- [ ] ", "---"])("%s is a placeholder", (line) => {
    expect(isPlaceholderText(line)).toBe(true);
  });
  test.each(["- Branch: feat/login", "Q: why does the build fail?", "- ran `npm test` (12 passed)"])("%s is text", (line) => {
    expect(isPlaceholderText(line)).toBe(false);
  });
});

const UNFILLED = `# Handoff (snapshot)

> Start every new thread from this file.

## Current goal
- (one or two lines)

## Current state
- Branch:
- Last commit:
- What is done:

## Next single action
- (exactly one step)

## Related log
- See: docs/handoff/LOG.md (YYYY-MM-DD onwards)
`;

const EMPTY_LOG = `# Session log

- One entry per session, newest last.
- Keep each entry short.

<!-- template
### [YYYY-MM-DD NN] entry
Q: <one line>
Next: <one step>
-->
`;

const FILLED_LOG = `${EMPTY_LOG}
### [2026-02-07 01] entry
Q: wire the sync backend
Next: add the push endpoint
`;

describe("judgeDocument", () => {
  it("an unfilled template is empty, whatever its name", () => {
    expect(judge(UNFILLED, "HANDOFF.md", false)).toBe("handoff-empty");
  });

  it("a log holding only its instructions and a commented entry template is empty; one dated entry fills it", () => {
    expect(judge(EMPTY_LOG, "LOG.md")).toBe("handoff-empty");
    expect(judge(FILLED_LOG, "LOG.md")).toBeNull();
  });

  it("text with no template marks is filled in, also with no section heading", () => {
    expect(judge("---\nname: x\n---\n\nNever delete files on the shared machine.\n\n**How to apply:**\nAsk first.\n", "feedback_shared_machine.md")).toBeNull();
  });

  it("a command's <argument> in a code span is no template mark", () => {
    expect(judge("# Notes\n\nResume with `train.py --checkpoint <ckpt>` once the run ends.\n", "training-notes.md")).toBeNull();
  });

  it("in a handoff folder, a backlog with goal and next-step headings is a project document", () => {
    const backlog = "# V2 Backlog\n\n## Goal\nShip the importer.\n\n## Next\n- P0: parser\n- P1: UI\n";
    expect(judge(backlog, "V2_BACKLOG.md")).toBe("not-a-handoff");
  });

  it("a handoff's own marks keep a file named like another document", () => {
    const status = "# Status\n\n- Branch: feat/importer\n- HEAD: 1a2b3c4\n\n## Next\n- run the parser tests\n";
    expect(judge(status, "STATUS.md")).toBeNull();
    const pointed = "# Status\n\nPrevious handoff: `docs/handoff/2026-02-01.md`\n\n## Next\n- more\n";
    expect(judge(pointed, "STATUS.md")).toBeNull();
  });

  it("outside a handoff folder or named by a glob, the name is not judged", () => {
    const backlog = "# Backlog\n\n## Next\n- P0: parser\n";
    expect(judge(backlog, "handoff-backlog.md", false)).toBeNull();
  });

  it("a dated name is a handoff's name", () => {
    expect(judge("# Status\n\n## Done\n- parser\n", "2026-02-26_status.md")).toBeNull();
  });
});

describe("hasHandoffStructure", () => {
  it("a next action, a writer identity or a pointer gives it; a dated note with state alone does not", () => {
    const note = parseHandoff("# Layer refactor\n\nLast updated: 2026-03-03\n\n## Scope\n- layers\n").value;
    expect(hasHandoffStructure(structureFields(note, null))).toBe(false);
    expect(hasHandoffStructure(structureFields(note, "docs/handoff/a.md"))).toBe(true);
    const next = parseHandoff("# Session\n\n## Next steps\n- add the unit type flag\n").value;
    expect(hasHandoffStructure(structureFields(next, null))).toBe(true);
    const placeholder = parseHandoff("# Session\n\n## Next steps\n- (one step)\n").value;
    expect(hasHandoffStructure(structureFields(placeholder, null))).toBe(false);
  });
});
