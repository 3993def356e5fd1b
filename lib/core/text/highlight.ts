/**
 * Splits `text` into pieces for highlighting the words of a search: each piece says whether it is a
 * match. Matching is case-insensitive and literal (as the handoff search matches), overlapping words
 * merge into one match, and the pieces joined give back `text` exactly.
 */
export interface TextPiece {
  text: string;
  isMatch: boolean;
}

export function highlightPieces(text: string, words: readonly string[]): TextPiece[] {
  const lower = text.toLowerCase();
  // Where each character is covered by some word's occurrence.
  const covered = new Uint8Array(text.length);
  for (const word of words) {
    const needle = word.toLowerCase();
    if (needle === "" || needle.length !== word.length) continue;
    for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + 1)) covered.fill(1, at, at + needle.length);
  }
  const pieces: TextPiece[] = [];
  let start = 0;
  for (let index = 1; index <= text.length; index++) {
    if (index === text.length || covered[index] !== covered[start]) {
      if (index > start) pieces.push({ text: text.slice(start, index), isMatch: covered[start] === 1 });
      start = index;
    }
  }
  return pieces;
}
