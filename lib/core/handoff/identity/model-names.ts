import { normaliseRuntime } from "../handoff-path";
import { MODEL_FAMILIES } from "./identity-labels.data";

/** Model names as handoffs write them, by the model table (identity-labels.data.ts `MODEL_FAMILIES`). */

export const MODEL_FAMILY = new RegExp(`(?<![\\p{L}\\p{N}])(?:${MODEL_FAMILIES.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![\\p{L}])`, "iu");

/**
 * A model written beside the runtime: a parenthesised note (`Codex (gpt-x)`, `Claude Code (Opus 4.5)`),
 * another part of a `/`-, `·`- or comma-separated value (`Codex / gpt-5.2`, `Claude Code, Opus 5 (1M
 * context)`), or the words after a runtime name (`Codex gpt-5.6-sol`). A part counts when it has a digit or
 * names a model family and is not itself just a runtime name; `Codex (CLI)` gives no model.
 */
export function modelBesideRuntime(value: string): string | null {
  const notes = [...value.matchAll(/\(([^()]{1,80})\)/g)].flatMap((match) => (match[1] ?? "").split(/[,;]/));
  const parts = value.replace(/\([^()]*\)/g, " ").split(/\s+\/\s+|\s+·\s+|,\s+/);
  for (const raw of [...notes, ...parts]) {
    const part = raw.trim();
    if (part === "" || part.length > 60) continue;
    const model = modelAfterRuntimeName(part) ?? (looksLikeModel(part) ? part : null);
    if (model !== null) return model;
  }
  return null;
}

/**
 * `Codex gpt-5.6-sol` → `gpt-5.6-sol`: a runtime's name, then a model. A name that is also a model family
 * stays with the model (`Claude Sonnet 4` is one model name).
 */
function modelAfterRuntimeName(part: string): string | null {
  const words = part.split(/\s+/);
  for (let split = 1; split < words.length && split <= 3; split++) {
    const head = words.slice(0, split).join(" ");
    const tail = words.slice(split).join(" ");
    if (normaliseRuntime(head) !== null && !MODEL_FAMILY.test(head) && looksLikeModel(tail)) return tail;
  }
  return null;
}

export function looksLikeModel(part: string): boolean {
  const hasDigit = /\d/.test(part);
  const hasFamily = MODEL_FAMILY.test(part);
  const isRuntimeName = normaliseRuntime(part) !== null;
  // "gemini-2.5-pro" names a runtime's family and a version: a model. "Gemini CLI" is the runtime.
  return (hasFamily && hasDigit) || (hasFamily && !isRuntimeName) || (hasDigit && !isRuntimeName && /^\p{L}[\p{L}\p{N}._-]*$/u.test(part) && !/^v\d/i.test(part));
}
