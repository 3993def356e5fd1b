/**
 * Whether a handoff marks itself as no longer current (deprecated, superseded, archived, moved …), so
 * it never wins "latest" and is not offered as a chain head to resume.
 *
 * Only markers about the document itself count, in these places:
 * - front matter: `status: deprecated`, `deprecated: true`, `superseded_by: <path>`, or a `title:` that
 *   reads as a marked title;
 * - the title or any heading, when the marker is the heading's status rather than its topic:
 *   the whole heading (`## DEPRECATED`), its start or end set off by punctuation or brackets
 *   (`# DEPRECATED: auth handoff`, `# [Superseded] …`, `# Auth handoff (superseded)`,
 *   `# Handoff — obsolete`), "handoff/document <marker>" (`# Handoff Archived`), "superseded by …",
 *   `## Status: superseded`, or the marker shouted in capitals inside a heading that is not all capitals;
 * - a status field (`Status: superseded`, `**Status:** archived`, `| Status | Deprecated |`, several
 *   labels on one line) or a replacement field (`Superseded by: docs/…`, not `Supersedes: none`), in
 *   the part before the first section or in a metadata/identity section;
 * - a banner before the first section: `> **Deprecated** …`, `DEPRECATED: …`, "This handoff is superseded …".
 *
 * Never prose: "we deprecated the old API", "## Remove deprecated endpoints", "## Deprecated API
 * cleanup", a task's status in the State section, or anything inside code.
 */
import {
  DEPRECATION_WORDS,
  DOCUMENT_NOUNS,
  EMPTY_VALUES,
  FLAG_KEYS,
  METADATA_HEADING_WORDS,
  REPLACED_BY_WORDS,
  REPLACEMENT_KEYS,
  STATUS_KEYS,
} from "./deprecation-markers.data";

export interface DeprecationMarker {
  /** Where the marker was found. */
  where: "front-matter" | "title" | "heading" | "status" | "banner";
  /** 1-based line of the marker in the file. */
  line: number;
  /** The line as written (trimmed, cut at 160 characters), for the UI and the resume warning. */
  text: string;
}

const MAX_TEXT = 160;
const CJK = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
const allWords = [...new Set(Object.values(DEPRECATION_WORDS).flat())].sort((a, b) => b.length - a.length);
const latinWords = allWords.filter((word) => !CJK.test(word)).map(escape);
const cjkWords = allWords.filter((word) => CJK.test(word)).map(escape);
/** One marker word: Latin words as whole words, CJK ones wherever they occur. */
const MARKER = `(?:(?<![\\p{L}\\p{N}_])(?:${latinWords.join("|")})(?![\\p{L}\\p{N}_])${cjkWords.length > 0 ? `|(?:${cjkWords.join("|")})` : ""})`;
const NOUN = `(?:${DOCUMENT_NOUNS.map(escape).join("|")})`;
const STATUS_KEY = `(?:${STATUS_KEYS.map(escape).join("|")})`;
const SEPARATOR = "[:：\\-–—|/,.!;]";
const OPEN = "[\\[(【「]";
const CLOSE = "[\\])】」]";

const WHOLE = new RegExp(`^${MARKER}$`, "iu");
const AT_START = new RegExp(`^(?:${OPEN}\\s*${MARKER}\\s*${CLOSE}|${MARKER}\\s*(?:${SEPARATOR}|$))`, "iu");
const AT_END = new RegExp(`(?:${SEPARATOR}\\s*|${OPEN}\\s*)${MARKER}\\s*${CLOSE}?$`, "iu");
const BRACKETED = new RegExp(`${OPEN}\\s*${MARKER}\\s*${CLOSE}`, "iu");
const NOUN_THEN_MARKER = new RegExp(`(?<![\\p{L}])${NOUN}\\s+(?:(?:is|was|has\\s+been|now)\\s+)*${MARKER}$`, "iu");
const REPLACED_BY = new RegExp(`(?<![\\p{L}])(?:${REPLACED_BY_WORDS.map(escape).join("|")})\\s+(?:by|in\\s+favou?r\\s+of)(?![\\p{L}])`, "iu");
const STATUS_IN_HEADING = new RegExp(`^${STATUS_KEY}\\s*${SEPARATOR}\\s*${MARKER}`, "iu");
const STARTS_WITH_MARKER = new RegExp(`^${MARKER}`, "iu");
const ANY_MARKER = new RegExp(MARKER, "giu");
const CJK_EDGE = cjkWords.length > 0 ? new RegExp(`^(?:${cjkWords.join("|")})|(?:${cjkWords.join("|")})$`, "u") : null;
const SELF_REFERENCE = new RegExp(`(?<![\\p{L}])this\\s+${NOUN}\\s+(?:is|was|has\\s+been)\\s+(?:now\\s+)?${MARKER}`, "iu");
/**
 * "**Deprecated** — …", "__SUPERSEDED:__ …", "**Superseded by** …": the bold part is only the marker, set off
 * by punctuation ("**Moved** the store to Redis" is a sentence).
 */
const BOLD_MARKER_FIRST = new RegExp(
  `^(?:\\*\\*|__)\\s*${MARKER}(?:\\s+(?:by|in\\s+favou?r\\s+of)\\s*(?:\\*\\*|__)|\\s*[:：!.]\\s*(?:\\*\\*|__)|\\s*(?:\\*\\*|__)\\s*(?:$|[:：!.(\\-–—]))`,
  "iu",
);
/** "DEPRECATED: …", "Superseded — see …" (a changelog's "Replaced: X with Y" is not one: see isBanner). */
const LABEL_MARKER_FIRST = new RegExp(`^(${MARKER})\\s*[:：—–]`, "iu");
const LABEL_WORDS = new Set(["deprecated", "superseded", "obsolete"]);
/** "DEPRECATED see …": a word in capitals first (checked against the marker words). */
const CAPITALS_FIRST = /^(\p{Lu}{4,})(?![\p{L}])/u;

const statusKeys = new Set(STATUS_KEYS);
const replacementKeys = new Set(REPLACEMENT_KEYS);
const flagKeys = new Set(FLAG_KEYS);
const emptyValues = new Set(EMPTY_VALUES);
const METADATA_HEADING = new RegExp(`(?<![\\p{L}])(?:${METADATA_HEADING_WORDS.map(escape).join("|")})(?![\\p{L}])`, "iu");

/**
 * One line for storage and display: "title, line 1: # DEPRECATED …"; "" for no marker (so a stored ""
 * means "checked, not marked" and null can mean "not checked yet").
 */
export function describeDeprecation(marker: DeprecationMarker | null): string {
  if (marker === null) return "";
  const where = { "front-matter": "front matter", title: "title", heading: "heading", status: "status field", banner: "banner" }[marker.where];
  return `${where}, line ${marker.line}: ${marker.text}`;
}

/** The first marker that says this handoff is no longer current, or null. Total: never throws. */
export function detectDeprecation(markdown: string): DeprecationMarker | null {
  try {
    return scan(markdown);
  } catch {
    return null;
  }
}

function scan(markdown: string): DeprecationMarker | null {
  const lines = markdown.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  let index = 0;
  if (lines[0]?.trim() === "---") {
    const end = lines.findIndex((line, at) => at > 0 && /^(?:---|\.\.\.)\s*$/.test(line));
    if (end > 0) {
      for (let at = 1; at < end; at += 1) {
        const found = frontMatterMarker(lines[at] ?? "");
        if (found !== null) return { where: found, line: at + 1, text: clip(lines[at] ?? "") };
      }
      index = end + 1;
    }
  }

  let fence: string | null = null;
  let seenSection = false;
  let inMetadata = false;
  let seenTitle = false;
  for (; index < lines.length; index += 1) {
    const line = lines[index] ?? "";
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence !== null) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length && line.trim() === fenceMatch[1]) fence = null;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      continue;
    }
    const heading = /^ {0,3}(#{1,6})(?:\s+(.*?))?\s*#*\s*$/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      const text = heading[2] ?? "";
      const isTitle = level === 1 && !seenTitle && !seenSection;
      if (level === 1) seenTitle = true;
      if (level >= 2) {
        seenSection = true;
        inMetadata = METADATA_HEADING.test(cleanInline(text));
      }
      if (isTitle ? isHeadingMarked(text) : isSectionHeadingMarked(text)) return { where: isTitle ? "title" : "heading", line: index + 1, text: clip(line) };
      continue;
    }
    if (!seenSection || inMetadata) {
      if (hasStatusField(line)) return { where: "status", line: index + 1, text: clip(line) };
    }
    if (!seenSection && isBanner(line)) return { where: "banner", line: index + 1, text: clip(line) };
  }
  return null;
}

/** A title (first H1 or front-matter title) whose status, not topic, is a marker. */
export function isHeadingMarked(raw: string): boolean {
  const cleaned = cleanInline(raw);
  const core = cleaned.replace(/^[^\p{L}\p{N}[(【「]+/u, "").replace(/[^\p{L}\p{N}\])】」]+$/u, "");
  const bare = core.replace(/^[[(【「]+|[\])】」]+$/gu, "").trim();
  if (bare === "") return false;
  if (WHOLE.test(bare) || AT_START.test(core) || AT_END.test(core) || BRACKETED.test(core)) return true;
  if (NOUN_THEN_MARKER.test(bare) || REPLACED_BY.test(bare) || STATUS_IN_HEADING.test(bare)) return true;
  if (CJK_EDGE !== null && CJK_EDGE.test(bare)) return true;
  // Shouted in capitals inside a heading that is not itself all capitals: "Auth handoff DEPRECATED see X".
  if (/\p{Ll}/u.test(bare)) {
    for (const match of bare.matchAll(ANY_MARKER)) {
      const word = match[0];
      if (word.length >= 4 && word === word.toUpperCase() && word !== word.toLowerCase()) return true;
    }
  }
  return false;
}

/**
 * A heading below the title marks the whole handoff only when it is about the document: only the
 * marker (`## SUPERSEDED`), a status (`## Status: deprecated`), "superseded by …" at its start, or
 * "handoff/document <marker>". `## Old auth flow (deprecated)` marks a part, not the handoff.
 */
export function isSectionHeadingMarked(raw: string): boolean {
  const cleaned = cleanInline(raw);
  const bare = cleaned.replace(/^[^\p{L}\p{N}]+/u, "").replace(/[^\p{L}\p{N}]+$/u, "").trim();
  if (bare === "") return false;
  if (WHOLE.test(bare) || STATUS_IN_HEADING.test(bare) || NOUN_THEN_MARKER.test(bare)) return true;
  const replaced = REPLACED_BY.exec(bare);
  return replaced !== null && replaced.index === 0;
}

/** `Status: superseded`, `**Superseded by:** docs/x.md`, `| Status | Archived |`, several labels on one line. */
export function hasStatusField(raw: string): boolean {
  const line = raw.replace(/^\s{0,3}(?:>\s*)*/, "").trim();
  if (line.startsWith("|")) {
    const cells = line.replace(/^\|/, "").replace(/\|\s*$/, "").split("|").map((cell) => cleanInline(cell).trim());
    return cells.length >= 2 && isMarkedField(normaliseKey(cells[0]!), cells[1]!);
  }
  const withoutBullet = line.replace(/^(?:[-*+]|\d{1,3}[.)])\s+/, "");
  // Several labels on one line: `**Date:** … · **Status:** superseded`.
  for (const part of withoutBullet.split(/\s+[·•|;]\s+|\s+[-–—]\s+(?=(?:\*\*|__)?[\p{L} _-]{1,40}(?:\*\*|__)?\s*[:：])/u)) {
    const field = /^(?:\*\*|__)?([^:：*_`|]{1,40}?)\s*(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*(.*)$/u.exec(part.trim());
    if (field && isMarkedField(normaliseKey(field[1]!), cleanInline(field[2] ?? ""))) return true;
  }
  return false;
}

function isMarkedField(key: string, value: string): boolean {
  const cleanedValue = value.replace(/^[^\p{L}\p{N}./]+/u, "").trim();
  if (statusKeys.has(key)) return STARTS_WITH_MARKER.test(cleanedValue);
  if (replacementKeys.has(key)) return !emptyValues.has(cleanedValue.toLowerCase().replace(/[.!]+$/, ""));
  return false;
}

function frontMatterMarker(line: string): DeprecationMarker["where"] | null {
  // Top-level keys only: an indented key belongs to some nested mapping.
  const field = /^([A-Za-z\p{L}][\p{L}\p{N} _-]{0,40}?)\s*:\s*(.*)$/u.exec(line);
  if (!field) return null;
  const key = normaliseKey(field[1]!);
  const value = field[2]!.trim().replace(/^(["'])(.*)\1$/, "$2").trim();
  if (key === "title") return isHeadingMarked(value) ? "title" : null;
  if (flagKeys.has(key)) return /^(?:true|yes|on)$/i.test(value) ? "front-matter" : null;
  if (statusKeys.has(key) || replacementKeys.has(key)) return isMarkedField(key, value) ? "front-matter" : null;
  return null;
}

function isBanner(raw: string): boolean {
  const line = cleanBanner(raw);
  if (line === "") return false;
  if (SELF_REFERENCE.test(cleanInline(line))) return true;
  if (BOLD_MARKER_FIRST.test(line)) return true;
  const label = LABEL_MARKER_FIRST.exec(line)?.[1];
  if (label !== undefined && (label === label.toUpperCase() || LABEL_WORDS.has(label.toLowerCase()))) return true;
  const first = CAPITALS_FIRST.exec(line)?.[1];
  return first !== undefined && WHOLE.test(first);
}

function cleanBanner(raw: string): string {
  return raw
    .replace(/^\s{0,3}(?:>\s*)*/, "")
    .replace(/^\[![A-Za-z]+\]\s*/, "")
    .replace(/^(?:[-*+]|\d{1,3}[.)])\s+/, "")
    .replace(/^[^\p{L}\p{N}*_]+/u, "")
    .trim();
}

/** Markdown emphasis, strike-through, code spans and links reduced to their text. */
function cleanInline(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/~~|\*\*|__|`/g, "")
    .replace(/(^|[\s([])[*_]+|[*_]+(?=$|[\s)\].,:;!?])/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

function normaliseKey(key: string): string {
  return cleanInline(key).toLowerCase().replace(/\s+/g, " ").trim();
}

function clip(line: string): string {
  const trimmed = line.trim();
  return trimmed.length > MAX_TEXT ? `${trimmed.slice(0, MAX_TEXT - 1)}…` : trimmed;
}
