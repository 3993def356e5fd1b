import { describe, expect, test } from "vitest";
import { inferHandoffConvention, pathTemplate, PROTOCOL_TEMPLATE } from "./handoff-convention";

describe("pathTemplate", () => {
  test.each<[string, string]>([
    ["docs/ai/handoff/claude-code/05022026/handoff_auth-fix.md", PROTOCOL_TEMPLATE],
    ["packages/web/docs/ai/handoff/codex/05022026/handoff_x.md", `packages/web/${PROTOCOL_TEMPLATE}`],
    ["docs/handoffs/2026-02-05-144456-chat-tool-streaming-ui.md", "docs/handoffs/<YYYY-MM-DD-HHMMSS>-<slug>.md"],
    ["docs/handoffs/2026-02-22-grind-codex-takeover.md", "docs/handoffs/<YYYY-MM-DD>-<slug>.md"],
    ["docs/handoffs/20260205-1445_auth.md", "docs/handoffs/<YYYYMMDD-HHMM>_<slug>.md"],
    ["docs/handoffs/auth_2026_02_05.md", "docs/handoffs/<slug>_<YYYY_MM_DD>.md"],
    ["notes/05-02-2026-auth.md", "notes/<DD-MM-YYYY>-<slug>.md"],
    ["docs/ai/handoff/chat-tool-streaming.md", "docs/ai/handoff/<slug>.md"],
    [".claude/handoffs/auth-refactor.md", ".claude/handoffs/<slug>.md"],
    ["thoughts/shared/handoffs/ENG-123/2026-01-02_10-30-00_auth.md", "thoughts/shared/handoffs/ENG-123/<YYYY-MM-DD_HH-MM-SS>_<slug>.md"],
    ["docs/handoffs/2026/02/auth.md", "docs/handoffs/<YYYY>/<MM>/<slug>.md"],
    ["docs/handoffs/2026-02-05/auth.md", "docs/handoffs/<YYYY-MM-DD>/<slug>.md"],
    ["docs/handoffs/codex/auth.md", "docs/handoffs/<runtime>/<slug>.md"],
    ["HANDOFF.md", "HANDOFF.md"],
    ["docs/HANDOFF-auth-flow.md", "docs/HANDOFF-<slug>.md"],
    ["docs/auth_handoff.md", "docs/<slug>_handoff.md"],
    ["docs/sessions/session-12.md", "docs/sessions/session-<NN>.md"],
    ["docs/handoffs/001-setup-db.md", "docs/handoffs/<NNN>-<slug>.md"],
    ["docs/handoffs/phase-2-auth.md", "docs/handoffs/<slug>.md"],
    ["docs/handoffs/2026-13-45-not-a-date.md", "docs/handoffs/<NNNN>-<slug>.md"],
  ])("%s → %s", (path, template) => {
    expect(pathTemplate(path)).toBe(template);
  });
});

describe("inferHandoffConvention", () => {
  test("the template most of the newest handoffs follow, with its newest example", () => {
    const convention = inferHandoffConvention([
      "docs/handoffs/2026-02-06-231156-phase-b.md",
      "docs/handoffs/2026-02-05-144456-chat-ui.md",
      "docs/handoffs/README-notes.md",
    ]);
    expect(convention).toEqual({
      template: "docs/handoffs/<YYYY-MM-DD-HHMMSS>-<slug>.md",
      source: "repo",
      followedBy: 2,
      considered: 3,
      example: "docs/handoffs/2026-02-06-231156-phase-b.md",
      isSingleFile: false,
    });
  });

  test("a repo that moved its handoffs is followed where they went (only the newest count)", () => {
    const old = Array.from({ length: 30 }, (_, index) => `.claude/handoffs/old-${index}.md`);
    const moved = Array.from({ length: 6 }, (_, index) => `docs/handoffs/2026-03-0${index + 1}-new.md`);
    expect(inferHandoffConvention([...moved, ...old]).template).toBe("docs/handoffs/<YYYY-MM-DD>-<slug>.md");
  });

  test("a tie goes to the resumed handoff's template, then to the newest's", () => {
    const paths = ["a/handoffs/x.md", "b/2026-01-01-y.md"];
    expect(inferHandoffConvention(paths).template).toBe("a/handoffs/<slug>.md");
    expect(inferHandoffConvention(paths, { resumedPath: "b/2026-01-01-y.md" }).template).toBe("b/<YYYY-MM-DD>-<slug>.md");
  });

  test("protocol layout", () => {
    const convention = inferHandoffConvention(["docs/ai/handoff/codex/02012026/handoff_b.md", "docs/ai/handoff/claude-code/01012026/handoff_a.md"]);
    expect(convention).toMatchObject({ template: PROTOCOL_TEMPLATE, source: "protocol", followedBy: 2 });
  });

  test("one file rewritten each time", () => {
    expect(inferHandoffConvention(["HANDOFF.md", "HANDOFF.md"])).toMatchObject({ template: "HANDOFF.md", isSingleFile: true, followedBy: 1, considered: 1 });
  });

  test("no handoffs: the protocol's path", () => {
    expect(inferHandoffConvention([])).toEqual({ template: PROTOCOL_TEMPLATE, source: "default", followedBy: 0, considered: 0, example: null, isSingleFile: false });
    expect(inferHandoffConvention([], { resumedPath: "docs/h/x.md" }).template).toBe("docs/h/<slug>.md");
  });
});
