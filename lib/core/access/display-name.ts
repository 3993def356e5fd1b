/**
 * People's display names as teammates read them. A name that is a word for the reader ("You", "me")
 * would make every teammate read "Claim: You" or "You claimed it" about someone else: such a name is
 * refused where names are set (`baton user add --name`, an invitation, the Account page), and one
 * stored before that rule is shown quoted, as a name, never as the reader.
 */
const READER_WORDS = new Set(["you", "me", "i", "myself", "yourself", "we", "us", "self", "the reader"]);

function isReaderWord(name: string): boolean {
  return READER_WORDS.has(name.trim().replace(/[.!]+$/, "").toLowerCase());
}

/** Why a display name is refused, or null. */
export function displayNameProblem(name: string): string | null {
  if (isReaderWord(name)) return `"${name.trim()}" reads as the person looking at the page ("Claim: ${name.trim()}" about someone else): use your own name, e.g. "Ada Lovelace"`;
  return null;
}

/** Another person's name as a page shows it: quoted when it is a word for the reader. */
export function personName(name: string): string {
  return isReaderWord(name) ? `“${name.trim()}” (a teammate)` : name;
}
