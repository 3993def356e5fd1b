import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  allSynonyms,
  HEADING_SYNONYMS_BEGIN,
  HEADING_SYNONYMS_END,
  headingSynonymsBlockOf,
  renderHeadingSynonymsDoc,
  withHeadingSynonymsDoc,
} from "./heading-synonyms-doc";
import { classifyTitle } from "./section-titles";

const DOC = path.resolve(import.meta.dirname, "../../../../docs/lint-rules.md");

// Each test is skipped only in a checkout without docs/ (a package built from lib alone); the repo always has it.
describe("docs/lint-rules.md lists the heading synonyms the code uses", () => {
  test.skipIf(!existsSync(DOC))("the generated block equals the tables (run `npx tsx scripts/generate-heading-synonyms-doc.ts`)", () => {
    const block = headingSynonymsBlockOf(readFileSync(DOC, "utf8"));
    expect(block, "docs/lint-rules.md has no heading-synonyms block").not.toBeNull();
    expect(block).toBe(renderHeadingSynonymsDoc());
  });

  test.skipIf(!existsSync(DOC))("every keyword of every table is in the doc", () => {
    const block = headingSynonymsBlockOf(readFileSync(DOC, "utf8")) ?? "";
    const missing = allSynonyms().filter((keyword) => !block.includes(`\`${keyword.replace(/\|/g, "\\|")}\``));
    expect(missing).toEqual([]);
  });

  test.skipIf(!existsSync(DOC))("the examples the doc gives behave as it says", () => {
    const expected: [string, string | null][] = [
      ["Tests and proof", "verification"],
      ["Contest results", null],
      ["Next Active Step", "next-action"],
      ["Next safe step", "next-action"],
      ["Status summary", "state"],
      ["Game status", null],
      ["즉시 다음단계", "next-action"],
      ["Historical recommended next task", "other"],
      ["Environment state", "other"],
      ["Test / verification status", "verification"],
      ["Blockers and next steps", "next-action"],
      ["Decisions (do not revisit)", "decisions"],
      ["Hints (verified in earlier rounds)", "other"],
      ["Immediate (architect validation)", null],
      ["Done (2 items)", "state"],
      ["Next steps (archived)", "other"],
      ["Résumé", null],
      ["Decisoes", "decisions"],
      ["ＮＥＸＴ ＳＴＥＰＳ", "next-action"],
      ["Test plan", "verification"],
      ["Remaining work", "state"],
      ["Done", "state"],
      ["Context", "other"],
      ["Checklist", null],
    ];
    const text = readFileSync(DOC, "utf8").replace(/\s+/g, " ");
    for (const [title, key] of expected) {
      expect(text, `the doc no longer mentions "${title}"`).toContain(title);
      expect(classifyTitle(title)?.key ?? null, title).toBe(key);
    }
  });
});

describe("renderHeadingSynonymsDoc", () => {
  test("a pipe inside a keyword is escaped so every row keeps its table's columns", () => {
    const block = renderHeadingSynonymsDoc();
    expect(block).toContain("`nächste(r\\|n) … Schritt(e)`");
    let columns = 0;
    for (const line of block.split("\n").filter((row) => row.startsWith("|"))) {
      const cells = line.replace(/\\\|/g, "").split("|").length;
      if (line.startsWith("| Language")) columns = cells;
      expect(cells, line).toBe(columns);
    }
  });

  test("the block is replaced in place, or appended when the doc has none", () => {
    const doc = `# Rules\n\nintro\n\n${HEADING_SYNONYMS_BEGIN}\nold\n${HEADING_SYNONYMS_END}\n\n## After\n`;
    const updated = withHeadingSynonymsDoc(doc, "NEW");
    expect(updated).toBe("# Rules\n\nintro\n\nNEW\n\n## After\n");
    expect(withHeadingSynonymsDoc("# Rules\n", "NEW")).toBe("# Rules\n\nNEW\n");
    expect(headingSynonymsBlockOf("no block")).toBeNull();
  });
});
