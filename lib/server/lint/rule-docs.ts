/**
 * A lint rule's own documentation, for the dashboard's rule page: its section of docs/lint-rules.md
 * (the heading `### \`<rule>\`` down to the next heading of the same or a higher level). The docs are
 * read from the install's folder; the markdown goes through the same sanitising renderer as handoffs.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";

const RULE_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** The markdown of `rule`'s section in `document`, or null when it has none. */
export function ruleSection(document: string, rule: string): string | null {
  if (!RULE_ID.test(rule)) return null;
  const lines = document.split("\n");
  const start = lines.findIndex((line) => line.trim() === `### \`${rule}\``);
  if (start < 0) return null;
  let end = start + 1;
  let inFence = false;
  for (; end < lines.length; end++) {
    if (/^\s*```/.test(lines[end]!)) inFence = !inFence;
    if (!inFence && /^#{1,3}\s/.test(lines[end]!)) break;
  }
  return lines.slice(start + 1, end).join("\n").trim();
}

function docsFile(): string {
  const root = process.env.BATON_PROJECT_ROOT ?? /* turbopackIgnore: true */ process.cwd();
  return path.join(root, "docs", "lint-rules.md");
}

/** Every rule docs/lint-rules.md describes (empty when the docs cannot be read). */
export async function documentedRules(): Promise<Set<string>> {
  try {
    const document = await readFile(docsFile(), "utf8");
    return new Set([...document.matchAll(/^### `([a-z0-9][a-z0-9-]*)`\s*$/gm)].map((match) => match[1]!));
  } catch {
    return new Set();
  }
}

/** The rule's section, or null for a rule the docs do not describe (or when the docs cannot be read). */
export async function loadRuleDoc(rule: string): Promise<string | null> {
  if (!RULE_ID.test(rule)) return null;
  try {
    return ruleSection(await readFile(docsFile(), "utf8"), rule);
  } catch {
    return null;
  }
}
