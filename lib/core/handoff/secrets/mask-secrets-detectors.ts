/**
 * Detectors by shape and by name: vendor token shapes, PEM private keys, passwords in URLs, `Bearer`
 * tokens, and assignments to secret-named variables (`NAME=…`, `"name": "…"`, `name: …`, `name: "…"`).
 *
 * Linear time by construction, because handoffs are untrusted input: every pattern either starts
 * with a lookbehind that refuses to start inside a run of its own characters (so each maximal run is
 * tried once, and runs do not overlap), or is applied once per line anchored at `^`. Lengths and
 * shapes are checked in code after the match instead of with bounded quantifiers, so no pattern
 * has to backtrack through a long run at every start position.
 */
import {
  NOT_SECRET_LAST_WORDS,
  NOT_SECRET_NAME_WORDS,
  PASSWORD_WORDS,
  SECRET_NAME_WORDS,
  WEAK_SECRET_NAME,
} from "./mask-secrets-labels.data";
import { TOKEN_PATTERNS, type TokenPattern } from "./mask-secrets-patterns.data";
import {
  hasDigitAndLetter,
  isPlaceholderValue,
  isSecretValue,
  isShaLike,
  isUuid,
  isWordLike,
  looksLikePlaceholder,
  looksRandom,
} from "./mask-secrets-values";

export interface Detection {
  start: number;
  end: number;
  type: string;
  /** The secret; for a PEM block the base64 body (not the text span, which has line breaks and markers). */
  value: string;
  /** Lower wins when two detections overlap: a GitHub token inside `TOKEN=…` is a github-token. */
  priority: number;
  /** The value's fingerprint when it is already known (a match of a known secret), so it is not hashed again. */
  hash?: string;
}

export const PRIORITY_PRIVATE_KEY = 0;
export const PRIORITY_TOKEN = 1;
export const PRIORITY_URL = 2;
export const PRIORITY_BEARER = 3;
export const PRIORITY_ASSIGNMENT = 4;
export const PRIORITY_LABEL = 5;
/** Another occurrence of a value detected elsewhere in the file or the repo. */
export const PRIORITY_REPEAT = 6;

/**
 * Every pattern's anchors in one regex: one pass says which patterns can match at all. Longest first,
 * so an anchor inside a longer one (`sk-` in `sk-ant-`) is only missed where the longer one stands,
 * and there the shorter one's pattern would not match (its lookbehind or `exclude` refuses it).
 */
const ANCHOR_REGEX = new RegExp([...new Set(TOKEN_PATTERNS.flatMap((pattern) => pattern.anchors))].sort((a, b) => b.length - a.length).map((anchor) => anchor.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");

export function detectTokens(text: string, out: Detection[]): void {
  const anchors = new Set<string>();
  for (const match of text.matchAll(ANCHOR_REGEX)) anchors.add(match[0]);
  if (anchors.size === 0) return;
  for (const pattern of TOKEN_PATTERNS) {
    if (!pattern.anchors.some((anchor) => anchors.has(anchor))) continue;
    pattern.regex.lastIndex = 0;
    for (const match of text.matchAll(pattern.regex)) {
      const token = match[0];
      if (!acceptsToken(pattern, token) || looksLikePlaceholder(token)) continue;
      const start = match.index;
      // Slack webhooks: keep the host visible, the path is the secret.
      const valueStart = start + (pattern.visiblePrefix ?? 0);
      out.push({ start: valueStart, end: start + token.length, type: pattern.type, value: text.slice(valueStart, start + token.length), priority: PRIORITY_TOKEN });
    }
  }
}

function acceptsToken(pattern: TokenPattern, token: string): boolean {
  if (pattern.length !== undefined && token.length !== pattern.length) return false;
  if (pattern.minLength !== undefined && token.length < pattern.minLength) return false;
  if (pattern.shape && !pattern.shape.test(token)) return false;
  if (pattern.mixedFrom !== undefined && !hasDigitAndLetter(token.slice(pattern.mixedFrom))) return false;
  if (pattern.exclude?.test(token)) return false;
  if (pattern.randomTail) {
    const tail = token.slice(token.lastIndexOf("_") + 1);
    if (!looksRandom(tail, 16)) return false;
  }
  return true;
}

const PEM_BEGIN = /-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY(?: BLOCK)?-----/g;
const PEM_END = /-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;

export function detectPrivateKeys(text: string, out: Detection[]): void {
  if (!text.includes("PRIVATE KEY")) return;
  // One pass for every END marker, then each BEGIN takes the next END after it: no rescanning.
  const ends = [...text.matchAll(PEM_END)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  let endIndex = 0;
  let lastEnd = 0;
  for (const begin of text.matchAll(PEM_BEGIN)) {
    const start = begin.index;
    if (start < lastEnd) continue;
    const bodyStart = start + begin[0].length;
    while (endIndex < ends.length && (ends[endIndex]?.start ?? 0) < bodyStart) endIndex += 1;
    const endMarker = ends[endIndex];
    // Without an END (a truncated paste) the key body runs while lines still look like base64.
    const end = endMarker?.end ?? endOfBase64Lines(text, bodyStart);
    const bodyEnd = endMarker?.start ?? end;
    const body = text.slice(bodyStart, bodyEnd).replace(/[^A-Za-z0-9+/=]/g, "");
    out.push({ start, end, type: "private-key", value: body === "" ? begin[0] : body, priority: PRIORITY_PRIVATE_KEY });
    lastEnd = end;
  }
}

function endOfBase64Lines(text: string, from: number): number {
  let end = from;
  let position = text.indexOf("\n", from);
  if (position === -1) return text.length;
  position += 1;
  while (position < text.length) {
    const next = text.indexOf("\n", position);
    const lineEnd = next === -1 ? text.length : next;
    const line = text.slice(position, lineEnd).trim();
    if (line === "" || !/^[A-Za-z0-9+/=:,\- ]+$/.test(line)) break;
    end = lineEnd;
    if (next === -1) break;
    position = next + 1;
  }
  return end;
}

/** `scheme://user:password@host`: only the password is masked so the URL stays readable. */
const URL_WITH_PASSWORD = /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/:@]*:([^\s/@]+)@/dg;

export function detectUrlPasswords(text: string, out: Detection[]): void {
  if (!text.includes("://")) return;
  for (const match of text.matchAll(URL_WITH_PASSWORD)) {
    const indices = match.indices?.[1];
    const password = match[1];
    if (indices === undefined || password === undefined) continue;
    if (isPlaceholderValue(password) || password.length < 3 || !isUrlPassword(password)) continue;
    out.push({ start: indices[0], end: indices[1], type: "url-password", value: password, priority: PRIORITY_URL });
  }
}

/**
 * In a URL the password slot is explicit, so only placeholder words are refused: `token`, `password`, the
 * word for password in another language (`SENHA`), or such a word after a possessive (`YourPassword`).
 */
function isUrlPassword(password: string): boolean {
  if (/^(?:password|passwd|pass|token|secret|x-oauth-basic|x-access-token|changeme|none|null)$/i.test(password)) return false;
  const letters = password.toLowerCase().replace(/[\s_-]+/g, "");
  return !(/^\p{L}+$/u.test(letters) && PASSWORD_WORDS.some((word) => letters.includes(word)));
}

const BEARER = /(?<![A-Za-z0-9_])[Bb]earer[ \t]+([A-Za-z0-9._~+/=-]+)/dg;

export function detectBearerTokens(text: string, out: Detection[]): void {
  for (const match of text.matchAll(BEARER)) {
    const indices = match.indices?.[1];
    const token = match[1];
    if (indices === undefined || token === undefined) continue;
    if (token.length < 20 || !hasDigitAndLetter(token) || looksLikePlaceholder(token)) continue;
    out.push({ start: indices[0], end: indices[1], type: "bearer-token", value: token, priority: PRIORITY_BEARER });
  }
}

/** `NAME=value` anywhere (shell, .env, inline commands, query strings). */
const INLINE_ASSIGNMENT = /(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)[ \t]*=[ \t]*("[^"\n]*"|'[^'\n]*'|`[^`\n]*`|[^\s"'`,;)&]+)/dg;
/** `"name": "value"` anywhere (JSON). */
const JSON_ASSIGNMENT = /"([A-Za-z_][A-Za-z0-9_.-]*)"[ \t]*:[ \t]*"([^"\n]*)"/dg;
/**
 * `name: "value"`, `name => 'value'`, `name := "value"` anywhere (JS objects, Ruby hashes, Go), quoted
 * values only. Found from the operator and quote (rare), then the name is read backwards: matching
 * from every word instead would try each word of the text.
 */
const CODE_OPERATOR = /(?::=|=>|:)[ \t]*(?:"[^"\n]*"|'[^'\n]*')/g;
/**
 * `name: value` at the start of a line (YAML, bullets, bold labels, HTTP headers). Applied per line
 * with `^`, so it is tried once per line; the name allows a few space-separated words ("API key") but
 * never a long run.
 */
const LINE_ASSIGNMENT =
  /^[ \t]*(?:[-*+][ \t]+|\d+[.)][ \t]+)?(?:export[ \t]+)?(?:\*\*|__)?["'`]?([A-Za-z_][A-Za-z0-9_.-]*(?: [A-Za-z0-9_.-]+){0,3})["'`]?(?:\*\*|__)?[ \t]*:(?:\*\*|__)?[ \t]*(.*)$/d;

export function detectAssignments(text: string, out: Detection[]): void {
  for (const match of text.matchAll(INLINE_ASSIGNMENT)) {
    const name = match[1];
    const rawValue = match[2];
    const indices = match.indices?.[2];
    if (name === undefined || rawValue === undefined || indices === undefined) continue;
    pushAssignment(name, rawValue, indices[0], out, false);
  }
  if (text.includes('"') || text.includes("'")) {
    for (const match of text.matchAll(JSON_ASSIGNMENT)) {
      const name = match[1];
      const value = match[2];
      const indices = match.indices?.[2];
      if (name === undefined || value === undefined || indices === undefined) continue;
      pushAssignment(name, value, indices[0], out, false);
    }
    for (const match of text.matchAll(CODE_OPERATOR)) {
      let nameEnd = match.index;
      while (nameEnd > 0 && (text[nameEnd - 1] === " " || text[nameEnd - 1] === "\t")) nameEnd -= 1;
      let nameStart = nameEnd;
      while (nameStart > 0 && nameEnd - nameStart < 64 && /[A-Za-z0-9_$]/.test(text[nameStart - 1]!)) nameStart -= 1;
      if (nameStart === nameEnd || /[0-9]/.test(text[nameStart]!) || /["']/.test(text[nameStart - 1] ?? "")) continue;
      const quote = match[0].search(/["']/);
      pushAssignment(text.slice(nameStart, nameEnd), match[0].slice(quote), match.index + quote, out, false);
    }
  }
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    // Cheap pre-check: most lines have no colon at all.
    const colon = text.indexOf(":", lineStart);
    if (colon !== -1 && colon < lineEnd) {
      const line = text.slice(lineStart, lineEnd);
      const match = LINE_ASSIGNMENT.exec(line);
      const name = match?.[1];
      const rest = match?.[2];
      const indices = match?.indices?.[2];
      if (name !== undefined && rest !== undefined && indices !== undefined) {
        pushAssignment(name, rest, lineStart + indices[0], out, true);
      }
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
}

/** `Authorization: Basic …`, `token: Bearer …`: the scheme word is not the secret. */
const AUTH_SCHEME = /^(?:Basic|Bearer|Token|Digest|ApiKey|Api-Key|Key|Bot|Splunk|SSWS)[ \t]+/i;

/**
 * @param isLineForm in `name: value` lines an unquoted value followed by more words is prose
 *   ("Password: stored in 1Password"), not a credential.
 */
function pushAssignment(name: string, rawValue: string, rawStart: number, out: Detection[], isLineForm: boolean): void {
  const strength = secretNameStrength(name);
  if (strength === null) return;
  const scheme = AUTH_SCHEME.exec(rawValue)?.[0].length ?? 0;
  const extracted = extractValue(rawValue.slice(scheme), isLineForm);
  if (extracted === null) return;
  const { value } = extracted;
  if (!isSecretValue(value)) return;
  // A weak name (`key`) needs a long value mixing digits and letters that is not made of words; a
  // UUID or a sha there is an identifier.
  if (strength === "weak" && (value.length < 20 || !hasDigitAndLetter(value) || isWordLike(value) || isUuid(value) || isShaLike(value))) return;
  const start = rawStart + scheme + extracted.offset;
  const type = /aws/i.test(name) && /secret/i.test(name) ? "aws-secret-key" : "env-assignment";
  out.push({ start, end: start + value.length, type, value, priority: PRIORITY_ASSIGNMENT });
}

function extractValue(raw: string, isLineForm: boolean): { value: string; offset: number } | null {
  const first = raw[0];
  if (first === '"' || first === "'" || first === "`") {
    const close = raw.indexOf(first, 1);
    if (close === -1) return isLineForm ? null : { value: raw.slice(1), offset: 1 };
    return { value: raw.slice(1, close), offset: 1 };
  }
  const token = /^[^\s,;]+/.exec(raw)?.[0];
  if (token === undefined) return null;
  const after = raw.slice(token.length).trim();
  if (isLineForm && after !== "" && !after.startsWith("#") && !after.startsWith("//")) return null;
  // Trailing markdown emphasis or sentence punctuation is not part of a value.
  const trimmed = token.replace(/(?:\*\*|__|[.)\]])+$/, "");
  return trimmed === "" ? null : { value: trimmed, offset: 0 };
}

type NameStrength = "strong" | "weak" | null;

/** The name's words, camelCase split: `apiKey` → `api key`, `X-Auth-Token` → `x auth token`. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[\s.\-_]+/)
    .filter((word) => word !== "");
}

/** Names repeat through a text (and through hostile input): each is judged once. */
const strengthCache = new Map<string, NameStrength>();

export function secretNameStrength(name: string): NameStrength {
  let strength = strengthCache.get(name);
  if (strength === undefined) {
    strength = judgeName(name);
    if (strengthCache.size >= 4096) strengthCache.clear();
    strengthCache.set(name, strength);
  }
  return strength;
}

function judgeName(name: string): NameStrength {
  const words = nameWords(name);
  const last = words[words.length - 1];
  if (last === undefined || NOT_SECRET_LAST_WORDS.has(last)) return null;
  if (words.some((word) => NOT_SECRET_NAME_WORDS.has(word))) return null;
  // A name of several words ("Operator credential", "DB password") ends with its noun: in "secret
  // rotated 2026-…" the secret is not what follows the colon.
  const joined = (/\s/.test(name.trim()) ? words.slice(-3) : words).join("_");
  if (/max_?tokens?/.test(joined)) return null;
  if (SECRET_NAME_WORDS.test(joined)) return "strong";
  return WEAK_SECRET_NAME.test(joined) ? "weak" : null;
}
