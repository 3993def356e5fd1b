/**
 * "Nothing found" as a hint, never an error: where Baton looked, and the markdown folders that look
 * like handoffs with the exact `--glob` / `.baton.json` line that would take them (docs/cli.md). Cheap:
 * built from the paths the walk already listed, reading only the first heading of a few files where
 * it could tip a folder in.
 */
import { REPO_CONFIG_FILE } from "../../core/discovery/repo-config";
import { filesWorthHeadings, suggestHandoffFolders, type FolderSuggestion } from "../../core/discovery/suggest-handoff-folders";
import { shellQuote } from "../../core/text/shell-quote";
import { describeDiscovery, type HandoffMatcher } from "./handoff-globs";
import { readWorktreeFile } from "./worktree";

export interface HandoffSuggestion extends FolderSuggestion {
  /** The `.baton.json` to commit (or the entry to add to its "handoffs"). */
  configLine: string;
  /** The one-off command. */
  command: string;
}

export interface DiscoveryHint {
  looked: { rules: string[]; globs: string[]; ignore: string[]; config: string | null };
  suggestions: HandoffSuggestion[];
}

const HEADING_BYTES = 16 * 1024;

/** The first markdown heading's text, or null. */
export function firstHeading(text: string): string | null {
  for (const line of text.split("\n", 200)) {
    const match = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (match) return match[1]!.slice(0, 200);
  }
  return null;
}

export function looked(matcher: Pick<HandoffMatcher, "globs" | "ignore">, configFile: string | null): DiscoveryHint["looked"] {
  return { ...describeDiscovery(matcher), config: configFile };
}

export async function buildDiscoveryHint(options: {
  repoRoot: string;
  matcher: Pick<HandoffMatcher, "globs" | "ignore">;
  configFile: string | null;
  markdown: readonly string[];
  /** The command to show (`baton scan` or `baton lint`). */
  verb: "scan" | "lint";
}): Promise<DiscoveryHint> {
  const headings = new Map<string, string>();
  for (const filePath of filesWorthHeadings(options.markdown)) {
    try {
      const { bytes } = await readWorktreeFile(options.repoRoot, filePath, HEADING_BYTES);
      const heading = bytes ? firstHeading(bytes.toString("utf8")) : null;
      if (heading) headings.set(filePath, heading);
    } catch {
      // Gone or unreadable: it simply gives no heading.
    }
  }
  const suggestions = suggestHandoffFolders(options.markdown, headings).map((suggestion) => ({
    ...suggestion,
    configLine: options.configFile
      ? `add ${JSON.stringify(suggestion.glob)} to "handoffs" in ${REPO_CONFIG_FILE}`
      : `${REPO_CONFIG_FILE}: ${JSON.stringify({ handoffs: [suggestion.glob] })}`,
    command: `baton ${options.verb} ${shellQuote(options.repoRoot)} --glob ${shellQuote(suggestion.glob)}`,
  }));
  return { looked: looked(options.matcher, options.configFile), suggestions };
}

/** The hint as text lines (CLI). */
export function discoveryHintLines(hint: DiscoveryHint): string[] {
  const lines = ["no handoffs found. Baton looked for:", ...hint.looked.rules.map((rule) => `  - ${rule}`)];
  if (hint.looked.globs.length > 0) lines.push(`  - globs: ${hint.looked.globs.join(", ")}`);
  if (hint.looked.ignore.length > 0) lines.push(`  - ignoring: ${hint.looked.ignore.join(", ")}`);
  if (hint.looked.config) lines.push(`  (settings from ${hint.looked.config})`);
  if (hint.suggestions.length === 0) {
    lines.push(`no markdown folder here looks like session notes; if your handoffs live elsewhere, add their glob with --glob or in ${REPO_CONFIG_FILE}`);
    return lines;
  }
  lines.push("markdown folders that look like handoffs:");
  for (const suggestion of hint.suggestions) {
    lines.push(`  ${suggestion.folder}/ (${suggestion.markdownFiles} .md files: ${suggestion.reasons.join("; ")})`);
    lines.push(`    ${suggestion.configLine}`);
    lines.push(`    or once: ${suggestion.command}`);
  }
  return lines;
}
