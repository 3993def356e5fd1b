/**
 * `npx tsx scripts/generate-heading-synonyms-doc.ts` rewrites the generated block of docs/lint-rules.md
 * ("How headings are read") from the synonym tables in lib/core/handoff/sections/section-synonyms/. A unit test
 * (heading-synonyms-doc.test.ts) fails when the two disagree.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { withHeadingSynonymsDoc } from "../lib/core/handoff/sections/heading-synonyms-doc";

const docPath = path.resolve(import.meta.dirname, "../docs/lint-rules.md");
const before = readFileSync(docPath, "utf8");
const after = withHeadingSynonymsDoc(before);
if (after === before) {
  console.log("docs/lint-rules.md is up to date");
} else {
  writeFileSync(docPath, after);
  console.log("docs/lint-rules.md: heading synonyms rewritten");
}
