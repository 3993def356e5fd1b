import { describe, expect, test } from "vitest";
import { cleanPointer, resolvePointer, resolvePointerDetailed } from "./resolve-pointer";

const from = "docs/ai/handoff/codex/09082026/handoff_b.md";
const previous = "docs/ai/handoff/claude-code/08082026/handoff_a.md";

describe("cleanPointer", () => {
  test.each([
    ["`docs/ai/x.md`", "docs/ai/x.md"],
    ["[handoff_a.md](./handoff_a.md)", "./handoff_a.md"],
    ["[docs/ai/x.md](<docs/ai/x.md>)", "docs/ai/x.md"],
    ['[x](docs/ai/x.md "title")', "docs/ai/x.md"],
    ["[docs/ai/x.md](#anchor)", "docs/ai/x.md"],
    ["<docs/ai/x.md>", "docs/ai/x.md"],
    ["**docs/ai/x.md**", "docs/ai/x.md"],
    ['"docs/ai/x.md".', "docs/ai/x.md"],
    ["docs/ai/x.md (the migration phase)", "docs/ai/x.md"],
    ["`docs/ai/x.md` — previous phase", "docs/ai/x.md"],
    ["docs/ai/x.md;", "docs/ai/x.md"],
    ["first-phase.md", "first-phase.md"],
    ["[x](javascript:alert(1))", "javascript:alert(1)"],
  ])("%s → %s", (raw, expected) => {
    expect(cleanPointer(raw)).toBe(expected);
  });

  test.each(["none", "None (first handoff)", "n/a", "N/A — first in chain", "first", "—", "-", "null", "(none)", "", "  ", "none.", "No previous handoff", "unknown"])(
    "%j means no pointer",
    (raw) => {
      expect(cleanPointer(raw)).toBeNull();
    },
  );
});

describe("resolvePointer", () => {
  test.each([
    ["repo-relative", previous, previous],
    ["backticks", `\`${previous}\``, previous],
    ["absolute path on another machine", `/home/alice/work/repo/${previous}`, previous],
    ["Windows absolute path", `C:\\Users\\bob\\repo\\${previous.replace(/\//g, "\\")}`, previous],
    ["home-relative path", `~/repo/${previous}`, previous],
    ["file:// URL", `file:///home/alice/repo/${previous}`, previous],
    ["forge blob link", `https://github.com/o/r/blob/main/${previous}`, previous],
    ["markdown link", `[previous](${previous})`, previous],
    ["../ relative to the handoff's folder", "../../claude-code/08082026/handoff_a.md", previous],
    ["./ with the protocol folder means repo root", `./${previous}`, previous],
    ["bare sibling file name", "handoff_a.md", "docs/ai/handoff/codex/09082026/handoff_a.md"],
    ["fragment and trailing punctuation", `${previous}#next-action.`, previous],
    ["doubled slashes and dot segments", "docs//ai/./handoff/claude-code/08082026/handoff_a.md", previous],
  ])("%s", (_name, raw, expected) => {
    expect(resolvePointer(raw, from)).toBe(expected);
  });

  test("none → null without a finding", () => {
    expect(resolvePointerDetailed("none", from)).toEqual({ path: null, finding: null });
  });

  test("climbing out of the repo → null + pointer-escapes-repo", () => {
    const result = resolvePointerDetailed("../../etc/passwd", "docs/handoff.md");
    expect(result.path).toBeNull();
    expect(result.finding?.rule).toBe("pointer-escapes-repo");
    expect(result.finding?.severity).toBe("error");
  });

  test("deep climb from a protocol path escapes too", () => {
    expect(resolvePointerDetailed("../../../../../../../etc/passwd", from).finding?.rule).toBe("pointer-escapes-repo");
  });

  test.each([
    ["absolute system path", "/etc/passwd"],
    ["javascript: link", "[x](javascript:alert(1))"],
    ["data: URL", "data:text/html,<script>alert(1)</script>"],
    ["web link that is not a file", "https://example.com/handoff"],
  ])("%s → null + pointer-unresolvable", (_name, raw) => {
    const result = resolvePointerDetailed(raw, from);
    expect(result.path).toBeNull();
    expect(result.finding?.rule).toBe("pointer-unresolvable");
  });

  test("nested protocol folder keeps its package prefix for absolute paths", () => {
    const nestedFrom = "packages/web/docs/ai/handoff/codex/09082026/handoff_b.md";
    expect(resolvePointer(`/home/a/repo/packages/web/${previous}`, nestedFrom)).toBe(`packages/web/${previous}`);
  });

  test("absolute path outside the protocol folder is anchored at the handoff's top folder", () => {
    expect(resolvePointer("/Users/wiz/repo/.claude/handoffs/a.md", ".claude/handoffs/b.md")).toBe(".claude/handoffs/a.md");
  });

  test("an exists() callback settles ./ between folder and root", () => {
    const handoffFrom = "docs/handoffs/b.md";
    const exists = (path: string) => path === "notes/a.md";
    expect(resolvePointer("./notes/a.md", handoffFrom)).toBe("docs/handoffs/notes/a.md");
    expect(resolvePointer("./notes/a.md", handoffFrom, { exists })).toBe("notes/a.md");
  });
});
