import { finding, type Finding } from "../findings";
import { OTHER_AGENT_NAMES, RUNTIME_FAMILY_NAMES, RUNTIME_HARNESS_NAMES } from "./runtime-names.data";
import { KNOWN_RUNTIMES, type HandoffPathInfo } from "./types";

/**
 * Where the protocol keeps handoffs, relative to a repo root.
 *
 * Nesting decision: a path like `packages/x/docs/ai/handoff/<runtime>/<DDMMYYYY>/handoff_<phase>.md`
 * is parsed the same way (runtime, date and phase are read), because monorepos do this and the file is
 * plainly a protocol handoff. It still gets an info finding (`handoff-path-nested`): the protocol's
 * resume step globs `docs/ai/handoff/*\/*\/handoff_*.md` from the repo root, so a fresh agent
 * following the protocol literally will not find it.
 */
export const PROTOCOL_DIR = "docs/ai/handoff";

const PHASE_FILE = /^handoff_(.+)\.md$/i;
const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Splits a repo-relative path into what the handoff protocol encodes in it. Never throws. */
export function parseHandoffPath(repoRelativePath: string): HandoffPathInfo {
  const path = normaliseRepoPath(repoRelativePath);
  const segments = path.split("/").filter((segment) => segment.length > 0);
  const findings: Finding[] = [];
  const fileName = segments[segments.length - 1] ?? "";
  const stem = fileStem(fileName);

  const protocolIndex = findProtocolDir(segments);
  if (protocolIndex === -1) {
    return {
      isProtocolPath: false,
      runtimeFolder: null,
      dateFolder: null,
      date: null,
      phase: stem,
      findings,
      protocolRoot: null,
    };
  }

  const protocolRoot = segments.slice(0, protocolIndex).map((segment) => `${segment}/`).join("");
  const rest = segments.slice(protocolIndex + 3);
  const phaseMatch = PHASE_FILE.exec(fileName);
  // Exactly <runtime>/<date>/<file> below the protocol folder; anything else is "under the folder but not the shape".
  const isProtocolPath = rest.length === 3 && phaseMatch !== null;
  const runtimeFolder = rest.length >= 2 ? (rest[0] ?? null) : null;
  const dateFolder = rest.length >= 3 ? (rest[1] ?? null) : null;
  const phase = phaseMatch?.[1] ?? stem;

  if (isProtocolPath && protocolRoot !== "") {
    findings.push(
      finding(
        "handoff-path-nested",
        "info",
        null,
        `Handoff is under ${protocolRoot}${PROTOCOL_DIR}/, not ${PROTOCOL_DIR}/ at the repo root; ` +
          "the protocol's resume step only looks at the repo root.",
      ),
    );
  }

  if (runtimeFolder !== null && !isKnownRuntime(runtimeFolder)) {
    const suggestion = normaliseRuntime(runtimeFolder);
    findings.push(
      finding(
        "runtime-folder-unknown",
        "warning",
        null,
        `Runtime folder "${runtimeFolder}" is not a known runtime slug (${KNOWN_RUNTIMES.join(", ")})` +
          (suggestion !== null ? `; did you mean "${suggestion}"?` : "."),
      ),
    );
  }

  let date: string | null = null;
  if (dateFolder !== null) {
    const parsedDate = parseDateFolder(dateFolder);
    date = parsedDate.date;
    if (parsedDate.problem !== null) {
      findings.push(finding("date-folder-invalid", "error", null, parsedDate.problem));
    }
  }

  if (phaseMatch !== null && phase !== null && !KEBAB_CASE.test(phase)) {
    findings.push(
      finding(
        "phase-slug-invalid",
        "info",
        null,
        `Phase "${phase}" is not a kebab-case slug (e.g. "fix-typecheck-errors").`,
      ),
    );
  }

  return { isProtocolPath, runtimeFolder, dateFolder, date, phase, findings, protocolRoot };
}

/**
 * DDMMYYYY → YYYY-MM-DD. The problem text explains likely mix-ups (YYYYMMDD, MMDDYYYY) because
 * those are the mistakes agents actually make.
 */
export function parseDateFolder(folder: string): { date: string | null; problem: string | null } {
  if (!/^\d{8}$/.test(folder)) {
    return {
      date: null,
      problem: `Date folder "${folder}" is not DDMMYYYY (eight digits, e.g. 08082026).`,
    };
  }
  const day = Number(folder.slice(0, 2));
  const month = Number(folder.slice(2, 4));
  const year = Number(folder.slice(4, 8));
  if (isRealDate(year, month, day)) {
    return { date: `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`, problem: null };
  }

  let hint = "";
  const asYearFirst = { year: Number(folder.slice(0, 4)), month: Number(folder.slice(4, 6)), day: Number(folder.slice(6, 8)) };
  if (isRealDate(asYearFirst.year, asYearFirst.month, asYearFirst.day) && asYearFirst.year >= 1970) {
    hint = ` It reads as YYYYMMDD; the protocol wants ${folder.slice(6, 8)}${folder.slice(4, 6)}${folder.slice(0, 4)}.`;
  } else if (isRealDate(year, day, month)) {
    hint = ` It reads as MMDDYYYY; the protocol wants ${folder.slice(2, 4)}${folder.slice(0, 2)}${folder.slice(4, 8)}.`;
  }
  return { date: null, problem: `Date folder "${folder}" is not a real DDMMYYYY date.${hint}` };
}

/**
 * Maps what agents write as their runtime ("Claude Code (Opus 4.5)", "OpenAI Codex CLI", "Agy",
 * "Some Tool / Codex (gpt-x)") to a protocol slug, or null when it names nothing we know. Harness names
 * win over model families, other coding agents ("GitHub Copilot (Claude Sonnet 4)") give null, and
 * parenthesised parts are tried last because they usually name the model ("OpenCode (claude-sonnet-4)"
 * is OpenCode, not Claude Code). The names are data: runtime-names.data.ts.
 */
export function normaliseRuntime(raw: string): string | null {
  const text = raw.toLowerCase().replace(/[`*_"']/g, " ").trim();
  if (text === "") return null;
  if (/^unknown[\s-]*runtime$/.test(text)) return "unknown-runtime";

  const outside = text.replace(/\([^)]*\)|\[[^\]]*\]/g, " ");
  const harness = firstMatch(RUNTIME_HARNESS_NAMES, outside);
  if (harness !== null) return harness;
  if (namesOtherAgent(outside)) return null;
  return firstMatch(RUNTIME_FAMILY_NAMES, outside) ?? firstMatch(RUNTIME_HARNESS_NAMES, text) ?? firstMatch(RUNTIME_FAMILY_NAMES, text);
}

function firstMatch(names: readonly (readonly [string, RegExp])[], text: string): string | null {
  for (const [slug, pattern] of names) if (pattern.test(text)) return slug;
  return null;
}

const OTHER_AGENT = new RegExp(`\\b(?:${OTHER_AGENT_NAMES.map((name) => name.replace(/ /g, "[\\s-]?")).join("|")})\\b`);

function namesOtherAgent(text: string): boolean {
  return OTHER_AGENT.test(text);
}

export function isKnownRuntime(slug: string): boolean {
  return (KNOWN_RUNTIMES as readonly string[]).includes(slug);
}

/** Forward slashes, no leading "./" or "/", no empty or "." segments. */
export function normaliseRepoPath(path: string): string {
  return path
    .replace(/\\/g, "/")
    .split("/")
    .filter((segment) => segment !== "" && segment !== ".")
    .join("/");
}

function findProtocolDir(segments: readonly string[]): number {
  for (let index = 0; index + 2 < segments.length; index += 1) {
    if (segments[index] === "docs" && segments[index + 1] === "ai" && segments[index + 2] === "handoff") {
      return index;
    }
  }
  return -1;
}

function fileStem(fileName: string): string | null {
  if (fileName === "") return null;
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}
