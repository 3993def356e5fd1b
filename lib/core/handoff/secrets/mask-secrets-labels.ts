/**
 * Label-driven detection: a value announced by words such as "API key", "token", "credential",
 * "password" (and their Portuguese, Spanish, German and French forms) in prose ("API key `…`",
 * "Operator credential: `…`", "the password is …"), in a table row (`| credential | … |`) or in a
 * table column headed by such a word. The label is only evidence: the value must still look like a
 * credential (`acceptsLabelledValue`), and words after the label that say it is something else
 * ("token count", "API key name") cancel it.
 *
 * Linear: one regex of literal phrases with a lookbehind finds labels; from each, at most a dozen
 * steps along the same line find the value.
 */
import { type Detection, PRIORITY_LABEL } from "./mask-secrets-detectors";
import { LABEL_COPULAS, PROSE_STOP_WORDS, SECRET_LABELS, type LabelKind } from "./mask-secrets-labels.data";
import {
  hasDigitAndLetter,
  isHex,
  isNonSecretShape,
  isPlaceholderValue,
  isSecretValue,
  isShaLike,
  isUuid,
  isWordLike,
  looksRandom,
} from "./mask-secrets-values";

/** Latin letters with accents, so "clé" and "contraseña" are whole words. */
const LETTERS = "A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F";
const WORD_CHARACTERS = `0-9${LETTERS}`;

const normalizeLabel = (text: string) => text.toLowerCase().replace(/[\s_\-'’]+/g, "");

const LABEL_KINDS = new Map<string, LabelKind>(SECRET_LABELS.map((label) => [normalizeLabel(label.phrase), label.kind]));

/** The kind of a matched label; cached, since the same few spellings repeat through a file. */
const kindCache = new Map<string, LabelKind>();
function labelKind(matched: string): LabelKind {
  let kind = kindCache.get(matched);
  if (kind === undefined) {
    kind = LABEL_KINDS.get(normalizeLabel(matched)) ?? "credential";
    if (kindCache.size < 1000) kindCache.set(matched, kind);
  }
  return kind;
}

function phrasePattern(phrase: string): string {
  return phrase
    .split(" ")
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/'/g, "['’]"))
    .join("[ \\t_-]?");
}

/**
 * Longest phrases first, so "api key" wins over a shorter phrase at the same place. Matched on a
 * lower-cased copy of the text (case-insensitive alternation is several times slower), and with the
 * `i` flag only when lower-casing changed the text's length (offsets would no longer line up).
 */
const LABEL_ALTERNATIVES = [...SECRET_LABELS]
  .sort((a, b) => b.phrase.length - a.phrase.length)
  .map((label) => phrasePattern(label.phrase))
  .join("|");
// Not after `/` or `\`: `/etc/passwd`, `docs/tokens/` are paths. Not joined by a hyphen to a next word of
// letters: `AUTH-FLOW-REWRITE-20260101`, `token-based`, `password-protected` are names and words, not a
// label and its value (`token-3f9aB8…` still is one).
const LABEL_SOURCE = `(?<![${WORD_CHARACTERS}_/\\\\])(?:${LABEL_ALTERNATIVES})(?![${WORD_CHARACTERS}_]|-[${LETTERS}]{2,}(?![${WORD_CHARACTERS}]))`;
const LABEL_REGEX = new RegExp(LABEL_SOURCE, "g");
const LABEL_REGEX_ANY_CASE = new RegExp(LABEL_SOURCE, "gi");
const LABEL_AT_END = new RegExp(`${LABEL_SOURCE}$`, "i");

const PLAIN_WORD = /^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F'’]+$/;
const MAX_VALUE_LENGTH = 512;
/** Brackets before a bare value and punctuation or emphasis after it are not part of it. */
const OPENERS = "([{";
const CLOSERS = ".,;:!?)]}*_'\"”";

export function detectLabelledValues(text: string, out: Detection[]): void {
  const lowered = text.toLowerCase();
  const [haystack, regex] = lowered.length === text.length ? [lowered, LABEL_REGEX] : [text, LABEL_REGEX_ANY_CASE];
  // The end of the current line, found once per line (not once per label: a long line has many).
  let lineEnd = -1;
  const scan: ScanState = { longRunEnd: -1 };
  let pending: { end: number; kind: LabelKind } | null = null;
  const scanPending = () => {
    if (pending === null) return;
    if (pending.end > lineEnd) {
      lineEnd = text.indexOf("\n", pending.end);
      if (lineEnd === -1) lineEnd = text.length;
    }
    scanAfterLabel(text, pending.end, lineEnd, pending.kind, scan, out);
  };
  for (const match of haystack.matchAll(regex)) {
    const kind = labelKind(match[0]);
    // A label right before another ("Bearer token", "secret key:") has nothing of its own to find:
    // the value, if any, is found from the second, with fewer words in between.
    if (pending !== null && !(pending.kind === "password" && kind !== "password") && onlySeparators(text, pending.end, match.index)) {
      pending = { end: match.index + match[0].length, kind };
      continue;
    }
    scanPending();
    pending = { end: match.index + match[0].length, kind };
  }
  scanPending();
  detectTableColumns(text, out);
}

function onlySeparators(text: string, from: number, to: number): boolean {
  if (to - from > 8) return false;
  for (let index = from; index < to; index += 1) if (!" \t*_:`|-".includes(text[index]!)) return false;
  return true;
}

/**
 * Walks from the end of a label to its value on the same line: separators (`:`, `=`, `→`, a table
 * cell border), emphasis, linking words ("is"), up to three other words or a parenthesis ("API key
 * for staging", "token (prod)"). Stops at the end of a sentence, at a second cell border, or at a
 * word that says the label is about something else.
 */
function scanAfterLabel(text: string, from: number, lineEnd: number, kind: LabelKind, scan: ScanState, out: Detection[]): void {
  let position = from;
  let fillers = 0;
  let cellBorders = 0;
  // `**API key**:` and `` `token`: `` close right after the label.
  while (position < lineEnd && (text[position] === "*" || text[position] === "_" || text[position] === "`")) position += 1;
  for (let step = 0; step < 16 && position < lineEnd; step += 1) {
    const character = text[position]!;
    if (character === " " || character === "\t" || character === "*" || character === "_") {
      // A run of the same character is one step (`-----BEGIN`, `     `), so the step limit counts words.
      while (position < lineEnd && text[position] === character) position += 1;
      continue;
    }
    if (character === ":" || character === "=" || character === "→" || character === ">" || character === "–" || character === "—") {
      position += 1;
      continue;
    }
    if (character === "-" && /[\s>-]/.test(text[position + 1] ?? "\n")) {
      while (position < lineEnd && text[position] === "-") position += 1;
      continue;
    }
    if (character === "|") {
      cellBorders += 1;
      if (cellBorders > 1) return;
      position += 1;
      continue;
    }
    if (character === "(") {
      const close = indexWithin(text, ")", position + 1, Math.min(lineEnd, position + 41));
      if (close === -1) return;
      position = close + 1;
      if (++fillers > 3) return;
      continue;
    }
    if (character === ",") {
      position += 1;
      if (++fillers > 3) return;
      continue;
    }
    if (character === "." || character === ";" || character === "!" || character === "?") return;
    if (character === "`" || character === '"' || character === "'" || character === "“") {
      const closeCharacter = character === "“" ? "”" : character;
      const close = indexWithin(text, closeCharacter, position + 1, Math.min(lineEnd, position + 2 + MAX_VALUE_LENGTH));
      if (close === -1) return;
      pushLabelled(text.slice(position + 1, close), position + 1, kind, true, fillers, out);
      return;
    }
    // A run longer than any value is not one. Its end is remembered, so the labels inside the same run
    // (`API_KEY=API_KEY=…`) do not walk it again: that would be quadratic.
    if (position < scan.longRunEnd) return;
    const limit = Math.min(lineEnd, position + MAX_VALUE_LENGTH + 8);
    let end = position;
    while (end < limit && !isTokenEnd(text.charCodeAt(end))) end += 1;
    if (end === limit && limit < lineEnd) {
      while (end < lineEnd && !isTokenEnd(text.charCodeAt(end))) end += 1;
      scan.longRunEnd = end;
      return;
    }
    let tokenStart = position;
    while (tokenStart < end && OPENERS.includes(text[tokenStart]!)) tokenStart += 1;
    let tokenEnd = end;
    while (tokenEnd > tokenStart && CLOSERS.includes(text[tokenEnd - 1]!) && !closesInside(text, tokenStart, tokenEnd - 1)) tokenEnd -= 1;
    if (tokenEnd === tokenStart) return;
    const token = text.slice(tokenStart, tokenEnd);
    if (token.length <= 20 && PLAIN_WORD.test(token)) {
      const word = token.toLowerCase();
      if (PROSE_STOP_WORDS.has(word)) return;
      if (!LABEL_COPULAS.has(word) && ++fillers > 3) return;
      if (/[.;!?]/.test(text.slice(tokenEnd, end))) return;
      position = end;
      continue;
    }
    pushLabelled(token, tokenStart, kind, false, fillers, out);
    return;
  }
}

interface ScanState {
  /** End of the last run of value characters found too long to be a value. */
  longRunEnd: number;
}

/** A closing bracket whose opener is inside the token belongs to it (`auth[1]`). */
function closesInside(text: string, start: number, at: number): boolean {
  const opener = { ")": "(", "]": "[", "}": "{" }[text[at]!];
  return opener !== undefined && text.lastIndexOf(opener, at) >= start;
}

/** Whitespace, `|` or a backtick ends a bare value. */
function isTokenEnd(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 124 || code === 96 || code === 0xa0;
}

function indexWithin(text: string, character: string, from: number, limit: number): number {
  for (let index = from; index < limit; index += 1) if (text[index] === character) return index;
  return -1;
}

function pushLabelled(value: string, start: number, kind: LabelKind, isQuoted: boolean, fillers: number, out: Detection[]): void {
  if (!acceptsLabelledValue(value, kind, isQuoted, fillers)) return;
  out.push({ start, end: start + value.length, type: kind === "password" ? "password" : "credential", value, priority: PRIORITY_LABEL });
}

/**
 * How much a value must look like a credential when a label names it. Right after the label (only
 * separators or linking words between) a quoted value of 12+ characters or a bare one of 16+ that
 * looks random counts, and so do a 40/64-hex or UUID value (they are shas and ids only when nothing
 * calls them a key); with other words in between, shas and UUIDs are what the words describe. After
 * "password" a human password counts too, unless it is made of words.
 */
export function acceptsLabelledValue(value: string, kind: LabelKind, isQuoted: boolean, fillers: number): boolean {
  if (value.length < 6 || value.length > MAX_VALUE_LENGTH || /\s/.test(value)) return false;
  // Cheap first: a generated key (and a UUID or a sha) has digits, or is long mixed-case letters.
  if (kind === "credential" && !/\d/.test(value) && !(value.length >= 20 && /[a-z]/.test(value) && /[A-Z]/.test(value))) return false;
  if (isPlaceholderValue(value) || isNonSecretShape(value)) return false;
  if (isUuid(value)) return fillers === 0;
  if (isShaLike(value)) return fillers === 0 && value.length >= 40;
  if (isHex(value) && value.length < 16) return false;
  if (kind === "password") {
    if (!isSecretValue(value)) return false;
    return fillers === 0 || isQuoted || (hasDigitAndLetter(value) && !isWordLike(value));
  }
  return fillers === 0 ? looksRandom(value, 12, 0.8) : looksRandom(value, isQuoted ? 12 : 16);
}

/** Tables whose header names a credential column (`| Service | Token |`): each cell of that column is a candidate. */
function detectTableColumns(text: string, out: Detection[]): void {
  if (!text.includes("|")) return;
  // Only tables matter, and only those whose header names a credential: find delimiter rows first.
  for (const delimiter of text.matchAll(DELIMITER_ROW)) {
    // The match starts at the line break that ends the header row.
    const headerEnd = delimiter.index;
    const headerStart = text.lastIndexOf("\n", headerEnd - 1) + 1;
    const columns = credentialColumns(text.slice(headerStart, headerEnd));
    if (columns.length === 0) continue;
    let lineStart = delimiter.index + delimiter[0].length + 1;
    while (lineStart < text.length) {
      let lineEnd = text.indexOf("\n", lineStart);
      if (lineEnd === -1) lineEnd = text.length;
      const line = text.slice(lineStart, lineEnd);
      if (!/^\s*\|/.test(line)) break;
      const cells = splitCells(line);
      for (const column of columns) {
        const cell = cells[column.index];
        if (!cell) continue;
        const code = /`([^`]+)`/.exec(cell.text);
        const value = code ? code[1]! : cell.text.trim().replace(/^\*\*|\*\*$/g, "");
        const offset = code ? cell.text.indexOf(code[0]) + 1 : cell.text.indexOf(value);
        if (value === "" || offset < 0) continue;
        if (acceptsLabelledValue(value, column.kind, code !== null, column.fillers)) {
          const start = lineStart + cell.start + offset;
          out.push({ start, end: start + value.length, type: column.kind === "password" ? "password" : "credential", value, priority: PRIORITY_LABEL });
        }
      }
      lineStart = lineEnd + 1;
    }
  }
}

/**
 * A table's delimiter row (`|---|:--:|`), whole line, with the line break before it (a regex that
 * starts with a literal is searched for quickly; a lookbehind would be tried at every position).
 */
const DELIMITER_ROW = /\n[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*(?::?-+:?[ \t]*)?(?=\n|$)/g;

function credentialColumns(header: string): { index: number; kind: LabelKind; fillers: number }[] {
  const columns: { index: number; kind: LabelKind; fillers: number }[] = [];
  splitCells(header).forEach((cell, index) => {
    const name = cell.text.replace(/[*`]/g, "").replace(/\([^)]*\)/g, "").trim();
    if (name === "" || name.split(/\s+/).length > 4) return;
    if (/^(?:key|keys|value)$/i.test(name)) {
      // `| Service | Key |`: plain "key" is weak evidence, so only a random value counts (as after filler words).
      if (/^keys?$/i.test(name)) columns.push({ index, kind: "credential", fillers: 1 });
      return;
    }
    const label = LABEL_AT_END.exec(name);
    if (label) columns.push({ index, kind: LABEL_KINDS.get(normalizeLabel(label[0])) ?? "credential", fillers: 0 });
  });
  return columns;
}

/** Cells of a table row with their offsets in the line; `\|` does not split. */
function splitCells(line: string): { text: string; start: number }[] {
  const cells: { text: string; start: number }[] = [];
  let start = line.indexOf("|") + 1;
  for (let index = start; index <= line.length; index += 1) {
    if (index === line.length || (line[index] === "|" && line[index - 1] !== "\\")) {
      cells.push({ text: line.slice(start, index), start });
      start = index + 1;
    }
  }
  // A trailing border leaves an empty last cell.
  if (cells.length > 0 && cells[cells.length - 1]!.text.trim() === "") cells.pop();
  return cells;
}
