/**
 * A precompiled keyword index for short titles in any language.
 *
 * Keywords and titles are folded the same way (NFKC, lower case, accents removed from Latin letters,
 * ß → ss). Then the two kinds of script are matched differently:
 * - spaced scripts (Latin and any other script that separates words): a keyword is a sequence of whole
 *   words, so "test" matches "Tests and proof" only through `test(s)` and never "Contest results";
 * - Chinese, Japanese and Korean: no reliable word boundaries (Korean glues particles to words, the
 *   others use no spaces), so a keyword matches anywhere in the title with spaces ignored.
 *
 * Keyword syntax (see section-synonyms/types.ts): `(s)` and `(r|n)` optional parts, `…` up to two
 * words, a leading `=` for the whole title, a leading `^` for the start of the title, a leading `~` for
 * the head of a compound word (`~stand`: `Endstand`, `Zwischenstand`).
 *
 * Everything is compiled once; a lookup tokenises the title once and probes a map per word (or per
 * character for CJK), so its cost does not grow with the number of keywords.
 */

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_CHARS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const GAP = "…";
const MAX_GAP_WORDS = 2;

const ASCII = /^[\t\n\r -~]*$/;
/** Letters that may carry diacritics, and the combining diacritics themselves (U+0300–U+036F lies inside). */
const LATIN_WITH_MARKS = /[\u00c0-\u04ff\u1e00-\u1fff]/;

/** NFKC (full-width forms) and lower case: the form a title's words are compared in when accents count. */
function lowerText(text: string): string {
  return ASCII.test(text) ? text.toLowerCase() : text.normalize("NFKC").toLowerCase();
}

/**
 * Diacritics (U+0300–U+036F, the marks of Latin, Greek and Cyrillic letters) removed, ß → ss. Kana
 * voicing marks (U+3099) and Hangul are other code points, so CJK text is left as it is.
 */
function stripAccents(lowered: string): string {
  // Most titles, CJK ones included, have no accented letter: skip the two normalisations.
  if (!LATIN_WITH_MARKS.test(lowered)) return lowered;
  return lowered.normalize("NFD").replace(/[\u0300-\u036f]+/g, "").normalize("NFC").replace(/ß/g, "ss");
}

/** NFKC (full-width forms), lower case, diacritics removed (see stripAccents). */
export function foldText(text: string): string {
  return stripAccents(lowerText(text));
}

/** A word as compared: its folded form, and its accented form when it has accents (else null). */
interface Word {
  folded: string;
  accented: string | null;
}

/** Words of the spaced scripts in a lower-cased text, CJK characters removed. */
function wordsOfLowered(lowered: string, hasCjk: boolean): Word[] {
  const spaced = hasCjk ? lowered.replace(CJK_CHARS, " ") : lowered;
  // A dotted name is one word: "Next.js migration steps" is about Next.js, "state.json" is a file.
  if (ASCII.test(spaced)) {
    return (spaced.includes(".") ? spaced.replace(/(?<=[a-z0-9])\.(?=[a-z0-9])/g, "") : spaced)
      .split(/[^a-z0-9]+/)
      .filter((word) => word !== "")
      .map((word) => ({ folded: word, accented: null }));
  }
  return (spaced.includes(".") ? spaced.replace(/(?<=[\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu, "") : spaced)
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((word) => word !== "")
    .map((word) => {
      const folded = stripAccents(word);
      return { folded, accented: folded === word ? null : word };
    });
}

function wordsOf(text: string): Word[] {
  const lowered = lowerText(text);
  return wordsOfLowered(lowered, CJK_CHAR.test(lowered));
}

export interface FoldedTitle {
  /** Words of the spaced scripts, CJK characters removed. */
  words: Word[];
  /** The whole folded title without whitespace, for CJK keywords ("" when it has no CJK character). */
  compact: string;
}

/**
 * Accents fold one way only: "Decisoes" matches the keyword "decisões", but "Résumé" (French for
 * summary) does not match the English keyword "resume". A title word written with accents matches a
 * keyword word written with the same accents.
 */
export function foldTitle(text: string): FoldedTitle {
  const lowered = lowerText(text);
  const hasCjk = !ASCII.test(lowered) && CJK_CHAR.test(lowered);
  return { words: wordsOfLowered(lowered, hasCjk), compact: hasCjk ? stripAccents(lowered).replace(/\s+/g, "") : "" };
}

export type Anchor = "anywhere" | "start" | "whole";

/** A keyword as written in a table, with whatever the caller wants back when it matches. */
export interface KeywordSource<T> {
  keyword: string;
  payload: T;
}

export interface KeywordMatch<T> {
  payload: T;
  /** The keyword as written in the table. */
  keyword: string;
  /** Folded length of the variant that matched: longer keywords are more specific. */
  length: number;
  /** Word index (spaced scripts) or character index (CJK) where it matched. */
  position: number;
}

interface WordEntry<T> {
  tokens: (Word | typeof GAP)[];
  anchor: Anchor;
  source: KeywordSource<T>;
  length: number;
}

interface CjkEntry<T> {
  text: string;
  anchor: Anchor;
  source: KeywordSource<T>;
}

/** Splits `=`/`^` off a keyword. */
export function parseAnchor(keyword: string): { anchor: Anchor; body: string } {
  if (keyword.startsWith("=")) return { anchor: "whole", body: keyword.slice(1) };
  if (keyword.startsWith("^")) return { anchor: "start", body: keyword.slice(1) };
  return { anchor: "anywhere", body: keyword };
}

/** Every spelling a keyword allows: "next step(s)" → ["next step", "next steps"]. */
export function expandOptionalParts(body: string): string[] {
  const group = /\(([^()]*)\)/.exec(body);
  if (group === null) return [body];
  const before = body.slice(0, group.index);
  const after = body.slice(group.index + group[0].length);
  const choices = ["", ...(group[1] ?? "").split("|")];
  return choices.flatMap((choice) => expandOptionalParts(`${before}${choice}${after}`));
}

export function isCjkKeyword(keyword: string): boolean {
  return CJK_CHAR.test(keyword);
}

/** A compound's head needs this many letters before it: `Endstand` (end + stand) yes, `stand` alone no. */
const MIN_COMPOUND_MODIFIER = 3;

export class KeywordIndex<T> {
  private readonly byFirstWord = new Map<string, WordEntry<T>[]>();
  private readonly byFirstChar = new Map<string, CjkEntry<T>[]>();
  /** `~stand`: a word ending in the head of a compound (German `Endstand`, `Zwischenstand`). */
  private readonly compoundHeads: { head: string; source: KeywordSource<T> }[] = [];

  constructor(sources: readonly KeywordSource<T>[]) {
    for (const source of sources) {
      if (source.keyword.startsWith("~")) {
        for (const variant of expandOptionalParts(source.keyword.slice(1))) this.compoundHeads.push({ head: foldText(variant), source });
        continue;
      }
      const { anchor, body } = parseAnchor(source.keyword);
      for (const variant of expandOptionalParts(body)) {
        const folded = foldText(variant);
        if (isCjkKeyword(folded)) {
          const text = folded.replace(/\s+/g, "");
          const first = String.fromCodePoint(text.codePointAt(0) ?? 0);
          push(this.byFirstChar, first, { text, anchor, source });
          continue;
        }
        // "…" is split off before folding: NFKC would turn it into three dots.
        const tokens = variant
          .split(GAP)
          .map((part) => wordsOf(part))
          .flatMap((words, index): (Word | typeof GAP)[] => (index === 0 ? words : [GAP, ...words]));
        const first = tokens[0];
        if (first === undefined || first === GAP) throw new Error(`keyword "${source.keyword}" must start with a word`);
        push(this.byFirstWord, first.folded, { tokens, anchor, source, length: folded.length });
      }
    }
  }

  /** Every keyword found in the title (a keyword may appear once per place it matches). */
  find(title: FoldedTitle): KeywordMatch<T>[] {
    const matches: KeywordMatch<T>[] = [];
    const { words, compact } = title;
    for (let index = 0; index < words.length; index++) {
      const entries = this.byFirstWord.get(words[index]?.folded ?? "");
      if (entries === undefined) continue;
      for (const entry of entries) {
        if (entry.anchor !== "anywhere" && index !== 0) continue;
        const first = entry.tokens[0];
        if (first === undefined || first === GAP || !sameWord(words[index] as Word, first)) continue;
        if (matchWords(words, index + 1, entry.tokens, 1, entry.anchor === "whole")) {
          matches.push({ payload: entry.source.payload, keyword: entry.source.keyword, length: entry.length, position: index });
        }
      }
    }
    for (const { head, source } of this.compoundHeads) {
      words.forEach((word, position) => {
        if (word.folded.length >= head.length + MIN_COMPOUND_MODIFIER && word.folded.endsWith(head)) {
          matches.push({ payload: source.payload, keyword: source.keyword, length: head.length, position });
        }
      });
    }
    if (this.byFirstChar.size === 0 || compact === "") return matches;
    for (let position = 0; position < compact.length; ) {
      const codePoint = compact.codePointAt(position) ?? 0;
      const char = String.fromCodePoint(codePoint);
      const entries = this.byFirstChar.get(char);
      if (entries !== undefined) {
        for (const entry of entries) {
          if (entry.anchor !== "anywhere" && position !== 0) continue;
          if (entry.anchor === "whole" && entry.text.length !== compact.length) continue;
          if (compact.startsWith(entry.text, position)) {
            matches.push({ payload: entry.source.payload, keyword: entry.source.keyword, length: entry.text.length, position });
          }
        }
      }
      position += char.length;
    }
    return matches;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** Does `tokens[tokenIndex…]` match `words[wordIndex…]`, a gap taking zero to two words? */
function matchWords(words: Word[], wordIndex: number, tokens: (Word | typeof GAP)[], tokenIndex: number, mustEnd: boolean): boolean {
  if (tokenIndex === tokens.length) return !mustEnd || wordIndex === words.length;
  const token = tokens[tokenIndex];
  if (token === undefined) return false;
  if (token === GAP) {
    for (let skip = 0; skip <= MAX_GAP_WORDS && wordIndex + skip <= words.length; skip++) {
      if (matchWords(words, wordIndex + skip, tokens, tokenIndex + 1, mustEnd)) return true;
    }
    return false;
  }
  const word = words[wordIndex];
  return word !== undefined && sameWord(word, token) && matchWords(words, wordIndex + 1, tokens, tokenIndex + 1, mustEnd);
}

function sameWord(title: Word, keyword: Word): boolean {
  return title.folded === keyword.folded && (title.accented === null || title.accented === keyword.accented);
}
