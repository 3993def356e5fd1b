import { EMPTY_MARKERS } from "./empty-markers.data";

/** "nothing", "none", "n/a" and their translations: a list item that says the list is empty. */

const MARKERS = new Set(Object.values(EMPTY_MARKERS).flatMap((words) => words.map((word) => word.normalize("NFKC").toLowerCase())));
// What may follow a marker as a remark: a dash, colon, semicolon, comma, opening bracket or full stop.
const REMARK = /^\s*[—–:;,(（.。、-]/u;

function clean(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "")
    .replace(/^\s*\[[ xX~-]\]\s*/, "")
    .replace(/[`*_~]/g, "")
    .trim();
}

/** True when the text (a list item, a table cell) only says that there is nothing to list. */
export function isEmptyMarker(text: string): boolean {
  let value = clean(text);
  // "(none)", "[none]", "none." : brackets around and punctuation after the word.
  value = value.replace(/^[([（【「]\s*(.*?)\s*[)\]）】」]$/u, "$1").replace(/[.!。！]+$/u, "").trim();
  if (value === "") return false;
  if (MARKERS.has(value)) return true;
  for (const marker of MARKERS) {
    if (marker.length < 2 || !value.startsWith(marker)) continue;
    if (REMARK.test(value.slice(marker.length))) return true;
  }
  return false;
}
