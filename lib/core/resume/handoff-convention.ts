/**
 * Where a repository keeps its handoffs and how it names them, inferred from the paths of the handoffs
 * it already has, so the resume prompt tells the next agent to write its own handoff the same way
 * instead of always at the protocol's `docs/ai/handoff/<runtime>/<DDMMYYYY>/handoff_<phase>.md`.
 *
 * Each path becomes a template: folders kept as written, except date folders (`2026/02/`,
 * `05022026/`, `2026-02-05/`) and runtime folders (`codex/`), which become placeholders; in the file
 * name, a date or date-time (`2026-02-05-144456`, `20260205`, `05-02-2026`) becomes one placeholder in
 * the same shape, a leading sequence number becomes `<NNN>` (its width), the words "handoff" /
 * "handover" / "session" / "hand-off" stay as written, and every other run of words becomes `<slug>`.
 * The protocol's own shape keeps its own template.
 *
 * The convention is the template most of the repo's newest handoffs follow (the newest
 * `RECENT_HANDOFFS`, so a repo that moved to a new folder is followed where it went); a tie goes to
 * the template of the handoff being resumed, then to the newest handoff's.
 */
import { GENERIC_RUNTIME } from "../runtimes/runtimes";
import { normaliseRepoPath, parseHandoffPath, PROTOCOL_DIR } from "../handoff/handoff-path";
import { resolveResumeRuntime } from "../runtimes/resume-commands";

export const RECENT_HANDOFFS = 10;

export interface HandoffConvention {
  /** e.g. `docs/handoffs/<YYYY-MM-DD-HHMMSS>-<slug>.md`; `<runtime>` where a runtime folder goes. */
  template: string;
  /** `protocol` for the protocol's layout, `repo` for a layout inferred from other paths, `default` when the repo has no handoffs to learn from. */
  source: "protocol" | "repo" | "default";
  /** How many of the considered handoffs follow the template, and how many were considered. */
  followedBy: number;
  considered: number;
  /** The newest existing path that follows the template, or null for `default`. */
  example: string | null;
  /** True when the template has no placeholder: the repo rewrites one file (e.g. `HANDOFF.md`). */
  isSingleFile: boolean;
}

export const PROTOCOL_TEMPLATE = `${PROTOCOL_DIR}/<runtime>/<DDMMYYYY>/handoff_<phase>.md`;

/**
 * `paths`: the repo's live handoff paths, newest first (several versions of one path count once).
 * `resumedPath`: the handoff being resumed (tie-breaker).
 */
export function inferHandoffConvention(paths: readonly string[], options: { resumedPath?: string | null } = {}): HandoffConvention {
  const unique: string[] = [];
  for (const path of paths.map(normaliseRepoPath)) if (path !== "" && !unique.includes(path)) unique.push(path);
  if (unique.length === 0 && options.resumedPath) unique.push(normaliseRepoPath(options.resumedPath));
  if (unique.length === 0) return { template: PROTOCOL_TEMPLATE, source: "default", followedBy: 0, considered: 0, example: null, isSingleFile: false };

  const recent = unique.slice(0, RECENT_HANDOFFS);
  const counts = new Map<string, { count: number; example: string }>();
  for (const path of recent) {
    const template = pathTemplate(path);
    const entry = counts.get(template);
    if (entry) entry.count += 1;
    else counts.set(template, { count: 1, example: path });
  }
  const best = Math.max(...[...counts.values()].map((entry) => entry.count));
  const tied = [...counts].filter(([, entry]) => entry.count === best).map(([template]) => template);
  const resumedTemplate = options.resumedPath ? pathTemplate(normaliseRepoPath(options.resumedPath)) : null;
  // `counts` keeps first-seen order, and paths are newest first: tied[0] is the newest handoff's template.
  const template = resumedTemplate !== null && tied.includes(resumedTemplate) ? resumedTemplate : tied[0]!;
  const entry = counts.get(template)!;
  return {
    template,
    source: template.endsWith(PROTOCOL_TEMPLATE) ? "protocol" : "repo",
    followedBy: entry.count,
    considered: recent.length,
    example: entry.example,
    isSingleFile: !/<[A-Za-z-]+>/.test(template),
  };
}

/** One path as a template (see the file comment). */
export function pathTemplate(repoRelativePath: string): string {
  const path = normaliseRepoPath(repoRelativePath);
  const info = parseHandoffPath(path);
  if (info.isProtocolPath) return `${info.protocolRoot ?? ""}${PROTOCOL_TEMPLATE}`;
  const segments = path.split("/");
  const file = segments.pop() ?? "";
  const folders: string[] = [];
  for (const segment of segments) folders.push(folderTemplate(segment, folders[folders.length - 1] ?? null));
  const dot = file.lastIndexOf(".");
  const stem = dot > 0 ? file.slice(0, dot) : file;
  const extension = dot > 0 ? file.slice(dot) : "";
  return [...folders, `${nameTemplate(stem)}${extension}`].join("/");
}

function folderTemplate(segment: string, previous: string | null): string {
  const whole = dateTemplate(segment);
  if (whole !== null) return whole;
  if (/^(?:19|20)\d{2}$/.test(segment)) return "<YYYY>";
  if (previous === "<YYYY>" && /^(?:0[1-9]|1[0-2])$/.test(segment)) return "<MM>";
  if (previous === "<MM>" && /^(?:0[1-9]|[12]\d|3[01])$/.test(segment)) return "<DD>";
  if (resolveResumeRuntime(segment) !== GENERIC_RUNTIME && segment === segment.toLowerCase()) return "<runtime>";
  return segment;
}

/** A date (and time) that is the whole segment, as a placeholder of the same shape, else null. */
function dateTemplate(text: string): string | null {
  const found = findDateTime(text);
  return found !== null && found.start === 0 && found.end === text.length ? `<${found.shape}>` : null;
}

const KEYWORD = /^(?:hand-?offs?|handovers?|sessions?|session-notes)$/i;

function nameTemplate(stem: string): string {
  const pieces: { kind: "placeholder" | "keyword" | "word" | "separator"; text: string }[] = [];
  let rest = stem;
  const date = findDateTime(rest);
  const parts = date === null ? [rest] : [rest.slice(0, date.start), `\u0000${date.shape}`, rest.slice(date.end)];
  rest = "";
  for (const part of parts) {
    if (part.startsWith("\u0000")) {
      pieces.push({ kind: "placeholder", text: `<${part.slice(1)}>` });
      continue;
    }
    for (const token of part.split(/([-_. ]+)/)) {
      if (token === "") continue;
      if (/^[-_. ]+$/.test(token)) pieces.push({ kind: "separator", text: token });
      else if (KEYWORD.test(token)) pieces.push({ kind: "keyword", text: token });
      else pieces.push({ kind: "word", text: token });
    }
  }
  // A number first, or right after a keyword, is a sequence number ("001-setup", "session-12").
  for (let index = 0; index < pieces.length; index += 1) {
    const piece = pieces[index]!;
    if (piece.kind !== "word" || !/^\d{1,5}$/.test(piece.text)) continue;
    const before = pieces.slice(0, index).filter((other) => other.kind !== "separator");
    const previous = before[before.length - 1];
    if (previous === undefined || previous.kind === "keyword") pieces[index] = { kind: "placeholder", text: `<${"N".repeat(Math.max(piece.text.length, 1))}>` };
  }
  // Runs of words (with the separators between them) become one <slug>.
  const out: string[] = [];
  for (let index = 0; index < pieces.length; index += 1) {
    const piece = pieces[index]!;
    if (piece.kind !== "word") {
      out.push(piece.text);
      continue;
    }
    let end = index;
    while (end + 2 < pieces.length && pieces[end + 1]!.kind === "separator" && pieces[end + 2]!.kind === "word") end += 2;
    out.push("<slug>");
    index = end;
  }
  return out.join("");
}

interface DateTimeMatch {
  start: number;
  end: number;
  /** e.g. `YYYY-MM-DD-HHMMSS`, `YYYYMMDD`, `DD-MM-YYYY`, `DDMMYYYY`. */
  shape: string;
}

const YEAR_FIRST = /(?<!\d)((?:19|20)\d{2})([-_.]?)(\d{2})\2(\d{2})(?:([-_T ]?)(\d{2})([-:_.h]?)(\d{2})(?:\7(\d{2}))?)?(?!\d)/;
const DAY_FIRST = /(?<!\d)(\d{2})([-_.]?)(\d{2})\2((?:19|20)\d{2})(?!\d)/;

/** The first date (and time right after it) in a name, validated as a real month and day. */
function findDateTime(text: string): DateTimeMatch | null {
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst && isMonthDay(Number(yearFirst[3]), Number(yearFirst[4]))) {
    const [whole, , sep = "", , , timeSep, hours, timeInner = "", minutes, seconds] = yearFirst;
    let shape = `YYYY${sep}MM${sep}DD`;
    let length = whole.length;
    if (hours !== undefined && minutes !== undefined && Number(hours) < 24 && Number(minutes) < 60 && (seconds === undefined || Number(seconds) < 60)) {
      shape += `${timeSep ?? ""}HH${timeInner}MM${seconds !== undefined ? `${timeInner}SS` : ""}`;
    } else if (hours !== undefined) {
      // Not a time after all ("2026-02-05-12-fix"): keep only the date.
      length = 4 + sep.length * 2 + 4;
    }
    return { start: yearFirst.index, end: yearFirst.index + length, shape };
  }
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst && isMonthDay(Number(dayFirst[3]), Number(dayFirst[1]))) {
    const sep = dayFirst[2] ?? "";
    return { start: dayFirst.index, end: dayFirst.index + dayFirst[0].length, shape: `DD${sep}MM${sep}YYYY` };
  }
  return null;
}

function isMonthDay(month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}
