import { stripInlineMarkdown } from "../markdown/inline-references";
import { codeSpansIn, normaliseKey, parseLabels, type Label } from "./handoff-labels";
import { identityFieldOf, qualifiedIdentityFieldOf } from "../identity/identity-keys";
import type { HeadingUnit, TableUnit, TextUnit, Unit } from "../markdown/markdown-units";
import { classifyLabel, classifyTitle } from "./section-titles";
import { boldNextStep, codeBlockKeyValues, nextLineValue, softLineKeyValues } from "./hidden-labels";
import type { SectionKey } from "../types";

/**
 * A handoff's units grouped into sections by what their headings and labels mean, plus every
 * `key: value` pair found on the way (labels, table rows, front matter), each with the section it is in.
 */

export type { KeyValue, Section, SectionSource } from "./section-types";
import type { KeyValue, Section } from "./section-types";

/** One `key=value` (the value bare, or in quotes or backticks). */
const PAIR = /([A-Za-z][\w.-]{0,39})=("[^"]*"|'[^']*'|`[^`]*`|[^\s,;|]+)/y;
const PAIR_SEPARATOR = /[\s,;|]+/y;

/**
 * The pairs of a value that is nothing but `key=value` pairs (at least two), as a log line or a tool
 * writes them; null for anything else ("set retries=3 in the config" is prose, not a record).
 */
export function keyValuePairs(value: string): { key: string; value: string }[] | null {
  const text = value.trim();
  const pairs: { key: string; value: string }[] = [];
  let at = 0;
  while (at < text.length) {
    PAIR.lastIndex = at;
    const match = PAIR.exec(text);
    if (match === null) return null;
    pairs.push({ key: match[1]!, value: match[2]!.replace(/^(["'`])(.*)\1$/, "$2") });
    at = PAIR.lastIndex;
    PAIR_SEPARATOR.lastIndex = at;
    if (PAIR_SEPARATOR.exec(text) !== null) at = PAIR_SEPARATOR.lastIndex;
    else if (at < text.length) return null;
  }
  return pairs.length >= 2 ? pairs : null;
}

/** Labels that open a section spanning the units after them (the others are key-value pairs). */
const CONTENT_KEYS = new Set<SectionKey>(["goal", "decisions", "state", "next-action", "verification", "resume-command"]);

export interface SectionModel {
  sections: Section[];
  keyValues: KeyValue[];
  title: string | null;
}

/**
 * @param sourceLines the document's lines: a paragraph's soft-broken lines each may start with an identity
 *   label (`> **Contexto.** … ⏎ > Rama de trabajo: **\`dev\`**`), read as labels of their own.
 */
export function buildSections(units: Unit[], sourceLines: readonly string[] = []): SectionModel {
  const preamble: Section = {
    key: null,
    status: null,
    isConstraints: false,
    title: "",
    line: 1,
    source: "preamble",
    isUnderOther: false,
    units: [],
  };
  const sections: Section[] = [preamble];
  const keyValues: KeyValue[] = [];
  const headingStack: { depth: number; section: Section }[] = [];
  const itemSections = new Map<TextUnit, Section>();
  let labelSection: { section: Section; group: number; hasInlineValue: boolean; nextGroupAllowed: boolean } | null = null;
  // A label that ends its line (`Aktiver Prüfbranch:`) gives its value on the next line, as a code span
  // or a one-line fenced block.
  let pendingLabel: { name: string; unit: TextUnit; section: Section } | null = null;
  let title: string | null = null;

  const currentHeading = () => headingStack[headingStack.length - 1]?.section ?? preamble;

  const itemSectionOf = (unit: TextUnit | null): Section | null => {
    for (let current = unit; current !== null; current = current.item?.parent ?? null) {
      const section = itemSections.get(current);
      if (section !== undefined) return section;
    }
    return null;
  };

  const addKeyValues = (unit: TextUnit, labels: Label[], section: Section) => {
    for (const parsed of labels) {
      if (parsed.rest === "") continue;
      keyValues.push({
        name: parsed.name,
        key: normaliseKey(parsed.name),
        value: parsed.rest,
        // Several labels on one line: each keeps the code spans of its own value.
        codes: labels.length === 1 ? unit.codes : codeSpansIn(parsed.rest),
        line: unit.line,
        group: unit.group,
        section,
        fromFrontMatter: false,
        sharesLine: labels.length > 1,
      });
      // "Meta: branch=main commit=abc1234": each pair is a label of its own.
      for (const pair of keyValuePairs(parsed.rest) ?? []) {
        keyValues.push({
          name: pair.key,
          key: normaliseKey(pair.key),
          value: pair.value,
          codes: [],
          line: unit.line,
          group: unit.group,
          section,
          fromFrontMatter: false,
          sharesLine: true,
          fromPairs: true,
        });
      }
    }
  };
  const titleHeading = documentTitleHeading(units);

  for (const unit of units) {
    if (pendingLabel !== null) {
      const value = nextLineValue(unit, pendingLabel.unit);
      if (value !== null) {
        keyValues.push({
          name: pendingLabel.name,
          key: normaliseKey(pendingLabel.name),
          value: `\`${value}\``,
          codes: [value],
          line: unit.line,
          group: pendingLabel.unit.group,
          section: pendingLabel.section,
          fromFrontMatter: false,
        });
      }
      pendingLabel = null;
    }
    if (unit.kind === "heading") {
      while ((headingStack[headingStack.length - 1]?.depth ?? 0) >= unit.depth) headingStack.pop();
      const parent = headingStack[headingStack.length - 1]?.section ?? null;
      // The document's title names the document, not a section: "# Handoff: verified build" is no
      // verification section (documentTitleHeading says when a first H1 is a section after all).
      const titleClass = unit === titleHeading ? null : classifyTitle(unit.text);
      const key = titleClass?.key ?? parent?.key ?? null;
      const section: Section = {
        key,
        status: titleClass?.status ?? (parent?.key === key ? (parent?.status ?? null) : null),
        isConstraints: titleClass?.isConstraints ?? (parent?.key === "goal" && parent.isConstraints),
        ...(titleClass?.standsInFor !== undefined ? { standsInFor: titleClass.standsInFor } : {}),
        title: unit.text,
        line: unit.line,
        source: "heading",
        isUnderOther: parent !== null && (parent.key === "other" || parent.isUnderOther),
        units: [],
      };
      if (title === null && unit.depth === 1) title = stripInlineMarkdown(unit.text);
      sections.push(section);
      headingStack.push({ depth: unit.depth, section });
      labelSection = null;
      // A label written as a heading (`# Date: 2025-10-31`, `## Branch: feat/x`) is a label too.
      for (const parsed of parseLabels(unit.text)) {
        if (parsed.rest === "") continue;
        keyValues.push({
          name: parsed.name,
          key: normaliseKey(parsed.name),
          value: parsed.rest,
          codes: codeSpansIn(parsed.rest),
          line: unit.line,
          group: -unit.line,
          section: parent ?? preamble,
          fromFrontMatter: false,
        });
      }
      continue;
    }

    const heading = currentHeading();
    // A label with an inline value owns the rest of its paragraph and a directly following list or code
    // block; a bare label ("**Verification commands:**") owns everything up to the next heading or label.
    if (labelSection !== null && labelSection.hasInlineValue && unit.group !== labelSection.group) {
      const startsBlock = unit.kind === "code" || unit.kind === "table" || (unit.kind === "text" && unit.item !== null);
      if (labelSection.nextGroupAllowed && startsBlock) {
        labelSection.group = unit.group;
        labelSection.nextGroupAllowed = false;
      } else {
        labelSection = null;
      }
    }

    if (unit.kind === "text") {
      const owner = itemSectionOf(unit.item?.parent ?? null);
      const container = owner ?? labelSection?.section ?? heading;
      const labels = parseLabels(unit.raw);
      addKeyValues(unit, labels, container);
      if (unit.endLine > unit.line) keyValues.push(...softLineKeyValues(unit, sourceLines, container));
      const parsed = labels[0] ?? null;
      const labelClass = parsed === null ? null : classifyLabel(parsed.name);
      // "Branch: main" and "Previous: x.md" are key-value pairs; only content labels and bare labels open sections.
      if (parsed !== null && labelClass !== null && (parsed.rest === "" || CONTENT_KEYS.has(labelClass.key))) {
        const key = labelClass.key;
        const section: Section = {
          key,
          status: labelClass.status ?? (key === "state" && heading.key === "state" ? heading.status : null),
          isConstraints: labelClass.isConstraints,
          title: parsed.name,
          line: unit.line,
          source: unit.item === null ? "label" : "item-label",
          isUnderOther: heading.key === "other" || heading.isUnderOther,
          units: [],
        };
        sections.push(section);
        if (parsed.rest !== "") section.units.push(derivedUnit(unit, parsed.rest));
        if (unit.item === null) {
          labelSection = { section, group: unit.group, hasInlineValue: parsed.rest !== "", nextGroupAllowed: true };
        } else {
          itemSections.set(unit, section);
        }
        continue;
      }
      if (parsed !== null && parsed.rest === "" && labels.length === 1) pendingLabel = { name: parsed.name, unit, section: container };
      // A longer lead-in that ends its line with a colon ("Aktueller vor der Synchronisierung verifizierter
      // Code-Head:") is no label of its own, but it still names the value on the next line.
      else if (parsed === null && unit.item === null) {
        const leadIn = /^([^:：`]{3,100})[:：]$/u.exec(stripInlineMarkdown(unit.raw).trim())?.[1]?.trim();
        if (leadIn !== undefined && leadIn.split(/\s+/).length <= 8) pendingLabel = { name: leadIn, unit, section: container };
      }
      // The opening paragraph's bold "next step" phrase (`… **Nächster Schritt nach den Änderungen: Task 15
      // nachholen**, dann …`) is the next action of a handoff written as prose.
      if (unit.item === null && (heading === preamble || heading.line === titleHeading?.line)) {
        const phrase = boldNextStep(unit);
        if (phrase !== null) sections.push({ key: "next-action", status: null, isConstraints: false, title: phrase.title, line: unit.line, source: "label", isUnderOther: false, units: [derivedUnit(unit, phrase.text)] });
      }
      // Any other bare label line ("Background:") is a pseudo-heading: it ends the previous label's reach.
      if (parsed !== null && parsed.rest === "" && unit.item === null && labelSection !== null) labelSection = null;
      (owner ?? labelSection?.section ?? heading).units.push(unit);
      continue;
    }

    const owner = itemSectionOf(unit.owner);
    (owner ?? labelSection?.section ?? heading).units.push(unit);
    if (unit.kind === "table") keyValues.push(...tableKeyValues(unit, owner ?? labelSection?.section ?? heading));
    if (unit.kind === "code") keyValues.push(...codeBlockKeyValues(unit, owner ?? labelSection?.section ?? heading, headingStack.map((entry) => entry.section.title)));
  }

  keyValues.push(...headingKeyValues(sections));
  return { sections, keyValues, title };
}

/**
 * The heading that is the document's title, or null. The first heading is the title when it is an H1
 * and nothing but front matter comes before it, or when it is the only H1 and every other heading is
 * deeper; a title that mentions a section's words ("Handoff: verified build") opens no section. A first
 * H1 that is exactly a section's name ("# Goal", "# Next action") is that section: handoffs that use H1
 * for every section start that way.
 */
function documentTitleHeading(units: Unit[]): HeadingUnit | null {
  const headings = units.filter((unit): unit is HeadingUnit => unit.kind === "heading");
  const first = headings[0];
  if (first === undefined || first.depth !== 1) return null;
  const isFirstUnit = units[0] === first;
  const h1Count = headings.filter((heading) => heading.depth === 1).length;
  if (!isFirstUnit && !(h1Count === 1 && headings.length > 1)) return null;
  if (classifyLabel(first.text) !== null) return null;
  return first;
}

/** The value part of a `Label: value` unit, as a unit of its own (same line, same item-ness). */
function derivedUnit(unit: TextUnit, rest: string): TextUnit {
  return { ...unit, raw: rest, plain: stripInlineMarkdown(rest) };
}

function tableKeyValues(table: TableUnit, section: Section): KeyValue[] {
  const rows = table.rows;
  const header = rows[0];
  if (header === undefined || rows.length === 0) return [];
  const result: KeyValue[] = [];
  const make = (name: string, value: string, line: number): KeyValue => ({
    name: stripInlineMarkdown(name),
    key: normaliseKey(name),
    value,
    codes: codeSpansIn(value),
    line,
    group: table.group,
    section,
    fromFrontMatter: false,
  });
  // Horizontal: | Runtime | Model | Branch | over one row of values. Generic field names count here
  // (`| Branch | Commit |`, `| Session | Model |`): a header row naming two fields names columns, and a
  // header cell is never a value.
  const identityHeaders = header.cells.filter((cell) => identityFieldOf(normaliseKey(cell), true) !== null).length;
  if (identityHeaders >= 2 && rows.length >= 2) {
    const values = rows[1];
    if (values !== undefined) {
      header.cells.forEach((cell, index) => {
        const value = values.cells[index];
        if (value !== undefined && value !== "") result.push({ ...make(cell, value, values.line), fromPairs: true });
      });
    }
    return result;
  }
  if (header.cells.length < 2) return result;
  // Vertical: | Key | Value | rows; GFM forces a header row, which is often itself a key-value pair. A header
  // over three or more columns names them (`| ブランチ | 用途 | 状態 |`): never a key and its value.
  const headerIsData = header.cells.length === 2 && !/^(?:field|key|name|item|property|attribute)$/i.test(stripInlineMarkdown(header.cells[0] ?? ""));
  for (const [index, row] of rows.entries()) {
    if (index === 0 && !headerIsData) continue;
    const name = row.cells[0] ?? "";
    const value = row.cells[1] ?? "";
    if (name !== "" && value !== "" && stripInlineMarkdown(name).length <= 60) result.push(make(name, value, row.line));
  }
  return result;
}

const MAX_TEXT = 4000;

/**
 * Sections of one kind. Those nested under history or notes headings ("Session Log", "Historical …")
 * are used only when the document has no current one: old "Next step:" entries are not the next step.
 */
export function sectionsWith(model: SectionModel, key: SectionKey): Section[] {
  const all = model.sections.filter((section) => section.key === key);
  const current = all.filter((section) => !section.isUnderOther);
  return current.length > 0 ? current : all;
}

/** Heading sections first, then labels outside history/notes, then the rest: the protocol's own section wins. */
export function bySourcePreference(sections: Section[]): Section[] {
  const score = (section: Section) => (section.isUnderOther ? 2 : 0) + (section.source === "heading" ? 0 : 1);
  return [...sections].sort((a, b) => score(a) - score(b) || a.line - b.line);
}

export function textUnits(section: Section): TextUnit[] {
  return section.units.filter((unit): unit is TextUnit => unit.kind === "text");
}

export function joinText(parts: string[]): string {
  const text = parts.filter((part) => part !== "").join("\n");
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

export function ancestorIn<T>(unit: TextUnit, map: Map<TextUnit, T>): T | null {
  for (let current = unit.item?.parent ?? null; current !== null; current = current.item?.parent ?? null) {
    const found = map.get(current);
    if (found !== undefined) return found;
  }
  return null;
}

export function firstCode(kv: KeyValue): string | null {
  const code = kv.codes.find((value) => value.trim() !== "");
  return code === undefined ? null : code.trim();
}

/**
 * A heading that is an identity field's name, over one short line: `## Agent` then `Claude Opus 4.5`,
 * `## Branch` then `` `main` ``. Read as that field's `Label: value`, in the section the heading opens.
 */
function headingKeyValues(sections: readonly Section[]): KeyValue[] {
  const result: KeyValue[] = [];
  for (const section of sections) {
    if (section.source !== "heading") continue;
    const key = normaliseKey(section.title);
    if (identityFieldOf(key, true) === null && qualifiedIdentityFieldOf(key) === null) continue;
    const [only, ...rest] = section.units;
    if (only === undefined || only.kind !== "text" || rest.some((unit) => unit.kind !== "text" || unit.group === only.group)) continue;
    // `### Branche en cours` over `- \`fix/limit-counter-ux\``: an item that is one code span is the value too.
    const isOneCode = /^[*_\s]*`[^`\n]+`[*_\s]*$/.test(only.raw.trim());
    if ((only.item !== null && !isOneCode) || only.plain.length > 120 || parseLabels(only.raw).length > 0) continue;
    result.push({
      name: stripInlineMarkdown(section.title),
      key,
      value: only.raw,
      codes: only.codes,
      line: only.line,
      group: only.group,
      section,
      fromFrontMatter: false,
    });
  }
  return result;
}
