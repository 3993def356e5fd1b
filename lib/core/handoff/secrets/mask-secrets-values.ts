/**
 * What a value looks like: random (a generated key), a human password, or plainly something else (a
 * word, a path, a URL, a number, a date, a version, a sha, a UUID, an env-var name, a placeholder).
 * The detectors decide from the context how much evidence a value needs; these functions measure it.
 */
import { NON_SECRET_WORDS, PLACEHOLDER_WORDS, REFERENCE_PREFIX } from "./mask-secrets-labels.data";

export const hasDigitAndLetter = (token: string) => /\d/.test(token) && /[A-Za-z]/.test(token);

export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** Hex only: a git sha (7–12 abbreviated, 40 SHA-1, 64 SHA-256) or a digest when nothing says otherwise. */
export const isHex = (value: string) => /^[0-9a-f]+$/i.test(value);
export const isShaLike = (value: string) => isHex(value) && ((value.length >= 7 && value.length <= 12) || value.length === 40 || value.length === 64);

/** Shannon entropy in bits per character. */
export function shannonEntropy(value: string): number {
  const counts = new Map<string, number>();
  for (const character of value) counts.set(character, (counts.get(character) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) {
    const share = count / value.length;
    entropy -= share * Math.log2(share);
  }
  return entropy;
}

/**
 * The entropy a random value of this length reaches in all but ~0.1% of draws from the smallest
 * alphabet keys use (hex): measured over 20,000 draws per length, 2.52 bits at 16 characters, 2.71 at
 * 20, 3.13 at 32. Repetitive strings (`a1B2a1B2…`, dates) stay below it.
 */
export function entropyThreshold(length: number): number {
  return Math.min(3, Math.log2(Math.max(length, 2)) * 0.62);
}

/**
 * Made of words: every letter segment (split at separators, letter/digit changes and camelCase) has
 * 3+ letters and a vowel, few digit groups, mostly letters. `getUserToken2`, `module_42_config`,
 * `hunter2-but-longer` are; `abc123def456`, `k3y-v4lue-09`, random base62 and hex are not.
 */
const SHORT_WORDS = new Set(["id", "io", "ui", "os", "db", "js", "ts", "to", "of", "in", "on", "at", "is", "it", "by", "or", "up", "no", "vs", "v"]);

export function isWordLike(value: string): boolean {
  const segments = value.split(/[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])|(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])/).filter((segment) => segment !== "");
  let letters = 0;
  let digitGroups = 0;
  let characters = 0;
  for (const [index, segment] of segments.entries()) {
    characters += segment.length;
    // `v2`, `x86`: a version or architecture marker before a number.
    if ((segment === "v" || segment === "x") && /^\d/.test(segments[index + 1] ?? "")) continue;
    if (/^\d+$/.test(segment)) {
      digitGroups += 1;
      if (segment.length > 4) return false;
      continue;
    }
    // An all-caps run ("API", "URL") is an abbreviation, and a few 2-letter words are words ("id").
    if (segment.length < 3 && !/^[A-Z]+$/.test(segment) && !SHORT_WORDS.has(segment.toLowerCase())) return false;
    if (SHORT_WORDS.has(segment.toLowerCase())) {
      letters += segment.length;
      continue;
    }
    if (!/[aeiouyAEIOUY]/.test(segment) && !/^[A-Z]+$/.test(segment)) return false;
    letters += segment.length;
  }
  return segments.length > 0 && digitGroups <= 2 && letters >= characters * 0.6;
}

/**
 * Values that are plainly not secrets whatever the name in front of them: numbers, dates, versions,
 * paths, URLs without credentials, dotted identifiers, env-var names, enum words (`read_write`),
 * references to a secret kept elsewhere, and already-masked text.
 */
export function isNonSecretShape(value: string): boolean {
  if (value.startsWith("[secret:")) return true;
  if (NON_SECRET_WORDS.has(value.toLowerCase())) return true;
  if (/^[\d.,_:+\-/%]+$/.test(value)) return true;
  // Dates and times: 2026-11-02, 2026-11-02T10:00:00Z, 13:45:10.
  if (/^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return true;
  // Versions: 1.2, v2.0.1, 3.4.5-beta.2, 1.2.3+build.7.
  if (/^v?\d+(?:\.\d+)+(?:[-+][0-9A-Za-z.-]+)?$/.test(value)) return true;
  if (REFERENCE_PREFIX.test(value) || value.includes("://") || value.includes("\\")) return true;
  if (isPathLike(value)) return true;
  // An email address names someone; it is not the credential.
  if (/^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/.test(value)) return true;
  // An env-var name (`GITHUB_TOKEN`, `OPENAI_API_KEY`): the name of the secret, not its value.
  if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(value) && value.split("_").every((word) => /^[A-Z]+\d{0,2}$/.test(word))) return true;
  // Enum-like words: `read_write`, `read-only`, `admin_access`.
  if (/^[a-z]+(?:[_-][a-z]+){0,2}$/.test(value) && value.length < 16) return true;
  // A function call or property access is code, not a value: `getToken()`, `config.apiKey`.
  if (/^[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)+$/.test(value) || /[()]/.test(value)) return true;
  // An index or a template: `auth[1]`, `creds["token"]`, `{password}`.
  if (/^[A-Za-z_$][\w$.]*\[[^\]]*\]$/.test(value) || /^\{[^{}]*\}$/.test(value)) return true;
  return false;
}

/**
 * A file path: `/`-separated segments that are words, names with an extension or short (`~/x`,
 * `./x`, `/etc/y` from one segment, relative paths from two), or a file name with an extension. A
 * base64 value also has `/`s, but its segments are not words.
 */
function isPathLike(value: string): boolean {
  if (/^[\w.-]+\.(?:md|mdx|txt|json|jsonl|ya?ml|toml|ts|tsx|js|jsx|mjs|cjs|py|rb|go|rs|java|kt|sh|env|lock|sql|html|css|pem|key|crt|log|csv)$/i.test(value)) {
    return true;
  }
  if (!value.includes("/")) return false;
  // `docs/ai/handoff/07082026/handoff_a.md`: folders then a file name with an extension.
  if (/^(?:[\w.@~-]+\/)+[\w.@-]+\.[A-Za-z]\w{0,4}$/.test(value) && !/\/\//.test(value)) return true;
  const isRooted = /^(?:\/|\.\/|\.\.\/|~\/)/.test(value);
  const segments = value.split("/").filter((segment) => segment !== "" && segment !== "." && segment !== ".." && segment !== "~");
  return (
    segments.length >= (isRooted ? 1 : 2) &&
    segments.every((segment) => /^[\w.@-]+$/.test(segment) && (isWordLike(segment) || /\.\w{1,5}$/.test(segment) || segment.length <= 3))
  );
}

/**
 * A generated credential: long enough, not a plain shape, not made of words, mixing digits and
 * letters (or mixed-case letters only, long), with the entropy a random draw has. `entropyFactor`
 * below 1 relaxes the entropy bar where the context is strong evidence already (a value right after
 * its label): a random draw falls under the full bar about once in a thousand.
 */
export function looksRandom(value: string, minLength = 16, entropyFactor = 1): boolean {
  if (value.length < minLength || /\s/.test(value)) return false;
  if (isPlaceholderValue(value) || isNonSecretShape(value) || isWordLike(value)) return false;
  const isMixed = hasDigitAndLetter(value) || (value.length >= 20 && /[a-z]/.test(value) && /[A-Z]/.test(value));
  if (!isMixed) return false;
  return shannonEntropy(value) >= entropyThreshold(value.length) * entropyFactor;
}

/**
 * Enough to be a credential when a secret name stands right before it (`DB_PASSWORD=hunter22`,
 * `token: …`): human passwords included, plain words, shapes and placeholders not.
 */
export function isSecretValue(value: string): boolean {
  if (value.length < 6 || /\s/.test(value)) return false;
  if (isNonSecretShape(value)) return false;
  // A short plain word ("required", "rotated") is prose; real credentials mix in digits or symbols.
  if (/^[A-Za-z]+$/.test(value) && value.length < 16) return false;
  if (/^[A-Za-z]+$/.test(value) && isWordLike(value)) return false;
  return !isPlaceholderValue(value);
}

export function isPlaceholderValue(value: string): boolean {
  if (value === "") return true;
  if (/^\$\{.*\}$|^\$[A-Za-z_]|^\{\{.*\}\}$|^<.*>$|^%[A-Za-z_]+%$|^\[[^\]]*\]$/.test(value)) return true;
  return looksLikePlaceholder(value);
}

/**
 * Obvious fill-ins in otherwise well-formed tokens: `sk-xxxxxxxx…`, `ghp_your_token_here`, `…`.
 * Placeholder words count only between separators, and x-runs only from 8 on: a real random token
 * contains "your" or "xxxx" by chance often enough that matching those would leak real secrets.
 */
export function looksLikePlaceholder(value: string): boolean {
  if (/x{8,}|X{8,}|\*{3,}|\.\.\.|…|<|>|#{3,}/.test(value)) return true;
  if (/^x+$/i.test(value)) return true;
  if (PLACEHOLDER_WORDS.test(value)) return true;
  return isMostlyOneCharacter(value);
}

function isMostlyOneCharacter(value: string): boolean {
  const counts = new Map<number, number>();
  let highest = 0;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    const count = (counts.get(code) ?? 0) + 1;
    counts.set(code, count);
    if (count > highest) highest = count;
  }
  return highest / value.length >= 0.8;
}
