import { describe, expect, test } from "vitest";
import { parseRepoConfig } from "./repo-config";

describe(".baton.json", () => {
  test("no file: no settings, no findings", () => {
    expect(parseRepoConfig(null)).toEqual({ config: { handoffs: [], ignore: [] }, file: null, issues: [] });
  });

  test("a valid file gives its globs and ignores", () => {
    const result = parseRepoConfig(JSON.stringify({ $schema: "x", handoffs: ["notes/sessions/*.md"], ignore: ["docs/handoffs/archive/**"] }));
    expect(result).toEqual({ config: { handoffs: ["notes/sessions/*.md"], ignore: ["docs/handoffs/archive/**"] }, file: ".baton.json", issues: [] });
    expect(parseRepoConfig("\uFEFF{}").issues).toEqual([]);
  });

  test.each([
    ['{ "handoffs": "notes/*.md" }', /handoffs: .*array/i],
    ['{ "handoffs": [1] }', /handoffs\.0: .*string/i],
    ['{ "handoffs": [""] }', /handoffs\.0: a glob cannot be empty/],
    ['{ "handoffs": ["/etc/*.md"] }', /not absolute/],
    ['{ "handoffs": ["../other/*.md"] }', /cannot leave the repo/],
    ['{ "ignore": ["a\\\\b"] }', /forward slashes/],
    ['{ "handoff": ["x/*.md"] }', /unrecognized key.*handoff/i],
    ["[]", /top level/],
  ])("%s is reported, and no setting of it is used", (text, message) => {
    const result = parseRepoConfig(text);
    expect(result.config).toEqual({ handoffs: [], ignore: [] });
    expect(result.file).toBe(".baton.json");
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toMatchObject({ rule: "config-invalid", severity: "error" });
    expect(result.issues[0]!.message).toMatch(message);
  });

  test("broken JSON names the line", () => {
    const result = parseRepoConfig('{\n  "handoffs": ["a/*.md",]\n}');
    expect(result.issues[0]).toMatchObject({ rule: "config-invalid", severity: "error", line: 2 });
    expect(result.issues[0]!.message).toMatch(/not valid JSON/);
  });
});
