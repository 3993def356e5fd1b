import { foundByDefaultRules } from "../../discovery/handoff-rules";
import { fileNameDate } from "../../text/name-date";
import { PREVIOUS_POINTER_LABELS } from "./pointer-labels.data";
import { cleanPointer } from "./resolve-pointer";
import type { SectionModel } from "../sections/section-model";
import type { PreviousCandidate } from "../types";

/**
 * Previous pointers written without a label of their own, kept as weak candidates for the scan to
 * confirm (lib/core/chains/resolve-previous.ts): a markdown file named in the same line as a word that
 * means "previous" in any of the label languages (`the work before this one is in \`a.md\``, `이전 작업은
 * [a](a.md)에 있음`), and the markdown links to markdown files anywhere in the text. Neither is a pointer
 * on its own: the scan takes one only when the path is an older handoff of the same repo. A bare file
 * name in the opening purpose section (the first content section, a goal) is such a mention too: a
 * continuation names the file it continues there ("Diese Fortschreibung ergänzt \`ARBEITSSTAND_….md\`"), and so
 * is a markdown file named by a label of the file's own top (its first lines, above any content section) or a front-matter
 * value that names a file by its stem (`addendum_to: 2026-07-21-paper02-v2.0-published`).
 */

const MAX_CANDIDATES = 12;
/** How far into the file its own top may name the handoff it continues. */
const TOP_LINES = 15;
/** A value that could be a file's stem or path: one token of word characters, dots, dashes and slashes, with a dash or a digit. */
const FILE_STEM = /^(?=[^\s]*[-\d])[\w.-]+(?:\/[\w.-]+)*$/;

const LABELS = [...new Set(Object.values(PREVIOUS_POINTER_LABELS).flat())].sort((a, b) => b.length - a.length);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Labels in scripts written without spaces stand anywhere in a word run; the others as whole words. */
const spaced = LABELS.filter((label) => !/[\u2E80-\uFFFF]/.test(label)).map((label) => escape(label).replace(/ /g, "[\\s_-]+"));
const unspaced = LABELS.filter((label) => /[\u2E80-\uFFFF]/.test(label)).map((label) => escape(label).replace(/ /g, "\\s*"));
const PREVIOUS_WORD = new RegExp(
  `(?:(?<![\\p{L}\\p{N}])(?:${spaced.join("|")})(?![\\p{L}\\p{N}]))${unspaced.length > 0 ? `|(?:${unspaced.join("|")})` : ""}`,
  "iu",
);

const LINK = /\[[^\]\n]*\]\(\s*<?((?:[^()\s>]|\([^()\s]*\))+)>?(?:\s+"[^"]*")?\s*\)/g;
const CODE_FILE = /`([^`\n]+\.md)`/gi;
const BARE_FILE = /(?<![\w/.`([-])((?:\.{1,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.md)(?![\w/`)])/gi;

/** Markdown files a line names: link targets, code spans, bare paths; never a URL. */
function markdownFilesIn(raw: string): { links: string[]; all: string[] } {
  const links = [...raw.matchAll(LINK)].map((match) => match[1] ?? "").filter(isMarkdownFilePath);
  const rest = raw.replace(LINK, " ");
  const codes = [...rest.matchAll(CODE_FILE)].map((match) => match[1] ?? "").filter(isMarkdownFilePath);
  const bare = [...rest.replace(CODE_FILE, " ").matchAll(BARE_FILE)].map((match) => match[1] ?? "").filter(isMarkdownFilePath);
  return { links, all: [...links, ...codes, ...bare] };
}

function isMarkdownFilePath(target: string): boolean {
  const path = target.replace(/[#?].*$/, "");
  return /\.md$/i.test(path) && !/^[a-z][a-z0-9+.-]*:/i.test(path) && !/\s/.test(path);
}

export function weakPreviousCandidates(model: SectionModel, skipLines: ReadonlySet<number>, thisPath: string | null): PreviousCandidate[] {
  const mentions: PreviousCandidate[] = [];
  const links: PreviousCandidate[] = [];
  const seen = new Set<string>();
  const self = thisPath === null ? null : cleanPointer(thisPath);
  const add = (list: PreviousCandidate[], raw: string, line: number, evidence: PreviousCandidate["evidence"]) => {
    const path = cleanPointer(raw);
    if (path === null || path === self || seen.has(`${evidence}\0${path}`)) return;
    seen.add(`${evidence}\0${path}`);
    list.push({ path, line, evidence });
  };
  // The opening purpose section (`## Zweck`: "Diese Fortschreibung ergänzt \`ARBEITSSTAND_….md\`") names
  // the handoff this one continues by its bare file name: a handoff of the same folder, if the scan finds one.
  const firstContent = model.sections.find((section) => section.source === "heading" && section.key !== null && section.key !== "other" && section.key !== "identity");
  const purpose = firstContent?.key === "goal" ? firstContent : null;
  for (const unit of purpose?.units.slice(0, 3) ?? []) {
    if (unit.kind !== "text" || skipLines.has(unit.line)) continue;
    for (const file of markdownFilesIn(unit.raw).all) if (!file.includes("/")) add(mentions, file, unit.line, "mention");
  }
  // The same in a label of the file's own top, above its first content section (`**Zweck:** Ergänzt
  // \`docs/handoff_2026-08-13.md\``), and a front-matter value that names another file by its stem
  // (`addendum_to: 2026-07-21-paper02-published`).
  for (const kv of model.keyValues) {
    if (skipLines.has(kv.line)) continue;
    if (kv.fromFrontMatter) {
      const value = kv.value.trim().replace(/^["'`]|["'`]$/g, "");
      if (FILE_STEM.test(value) && !/^\d{4}-\d{2}-\d{2}$/.test(value)) add(mentions, /\.md$/i.test(value) ? value : `${value}.md`, kv.line, "mention");
      continue;
    }
    const isTop = kv.line <= TOP_LINES && (firstContent === undefined || kv.line < firstContent.line) && (kv.section === null || kv.section.key === null || kv.section.key === "identity");
    // Only a file named as a handoff or dated: a `Plan Reference: plans/…/plan.md` names the plan, not a predecessor.
    if (isTop) for (const file of markdownFilesIn(kv.value).all) if (foundByDefaultRules(file) !== null || fileNameDate(file) !== null) add(mentions, file, kv.line, "mention");
  }
  for (const section of model.sections) {
    for (const unit of section.units) {
      const lines: { raw: string; line: number }[] =
        unit.kind === "text" ? [{ raw: unit.raw, line: unit.line }] : unit.kind === "table" ? unit.rows.slice(1).map((row) => ({ raw: row.cells.join(" | "), line: row.line })) : [];
      for (const { raw, line } of lines) {
        if (skipLines.has(line)) continue;
        const files = markdownFilesIn(raw);
        if (files.all.length === 0) continue;
        if (PREVIOUS_WORD.test(raw.replace(LINK, " ").replace(/`[^`\n]*`/g, " "))) for (const file of files.all) add(mentions, file, line, "mention");
        for (const link of files.links) add(links, link, line, "link");
      }
    }
  }
  return [...mentions, ...links].slice(0, MAX_CANDIDATES);
}
