/**
 * Checks names before they become git arguments. Quoting already stops the
 * shell from reading them; these checks stop git from reading them as
 * options (`-f`) or revision syntax (`x..y`, `@{-1}`).
 */

/** Git's own rules for a branch name (`git check-ref-format --branch`), without asking git. */
export function isValidBranchName(name: string): boolean {
  if (name === "" || name === "@" || name === "HEAD") return false;
  if (name.startsWith("-") || name.startsWith("/") || name.endsWith("/") || name.endsWith(".")) return false;
  if (name.includes("..") || name.includes("//") || name.includes("@{")) return false;
  // eslint-disable-next-line no-control-regex -- git forbids control characters in ref names
  if (/[\u0000-\u0020\u007F~^:?*[\\]/.test(name)) return false;
  return name.split("/").every((component) => !component.startsWith(".") && !component.endsWith(".lock"));
}

/** Remote names follow the same rules, as one path component. */
export function isValidRemoteName(name: string): boolean {
  return !name.includes("/") && isValidBranchName(name);
}

/** A full or abbreviated commit id (SHA-1 or SHA-256). */
export function isCommitSha(value: string): boolean {
  return /^[0-9a-f]{7,64}$/i.test(value);
}
