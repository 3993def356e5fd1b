/**
 * The README's Environment table names every variable a newcomer may set to run Baton or its tests:
 * those read by the e2e configuration and the test runner included (BATON_E2E_PORT was once missing).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const table = readme.slice(readme.indexOf("## Environment"), readme.indexOf("\n## ", readme.indexOf("## Environment") + 1));

test.each(["playwright.config.ts", "scripts/test-all.mjs", "vitest.config.ts", "e2e/fixtures/test.ts"])("every variable %s reads is in the README's Environment table", (file) => {
  const source = readFileSync(path.join(root, file), "utf8");
  // `CI` is the CI system's own (it only picks the reporter).
  const names = [...new Set([...source.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!))].filter((name) => name !== "CI");
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(table, name).toContain(`\`${name}\``);
});
