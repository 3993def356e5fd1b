import type { TextUnit, Unit } from "../markdown/markdown-units";
import { identityFieldOf, qualifiedIdentityFieldOf } from "../identity/identity-keys";
import { codeSpansIn, normaliseKey, parseLabels } from "./handoff-labels";
import type { KeyValue, Section } from "./section-types";
import { classifyLabel } from "./section-titles";

/**
 * Labels where handoffs hide them (section-model.ts reads them with the others): a value on the line after
 * its label, a `key: value` block under a git heading, identity labels on a paragraph's soft-broken lines,
 * the opening paragraph's bold "next step" phrase (docs/corpus.md, round of 2026-12-07).
 */

/**
 * The value a bare label (`Integrations-Branch:`) gives on the next line: a one-line fenced block, or a
 * line (a list item too) that is nothing but one code span (`` `agent/import-z-i` ``, ``- **`dev`**``).
 */
export function nextLineValue(unit: Unit, label: TextUnit): string | null {
  if (unit.kind === "code") {
    const value = unit.value.trim();
    return unit.line <= label.endLine + 2 && value !== "" && !value.includes("\n") && value.length <= 200 ? value : null;
  }
  if (unit.kind !== "text" || unit.line > label.endLine + 2) return null;
  const only = /^[*_\s]*`([^`\n]+)`[*_\s]*[.,;]?$/.exec(unit.raw.trim());
  return only === null ? null : (only[1] ?? "").trim() || null;
}

/** A heading that names the repository's state: `## Git 状態`, `### Git status`, `## Repo`. */
const GIT_HEADING = /(?<![\p{L}])(?:git|repo|repository|repositorio|repositório)(?![\p{L}])/iu;

/**
 * A fenced block made only of `key: value` lines under a heading about git (`## Git 状態` over
 * ```` ```\nbranch: main\nHEAD: 1a2b3c4\n``` ````): a record of identity, each line a label. A block
 * elsewhere is quoted material (a config file's `model: …` is not the handoff's model).
 */
export function codeBlockKeyValues(unit: Extract<Unit, { kind: "code" }>, section: Section, headings: string[]): KeyValue[] {
  if (!headings.some((title) => GIT_HEADING.test(title)) && section.key !== "identity") return [];
  const lines = unit.value.split("\n").filter((line) => line.trim() !== "");
  if (lines.length === 0 || lines.length > 12) return [];
  const pairs = lines.map((line) => /^\s*([\p{L}][\p{L}\p{N} _.-]{0,30}?)\s*[:：]\s*(\S.*)$/u.exec(line));
  if (pairs.some((pair) => pair === null)) return [];
  return pairs.map((pair, index) => ({
    name: pair![1]!,
    key: normaliseKey(pair![1]!),
    value: pair![2]!.trim(),
    codes: [],
    line: unit.line + 1 + index,
    group: unit.group,
    section,
    fromFrontMatter: false,
    fromPairs: true,
  }));
}

/**
 * Identity labels at the start of a paragraph's second and later source lines (a soft line break keeps
 * them in one paragraph): `> Rama de trabajo: **\`dev\`** · Remote: …` under a quoted status line. Only
 * identity labels: a section label inside a paragraph opens no section.
 */
export function softLineKeyValues(unit: TextUnit, sourceLines: readonly string[], section: Section): KeyValue[] {
  const result: KeyValue[] = [];
  for (let line = unit.line + 1; line <= unit.endLine && line <= sourceLines.length && line <= unit.line + 30; line++) {
    const raw = (sourceLines[line - 1] ?? "").replace(/^\s*(?:>\s*)*(?:[-*+]\s+|\d+[.)]\s+)?/, "");
    for (const parsed of parseLabels(raw)) {
      const key = normaliseKey(parsed.name);
      if (parsed.rest === "" || (identityFieldOf(key, true) === null && qualifiedIdentityFieldOf(key) === null)) continue;
      result.push({ name: parsed.name, key, value: parsed.rest, codes: codeSpansIn(parsed.rest), line, group: unit.group, section, fromFrontMatter: false });
    }
  }
  return result;
}

/** A bold span that starts with a next-action label (`**Nächster Schritt nach …: Task 15**`), or null. */
export function boldNextStep(unit: TextUnit): { title: string; text: string } | null {
  // A paragraph's lines are units of their own: the bold may close on the next line.
  for (const match of unit.raw.matchAll(/(\*\*|__)(?!\s)([^*_\n]{3,300}?)(?:\1|$)/g)) {
    const inner = (match[2] ?? "").trim();
    const words = inner.replace(/[:：].*$/, "").split(/\s+/);
    for (let take = Math.min(3, words.length); take >= 1; take--) {
      const title = words.slice(0, take).join(" ");
      if (classifyLabel(title)?.key === "next-action") return { title, text: inner };
    }
  }
  return null;
}
