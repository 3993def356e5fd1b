import { stripInlineMarkdown } from "./inline-references";

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
const PLAIN_LABEL = /^([A-Za-z][\w /&()'’.,-]{0,48}?)\s*[:：](?:\s+(.*)|\s*)$/;

/** `**Next action:** …`, `**Branch**: main`, `Objective:`, `DONE: …`. Null for ordinary prose. */
export function parseLabel(raw: string): Label | null {
  const text = raw.trim();
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
  // Plain labels must look like labels, not sentences that happen to contain a colon.
  if (name.split(/\s+/).length > 4 || !/^[A-Z]/.test(name) || /https?$/i.test(name)) return null;
  return label(name, plain[2] ?? "", false);
}

function label(name: string, rest: string, isBold: boolean): Label | null {
  const cleanName = name.replace(/^[^\p{L}\p{N}]+/u, "").trim();
  if (cleanName === "" || cleanName.length > 60) return null;
  return { name: cleanName, rest: rest.replace(/^(?:\*\*|__)\s*/, "").trim(), isBold };
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
