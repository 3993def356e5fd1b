import type { SecretFinding } from "./types";

export interface MaskResult {
  /** The input with every detected secret replaced by `[secret:<type> …<last4>]`; line count unchanged. */
  text: string;
  /** One entry per occurrence, in text order. Never holds the secret itself. */
  secrets: SecretFinding[];
  /** Number of distinct secret values (the `secrets` count of `scan --json`). */
  distinctCount: number;
}

/**
 * Finds credentials in handoff text and masks them before anything stores or shows the text.
 *
 * Linear time by construction, because handoffs are untrusted input: every pattern either starts
 * with a lookbehind that refuses to start inside a run of its own characters (so each maximal run is
 * tried once, and runs do not overlap), or is applied once per line anchored at `^`. Lengths and
 * shapes are checked in code after the match instead of with bounded quantifiers, so no pattern
 * has to backtrack through a long run at every start position.
 */
export function maskSecrets(text: string): MaskResult {
  const detections: Detection[] = [];
  detectPrivateKeys(text, detections);
  for (const pattern of TOKEN_PATTERNS) detectTokens(text, pattern, detections);
  detectUrlPasswords(text, detections);
  detectBearerTokens(text, detections);
  detectAssignments(text, detections);

  const accepted = pickNonOverlapping(detections);
  if (accepted.length === 0) return { text, secrets: [], distinctCount: 0 };

  const lineStarts = computeLineStarts(text);
  const distinctIds = new Map<string, number>();
  const secrets: SecretFinding[] = [];
  const parts: string[] = [];
  let cursor = 0;
  for (const detection of accepted) {
    let distinctId = distinctIds.get(detection.value);
    if (distinctId === undefined) {
      distinctId = distinctIds.size + 1;
      distinctIds.set(detection.value, distinctId);
    }
    const last4 = revealableSuffix(detection.value);
    secrets.push({ type: detection.type, last4, line: lineOf(lineStarts, detection.start), distinctId });
    parts.push(text.slice(cursor, detection.start));
    parts.push(maskLabel(detection.type, last4));
    // Keep the replaced span's newlines so every line number after a multi-line secret stays right.
    parts.push("\n".repeat(countNewlines(text, detection.start, detection.end)));
    cursor = detection.end;
  }
  parts.push(text.slice(cursor));
  return { text: parts.join(""), secrets, distinctCount: distinctIds.size };
}

export function maskLabel(type: string, last4: string): string {
  return last4 === "" ? `[secret:${type}]` : `[secret:${type} …${last4}]`;
}

interface Detection {
  start: number;
  end: number;
  type: string;
  value: string;
  /** Lower wins when two detections overlap: a GitHub token inside `TOKEN=…` is a github-token. */
  priority: number;
}

interface TokenPattern {
  type: string;
  regex: RegExp;
  accept: (token: string) => boolean;
}

const PRIORITY_PRIVATE_KEY = 0;
const PRIORITY_TOKEN = 1;
const PRIORITY_URL = 2;
const PRIORITY_BEARER = 3;
const PRIORITY_ASSIGNMENT = 4;

const hasDigitAndLetter = (token: string) => /\d/.test(token) && /[A-Za-z]/.test(token);

const TOKEN_PATTERNS: readonly TokenPattern[] = [
  {
    type: "aws-access-key",
    regex: /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Za-z0-9]+/g,
    accept: (token) => token.length === 20 && /^[A-Z0-9]+$/.test(token),
  },
  {
    type: "github-token",
    regex: /(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]+|github_pat_[A-Za-z0-9_]+)/g,
    accept: (token) => token.length >= 40 && hasDigitAndLetter(token.slice(4)),
  },
  {
    type: "anthropic-key",
    regex: /(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]+/g,
    accept: (token) => token.length >= 40,
  },
  {
    type: "openai-key",
    regex: /(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]+/g,
    accept: (token) => !token.startsWith("sk-ant-") && token.length >= 32 && hasDigitAndLetter(token.slice(3)),
  },
  {
    type: "stripe-key",
    regex: /(?<![A-Za-z0-9_])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]+|(?<![A-Za-z0-9_])whsec_[A-Za-z0-9]+/g,
    accept: (token) => token.length >= 24 && hasDigitAndLetter(token),
  },
  {
    type: "google-api-key",
    regex: /(?<![A-Za-z0-9_-])AIza[A-Za-z0-9_-]+/g,
    accept: (token) => token.length === 39,
  },
  {
    type: "slack-token",
    regex: /(?<![A-Za-z0-9_-])(?:xox[abposer]|xapp)-[A-Za-z0-9-]+/g,
    accept: (token) => token.length >= 20 && /\d/.test(token),
  },
  {
    type: "slack-webhook",
    regex: /(?<![A-Za-z0-9_/])hooks\.slack\.com\/services\/[A-Za-z0-9/]+/g,
    accept: (token) => token.length >= "hooks.slack.com/services/".length + 20,
  },
  {
    type: "npm-token",
    regex: /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]+/g,
    accept: (token) => token.length === 40,
  },
  {
    type: "gitlab-token",
    regex: /(?<![A-Za-z0-9_-])glpat-[A-Za-z0-9_-]+/g,
    accept: (token) => token.length >= 26,
  },
  {
    type: "huggingface-token",
    regex: /(?<![A-Za-z0-9_])hf_[A-Za-z0-9]+/g,
    accept: (token) => token.length >= 37 && hasDigitAndLetter(token),
  },
  {
    type: "jwt",
    regex: /(?<![A-Za-z0-9_.-])eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g,
    accept: (token) => token.length >= 40 && (token.split(".")[2]?.length ?? 0) >= 16,
  },
];

function detectTokens(text: string, pattern: TokenPattern, out: Detection[]): void {
  pattern.regex.lastIndex = 0;
  for (const match of text.matchAll(pattern.regex)) {
    const token = match[0];
    if (!pattern.accept(token) || looksLikePlaceholder(token)) continue;
    const start = match.index;
    // Slack webhooks: keep the host visible, the path is the secret.
    const valueStart = pattern.type === "slack-webhook" ? start + "hooks.slack.com/services/".length : start;
    out.push({
      start: valueStart,
      end: start + token.length,
      type: pattern.type,
      value: text.slice(valueStart, start + token.length),
      priority: PRIORITY_TOKEN,
    });
  }
}

const PEM_BEGIN = /-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY(?: BLOCK)?-----/g;
const PEM_END = /-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;

function detectPrivateKeys(text: string, out: Detection[]): void {
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

function detectUrlPasswords(text: string, out: Detection[]): void {
  if (!text.includes("://")) return;
  for (const match of text.matchAll(URL_WITH_PASSWORD)) {
    const indices = match.indices?.[1];
    const password = match[1];
    if (indices === undefined || password === undefined) continue;
    if (isPlaceholderValue(password) || password.length < 3 || NON_SECRET_WORDS.has(password.toLowerCase())) continue;
    out.push({ start: indices[0], end: indices[1], type: "url-password", value: password, priority: PRIORITY_URL });
  }
}

const BEARER = /(?<![A-Za-z0-9_])[Bb]earer[ \t]+([A-Za-z0-9._~+/=-]+)/dg;

function detectBearerTokens(text: string, out: Detection[]): void {
  for (const match of text.matchAll(BEARER)) {
    const indices = match.indices?.[1];
    const token = match[1];
    if (indices === undefined || token === undefined) continue;
    if (token.length < 20 || !hasDigitAndLetter(token) || looksLikePlaceholder(token)) continue;
    out.push({ start: indices[0], end: indices[1], type: "bearer-token", value: token, priority: PRIORITY_BEARER });
  }
}

/** `NAME=value` anywhere (shell, .env, inline commands). */
const INLINE_ASSIGNMENT = /(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)[ \t]*=[ \t]*("[^"\n]*"|'[^'\n]*'|[^\s"'`,;)]+)/dg;
/** `"name": "value"` anywhere (JSON). */
const JSON_ASSIGNMENT = /"([A-Za-z_][A-Za-z0-9_.-]*)"[ \t]*:[ \t]*"([^"\n]*)"/dg;
/**
 * `name: value` at the start of a line (YAML, bullets, bold labels). Applied per line with `^`, so it is
 * tried once per line; the name allows a few space-separated words ("API key") but never a long run.
 */
const LINE_ASSIGNMENT =
  /^[ \t]*(?:[-*+][ \t]+|\d+[.)][ \t]+)?(?:export[ \t]+)?(?:\*\*|__)?["'`]?([A-Za-z_][A-Za-z0-9_.-]*(?: [A-Za-z0-9_.-]+){0,3})["'`]?(?:\*\*|__)?[ \t]*:(?:\*\*|__)?[ \t]*(.*)$/d;

function detectAssignments(text: string, out: Detection[]): void {
  for (const match of text.matchAll(INLINE_ASSIGNMENT)) {
    const name = match[1];
    const rawValue = match[2];
    const indices = match.indices?.[2];
    if (name === undefined || rawValue === undefined || indices === undefined) continue;
    pushAssignment(name, rawValue, indices[0], out, false);
  }
  if (text.includes('"')) {
    for (const match of text.matchAll(JSON_ASSIGNMENT)) {
      const name = match[1];
      const value = match[2];
      const indices = match.indices?.[2];
      if (name === undefined || value === undefined || indices === undefined) continue;
      pushAssignment(name, value, indices[0], out, false);
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

/**
 * @param isLineForm in `name: value` lines an unquoted value followed by more words is prose
 *   ("Password: stored in 1Password"), not a credential.
 */
function pushAssignment(name: string, rawValue: string, rawStart: number, out: Detection[], isLineForm: boolean): void {
  const strength = secretNameStrength(name);
  if (strength === null) return;
  const extracted = extractValue(rawValue, isLineForm);
  if (extracted === null) return;
  const { value, offset } = extracted;
  if (!isSecretValue(value)) return;
  if (strength === "weak" && !(value.length >= 20 && hasDigitAndLetter(value))) return;
  const start = rawStart + offset;
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

/** Whole `_`-separated words, so `tokens` (a count) and `tokenizer` do not match `token`. */
const SECRET_NAME_WORDS =
  /(?:^|_)(?:api_?key|secret|token|password|passwd|passphrase|pwd|private_?key|access_?key|auth_?key|credentials?|bearer|signing_?key|encryption_?key|session_?key|service_?role_?key|client_?secret)(?:_|$)/;
/** A name ending in plain `key` (`SUPABASE_KEY`, `key:`) is often a credential, but only a random-looking value says so. */
const WEAK_SECRET_NAME = /(?:^|_)key$/;
/** Last words that make the name about something else: a count, a path, a url, a limit, an id. */
const NOT_SECRET_LAST_WORD = new Set([
  "url", "uri", "file", "path", "dir", "name", "id", "ids", "count", "limit", "ttl", "expiry", "expires", "budget",
  "type", "length", "len", "header", "env", "version", "hash", "usage", "format", "endpoint", "host", "port", "user",
  "username", "prefix", "scope", "scopes", "mode", "provider", "source", "location", "ref", "field", "kind", "policy",
  "rotation", "store", "manager", "at", "date", "time", "days", "age", "size", "regex", "pattern", "rule", "rules",
]);

type NameStrength = "strong" | "weak" | null;

function secretNameStrength(name: string): NameStrength {
  const words = name.toLowerCase().split(/[\s.\-_]+/).filter((word) => word !== "");
  const last = words[words.length - 1];
  if (last === undefined || NOT_SECRET_LAST_WORD.has(last)) return null;
  const joined = words.join("_");
  if (/public|publishable|max_?token/.test(joined)) return null;
  if (SECRET_NAME_WORDS.test(joined)) return "strong";
  return WEAK_SECRET_NAME.test(joined) ? "weak" : null;
}

const REFERENCE_PREFIX = /^(?:\$|%|process\.env|import\.meta\.env|env\.|env\(|os\.environ|os\.getenv|secrets\.|vars\.|vault:|op:\/\/|ssm:|arn:|!|\{\{|<|@|\/|\.\/|\.\.\/|~\/)/i;
const NON_SECRET_WORDS = new Set([
  "true", "false", "null", "none", "nil", "undefined", "required", "optional", "unset", "empty", "string",
  "redacted", "masked", "hidden", "secret", "password", "token", "changeme", "change_me", "changeit",
  "example", "placeholder", "dummy", "test", "testing", "default", "n/a", "tbd", "todo",
]);

function isSecretValue(value: string): boolean {
  if (value.length < 6 || /\s/.test(value)) return false;
  if (NON_SECRET_WORDS.has(value.toLowerCase())) return false;
  if (/^[\d.,_:+-]+$/.test(value)) return false;
  if (REFERENCE_PREFIX.test(value) || value.includes("://") || value.includes("\\")) return false;
  if (value.startsWith("[secret:")) return false;
  // A short plain word ("required", "rotated") is prose; real credentials mix in digits or symbols.
  if (/^[A-Za-z]+$/.test(value) && value.length < 16) return false;
  // A function call or property access is code, not a value: `token = getToken()`, `key: config.apiKey`.
  if (/^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(value) || /[()]/.test(value)) return false;
  return !isPlaceholderValue(value);
}

function isPlaceholderValue(value: string): boolean {
  if (value === "") return true;
  if (/^\$\{.*\}$|^\$[A-Za-z_]|^\{\{.*\}\}$|^<.*>$|^%[A-Za-z_]+%$/.test(value)) return true;
  return looksLikePlaceholder(value);
}

/**
 * Obvious fill-ins in otherwise well-formed tokens: `sk-xxxxxxxx…`, `ghp_your_token_here`, `…`.
 * Placeholder words count only between separators, and x-runs only from 8 on: a real random token
 * contains "your" or "xxxx" by chance often enough that matching those would leak real secrets.
 */
function looksLikePlaceholder(value: string): boolean {
  if (/x{8,}|X{8,}|\*{3,}|\.\.\.|…|<|>|#{3,}/.test(value)) return true;
  if (
    /(?:^|[_\-.])(?:your|my|example|placeholder|dummy|redacted|changeme|change|replace|insert|fake|sample|here|todo)(?:[_\-.]|$)/i.test(
      value,
    )
  ) {
    return true;
  }
  return isMostlyOneCharacter(value);
}

function isMostlyOneCharacter(value: string): boolean {
  const counts = new Map<string, number>();
  let highest = 0;
  for (const character of value) {
    const count = (counts.get(character) ?? 0) + 1;
    counts.set(character, count);
    if (count > highest) highest = count;
  }
  return highest / value.length >= 0.8;
}

function pickNonOverlapping(detections: Detection[]): Detection[] {
  const sorted = [...detections].sort(
    (a, b) => a.start - b.start || a.priority - b.priority || b.end - b.start - (a.end - a.start),
  );
  const accepted: Detection[] = [];
  for (const detection of sorted) {
    const previous = accepted[accepted.length - 1];
    if (previous !== undefined && detection.start < previous.end) {
      // A more specific detection that starts inside a weaker one replaces it (TOKEN=prefix-ghp_…).
      if (detection.priority < previous.priority && detection.end <= previous.end) {
        accepted[accepted.length - 1] = detection;
      }
      continue;
    }
    accepted.push(detection);
  }
  return accepted;
}

/** Revealing 4 characters of a short value would reveal most of it. */
function revealableSuffix(value: string): string {
  return value.length >= 12 ? value.slice(-4) : "";
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  let position = text.indexOf("\n");
  while (position !== -1) {
    starts.push(position + 1);
    position = text.indexOf("\n", position + 1);
  }
  return starts;
}

function lineOf(lineStarts: readonly number[], offset: number): number {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((lineStarts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

function countNewlines(text: string, start: number, end: number): number {
  let count = 0;
  let position = text.indexOf("\n", start);
  while (position !== -1 && position < end) {
    count += 1;
    position = text.indexOf("\n", position + 1);
  }
  return count;
}
