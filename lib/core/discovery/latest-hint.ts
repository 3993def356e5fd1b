/**
 * A `LATEST.md` (or `CURRENT.md`, `latest.txt` …) in a handoff folder names the current handoff. It is
 * not a handoff; the path it names is a hint for the latest one. The path may be a markdown link, a
 * code span or a plain path; it is resolved relative to the hint file's folder, then to the repo root,
 * and only a path that is a handoff Baton found counts.
 */

export interface LatestHint {
  /** The hint file, repo-relative. */
  source: string;
  /** The handoff it names, repo-relative; null when nothing it names is a known handoff. */
  path: string | null;
  /** What the file named first (as written), for the message when it does not resolve. */
  named: string | null;
}

const LINK = /\[[^\]]*\]\(\s*<?([^)>\s]+)>?(?:\s+"[^"]*")?\s*\)/g;
const CODE_SPAN = /`([^`\n]+)`/g;
const PLAIN_PATH = /(?:^|[\s(:'"])((?:\.{1,2}\/|[\w@.-]+\/)*[\w@.-]+\.(?:md|markdown))(?=$|[\s).,;:'"!?])/gim;

/** Path-shaped things the text names, in the order they appear. */
export function namedPaths(text: string): string[] {
  const found: { at: number; value: string }[] = [];
  for (const pattern of [LINK, CODE_SPAN, PLAIN_PATH]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const value = cleanTarget(match[1] ?? "");
      if (value) found.push({ at: match.index, value });
    }
  }
  found.sort((a, b) => a.at - b.at);
  return [...new Set(found.map((entry) => entry.value))];
}

function cleanTarget(raw: string): string | null {
  let value = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null; // a URL (https:, mailto:, file:)
  value = value.replace(/[#?].*$/, "");
  try {
    value = decodeURIComponent(value);
  } catch {
    // Not percent-encoded after all: keep it as written.
  }
  if (!/\.(md|markdown)$/i.test(value) || value.startsWith("/") || value.includes("\\")) return null;
  return value;
}

/** `a/./b/../c` → `a/c`; null when it climbs above the root. */
export function normalizeRelative(value: string): string | null {
  const parts: string[] = [];
  for (const part of value.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return null;
      parts.pop();
      continue;
    }
    parts.push(part);
  }
  return parts.join("/");
}

/**
 * The first named path that is a known handoff: each candidate relative to the hint's folder first,
 * then to the repo root.
 */
export function resolveLatestHint(source: string, text: string, isKnownHandoff: (path: string) => boolean): LatestHint {
  const folder = source.includes("/") ? source.slice(0, source.lastIndexOf("/")) : "";
  const named = namedPaths(text);
  for (const candidate of named) {
    for (const base of [folder, ""]) {
      const resolved = normalizeRelative(base ? `${base}/${candidate}` : candidate);
      if (resolved && resolved !== source && isKnownHandoff(resolved)) return { source, path: resolved, named: candidate };
    }
  }
  return { source, path: null, named: named[0] ?? null };
}
