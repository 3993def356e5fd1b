import { SECTION_SYNONYMS } from "./section-synonyms/index.data";
import type { LanguageSynonyms, Synonyms } from "./section-synonyms/types";

/**
 * The synonym tables as the markdown block of docs/lint-rules.md ("How headings are read"), so users
 * can see why a heading matched. Generated from the data, never written by hand: a unit test fails when
 * the doc and the tables disagree, and `npx tsx scripts/generate-heading-synonyms-doc.ts` rewrites it.
 */
export const HEADING_SYNONYMS_BEGIN =
  "<!-- heading-synonyms:begin (generated from lib/core/handoff/sections/section-synonyms/*.data.ts by `npx tsx scripts/generate-heading-synonyms-doc.ts`; edit the tables, not this block) -->";
export const HEADING_SYNONYMS_END = "<!-- heading-synonyms:end -->";

interface Column {
  title: string;
  pick: (language: LanguageSynonyms) => Synonyms;
}

interface Table {
  heading: string;
  intro: string;
  columns: Column[];
}

const TABLES: Table[] = [
  {
    heading: "History (checked first, always a non-protocol section)",
    intro: "Old material: sections under it are used only when the handoff has no current one.",
    columns: [{ title: "Heading keywords", pick: (l) => l.history }],
  },
  {
    heading: "Context that borrows a section's words (non-protocol)",
    intro: "\"Environment state\" is not the State section, \"Open questions to resolve from evidence\" is not verification.",
    columns: [{ title: "Heading keywords", pick: (l) => l.context }],
  },
  {
    heading: "Resume command (`resume-command-missing`)",
    intro: "",
    columns: [
      { title: "Heading keywords", pick: (l) => l.resumeCommand },
      { title: "Labels", pick: (l) => l.labels.resumeCommand },
    ],
  },
  {
    heading: "Next action (`section-next-action-missing`)",
    intro: "",
    columns: [
      { title: "Heading keywords", pick: (l) => l.nextAction },
      { title: "Labels", pick: (l) => l.labels.nextAction },
    ],
  },
  {
    heading: "Verification commands (`section-verification-missing`)",
    intro: "Any heading whose words mean proof, test, check, verify or validate.",
    columns: [
      { title: "Heading keywords", pick: (l) => l.verification },
      { title: "Labels", pick: (l) => l.labels.verification },
    ],
  },
  {
    heading: "Key decisions (`decisions-missing`)",
    intro: "",
    columns: [
      { title: "Heading keywords", pick: (l) => l.decisions },
      { title: "Labels", pick: (l) => l.labels.decisions },
    ],
  },
  {
    heading: "Resume pointer (`section-resume-pointer-missing`)",
    intro: "",
    columns: [
      { title: "Heading keywords", pick: (l) => l.resumePointer },
      { title: "Labels", pick: (l) => l.labels.resumePointer },
    ],
  },
  {
    heading: "Session identity (`section-identity-missing`)",
    intro: "",
    columns: [
      { title: "Heading keywords", pick: (l) => l.identity },
      { title: "Labels", pick: (l) => l.labels.identity },
    ],
  },
  {
    heading: "Goal and constraints (`section-goal-missing`)",
    intro: "A heading with only constraint words (\"Known constraints\") is read as the user's constraints.",
    columns: [
      { title: "Heading keywords", pick: (l) => l.goal },
      { title: "Constraints", pick: (l) => l.constraints },
      { title: "Labels", pick: (l) => l.labels.goal },
    ],
  },
  {
    heading: "State (`section-state-missing`)",
    intro:
      "The second column is work still to do: a State section (not started) that can also stand in for the next action when the handoff has no Next action section.",
    columns: [
      { title: "Heading keywords", pick: (l) => l.state },
      { title: "Work still to do", pick: (l) => l.remaining },
      { title: "Labels", pick: (l) => l.labels.state },
    ],
  },
  {
    heading: "State status words",
    intro:
      "They give a State heading, label or table cell its status; the words for work still to do (State table) count as not started too. Not started is checked first (\"not done\", \"未完了\" contain a done word), then in progress, then done.",
    columns: [
      { title: "Done", pick: (l) => l.status.done },
      { title: "In progress", pick: (l) => l.status.inProgress },
      { title: "Not started", pick: (l) => l.status.notStarted },
    ],
  },
  {
    heading: "Other known sections (checked last)",
    intro: "Notes, files, risks and the like: they end the section above them.",
    columns: [{ title: "Heading keywords", pick: (l) => l.other }],
  },
];

/** A keyword as a code span; `|` is escaped so it does not split the table cell. */
function code(keyword: string): string {
  return `\`${keyword.replace(/\|/g, "\\|")}\``;
}

function cell(keywords: Synonyms): string {
  return keywords.length === 0 ? "—" : keywords.map(code).join(", ");
}

export function renderHeadingSynonymsDoc(languages: readonly LanguageSynonyms[] = SECTION_SYNONYMS): string {
  const lines: string[] = [HEADING_SYNONYMS_BEGIN, ""];
  for (const table of TABLES) {
    lines.push(`### ${table.heading}`, "");
    if (table.intro !== "") lines.push(table.intro, "");
    lines.push(`| Language | ${table.columns.map((column) => column.title).join(" | ")} |`);
    lines.push(`| --- | ${table.columns.map(() => "---").join(" | ")} |`);
    for (const language of languages) {
      lines.push(`| ${language.name} (\`${language.language}\`) | ${table.columns.map((column) => cell(column.pick(language))).join(" | ")} |`);
    }
    lines.push("");
  }
  lines.push(HEADING_SYNONYMS_END);
  return lines.join("\n");
}

/** Every keyword of every table, for a test that each one is in the docs. */
export function allSynonyms(languages: readonly LanguageSynonyms[] = SECTION_SYNONYMS): string[] {
  return languages.flatMap((language) => TABLES.flatMap((table) => table.columns.flatMap((column) => column.pick(language))));
}

/** The doc with its generated block replaced (or the block appended under a new section when absent). */
export function withHeadingSynonymsDoc(doc: string, block: string = renderHeadingSynonymsDoc()): string {
  const begin = doc.indexOf(HEADING_SYNONYMS_BEGIN);
  const end = doc.indexOf(HEADING_SYNONYMS_END);
  if (begin === -1 || end === -1 || end < begin) return `${doc.trimEnd()}\n\n${block}\n`;
  return `${doc.slice(0, begin)}${block}${doc.slice(end + HEADING_SYNONYMS_END.length)}`;
}

/** The generated block as it stands in the doc, or null. */
export function headingSynonymsBlockOf(doc: string): string | null {
  const begin = doc.indexOf(HEADING_SYNONYMS_BEGIN);
  const end = doc.indexOf(HEADING_SYNONYMS_END);
  if (begin === -1 || end === -1 || end < begin) return null;
  return doc.slice(begin, end + HEADING_SYNONYMS_END.length);
}
