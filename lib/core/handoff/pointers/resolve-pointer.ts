import { finding, type Finding } from "../../findings";
import { normaliseRepoPath, PROTOCOL_DIR } from "../handoff-path";

export interface ResolvePointerOptions {
  /**
   * Tells whether a repo-relative path exists. Only used to choose between the two readings of an
   * ambiguous relative pointer (handoff's folder vs repo root); without it a fixed rule decides.
   */
  exists?: (repoRelativePath: string) => boolean;
}

export interface PointerResolution {
  /** Normalised repo-relative path, or null for "none" or a pointer that cannot be resolved. */
  path: string | null;
  /** Why a written pointer could not be resolved; null when it resolved or said "none". */
  finding: Finding | null;
}

/** Words agents write instead of a path when there is no previous handoff. */
const NO_POINTER =
  /^(?:(?:none|n\/a|n\.a|na|null|nil|nothing|first|initial|root|not applicable|no|unknown|tbd)\b|[-–—]+$|\((?:none|first|n\/a)\b|this is the first)/i;

function saysNoPointer(text: string): boolean {
  // "first-phase.md" is a file; only words without a path shape mean "no pointer".
  if (/^\(?n\/a\b/i.test(text)) return true;
  return !/[/\\]|\.md\b/i.test(text) && NO_POINTER.test(text);
}

/**
 * A pointer as written → the path text it names: markdown link target, code span content or first
 * path-like word, without quotes, emphasis or trailing punctuation. Null for "none", "n/a", "first", "—".
 */
export function cleanPointer(raw: string): string | null {
  let text = raw.trim();
  if (text === "") return null;
  text = text.replace(/^(?:\*\*|__|\*|_)+|(?:\*\*|__|\*|_)+$/g, "").trim();
  if (saysNoPointer(text)) return null;

  const link = /\[([^\]\n]*)\]\(\s*<?((?:[^()\s>]|\([^()\s]*\))*)>?(?:\s+"[^"]*")?\s*\)/.exec(text);
  if (link !== null) {
    const target = link[2] ?? "";
    text = target !== "" && !target.startsWith("#") ? target : (link[1] ?? "");
  } else {
    const angle = /^<([^>\s]+)>$/.exec(text);
    const code = /`([^`\n]+)`/.exec(text);
    if (code?.[1] !== undefined) text = code[1];
    else if (angle?.[1] !== undefined) text = angle[1];
  }
  text = text.replace(/^`+|`+$/g, "").replace(/^["'“‘]+|["'”’]+$/g, "").trim();
  // "docs/ai/handoff/x.md (previous phase)": keep the first path-like word.
  if (/\s/.test(text)) {
    const words = text.split(/\s+/);
    const pathWord = words.find((word) => /[/\\]|\.md\b/i.test(word));
    text = pathWord ?? text;
  }
  text = stripTrailingPunctuation(text).replace(/^["'“‘]+|["'”’]+$/g, "");
  text = stripTrailingPunctuation(stripOpeningPunctuation(text));
  if (text === "" || saysNoPointer(text)) return null;
  return text;
}

/** "(docs/a.md)" → "docs/a.md"; "(SKILL.md" → "SKILL.md": an opening bracket that closes nothing in the pointer. */
function stripOpeningPunctuation(text: string): string {
  let result = text;
  if (/^\((?:[^()]|\([^()]*\))*\)$/.test(result)) result = result.slice(1, -1);
  while (/^[([{<]/.test(result)) {
    const open = result[0] ?? "";
    const close = { "(": ")", "[": "]", "{": "}", "<": ">" }[open] ?? "";
    if (result.includes(close)) break;
    result = result.slice(1);
  }
  return result;
}

function stripTrailingPunctuation(text: string): string {
  let result = text.replace(/[.,;:!?\]]+$/, "");
  // A closing parenthesis is punctuation only when it closes nothing inside the pointer.
  while (result.endsWith(")") && (result.match(/\(/g)?.length ?? 0) < (result.match(/\)/g)?.length ?? 0)) {
    result = result.slice(0, -1).replace(/[.,;:!?\]]+$/, "");
  }
  return result;
}

/** Normalised repo-relative forward-slash path for a pointer as written, or null. */
export function resolvePointer(raw: string, fromPath: string, options: ResolvePointerOptions = {}): string | null {
  return resolvePointerDetailed(raw, fromPath, options).path;
}

/**
 * Like `resolvePointer`, with the reason when a written pointer does not resolve: it climbs out of the
 * repo (`pointer-escapes-repo`), or it is not something Baton can map to a repo path
 * (`pointer-unresolvable`: another machine's absolute path, a web link, `javascript:`).
 */
export function resolvePointerDetailed(raw: string, fromPath: string, options: ResolvePointerOptions = {}): PointerResolution {
  const cleaned = cleanPointer(raw);
  if (cleaned === null) return { path: null, finding: null };
  const unresolvable = (why: string): PointerResolution => ({
    path: null,
    finding: finding("pointer-unresolvable", "warning", null, `Pointer "${truncate(cleaned)}" ${why}.`),
  });

  let text = cleaned.replace(/\\/g, "/");
  text = stripFragment(text);

  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined && !/^[A-Za-z]:\//.test(text)) {
    if (scheme === "file") {
      text = text.replace(/^file:\/\/(?:localhost)?/i, "");
    } else if (scheme === "http" || scheme === "https") {
      // A link to this repo on a forge: keep the path after /blob/<ref>/ or /tree/<ref>/.
      const forgePath = /\/(?:blob|tree|raw|src)\/[^/]+\/(.+)$/.exec(text)?.[1];
      if (forgePath === undefined) return unresolvable("is a web link, not a path in the repo");
      text = anchorAtProtocolDir(forgePath, fromPath) ?? forgePath;
      return finish(text, "", fromPath);
    } else {
      return unresolvable(`uses the "${scheme}:" scheme, not a path in the repo`);
    }
  }

  const isAbsolute = text.startsWith("/") || text.startsWith("~") || /^[A-Za-z]:\//.test(text);
  if (isAbsolute) {
    const anchored = anchorAtProtocolDir(text, fromPath) ?? anchorAtFirstSegment(text, fromPath);
    if (anchored === null) return unresolvable("is an absolute path outside any folder Baton can place in this repo");
    return finish(anchored, "", fromPath);
  }

  const handoffFolder = normaliseRepoPath(fromPath).split("/").slice(0, -1).join("/");
  const explicitRelative = text.startsWith("./") || text.startsWith("../");
  if (!explicitRelative) {
    // A bare file name is a sibling (softaworks-style chains); anything with a folder is from the repo root.
    return finish(text, text.includes("/") ? "" : handoffFolder, fromPath);
  }

  const fromFolder = finish(text, handoffFolder, fromPath);
  const stripped = text.replace(/^\.\//, "");
  const rootReading = stripped.startsWith("../") ? null : finish(stripped, "", fromPath);
  if (options.exists !== undefined && rootReading?.path != null && fromFolder.path !== null) {
    if (!options.exists(fromFolder.path) && options.exists(rootReading.path)) return rootReading;
    return fromFolder;
  }
  // "./docs/ai/handoff/…" written from inside docs/ai/handoff/… means the repo root.
  if (rootReading !== null && stripped.startsWith(`${PROTOCOL_DIR}/`)) return rootReading;
  return fromFolder;
}

function finish(path: string, baseFolder: string, fromPath: string): PointerResolution {
  const segments = baseFolder === "" ? [] : baseFolder.split("/");
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (segments.length === 0) {
        return {
          path: null,
          finding: finding(
            "pointer-escapes-repo",
            "error",
            null,
            `Pointer "${truncate(path)}" from ${fromPath} climbs above the repository root.`,
          ),
        };
      }
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  if (segments.length === 0) {
    return { path: null, finding: finding("pointer-unresolvable", "warning", null, `Pointer "${truncate(path)}" names no file.`) };
  }
  return { path: segments.join("/"), finding: null };
}

/** `/home/me/repo/docs/ai/handoff/x/y/z.md` → `docs/ai/handoff/x/y/z.md` (kept under the same package prefix). */
function anchorAtProtocolDir(path: string, fromPath: string): string | null {
  const from = normaliseRepoPath(fromPath);
  const fromIndex = from.indexOf(`${PROTOCOL_DIR}/`);
  const packagePrefix = fromIndex > 0 ? from.slice(0, fromIndex) : "";
  if (packagePrefix !== "") {
    const nested = path.indexOf(`/${packagePrefix}${PROTOCOL_DIR}/`);
    if (nested !== -1) return path.slice(nested + 1);
  }
  const index = path.startsWith(`${PROTOCOL_DIR}/`) ? 0 : path.indexOf(`/${PROTOCOL_DIR}/`);
  if (index === -1) return null;
  return index === 0 ? path : path.slice(index + 1);
}

/** `/Users/me/repo/.claude/handoffs/a.md` from `.claude/handoffs/b.md` → `.claude/handoffs/a.md`. */
function anchorAtFirstSegment(path: string, fromPath: string): string | null {
  const firstSegment = normaliseRepoPath(fromPath).split("/")[0];
  if (firstSegment === undefined || firstSegment === "" || !normaliseRepoPath(fromPath).includes("/")) return null;
  const index = path.lastIndexOf(`/${firstSegment}/`);
  return index === -1 ? null : path.slice(index + 1);
}

function stripFragment(path: string): string {
  const hash = path.indexOf("#");
  const query = path.indexOf("?");
  const cut = [hash, query].filter((index) => index > 0).sort((a, b) => a - b)[0];
  return cut === undefined ? path : path.slice(0, cut);
}

function truncate(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}
