import { parse as parseYaml } from "yaml";
import { finding, type Finding, type Parsed } from "../findings";
import { normaliseLineEndings } from "../text/decode";
import { parseTimestamp } from "../text/parse-timestamp";
import { normaliseRuntime } from "./handoff-path";
import {
  commandLinesOfBlock,
  extractCommitShas,
  extractFileRefs,
  isCommandLike,
  isSha,
  stripInlineMarkdown,
} from "./inline-references";
import { parseMarkdownUnits, type CodeUnit, type TableUnit, type TextUnit, type Unit } from "./markdown-units";
import { cleanPointer } from "./resolve-pointer";
import { classifyLabel, classifyTitle, statusFromTitle } from "./section-titles";
import type {
  FileReference,
  HandoffIdentity,
  IdentityField,
  ParsedHandoff,
  SectionKey,
  SectionLocation,
  StateItem,
  StateStatus,
  VerificationCommand,
} from "./types";

/**
 * Reads a handoff (already decoded and secret-masked) into its protocol fields.
 *
 * The protocol names sections but agents write them in many shapes: headings of any level (numbered,
 * with emoji, with trailing colons), bold labels, `Key: value` bullets, two-column tables, YAML front
 * matter, checkbox lists. Everything is first flattened into line-addressed units (markdown-units.ts),
 * then grouped into sections by title meaning (section-titles.ts), then each field is read from the
 * sections that can hold it. Missing information stays null; nothing is invented.
 */
export function parseHandoff(text: string): Parsed<ParsedHandoff> {
  try {
    return parseOrThrow(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      value: emptyHandoff(),
      issues: [
        finding("parse-internal-error", "error", null, `Baton could not read this handoff's structure (${reason.slice(0, 200)}).`),
      ],
    };
  }
}

export function emptyHandoff(): ParsedHandoff {
  return {
    title: null,
    identity: {
      runtime: null,
      runtimeRaw: null,
      model: null,
      sessionId: null,
      timestamp: null,
      timestampRaw: null,
      branch: null,
      headSha: null,
      sessionIdRaw: null,
      headShaRaw: null,
      lines: {},
    },
    goal: null,
    decisions: [],
    state: [],
    nextAction: null,
    verification: [],
    pointers: { thisPath: null, thisLine: null, previousPath: null, previousLine: null },
    ownCommitSha: null,
    resumeCommand: null,
    ownCommitLine: null,
    resumeCommandLine: null,
    frontMatter: null,
    sections: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Sections

type SectionSource = "heading" | "label" | "item-label" | "preamble";

interface Section {
  key: SectionKey | "other" | null;
  status: StateStatus | null;
  isConstraints: boolean;
  title: string;
  line: number;
  source: SectionSource;
  /** True when an enclosing heading is a non-protocol section (history, notes, session log). */
  isUnderOther: boolean;
  units: Unit[];
}

interface KeyValue {
  name: string;
  key: string;
  value: string;
  codes: string[];
  line: number;
  group: number;
  section: Section | null;
  fromFrontMatter: boolean;
}

interface Label {
  name: string;
  rest: string;
  isBold: boolean;
}

const BOLD_LABEL = /^(\*\*|__)(?!\s)(.+?)\1(.*)$/;
const PLAIN_LABEL = /^([A-Za-z][\w /&()'’.,-]{0,48}?)\s*[:：](?:\s+(.*)|\s*)$/;

/** `**Next action:** …`, `**Branch**: main`, `Objective:`, `DONE: …`. Null for ordinary prose. */
function parseLabel(raw: string): Label | null {
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

/** Labels that open a section spanning the units after them (the others are key-value pairs). */
const CONTENT_KEYS = new Set<SectionKey>(["goal", "decisions", "state", "next-action", "verification", "resume-command"]);

interface SectionModel {
  sections: Section[];
  keyValues: KeyValue[];
  title: string | null;
}

function buildSections(units: Unit[]): SectionModel {
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
  let title: string | null = null;

  const currentHeading = () => headingStack[headingStack.length - 1]?.section ?? preamble;

  const itemSectionOf = (unit: TextUnit | null): Section | null => {
    for (let current = unit; current !== null; current = current.item?.parent ?? null) {
      const section = itemSections.get(current);
      if (section !== undefined) return section;
    }
    return null;
  };

  const addKeyValues = (unit: TextUnit, section: Section) => {
    const parsed = parseLabel(unit.raw);
    if (parsed === null || parsed.rest === "") return;
    keyValues.push({
      name: parsed.name,
      key: normaliseKey(parsed.name),
      value: parsed.rest,
      codes: unit.codes,
      line: unit.line,
      group: unit.group,
      section,
      fromFrontMatter: false,
    });
  };

  for (const unit of units) {
    if (unit.kind === "heading") {
      while ((headingStack[headingStack.length - 1]?.depth ?? 0) >= unit.depth) headingStack.pop();
      const parent = headingStack[headingStack.length - 1]?.section ?? null;
      const titleClass = classifyTitle(unit.text);
      const key = titleClass?.key ?? parent?.key ?? null;
      const section: Section = {
        key,
        status: titleClass?.status ?? (parent?.key === key ? (parent?.status ?? null) : null),
        isConstraints: titleClass?.isConstraints ?? (parent?.key === "goal" && parent.isConstraints),
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
      addKeyValues(unit, container);
      const parsed = parseLabel(unit.raw);
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
      // Any other bare label line ("Background:") is a pseudo-heading: it ends the previous label's reach.
      if (parsed !== null && parsed.rest === "" && unit.item === null && labelSection !== null) labelSection = null;
      (owner ?? labelSection?.section ?? heading).units.push(unit);
      continue;
    }

    const owner = itemSectionOf(unit.owner);
    (owner ?? labelSection?.section ?? heading).units.push(unit);
    if (unit.kind === "table") keyValues.push(...tableKeyValues(unit, owner ?? labelSection?.section ?? heading));
  }

  return { sections, keyValues, title };
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
  // Horizontal: | Runtime | Model | Branch | over one row of values.
  const identityHeaders = header.cells.filter((cell) => identityFieldOf(normaliseKey(cell)) !== null).length;
  if (identityHeaders >= 2 && rows.length >= 2) {
    const values = rows[1];
    if (values !== undefined) {
      header.cells.forEach((cell, index) => {
        const value = values.cells[index];
        if (value !== undefined && value !== "") result.push(make(cell, value, values.line));
      });
    }
    return result;
  }
  if (header.cells.length < 2) return result;
  // Vertical: | Key | Value | rows; GFM forces a header row, which is often itself a key-value pair.
  const headerIsData = !/^(?:field|key|name|item|property|attribute)$/i.test(stripInlineMarkdown(header.cells[0] ?? ""));
  for (const [index, row] of rows.entries()) {
    if (index === 0 && !headerIsData) continue;
    const name = row.cells[0] ?? "";
    const value = row.cells[1] ?? "";
    if (name !== "" && value !== "" && stripInlineMarkdown(name).length <= 60) result.push(make(name, value, row.line));
  }
  return result;
}

function codeSpansIn(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? "").filter((code) => code !== "");
}

function normaliseKey(name: string): string {
  return stripInlineMarkdown(name)
    .toLowerCase()
    .replace(/\([^)]*\)/g, " ")
    .replace(/[/_\-.:'’]/g, " ")
    .replace(/[^\p{L}\p{N} ]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Identity

/** Keys that name an identity field anywhere in the document. */
const STRONG_IDENTITY_KEYS: Record<IdentityField, RegExp> = {
  runtime: /^(?:runtime|runtime name|agent runtime|ai runtime|coding agent|agent cli|runtime cli|from agent|runtime agent)$/,
  model: /^(?:model|model id|model name|llm|ai model|model version|agent model)$/,
  sessionId: /^(?:session id|sessionid|session uuid|conversation id|session conversation id|session or conversation id|conversation session id|thread id|chat id|saved by session)$/,
  timestamp: /^(?:timestamp|created|created at|date|datetime|date time|saved at|written at|handoff time|generated at|updated|last updated)$/,
  branch: /^(?:branch|git branch|current branch|working branch)$/,
  headSha: /^(?:head sha|git head|git head sha|head commit|head commit sha|head at handoff|commit at head|head sha at handoff)$/,
};

/** Keys too generic to trust outside an identity section, front matter or a block of identity fields. */
const WEAK_IDENTITY_KEYS: Record<IdentityField, RegExp> = {
  runtime: /^(?:agent|cli|tool|harness|client|assistant|platform|ai)$/,
  model: /^$/,
  sessionId: /^(?:session|conversation|run id|id)$/,
  timestamp: /^(?:when|at|time)$/,
  branch: /^$/,
  headSha: /^(?:head|sha|commit|git sha|commit sha|last commit|current commit|base commit|git commit)$/,
};

const IDENTITY_FIELDS: IdentityField[] = ["runtime", "model", "sessionId", "timestamp", "branch", "headSha"];

function identityFieldOf(key: string, allowWeak = false): IdentityField | null {
  for (const field of IDENTITY_FIELDS) {
    if (STRONG_IDENTITY_KEYS[field].test(key)) return field;
    if (allowWeak && WEAK_IDENTITY_KEYS[field].test(key)) return field;
  }
  return null;
}

/** Session ids that mean "not known": the protocol allows `unknown`, and must never see an invented one. */
const NO_SESSION_ID = /^(?:(?:unknown|n\/?a|na|none|null|nil|not (?:exposed|available|known|applicable)|unavailable|tbd)\b|[-—–?]+$)/i;

function extractIdentity(model: SectionModel): HandoffIdentity {
  const identity = emptyHandoff().identity;
  const lines: Partial<Record<IdentityField, number>> = {};

  // A group (one paragraph, list or table) with two or more strong identity keys is an identity block,
  // so its generic keys ("Session:", "Head:") can be trusted too.
  const strongCountByGroup = new Map<number, number>();
  for (const kv of model.keyValues) {
    if (identityFieldOf(kv.key) !== null) strongCountByGroup.set(kv.group, (strongCountByGroup.get(kv.group) ?? 0) + 1);
  }

  const rank = (kv: KeyValue): number => {
    if (kv.section?.key === "identity") return 0;
    if (kv.fromFrontMatter) return 1;
    if ((strongCountByGroup.get(kv.group) ?? 0) >= 2) return 2;
    return 3;
  };

  const chosen = new Map<IdentityField, KeyValue>();
  for (const kv of model.keyValues) {
    const kvRank = rank(kv);
    const field = identityFieldOf(kv.key, kvRank <= 2);
    if (field === null) continue;
    const current = chosen.get(field);
    if (current === undefined || rank(current) > kvRank) chosen.set(field, kv);
  }

  for (const [field, kv] of chosen) {
    lines[field] = kv.line;
    const value = cleanValue(kv.value);
    switch (field) {
      case "runtime":
        identity.runtimeRaw = value === "" ? null : value;
        identity.runtime = value === "" ? null : normaliseRuntime(value);
        break;
      case "model":
        identity.model = nullIfEmpty(firstCode(kv) ?? value);
        break;
      case "sessionId": {
        const written = nullIfEmpty(firstCode(kv) ?? value);
        identity.sessionIdRaw = written ?? value;
        identity.sessionId = written === null || NO_SESSION_ID.test(written) ? null : written;
        break;
      }
      case "timestamp":
        identity.timestampRaw = nullIfEmpty(value);
        identity.timestamp = value === "" ? null : parseTimestamp(value);
        break;
      case "branch": {
        const branch = firstCode(kv) ?? value.split(/\s+/)[0] ?? "";
        identity.branch = nullIfEmpty(branch.replace(/[.,;]+$/, ""));
        break;
      }
      case "headSha": {
        const candidate = firstCode(kv) ?? value.split(/[\s(,;]+/)[0] ?? "";
        identity.headShaRaw = nullIfEmpty(value);
        identity.headSha = isSha(candidate) ? candidate.toLowerCase() : null;
        break;
      }
    }
  }
  identity.lines = lines;
  return identity;
}

function firstCode(kv: KeyValue): string | null {
  const code = kv.codes.find((value) => value.trim() !== "");
  return code === undefined ? null : code.trim();
}

function cleanValue(value: string): string {
  return stripInlineMarkdown(value).replace(/[.,;]+$/, "").trim();
}

function nullIfEmpty(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

// ---------------------------------------------------------------------------------------------
// Goal, decisions

const MAX_TEXT = 4000;

/**
 * Sections of one kind. Those nested under history or notes headings ("Session Log", "Historical …")
 * are used only when the document has no current one: old "Next step:" entries are not the next step.
 */
function sectionsWith(model: SectionModel, key: SectionKey): Section[] {
  const all = model.sections.filter((section) => section.key === key);
  const current = all.filter((section) => !section.isUnderOther);
  return current.length > 0 ? current : all;
}

/** Heading sections first, then labels outside history/notes, then the rest: the protocol's own section wins. */
function bySourcePreference(sections: Section[]): Section[] {
  const score = (section: Section) => (section.isUnderOther ? 2 : 0) + (section.source === "heading" ? 0 : 1);
  return [...sections].sort((a, b) => score(a) - score(b) || a.line - b.line);
}

function textUnits(section: Section): TextUnit[] {
  return section.units.filter((unit): unit is TextUnit => unit.kind === "text");
}

function joinText(parts: string[]): string {
  const text = parts.filter((part) => part !== "").join("\n");
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

function extractGoal(model: SectionModel): ParsedHandoff["goal"] {
  const goalSections = bySourcePreference(sectionsWith(model, "goal"));
  if (goalSections.length === 0) return null;
  const constraints: string[] = [];
  const addConstraint = (text: string) => {
    const trimmed = text.trim();
    if (trimmed !== "" && !constraints.includes(trimmed)) constraints.push(trimmed);
  };
  for (const section of goalSections) {
    for (const unit of textUnits(section)) {
      if (unit.isQuote || section.isConstraints) addConstraint(unit.plain);
      else for (const quoted of quotedStrings(unit.plain)) addConstraint(quoted);
    }
  }
  const main = goalSections.find((section) => !section.isConstraints && textUnits(section).length > 0) ?? goalSections[0];
  if (main === undefined) return null;
  const text = joinText(textUnits(main).map((unit) => unit.plain));
  return { text, constraints, line: main.line };
}

function quotedStrings(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/"([^"\n]{3,400})"|“([^”\n]{3,400})”/g)) {
    const value = (match[1] ?? match[2] ?? "").trim();
    if (value !== "") found.push(value);
  }
  return found;
}

function extractDecisions(model: SectionModel): ParsedHandoff["decisions"] {
  const decisions: ParsedHandoff["decisions"] = [];
  for (const section of sectionsWith(model, "decisions")) {
    const byUnit = new Map<TextUnit, { text: string; line: number }>();
    for (const unit of section.units) {
      if (unit.kind === "table") {
        for (const row of unit.rows.slice(1)) {
          const text = row.cells.map(stripInlineMarkdown).filter((cell) => cell !== "").join(" — ");
          if (text !== "") decisions.push({ text, line: row.line });
        }
        continue;
      }
      if (unit.kind !== "text" || unit.plain === "") continue;
      const parent = ancestorIn(unit, byUnit);
      if (parent !== null) {
        parent.text = `${parent.text}; ${unit.plain}`;
        continue;
      }
      const decision = { text: unit.plain, line: unit.line };
      decisions.push(decision);
      byUnit.set(unit, decision);
    }
  }
  return decisions;
}

function ancestorIn<T>(unit: TextUnit, map: Map<TextUnit, T>): T | null {
  for (let current = unit.item?.parent ?? null; current !== null; current = current.item?.parent ?? null) {
    const found = map.get(current);
    if (found !== undefined) return found;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// State

const DONE_MARKS = /[✅✔✓☑🟢]|\((?:done|completed?|finished)\)|\[done\]|\bDONE\b|\bCOMPLETED?\b/u;
const IN_PROGRESS_MARKS = /[🚧⏳🔄🟡◐]|\((?:in[ -]progress|wip|ongoing|partial(?:ly done)?)\)|\[(?:in[ -]progress|wip)\]|\bIN[ -]PROGRESS\b|\bWIP\b/u;
const NOT_STARTED_MARKS = /[⬜☐❌🔴⭕]|\((?:not started|todo|pending|not done)\)|\bNOT[ -]STARTED\b|\bTODO\b/u;

function explicitStatus(unit: TextUnit): StateStatus | null {
  const box = unit.item?.box ?? null;
  if (box === "x" || box === "X") return "done";
  if (box !== null && box !== " ") return "in-progress";
  // Explicit words beat an empty box: "- [ ] (in progress) wire routes".
  if (IN_PROGRESS_MARKS.test(unit.raw)) return "in-progress";
  if (NOT_STARTED_MARKS.test(unit.raw)) return "not-started";
  if (box === " ") return "not-started";
  if (DONE_MARKS.test(unit.raw)) return "done";
  return null;
}

function inferredStatus(text: string): StateStatus | null {
  const lower = text.toLowerCase();
  if (/\bnot (?:yet )?(?:started|done|begun)\b|\bnot yet\b|\btodo\b|\bpending\b|\bblocked\b|\bremaining\b/.test(lower)) return "not-started";
  if (/\bin progress\b|\bpartial(?:ly)?\b|\bwip\b|\bongoing\b|\bhalf[- ]done\b|\bmid[- ]/.test(lower)) return "in-progress";
  if (/\b(?:complete[d]?|done|finished|implemented|merged|landed|fixed|shipped)\b/.test(lower)) return "done";
  return null;
}

function extractState(model: SectionModel): StateItem[] {
  const items: StateItem[] = [];
  for (const section of sectionsWith(model, "state")) {
    const byUnit = new Map<TextUnit, StateItem>();
    for (const unit of section.units) {
      if (unit.kind === "table") {
        items.push(...stateItemsFromTable(unit, section.status));
        continue;
      }
      if (unit.kind !== "text" || unit.plain === "") continue;
      const explicit = explicitStatus(unit);
      const parent = ancestorIn(unit, byUnit);
      if (parent !== null && explicit === null) {
        // Detail bullets under an item ("- commit `abc1234`") belong to that item.
        mergeInto(parent, extractCommitShas(unit.raw, unit.codes), extractFileRefs(unit.raw, unit.line));
        continue;
      }
      if (unit.item === null && explicit === null && section.status === null) continue;
      const status = explicit ?? section.status ?? inferredStatus(unit.plain) ?? "in-progress";
      const item: StateItem = {
        status,
        text: unit.plain,
        line: unit.line,
        commitShas: extractCommitShas(unit.raw, unit.codes),
        fileRefs: extractFileRefs(unit.raw, unit.line),
      };
      items.push(item);
      byUnit.set(unit, item);
    }
  }
  return items;
}

function mergeInto(item: StateItem, shas: string[], refs: FileReference[]): void {
  for (const sha of shas) if (!item.commitShas.includes(sha)) item.commitShas.push(sha);
  item.fileRefs.push(...refs);
}

function stateItemsFromTable(table: TableUnit, sectionStatus: StateStatus | null): StateItem[] {
  const header = table.rows[0]?.cells.map((cell) => stripInlineMarkdown(cell).toLowerCase()) ?? [];
  const statusColumn = header.findIndex((cell) => /^(?:status|state|progress|done\??)$/.test(cell));
  if (statusColumn === -1 && sectionStatus === null) return [];
  const items: StateItem[] = [];
  for (const row of table.rows.slice(1)) {
    const statusText = statusColumn === -1 ? "" : stripInlineMarkdown(row.cells[statusColumn] ?? "");
    const fromCell = statusColumn === -1 ? null : (statusFromCell(statusText) ?? inferredStatus(statusText));
    const status = fromCell ?? sectionStatus;
    if (status === null) continue;
    const textCell = row.cells.find((_cell, index) => index !== statusColumn) ?? "";
    const raw = row.cells.join(" | ");
    items.push({
      status,
      text: stripInlineMarkdown(textCell),
      line: row.line,
      commitShas: extractCommitShas(raw, row.codes),
      fileRefs: extractFileRefs(raw, row.line),
    });
  }
  return items;
}

function statusFromCell(text: string): StateStatus | null {
  if (DONE_MARKS.test(text) || /^(?:done|complete[d]?|finished|yes|x)$/i.test(text.trim())) return "done";
  if (IN_PROGRESS_MARKS.test(text) || /^(?:in[ -]progress|wip|ongoing|partial)$/i.test(text.trim())) return "in-progress";
  if (NOT_STARTED_MARKS.test(text) || /^(?:not started|todo|to do|pending|no)$/i.test(text.trim())) return "not-started";
  return statusFromTitle(text);
}

// ---------------------------------------------------------------------------------------------
// Next action

const SHELL_LANGUAGES = /^(?:sh|bash|shell|zsh|fish|console|terminal|shellsession|powershell|pwsh|ps1|cmd|bat)$/i;

function commandsOfCode(unit: CodeUnit): string[] {
  const isShell = unit.lang !== null && SHELL_LANGUAGES.test(unit.lang);
  if (unit.lang !== null && unit.lang !== "" && !isShell) return [];
  return commandLinesOfBlock(unit.value)
    .map((entry) => entry.command)
    .filter((command) => isShell || isCommandLike(command));
}

function extractNextAction(model: SectionModel): ParsedHandoff["nextAction"] {
  for (const section of bySourcePreference(sectionsWith(model, "next-action"))) {
    const texts = textUnits(section);
    const codes = section.units.filter((unit): unit is CodeUnit => unit.kind === "code");
    if (texts.length === 0 && codes.length === 0) continue;
    const commands: string[] = [];
    const fileRefs: FileReference[] = [];
    const add = (command: string) => {
      if (!commands.includes(command)) commands.push(command);
    };
    for (const unit of texts) {
      for (const code of unit.codes) if (isCommandLike(code)) add(code.trim());
      fileRefs.push(...extractFileRefs(unit.raw, unit.line));
    }
    for (const code of codes) {
      for (const command of commandsOfCode(code)) add(command);
      fileRefs.push(...extractFileRefs(code.value, code.line));
    }
    const text = joinText(
      section.units.map((unit) => (unit.kind === "text" ? unit.plain : unit.kind === "code" ? unit.value.trim() : "")),
    );
    return { text, line: section.line, commands, fileRefs };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Verification

const RESULT_LABEL =
  /^(?:\*\*|__)?(?:last[- ]known(?:[- ]good)?(?: output| result| state)?|last (?:result|run|output)|expected(?: output| result)?|result|output|baseline|known[- ]good|currently|now)(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*(.*)$/i;
const RESULT_LIKE =
  /\d|\b(?:pass(?:es|ed|ing)?|fail(?:s|ed|ing|ures?)?|ok|green|red|clean|errors?|warnings?|exit|succe(?:ss|eds|eded|ssful)|no (?:output|errors|issues|changes|diff)|none|broken|unchanged|builds?)\b|[✓✅❌✗]/i;
const MAX_RESULT = 500;
const EMPTY_RESULT = /^(?:[-–—?]+|n\/?a|unknown|tbd|none recorded|not run)$/i;

function cleanResult(text: string): string | null {
  const cleaned = stripInlineMarkdown(text)
    .replace(/^[\s:;.,→>=\-–—|]+/, "")
    .replace(/^\((.*)\)$/, "$1")
    .trim();
  if (cleaned === "" || EMPTY_RESULT.test(cleaned)) return null;
  return cleaned.length > MAX_RESULT ? `${cleaned.slice(0, MAX_RESULT - 1)}…` : cleaned;
}

/** "`npx tsc --noEmit` → 72 errors", "Typecheck: `npm run typecheck` — PASS", "npm test -> 51 passed". */
function commandFromText(unit: TextUnit): { command: string; result: string | null } | null {
  const code = unit.codes.find((value) => isCommandLike(value));
  if (code !== undefined) {
    const marker = `\`${code}\``;
    const index = unit.raw.indexOf(marker);
    const rest = index === -1 ? "" : unit.raw.slice(index + marker.length);
    return { command: code.trim(), result: resultFromRest(rest) ?? resultBefore(index === -1 ? "" : unit.raw.slice(0, index)) };
  }
  const split = /^(.*?)\s*(?:→|->|=>|⇒)\s*(.*)$/.exec(unit.plain);
  if (split !== null && isCommandLike(split[1] ?? "")) {
    return { command: (split[1] ?? "").trim(), result: resultFromRest(split[2] ?? "") };
  }
  if (isCommandLike(unit.plain)) return { command: unit.plain.trim(), result: null };
  return null;
}

/** "Typecheck: 72 errors (`npx tsc --noEmit`)": the result written before the command. */
function resultBefore(before: string): string | null {
  const withoutLabel = stripInlineMarkdown(before).replace(/^[^:：]{1,40}[:：]\s*/, "");
  const candidate = cleanResult(withoutLabel.replace(/[\s([—–:-]+$/, ""));
  return candidate !== null && RESULT_LIKE.test(candidate) ? candidate : null;
}

function resultFromRest(rest: string): string | null {
  const plain = stripInlineMarkdown(rest);
  const labelled = /\b(?:last(?:[- ]known)?(?:[- ]good)?(?: result| output)?|expected(?: output)?|result|baseline)\s*[:：=]\s*(.+)$/i.exec(plain);
  if (labelled !== null) return cleanResult(labelled[1] ?? "");
  const arrow = /(?:→|->|=>|⇒)\s*(.+)$/.exec(plain);
  const candidate = cleanResult(arrow?.[1] ?? plain);
  return candidate !== null && RESULT_LIKE.test(candidate) ? candidate : null;
}

function extractVerification(model: SectionModel): VerificationCommand[] {
  const commands: VerificationCommand[] = [];
  for (const section of sectionsWith(model, "verification")) {
    let pending: VerificationCommand[] = [];
    let expectingResultBlock = false;
    const byUnit = new Map<TextUnit, VerificationCommand>();
    for (const unit of section.units) {
      if (unit.kind === "text") {
        const resultLabel = RESULT_LABEL.exec(unit.raw.replace(/^[-*+]\s+/, ""));
        if (resultLabel !== null) {
          const result = cleanResult(resultLabel[1] ?? "");
          if (result === null) expectingResultBlock = true;
          else for (const command of pending) command.lastResult = result;
          pending = pending.filter((command) => command.lastResult === null);
          continue;
        }
        const parsed = commandFromText(unit);
        if (parsed === null) {
          // A result-only sub-bullet under a command bullet ("- 51 passed") is that command's result.
          const parent = ancestorIn(unit, byUnit);
          if (parent !== null && parent.lastResult === null) parent.lastResult = cleanResult(unit.plain);
          continue;
        }
        const command: VerificationCommand = { command: parsed.command, lastResult: parsed.result, line: unit.line };
        commands.push(command);
        byUnit.set(unit, command);
        pending = command.lastResult === null ? [command] : [];
        expectingResultBlock = false;
        continue;
      }
      if (unit.kind === "code") {
        if (expectingResultBlock && pending.length > 0) {
          const output = cleanResult(unit.value.split("\n").filter((line) => line.trim() !== "").slice(0, 3).join("; "));
          for (const command of pending) command.lastResult = output;
          pending = [];
          expectingResultBlock = false;
          continue;
        }
        const fromBlock = verificationFromCode(unit);
        commands.push(...fromBlock);
        pending = fromBlock.filter((command) => command.lastResult === null);
        continue;
      }
      if (unit.kind === "table") commands.push(...verificationFromTable(unit));
    }
  }
  return commands;
}

function verificationFromCode(unit: CodeUnit): VerificationCommand[] {
  const isShell = unit.lang !== null && SHELL_LANGUAGES.test(unit.lang);
  if (unit.lang !== null && unit.lang !== "" && !isShell) return [];
  const lines = unit.value.split("\n");
  const hasPrompts = lines.some((line) => /^\s*\$\s+/.test(line));
  const result: VerificationCommand[] = [];
  let last: VerificationCommand | null = null;
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    const sourceLine = unit.line + 1 + index;
    if (trimmed === "") return;
    if (hasPrompts && !trimmed.startsWith("$")) {
      // Console transcript: the first output line after a command is its last known result.
      if (last !== null && last.lastResult === null) last.lastResult = cleanResult(trimmed);
      return;
    }
    if (trimmed.startsWith("#")) {
      const comment = trimmed.replace(/^#+\s*/, "");
      const labelled = /^(?:last[- ]known(?:[- ]good)?|expected|result|→|->)\s*[:：]?\s*(.+)$/i.exec(comment);
      if (last !== null && last.lastResult === null && (labelled !== null || RESULT_LIKE.test(comment))) {
        last.lastResult = cleanResult(labelled?.[1] ?? comment);
      }
      return;
    }
    const [entry] = commandLinesOfBlock(line);
    if (entry === undefined || (!isShell && !isCommandLike(entry.command))) return;
    const comment = entry.comment;
    const commandResult = comment !== null && RESULT_LIKE.test(comment) ? cleanResult(comment.replace(/^(?:last[- ]known(?:[- ]good)?|expected|result)\s*[:：]?\s*/i, "")) : null;
    last = { command: entry.command, lastResult: commandResult, line: sourceLine };
    result.push(last);
  });
  return result;
}

function verificationFromTable(table: TableUnit): VerificationCommand[] {
  const header = table.rows[0]?.cells.map((cell) => stripInlineMarkdown(cell).toLowerCase()) ?? [];
  let commandColumn = header.findIndex((cell) => /\b(?:command|cmd|check|script|run|how)\b/.test(cell));
  const resultColumn = header.findIndex((cell) => /\b(?:result|output|last|expected|status|baseline|known|count|outcome)\b/.test(cell));
  const dataRows = table.rows.slice(1);
  if (commandColumn === -1) {
    const firstIsCommand = dataRows.some((row) => isCommandLike(stripInlineMarkdown(row.cells[0] ?? "")));
    if (!firstIsCommand) return [];
    commandColumn = 0;
  }
  const commands: VerificationCommand[] = [];
  for (const row of dataRows) {
    const command = stripInlineMarkdown(row.cells[commandColumn] ?? "");
    if (!isCommandLike(command)) continue;
    const resultIndex = resultColumn !== -1 ? resultColumn : commandColumn === 0 ? 1 : -1;
    const lastResult = resultIndex === -1 ? null : cleanResult(row.cells[resultIndex] ?? "");
    commands.push({ command, lastResult, line: row.line });
  }
  return commands;
}

// ---------------------------------------------------------------------------------------------
// Pointers, own commit, resume command

const THIS_POINTER_KEYS = /^(?:this file|this handoff|this handoff file|this handoff path|handoff path|handoff file|current handoff|current file|this|self|this path|path|file|location|current)$/;
const STRONG_THIS_POINTER_KEYS = /^(?:this file|this handoff|this handoff file|this handoff path|handoff path|current handoff)$/;
const PREVIOUS_POINTER_KEYS =
  /^(?:previous|previous file|previous handoff|previous handoff file|previous handoff path|previous path|previous pointer|prev|prev handoff|continues from|continued from|continuing from|resumed from|resumes from|resuming from|chained from|predecessor|parent|parent handoff|last handoff|prior handoff|follows|builds on)$/;

function extractPointers(model: SectionModel): ParsedHandoff["pointers"] {
  const pointers: ParsedHandoff["pointers"] = { thisPath: null, thisLine: null, previousPath: null, previousLine: null };
  const inPointerSection = (kv: KeyValue) => kv.section?.key === "resume-pointer" || kv.fromFrontMatter;
  const ordered = [...model.keyValues].sort((a, b) => Number(inPointerSection(b)) - Number(inPointerSection(a)) || a.line - b.line);
  for (const kv of ordered) {
    const isThis = inPointerSection(kv) ? THIS_POINTER_KEYS.test(kv.key) : STRONG_THIS_POINTER_KEYS.test(kv.key);
    if (isThis && pointers.thisLine === null) {
      pointers.thisPath = cleanPointer(kv.value);
      pointers.thisLine = kv.line;
    } else if (PREVIOUS_POINTER_KEYS.test(kv.key) && pointers.previousLine === null) {
      pointers.previousPath = cleanPointer(kv.value);
      pointers.previousLine = kv.line;
    }
  }
  // Unlabelled lines in the pointer section: "- `docs/ai/…/handoff_a.md` (this file)", "Previous → none".
  for (const section of sectionsWith(model, "resume-pointer")) {
    for (const unit of textUnits(section)) {
      if (parseLabel(unit.raw)?.rest) continue;
      const lower = unit.plain.toLowerCase();
      const path = unit.codes.find((code) => /\.md\b|\//.test(code)) ?? /\S+\.md\b/.exec(unit.plain)?.[0] ?? null;
      if (/\b(?:previous|prev|continues from|resumed from|predecessor|parent)\b/.test(lower)) {
        if (pointers.previousLine === null) {
          pointers.previousPath = path === null ? cleanPointer(unit.plain.replace(/^.*?\b(?:previous|prev)\b[^:→]*[:→]?\s*/i, "")) : cleanPointer(path);
          pointers.previousLine = unit.line;
        }
      } else if (/\bthis (?:file|handoff)\b|\bcurrent\b/.test(lower) && path !== null && pointers.thisLine === null) {
        pointers.thisPath = cleanPointer(path);
        pointers.thisLine = unit.line;
      }
    }
  }
  return pointers;
}

const OWN_COMMIT_KEYS =
  /^(?:handoff commit|handoff commit sha|handoff commit hash|handoff sha|this commit|own commit|commit of this handoff|this handoff commit|this handoff s commit|committed as|committed in|final commit|final commit sha|final sha|handoff committed|saved in commit|handoff committed in|handoff committed as|commit sha of this handoff|committed at)$/;
const TRAILING_COMMIT = /(?<![A-Za-z])(?:commit(?:ted)?|sha)(?![A-Za-z])[^\n]{0,60}?\b([0-9a-f]{7,40})\b/i;
const TRAILING_LINES = 5;

function extractOwnCommit(model: SectionModel, text: string, identityLines: Set<number>): { sha: string | null; line: number | null } {
  for (const kv of model.keyValues) {
    if (!OWN_COMMIT_KEYS.test(kv.key)) continue;
    const candidate = firstCode(kv) ?? cleanValue(kv.value).split(/\s+/)[0] ?? "";
    if (isSha(candidate)) return { sha: candidate.toLowerCase(), line: kv.line };
  }
  // The protocol allows "a trailing line" with the sha: look only at the last few non-empty lines.
  const lines = text.split("\n");
  let seen = 0;
  for (let index = lines.length - 1; index >= 0 && seen < TRAILING_LINES; index -= 1) {
    const line = lines[index] ?? "";
    if (line.trim() === "") continue;
    seen += 1;
    if (identityLines.has(index + 1)) continue;
    const match = TRAILING_COMMIT.exec(line);
    const sha = match?.[1];
    if (sha !== undefined && /\d/.test(sha)) return { sha: sha.toLowerCase(), line: index + 1 };
  }
  return { sha: null, line: null };
}

const RESUME_COMMAND_KEYS = /^(?:resume command|resume with|to resume|resume|how to resume|resume prompt|command to resume|resume cmd|resume instruction|resume instructions)$/;
const RUNTIME_CLI = /^(?:\$\s+)?(?:cd\s+\S+\s*&&\s*)?(?:claude|codex|gemini|opencode|agy|antigravity|baton\s+resume)\b/;

function extractResumeCommand(model: SectionModel): { command: string | null; line: number | null } {
  for (const section of bySourcePreference(sectionsWith(model, "resume-command"))) {
    for (const unit of section.units) {
      if (unit.kind === "code" && unit.value.trim() !== "") return { command: unit.value.trim(), line: unit.line };
      if (unit.kind === "text") {
        const code = unit.codes.find((value) => value.trim() !== "");
        if (code !== undefined) return { command: code.trim(), line: unit.line };
      }
    }
    const first = textUnits(section)[0];
    if (first !== undefined && first.plain !== "") return { command: first.plain, line: first.line };
  }
  for (const kv of model.keyValues) {
    if (!RESUME_COMMAND_KEYS.test(kv.key)) continue;
    const command = firstCode(kv) ?? cleanValue(kv.value);
    if (command !== "") return { command, line: kv.line };
  }
  const candidates = [...sectionsWith(model, "resume-pointer"), ...model.sections];
  for (const section of candidates) {
    for (const unit of section.units) {
      if (unit.kind === "code") {
        const first = unit.value.trim().split("\n")[0] ?? "";
        if (RUNTIME_CLI.test(first) && (section.key === "resume-pointer" || /handoff|resume/i.test(unit.value))) {
          return { command: unit.value.trim(), line: unit.line };
        }
      } else if (unit.kind === "text") {
        const code = unit.codes.find((value) => RUNTIME_CLI.test(value.trim()) && /handoff|resume/i.test(value));
        if (code !== undefined) return { command: code.trim(), line: unit.line };
      }
    }
  }
  return { command: null, line: null };
}

// ---------------------------------------------------------------------------------------------
// Front matter

function frontMatterKeyValues(raw: string, firstLine: number, issues: Finding[]): { data: Record<string, unknown> | null; keyValues: KeyValue[] } {
  let data: unknown;
  try {
    data = parseYaml(raw, { maxAliasCount: 50 });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : "invalid YAML";
    issues.push(finding("front-matter-invalid", "warning", firstLine - 1, `Front matter is not valid YAML: ${reason}`));
    return { data: null, keyValues: [] };
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) return { data: null, keyValues: [] };
  const record = data as Record<string, unknown>;
  const lines = raw.split("\n");
  const lineOfKey = (key: string) => {
    const index = lines.findIndex((line) => line.trimStart().startsWith(`${key}:`));
    return index === -1 ? firstLine : firstLine + index;
  };
  const keyValues: KeyValue[] = [];
  const push = (name: string, value: unknown, line: number) => {
    if (value === null || value === undefined) return;
    const text = value instanceof Date ? value.toISOString() : typeof value === "object" ? "" : String(value);
    if (text === "") return;
    keyValues.push({ name, key: normaliseKey(name), value: text, codes: [], line, group: -1, section: null, fromFrontMatter: true });
  };
  for (const [key, value] of Object.entries(record)) {
    if (value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date)) {
      // session: { id: …, model: … } → "session id", "session model" (and the inner name alone).
      for (const [innerKey, innerValue] of Object.entries(value as Record<string, unknown>)) {
        push(`${key} ${innerKey}`, innerValue, lineOfKey(key));
        push(innerKey, innerValue, lineOfKey(key));
      }
    } else {
      push(key, value, lineOfKey(key));
    }
  }
  return { data: record, keyValues };
}

// ---------------------------------------------------------------------------------------------

function parseOrThrow(input: string): Parsed<ParsedHandoff> {
  // Callers normally pass decodeText output; normalising again keeps line numbers right when they do not.
  const text = normaliseLineEndings(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
  const issues: Finding[] = [];
  const document = parseMarkdownUnits(text);
  const model = buildSections(document.units);

  let frontMatter: Record<string, unknown> | null = null;
  if (document.frontMatter !== null) {
    const parsed = frontMatterKeyValues(document.frontMatter.value, document.frontMatter.line, issues);
    frontMatter = parsed.data;
    model.keyValues.push(...parsed.keyValues);
  }

  const identity = extractIdentity(model);
  const identityLines = new Set(Object.values(identity.lines ?? {}));
  const goal = extractGoal(model);
  const pointers = extractPointers(model);
  const ownCommit = extractOwnCommit(model, text, identityLines);
  const resume = extractResumeCommand(model);

  const frontMatterTitle = typeof frontMatter?.["title"] === "string" ? frontMatter["title"] : null;
  const value: ParsedHandoff = {
    title: model.title ?? frontMatterTitle,
    identity,
    goal,
    decisions: extractDecisions(model),
    state: extractState(model),
    nextAction: extractNextAction(model),
    verification: extractVerification(model),
    pointers,
    ownCommitSha: ownCommit.sha,
    resumeCommand: resume.command,
    ownCommitLine: ownCommit.line,
    resumeCommandLine: resume.line,
    frontMatter,
    sections: sectionLocations(model, identity, pointers, resume.line),
  };
  return { value, issues };
}

function sectionLocations(
  model: SectionModel,
  identity: HandoffIdentity,
  pointers: ParsedHandoff["pointers"],
  resumeLine: number | null,
): SectionLocation[] {
  const locations: SectionLocation[] = [];
  for (const section of model.sections) {
    if (section.key === null || section.key === "other" || section.source === "preamble") continue;
    locations.push({ key: section.key, title: section.title, line: section.line });
  }
  const has = (key: SectionKey) => locations.some((location) => location.key === key);
  // Fields written without their own heading still mean the section is there.
  const identityLines = Object.values(identity.lines ?? {});
  if (!has("identity") && identityLines.length > 0) {
    locations.push({ key: "identity", title: "(identity fields)", line: Math.min(...identityLines) });
  }
  const pointerLines = [pointers.thisLine, pointers.previousLine].filter((line): line is number => line !== null);
  if (!has("resume-pointer") && pointerLines.length > 0) {
    locations.push({ key: "resume-pointer", title: "(pointer fields)", line: Math.min(...pointerLines) });
  }
  if (!has("resume-command") && resumeLine !== null) {
    locations.push({ key: "resume-command", title: "(resume command)", line: resumeLine });
  }
  return locations.sort((a, b) => a.line - b.line);
}
