/**
 * The words of a search box, as the handoff search matches them: lower-cased (stored search text is),
 * at most eight, each matched as literal text, `%` and `_` included. `matchesNothing` when a word holds
 * a NUL or a lone surrogate: no stored text does (ingest removes them), and PostgreSQL refuses a NUL in
 * a query parameter, so such a search is answered without asking the database.
 */
export const MAX_SEARCH_WORDS = 8;

// A lone high surrogate (no low one after it) or a lone low one (no high one before it).
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function searchWords(query: string | undefined): { words: string[]; matchesNothing: boolean } {
  const words = (query ?? "")
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== "")
    .slice(0, MAX_SEARCH_WORDS);
  return { words, matchesNothing: words.some((word) => UNSTORABLE.test(word)) };
}

/** The escape character of {@link escapeLike}: write `LIKE ? ESCAPE '\'` beside the pattern. */
export const LIKE_ESCAPE = "\\";

/** `text` as a LIKE pattern that matches it literally: `%`, `_` and the escape character escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `${LIKE_ESCAPE}${character}`);
}

/** Whether LIKE would read something in `text` other than literally (then it needs {@link escapeLike}). */
export function hasLikeWildcards(text: string): boolean {
  return /[\\%_]/.test(text);
}
