import { describe, expect, test } from "vitest";
import { namedPaths, normalizeRelative, resolveLatestHint } from "./latest-hint";

const known = new Set(["docs/handoffs/2026-03-02-auth.md", "docs/handoffs/2026-03-01-db.md", "docs/ai/handoff/codex/02032026/handoff_x.md"]);
const isKnown = (path: string) => known.has(path);

describe("LATEST.md hints", () => {
  test.each([
    ["a markdown link", "# Latest\n\nSee [the auth handoff](2026-03-02-auth.md).\n", "docs/handoffs/2026-03-02-auth.md"],
    ["a link with ./ and an anchor", "[latest](./2026-03-02-auth.md#next-action)", "docs/handoffs/2026-03-02-auth.md"],
    ["a code span", "Latest handoff: `2026-03-01-db.md`", "docs/handoffs/2026-03-01-db.md"],
    ["a plain path", "latest: 2026-03-01-db.md\n", "docs/handoffs/2026-03-01-db.md"],
    ["a path from the repo root", "Current: `docs/ai/handoff/codex/02032026/handoff_x.md`", "docs/ai/handoff/codex/02032026/handoff_x.md"],
    ["a path climbing out of the folder", "[x](../ai/handoff/codex/02032026/handoff_x.md)", "docs/ai/handoff/codex/02032026/handoff_x.md"],
    ["the first name that resolves", "Was `gone.md`; now [this](2026-03-02-auth.md), before it `2026-03-01-db.md`", "docs/handoffs/2026-03-02-auth.md"],
    ["an encoded name", "[x](2026-03-02%2Dauth.md)", "docs/handoffs/2026-03-02-auth.md"],
  ])("%s", (_label, text, expected) => {
    expect(resolveLatestHint("docs/handoffs/LATEST.md", text, isKnown)).toEqual({ source: "docs/handoffs/LATEST.md", path: expected, named: expect.any(String) });
  });

  test.each([
    ["a URL", "[x](https://example.com/docs/handoffs/2026-03-02-auth.md)", null],
    ["an absolute path", "`/docs/handoffs/2026-03-02-auth.md`", "named nothing"],
    ["a path above the root", "[x](../../../2026-03-02-auth.md)", "../../../2026-03-02-auth.md"],
    ["an unknown handoff", "Latest: `2026-04-01-new.md`", "2026-04-01-new.md"],
    ["no path at all", "# Latest\nAsk Ana.", null],
  ])("%s does not resolve", (_label, text, named) => {
    const hint = resolveLatestHint("docs/handoffs/LATEST.md", text, isKnown);
    expect(hint.path).toBeNull();
    if (named === "named nothing" || named === null) expect(hint.named).toBeNull();
    else expect(hint.named).toBe(named);
  });

  test("names appear in document order, each once", () => {
    expect(namedPaths("`b.md` then [a](a.md) then b.md and c.markdown")).toEqual(["b.md", "a.md", "c.markdown"]);
  });

  test("normalising a relative path", () => {
    expect(normalizeRelative("a/./b/../c.md")).toBe("a/c.md");
    expect(normalizeRelative("../x.md")).toBeNull();
  });
});
