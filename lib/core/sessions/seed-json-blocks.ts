/**
 * Finding JSON inside a seed / MoAI state file or a document that embeds it (parse-seed-json.ts reads
 * what it finds): the whole text, JSONL, or `{…}` blocks that start a line, placeholders repaired.
 */
import { finding, type Finding } from "../findings";

/**
 * The whole text as one JSON value, else JSONL, else every `{…}` block that starts a line
 * (how documents embed JSON). Design documents write placeholders (`[...]`, `"...compressed..."`);
 * a block that only parses with bare `...` read as null is kept, with an info finding.
 */
export function extractJsonValues(text: string, issues: Finding[]): unknown[] {
  const trimmed = text.trim();
  if (trimmed.length === 0) return [];
  try {
    return [JSON.parse(trimmed)];
  } catch {
    // fall through
  }
  const lines = text.split(/\r?\n/);
  const nonBlank = lines.filter((line) => line.trim().length > 0);
  const jsonl: unknown[] = [];
  let allParse = nonBlank.length > 1;
  for (const line of nonBlank) {
    try {
      jsonl.push(JSON.parse(line));
    } catch {
      allParse = false;
      break;
    }
  }
  if (allParse) return jsonl;

  const values: unknown[] = [];
  const lineStarts: number[] = [0];
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) === 10) lineStarts.push(index + 1);
  let resumeAt = 0;
  for (let lineIndex = 0; lineIndex < lineStarts.length; lineIndex += 1) {
    const start = lineStarts[lineIndex] ?? 0;
    if (start < resumeAt) continue;
    let cursor = start;
    while (cursor < text.length && (text[cursor] === " " || text[cursor] === "\t")) cursor += 1;
    if (text[cursor] !== "{") continue;
    const end = balancedEnd(text, cursor);
    if (end < 0) continue;
    const block = text.slice(cursor, end);
    resumeAt = end;
    const lineNumber = lineIndex + 1;
    try {
      values.push(JSON.parse(block));
      continue;
    } catch {
      // try the placeholder-tolerant reading below
    }
    const repaired = repairPlaceholders(block);
    try {
      values.push(JSON.parse(repaired));
      issues.push(finding("seed-json-placeholder", "info", lineNumber, "JSON block uses `...` placeholders; read them as null"));
    } catch {
      if (/"\s*:/.test(block)) issues.push(finding("seed-json-invalid", "info", lineNumber, "JSON-like block does not parse; skipped"));
    }
  }
  return values;
}

/** Index just past the `}` that closes the `{` at `start` (string-aware), or -1. */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === "{" || char === "[") depth += 1;
    else if (char === "}" || char === "]") {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

/** Outside strings: bare `...` → null, and trailing commas dropped. */
function repairPlaceholders(block: string): string {
  let out = "";
  let inString = false;
  for (let index = 0; index < block.length; index += 1) {
    const char = block[index] ?? "";
    if (inString) {
      out += char;
      if (char === "\\") {
        out += block[index + 1] ?? "";
        index += 1;
      } else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') {
      inString = true;
      out += char;
    } else if (block.startsWith("...", index)) {
      out += "null";
      index += 2;
    } else {
      out += char;
    }
  }
  return out.replace(/,(\s*[}\]])/g, "$1");
}
