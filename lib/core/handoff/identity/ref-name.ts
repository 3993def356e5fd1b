/**
 * Whether a name is a valid git branch name, by `git check-ref-format --branch`'s rules (git-check-ref-format(1)):
 * no part starting with `.` or ending with `.lock`, no `..`, no control character, blank, `~ ^ : ? * [ \`,
 * no `@{`, not `@`, not starting with `-` or `/`, not ending with `/` or `.`, no `//`.
 */
export function isValidBranchName(name: string): boolean {
  if (name === "" || name === "@" || name.length > 255) return false;
  if (name.startsWith("-") || name.startsWith("/") || name.endsWith("/") || name.endsWith(".")) return false;
  if (name.includes("..") || name.includes("//") || name.includes("@{")) return false;
  // Control characters (and DEL), blanks and the characters git reserves.
  for (const character of name) {
    const code = character.codePointAt(0)!;
    if (code <= 0x20 || code === 0x7f || "~^:?*[\\".includes(character)) return false;
  }
  return name.split("/").every((part) => part !== "" && !part.startsWith(".") && !part.endsWith(".lock"));
}
