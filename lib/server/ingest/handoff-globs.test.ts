import { describe, expect, test } from "vitest";
import { createHandoffMatcher } from "./handoff-globs";

describe("handoff matcher", () => {
  test("extra globs add files the default rules do not take; never-handoff names and excluded folders still win", () => {
    const matcher = createHandoffMatcher({ globs: ["notes/sessions/*.md", "./build/notes/*.md"] });
    expect(matcher.matches("notes/sessions/2026-03-01.md")).toBe(true);
    expect(matcher.matches("notes/sessions/README.md")).toBe(false);
    expect(matcher.matches("notes/sessions/TEMPLATE.md")).toBe(false);
    expect(matcher.matches("build/notes/a.md")).toBe(false);
    expect(matcher.matches("notes/other/a.md")).toBe(false);
    expect(matcher.globs).toEqual(["build/notes/*.md", "notes/sessions/*.md"]);
  });

  test("ignore globs remove matches and close folders", () => {
    const matcher = createHandoffMatcher({ ignore: ["docs/handoffs/archive/**"] });
    expect(matcher.matches("docs/handoffs/2026-03-01.md")).toBe(true);
    expect(matcher.matches("docs/handoffs/archive/2025-01-01.md")).toBe(false);
    expect(matcher.descend("docs/handoffs/archive", "archive")).toBe(false);
    expect(matcher.descend("docs/handoffs", "handoffs")).toBe(true);
    expect(matcher.descend("packages/a/node_modules", "node_modules")).toBe(false);
    expect(matcher.descend("packages/a/Vendor", "Vendor")).toBe(false);
  });

  test("the key changes with the globs and ignores, not with their order or a leading ./", () => {
    const base = createHandoffMatcher();
    expect(createHandoffMatcher({ globs: ["a/*.md", "b/*.md"] }).key).toBe(createHandoffMatcher({ globs: ["./b/*.md", "a/*.md"] }).key);
    expect(createHandoffMatcher({ globs: ["a/*.md"] }).key).not.toBe(base.key);
    expect(createHandoffMatcher({ ignore: ["a/**"] }).key).not.toBe(base.key);
    expect(createHandoffMatcher([]).key).toBe(base.key);
  });

  test("a LATEST.md is a hint only where handoffs live", () => {
    const matcher = createHandoffMatcher({ globs: ["notes/sessions/*.md"] });
    expect(matcher.isLatestHint("docs/handoffs/LATEST.md")).toBe(true);
    expect(matcher.isLatestHint("docs/ai/handoff/CURRENT.md")).toBe(true);
    expect(matcher.isLatestHint("notes/sessions/latest.md")).toBe(true);
    expect(matcher.isLatestHint("LATEST.md")).toBe(false);
    expect(matcher.isLatestHint("docs/LATEST.md")).toBe(false);
    expect(matcher.isLatestHint("node_modules/x/handoffs/LATEST.md")).toBe(false);
  });

  test("a link matters where a handoff could be: a handoff path, a handoff folder, or on a glob's way", () => {
    const matcher = createHandoffMatcher({ globs: ["notes/sessions/*.md"] });
    expect(matcher.mayHold("docs/handoffs/x.md")).toBe(true);
    expect(matcher.mayHold("docs/handoffs")).toBe(true);
    expect(matcher.mayHold("docs/handoffs/etc")).toBe(true);
    expect(matcher.mayHold("HANDOFF.md")).toBe(true);
    expect(matcher.mayHold("notes")).toBe(true);
    expect(matcher.mayHold("notes/sessions")).toBe(true);
    expect(matcher.mayHold("CLAUDE.md")).toBe(false);
    expect(matcher.mayHold("src/lib")).toBe(false);
    expect(matcher.mayHold("node_modules/.bin/tsc")).toBe(false);
  });
});
