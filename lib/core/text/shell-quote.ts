/**
 * POSIX shell quoting for the one-line resume commands Baton shows and copies.
 *
 * Every piece of data (paths, branch names, prompts, session ids) goes out
 * single-quoted: inside '…' a POSIX shell treats every byte literally except
 * the closing quote, so `$()`, backticks, `!`, `\`, `"`, globs and newlines
 * are all inert. The only byte that cannot be carried at all is NUL, because
 * an argv element is a C string: callers strip it first (`stripNul`) and
 * `shellQuote` refuses it rather than silently truncating.
 */

/** A fixed token Baton writes itself (program names, subcommands, flags), emitted unquoted. */
export interface ShellLiteral {
  readonly literal: string;
}

/**
 * One shell word. A string is data and is always quoted; a literal is emitted
 * as is; an array is concatenated into a single word, which lets a flag and
 * its quoted value share one argv element (`--prompt='…'`).
 */
export type ShellWord = string | ShellLiteral | readonly (string | ShellLiteral)[];

// Characters no POSIX shell (nor bash or zsh) gives meaning to inside a word.
// `~`, `{`, `}`, `*`, `?`, `[` and `=` at the start are left out on purpose:
// tilde, brace, glob and zsh `=cmd` expansion would touch them.
const SAFE_LITERAL = /^[A-Za-z0-9_@%+:,./-][A-Za-z0-9_@%+=:,./-]*$/;

export function literal(text: string): ShellLiteral {
  if (!SAFE_LITERAL.test(text)) {
    throw new RangeError(`not a safe shell literal: ${JSON.stringify(text)}`);
  }
  return { literal: text };
}

export function isShellLiteral(word: unknown): word is ShellLiteral {
  return typeof word === "object" && word !== null && !Array.isArray(word) && "literal" in word;
}

/**
 * Quotes one argument for a POSIX shell.
 *
 * A single quote cannot appear inside '...' at all, not even escaped, so it
 * ends the quoted run, is written as `\'`, and a new run starts. Empty runs
 * are dropped only to keep the output short (`'` becomes `\'`).
 */
export function shellQuote(value: string): string {
  if (value.includes("\0")) {
    throw new RangeError("an argument cannot contain NUL (argv elements are C strings); strip it first");
  }
  if (value === "") return "''";
  return value
    .split("'")
    .map((run) => (run === "" ? "" : `'${run}'`))
    .join("\\'");
}

function renderWordPart(part: string | ShellLiteral): string {
  return typeof part === "string" ? shellQuote(part) : literal(part.literal).literal;
}

export function renderShellWord(word: ShellWord): string {
  if (typeof word === "string" || isShellLiteral(word)) return renderWordPart(word);
  if (word.length === 0) return "''";
  return word.map(renderWordPart).join("");
}

/** The argv element a word becomes after the shell has removed the quotes. */
export function shellWordValue(word: ShellWord): string {
  if (typeof word === "string") return word;
  if (isShellLiteral(word)) return word.literal;
  return word.map((part) => (typeof part === "string" ? part : part.literal)).join("");
}

/** Joins words into one simple command: `claude -- 'prompt'`. */
export function joinCommand(argv: readonly ShellWord[]): string {
  return argv.map(renderShellWord).join(" ");
}

/** Chains simple commands so each runs only when the previous one succeeded. */
export function chainCommands(commands: readonly (readonly ShellWord[])[]): string {
  return commands.map(joinCommand).join(" && ");
}

export function stripNul(value: string): { value: string; removedCount: number } {
  let removedCount = 0;
  const stripped = value.replace(/\0/g, () => {
    removedCount += 1;
    return "";
  });
  return { value: stripped, removedCount };
}
