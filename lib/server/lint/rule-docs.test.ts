import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ruleSection } from "./rule-docs";

const document = readFileSync(path.resolve(import.meta.dirname, "..", "..", "..", "docs", "lint-rules.md"), "utf8");

describe("ruleSection", () => {
  it("is the rule's own section of docs/lint-rules.md, code fences included, up to the next rule", () => {
    const section = ruleSection(document, "section-identity-missing")!;
    expect(section).toMatch(/^- \*\*Severity:\*\* error/);
    expect(section).toContain("## Session identity");
    expect(section).not.toContain("section-goal-missing");
  });

  it("every rule the overview can list has a section", () => {
    const rules = [...document.matchAll(/^### `([a-z0-9-]+)`$/gm)].map((match) => match[1]!);
    expect(rules.length).toBeGreaterThan(20);
    for (const rule of rules) expect(ruleSection(document, rule), rule).not.toBeNull();
  });

  it("an unknown or malformed id has none", () => {
    expect(ruleSection(document, "no-such-rule")).toBeNull();
    expect(ruleSection(document, "../../etc/passwd")).toBeNull();
  });
});
