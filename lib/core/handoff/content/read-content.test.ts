import { expect, test } from "vitest";
import { parseHandoffPath } from "../handoff-path";
import { lintHandoff } from "../lint-handoff";
import { parseHandoff } from "../parse-handoff";

const PATH = "docs/handoffs/2026-02-26-cutover-handoff.md";

const withRemaining = `# Cutover handoff

## Snapshot
- Writer lifecycle fixed in \`sandbox/src/finalize.rs\`.

## Validated
- \`cargo check -p sandbox\`

## Remaining Cutover Work
1. Stabilise the sandbox Playwright project in \`tests/playwright\`.
2. Add the writer-first assertion.
`;

test("a Remaining work section stands in for a missing Next action", () => {
  const { value } = parseHandoff(withRemaining);
  expect(value.nextAction?.text).toContain("Stabilise the sandbox Playwright project");
  expect(value.sections.some((section) => section.key === "next-action" && section.title === "Remaining Cutover Work")).toBe(true);
  const findings = lintHandoff(value, { path: PATH, pathInfo: parseHandoffPath(PATH), secrets: [], isCommitted: true, headShaExists: true, previousResolves: true });
  expect(findings.map((finding) => finding.rule)).not.toContain("section-next-action-missing");
});

test("a real Next action section wins over Remaining work", () => {
  const { value } = parseHandoff(`${withRemaining}\n## Next steps\n1. Run \`just local-build-ui\`.\n`);
  expect(value.nextAction?.text).toContain("just local-build-ui");
});
