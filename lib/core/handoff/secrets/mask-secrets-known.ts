/**
 * Masking a value found in another file of the same repo, without ever storing the value: the repo
 * keeps a fingerprint per secret (a salted hash, the type, the last 4 characters already shown in the
 * mask, and the length). A file is searched for each fingerprint's last 4 characters; the `length`
 * characters ending there are hashed and compared. Values under 12 characters show no last 4, so for
 * them every whole token of that length is hashed instead (rare: they are short passwords).
 */
import { PRIORITY_REPEAT, type Detection } from "./mask-secrets-detectors";
import { isAlphanumeric, isWholeToken } from "./mask-secrets-spans";

export interface SecretFingerprint {
  /** The caller's salted hash of the value. */
  hash: string;
  type: string;
  /** Last 4 characters ("" for values under 12 characters, whose last 4 are never shown). */
  last4: string;
  length: number;
}

export function findKnownSecrets(text: string, known: readonly SecretFingerprint[], fingerprint: (value: string) => string): Detection[] {
  const byHash = new Map(known.map((entry) => [entry.hash, entry]));
  const hashes = new Map<string, string>();
  const found: Detection[] = [];
  const check = (start: number, end: number) => {
    const candidate = text.slice(start, end);
    let hash = hashes.get(candidate);
    if (hash === undefined) {
      hash = fingerprint(candidate);
      hashes.set(candidate, hash);
    }
    const entry = byHash.get(hash);
    if (entry && entry.length === candidate.length) {
      found.push({ start, end, type: entry.type, value: candidate, priority: PRIORITY_REPEAT, hash });
    }
  };

  const bySuffix = new Map<string, Set<number>>();
  const shortLengths = new Set<number>();
  for (const entry of known) {
    if (entry.last4.length === 4 && entry.length >= 12) {
      bySuffix.set(entry.last4, (bySuffix.get(entry.last4) ?? new Set()).add(entry.length));
    } else if (entry.length >= 6) {
      shortLengths.add(entry.length);
    }
  }
  for (const [suffix, lengths] of bySuffix) {
    for (let at = text.indexOf(suffix); at !== -1; at = text.indexOf(suffix, at + 1)) {
      for (const length of lengths) {
        const start = at + 4 - length;
        if (start >= 0) check(start, at + 4);
      }
    }
  }
  if (shortLengths.size > 0) {
    for (let start = 0; start < text.length; start += 1) {
      // A token starts here: after a non-alphanumeric character (or the start), on a non-space.
      if (start > 0 && isAlphanumeric(text.charCodeAt(start - 1))) continue;
      if (!isCompact(text, start, start + 1)) continue;
      for (const length of shortLengths) {
        const end = start + length;
        if (end > text.length || !isWholeToken(text, start, end) || !isCompact(text, start, end)) continue;
        check(start, end);
      }
    }
  }
  return found;
}

/** No whitespace inside: a credential is one token. */
function isCompact(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 32 || code === 9 || code === 10 || code === 13) return false;
  }
  return true;
}
