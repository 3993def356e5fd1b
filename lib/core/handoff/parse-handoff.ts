import { finding, type Finding, type Parsed } from "../findings";
import { normaliseLineEndings } from "../text/decode";
import { frontMatterKeyValues } from "./markdown/front-matter";
import { parseMarkdownUnits } from "./markdown/markdown-units";
import { extractDecisions, extractGoal, extractNextAction, standInSections } from "./content/read-content";
import { emptyIdentity, extractIdentity } from "./identity/read-identity";
import { extractOwnCommit, extractPointers, extractResumeCommand } from "./pointers/read-pointers";
import { entryListState, extractState } from "./content/read-state";
import { extractVerification } from "./content/read-verification";
import { buildSections, type SectionModel } from "./sections/section-model";
import { classifyTitle } from "./sections/section-titles";
import { detectLog, newestEntryView } from "./documents/log-entries";
import { runtimeInHeading } from "./identity/title-runtime";
import { parseTimestampDetailed } from "../text/parse-timestamp";
import type { HandoffIdentity, ParsedHandoff, SectionKey, SectionLocation } from "./types";

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
    identity: emptyIdentity(),
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

const CURRENT_SECTION_KEYS = new Set(["goal", "decisions", "state", "next-action", "verification"]);

function parseOrThrow(input: string): Parsed<ParsedHandoff> {
  // Callers normally pass decodeText output; normalising again keeps line numbers right when they do not.
  const text = normaliseLineEndings(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
  const document = parseMarkdownUnits(text);
  // An append-only log is read as its newest entry (documents/log-entries.ts), line numbers kept.
  const log = detectLog(document.units, document.lineCount, (title) => CURRENT_SECTION_KEYS.has(classifyTitle(title)?.key ?? ""));
  if (log === null) return parseDocument(text, document);
  const view = newestEntryView(text, log);
  const viewUnits = parseMarkdownUnits(view);
  const result = parseDocument(view, viewUnits);
  const newest = log.entries[log.newest]!;
  // An entry with no sections of its own lists what its session did: its items are the state.
  if (result.value.state.length === 0 && result.value.nextAction === null) {
    result.value.state = entryListState(viewUnits.units, newest.line + 1, newest.endLine);
    if (result.value.state.length > 0) result.value.sections = [...result.value.sections, { key: "state", title: newest.title, line: newest.line }];
  }
  const identity = result.value.identity;
  // The entry's heading dates it when the entry writes no time of its own: its time and zone when the
  // heading writes them (`## [2025-11-30 08:45 CET] - Agent: Codex`), else its day.
  if ((identity.timestamp === null || identity.evidence?.timestamp === "title-date") && newest.day !== null) {
    const stamp = parseTimestampDetailed(newest.title);
    const timed = stamp.iso !== null && stamp.iso.length > 10;
    identity.timestamp = timed ? stamp.iso : `${newest.day}T00:00:00.000Z`;
    identity.timestampRaw = newest.title;
    identity.timestampZone = timed ? stamp.zone : null;
    identity.lines = { ...identity.lines, timestamp: newest.line };
    identity.evidence = { ...identity.evidence, timestamp: "label" };
  }
  // The entry's heading names its writer when the entry says nothing of it (`- Agent: Codex GPT`).
  if (identity.runtime === null) takeHeadingRuntime(identity, newest.title, newest.line);
  result.value.log = { entries: log.entries.map(({ title, line, day, number }) => ({ title, line, day, number })), newest: log.newest, order: log.order };
  return result;
}

function parseDocument(text: string, document: ReturnType<typeof parseMarkdownUnits>): Parsed<ParsedHandoff> {
  const issues: Finding[] = [];
  const model = buildSections(document.units, text.split("\n"));

  let frontMatter: Record<string, unknown> | null = null;
  if (document.frontMatter !== null) {
    const parsed = frontMatterKeyValues(document.frontMatter.value, document.frontMatter.line, issues);
    frontMatter = parsed.data;
    model.keyValues.push(...parsed.keyValues);
  }

  const identity = extractIdentity(model);
  // A title naming its writer alone (`# Journal de passation — Claude Code`) when no label says it.
  if (identity.runtime === null && model.title !== null) {
    const titleUnit = document.units.find((unit) => unit.kind === "heading" && unit.text === model.title);
    if (titleUnit !== undefined) takeHeadingRuntime(identity, model.title, titleUnit.line);
  }
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

function takeHeadingRuntime(identity: HandoffIdentity, heading: string, line: number): void {
  const runtime = runtimeInHeading(heading);
  if (runtime === null) return;
  identity.runtime = runtime;
  identity.runtimeRaw = heading;
  identity.lines = { ...identity.lines, runtime: line };
  identity.evidence = { ...identity.evidence, runtime: "heading" };
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
  const standIn = standInSections(model)[0];
  if (!has("next-action") && standIn !== undefined) locations.push({ key: "next-action", title: standIn.title, line: standIn.line });
  if (!has("resume-command") && resumeLine !== null) {
    locations.push({ key: "resume-command", title: "(resume command)", line: resumeLine });
  }
  return locations.sort((a, b) => a.line - b.line);
}
