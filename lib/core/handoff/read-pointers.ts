import { cleanValue, parseLabel } from "./handoff-labels";
import { isSha } from "./inline-references";
import { cleanPointer } from "./resolve-pointer";
import { bySourcePreference, firstCode, sectionsWith, textUnits, type KeyValue, type SectionModel } from "./section-model";
import type { ParsedHandoff } from "./types";

/** Resume pointers (this file, previous file), the handoff's own commit sha and its resume command. */

const THIS_POINTER_KEYS = /^(?:this file|this handoff|this handoff file|this handoff path|handoff path|handoff file|current handoff|current file|this|self|this path|path|file|location|current)$/;
const STRONG_THIS_POINTER_KEYS = /^(?:this file|this handoff|this handoff file|this handoff path|handoff path|current handoff)$/;
const PREVIOUS_POINTER_KEYS =
  /^(?:previous|previous file|previous handoff|previous handoff file|previous handoff path|previous path|previous pointer|prev|prev handoff|continues from|continued from|continuing from|resumed from|resumes from|resuming from|chained from|predecessor|parent|parent handoff|last handoff|prior handoff|follows|builds on)$/;

export function extractPointers(model: SectionModel): ParsedHandoff["pointers"] {
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

export function extractOwnCommit(model: SectionModel, text: string, identityLines: Set<number>): { sha: string | null; line: number | null } {
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

export function extractResumeCommand(model: SectionModel): { command: string | null; line: number | null } {
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

