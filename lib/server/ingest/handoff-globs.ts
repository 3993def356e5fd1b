import picomatch from "picomatch";

/**
 * Where handoffs live. The protocol's own folder, plus the folders other handoff skills write to
 * (Claude's `.claude/handoffs/`, HumanLayer-style `thoughts/shared/handoffs/`). A repo can add more
 * with `baton scan --glob`.
 */
export const DEFAULT_HANDOFF_GLOBS = [
  "docs/ai/handoff/**/*.md",
  ".claude/handoffs/**/*.md",
  "thoughts/shared/handoffs/**/*.md",
];

export interface HandoffMatcher {
  globs: string[];
  /** Folder prefixes that contain every match ("" = whole tree): what git ls-tree and the walk read. */
  prefixes: string[];
  matches(path: string): boolean;
}

const GLOB_CHARS = /[*?[\]{}()!+@]/;

export function staticPrefix(glob: string): string {
  const segments = glob.split("/");
  const fixed: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (GLOB_CHARS.test(segment)) break;
    fixed.push(segment);
  }
  return fixed.join("/");
}

export function createHandoffMatcher(extraGlobs: string[] = []): HandoffMatcher {
  const globs = [...new Set([...DEFAULT_HANDOFF_GLOBS, ...extraGlobs.map((glob) => glob.replace(/^\.?\//, ""))])];
  const isMatch = picomatch(globs, { dot: true });
  const prefixes = [...new Set(globs.map(staticPrefix))];
  // A prefix inside another prefix adds nothing; "" (whole tree) swallows all.
  const minimal = prefixes.includes("")
    ? [""]
    : prefixes.filter((prefix) => !prefixes.some((other) => other !== prefix && prefix.startsWith(`${other}/`)));
  return { globs, prefixes: minimal.sort(), matches: (path) => isMatch(path) };
}
