import { isIdentityKey } from "../identity/identity-keys";
import { stripInlineMarkdown } from "../markdown/inline-references";
import { OWN_COMMIT_LABELS, PREVIOUS_POINTER_LABELS, RESUME_COMMAND_LABELS, THIS_POINTER_LABELS } from "../pointers/pointer-labels.data";
import { classifyLabel } from "./section-titles";

/**
 * Labels as agents write them: `**Branch:** main`, `**Branch**: main`, `Objective:`, `- Runtime: codex`.
 * A label is a name and the rest of its line; everything that reads a handoff's fields starts here.
 */

export interface Label {
  name: string;
  rest: string;
  isBold: boolean;
}

const BOLD_LABEL = /^(\*\*|__)(?!\s)(.+?)\1(.*)$/;
// After a full-width colon (CJK) no blank is needed before the value.
const PLAIN_LABEL = /^(\p{L}[\p{L}\p{N}_ /&()'’.,-]{0,48}?)\s*(?::(?:\s+(.*)|\s*)|：\s*(.*))$/u;
/**
 * Labels after a separator, matched on their first few characters only (a long line with many commas
 * stays linear): bold with a colon inside or after, or a plain known key ("Branch:", "head:").
 */
const BOLD_LABEL_START = /^(?:\*\*(?!\s)([^*\n]{1,60}?)(?:[:：]\*\*|\*\*\s*[:：])|__(?!\s)([^_\n]{1,60}?)(?:[:：]__|__\s*[:：]))\s*/u;
const PLAIN_LABEL_START = /^(\p{L}[\p{L}\p{N}_ /'’.-]{0,40}?)\s*(?::\s+|：\s*)/u;
/** What separates several labels on one line: `·`, `•`, `|`, `;`, `,`, or a dash between blanks. */
const LABEL_SEPARATOR = /\s*[·•|;,]\s*|\s+[-–—]\s+/g;

/** `**Next action:** …`, `**Branch**: main`, `Objective:`, `DONE: …`, `- runtime: opencode`. Null for ordinary prose. */
export function parseLabel(raw: string): Label | null {
  return parseLabels(raw)[0] ?? null;
}

/**
 * Every label on a line, each with its own value: `**Date:** 2026-02-17 · **Branch:** \`x\` · **HEAD:** \`89b837e\``
 * gives three. After the first, a label starts only after a separator (`·`, `|`, `;`, ` - `, `,`) and is
 * either bold with a colon or a known field name, so "Fixed a, b: see notes" stays one value.
 */
export function parseLabels(raw: string): Label[] {
  const first = firstLabel(raw.trim());
  if (first === null) return [];
  const labels: Label[] = [];
  let current: Label = first;
  for (let guard = 0; guard < 20; guard++) {
    const split = nextLabelIn(current.rest);
    if (split === null) break;
    labels.push({ ...current, rest: split.before });
    current = split.label;
  }
  labels.push(current);
  return labels;
}

function firstLabel(text: string): Label | null {
  const bold = BOLD_LABEL.exec(text);
  if (bold !== null) {
    const inside = (bold[2] ?? "").trim();
    const after = bold[3] ?? "";
    if (/[:：]$/.test(inside)) return label(inside.replace(/\s*[:：]$/, ""), after, true);
    const colon = /^\s*[:：]\s*(.*)$/.exec(after);
    if (colon !== null) return label(inside, colon[1] ?? "", true);
    if (after.trim() === "") return label(inside, "", true);
    return null;
  }
  const plain = PLAIN_LABEL.exec(text);
  if (plain === null) return null;
  const name = (plain[1] ?? "").trim();
  // Plain labels must look like labels, not sentences that happen to contain a colon: a few words,
  // starting with a capital (or in a script without case), unless the name is a field Baton knows.
  if (name.split(/\s+/).length > 4 || /https?$/i.test(name)) return null;
  if (!/^[\p{Lu}\p{Lo}]/u.test(name) && !isKnownLabel(name)) return null;
  return label(name, plain[2] ?? plain[3] ?? "", false);
}

/** The first label that starts after a separator in `rest`, and the value before it. */
function nextLabelIn(rest: string): { before: string; label: Label } | null {
  if (!/[:：]/.test(rest)) return null;
  // Separators inside code spans do not count.
  const masked = rest.replace(/`[^`\n]*`/g, (span) => "`" + "x".repeat(span.length - 2) + "`");
  for (const match of masked.matchAll(LABEL_SEPARATOR)) {
    const start = match.index + match[0].length;
    const tail = rest.slice(start);
    const next = labelAtStart(tail);
    if (next !== null) return { before: rest.slice(0, match.index).trim(), label: next };
  }
  return null;
}

function labelAtStart(text: string): Label | null {
  const bold = BOLD_LABEL_START.exec(text);
  if (bold !== null) return label(bold[1] ?? bold[2] ?? "", text.slice(bold[0].length), true);
  const plain = PLAIN_LABEL_START.exec(text);
  if (plain === null || !isKnownLabel(plain[1] ?? "")) return null;
  return label((plain[1] ?? "").trim(), text.slice(plain[0].length), false);
}

function label(name: string, rest: string, isBold: boolean): Label | null {
  const cleanName = name.replace(/^[^\p{L}\p{N}]+/u, "").trim();
  if (cleanName === "" || cleanName.length > 60) return null;
  return { name: cleanName, rest: rest.replace(/^(?:\*\*|__)\s*/, "").trim(), isBold };
}

const KNOWN_LABELS = new Set<string>([
  ...Object.values(PREVIOUS_POINTER_LABELS).flat(),
  ...THIS_POINTER_LABELS,
  ...OWN_COMMIT_LABELS,
  ...RESUME_COMMAND_LABELS,
]);

/** A field name Baton reads (identity, pointer, own commit, resume command, a section label). */
export function isKnownLabel(name: string): boolean {
  const key = normaliseKey(name);
  return key !== "" && (isIdentityKey(key) || KNOWN_LABELS.has(key) || classifyLabel(name) !== null);
}

export function codeSpansIn(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? "").filter((code) => code !== "");
}

export function normaliseKey(name: string): string {
  return stripInlineMarkdown(name)
    .toLowerCase()
    .replace(/\([^)]*\)/g, " ")
    .replace(/[/_\-.:'’]/g, " ")
    .replace(/[^\p{L}\p{N} ]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** A label's value for display: inline markdown and trailing punctuation removed. */
export function cleanValue(value: string): string {
  return stripInlineMarkdown(value).replace(/[.,;]+$/, "").trim();
}

export function nullIfEmpty(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}
