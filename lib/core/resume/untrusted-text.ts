/**
 * Handoff text reaches the resume prompt, and through it a terminal and an
 * agent. Both treat some characters as commands rather than text, so
 * handoff-derived text is cleaned before it is quoted or fenced.
 */

export interface SanitizedText {
  text: string;
  /** NUL cannot be carried in an argv element at all. */
  removedNul: number;
  /**
   * Other C0/C1 control characters and DEL. Pasted into a terminal without
   * bracketed paste, ^C, ^U or an ESC sequence (`ESC[201~` ends bracketed
   * paste) edit or run the line being pasted; single quotes do not help.
   */
  removedControl: number;
  /** Bidirectional overrides/isolates, which make the shown text differ from what runs or what the agent reads. */
  removedBidi: number;
  /** Unpaired UTF-16 surrogates, which cannot be encoded as UTF-8 and would reach the program as U+FFFD anyway. */
  replacedSurrogates: number;
}

// Tab (U+0009) and line feed (U+000A) stay; carriage returns become line feeds first.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const BIDI = /[\u202A-\u202E\u2066-\u2069]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function countAndReplace(text: string, pattern: RegExp, replacement: string): { text: string; count: number } {
  let count = 0;
  const replaced = text.replace(pattern, () => {
    count += 1;
    return replacement;
  });
  return { text: replaced, count };
}

export function sanitizeUntrustedText(input: string): SanitizedText {
  const nul = countAndReplace(input, /\0/g, "");
  // A bare CR would let text overwrite the line it is on when the command is printed.
  const lineEndings = nul.text.replace(/\r\n?/g, "\n");
  const control = countAndReplace(lineEndings, CONTROL, "");
  const bidi = countAndReplace(control.text, BIDI, "");
  const surrogates = countAndReplace(bidi.text, LONE_SURROGATE, "\uFFFD");
  return {
    text: surrogates.text,
    removedNul: nul.count,
    removedControl: control.count,
    removedBidi: bidi.count,
    replacedSurrogates: surrogates.count,
  };
}

export function hasSanitizerChanges(result: SanitizedText): boolean {
  return result.removedNul + result.removedControl + result.removedBidi + result.replacedSurrogates > 0;
}

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const match of text.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  return longest;
}

/**
 * A fenced block the content cannot close: CommonMark closes a backtick fence
 * only with a line of at least as many backticks, and the fence is longer
 * than any backtick run in the content.
 */
export function fencedBlock(content: string, infoString = "text"): string {
  const fence = "`".repeat(Math.max(3, longestBacktickRun(content) + 1));
  const body = content.endsWith("\n") ? content : `${content}\n`;
  return `${fence}${infoString}\n${body}${fence}`;
}

/**
 * Inline code for short values (paths, branch names, commands) placed in the
 * prompt's own sentences. A value with a line break is shown as a JSON string
 * so it cannot start a line of its own.
 */
export function inlineCode(value: string): string {
  const shown = /[\n\u2028\u2029]/.test(value) ? JSON.stringify(value) : value;
  const fence = "`".repeat(longestBacktickRun(shown) + 1);
  const needsPadding = shown.startsWith("`") || shown.endsWith("`") || shown.startsWith(" ") || shown.endsWith(" ");
  return needsPadding ? `${fence} ${shown} ${fence}` : `${fence}${shown}${fence}`;
}

/** Cuts text to at most `maxChars` code points without splitting a surrogate pair. */
export function truncateCodePoints(text: string, maxChars: number): { text: string; isTruncated: boolean } {
  const codePoints = Array.from(text);
  if (codePoints.length <= maxChars) return { text, isTruncated: false };
  return { text: codePoints.slice(0, maxChars).join(""), isTruncated: true };
}
