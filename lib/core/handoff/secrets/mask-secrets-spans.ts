/** Turning detections into the spans to mask: overlaps resolved, and every repeat of a value found. */
import { PRIORITY_REPEAT, type Detection } from "./mask-secrets-detectors";
import { isSecretValue, looksRandom } from "./mask-secrets-values";

/**
 * Sorted, non-overlapping spans. Where two detections overlap, the span covers both (masking less
 * would leave part of a secret readable) and takes the type of the more specific one: a GitHub token
 * inside `TOKEN=…` is a github-token.
 */
export function pickNonOverlapping(detections: Detection[], text: string): Detection[] {
  const sorted = [...detections].sort((a, b) => a.start - b.start || a.priority - b.priority || b.end - a.end);
  const accepted: Detection[] = [];
  for (const detection of sorted) {
    const previous = accepted[accepted.length - 1];
    if (previous === undefined || detection.start >= previous.end) {
      accepted.push({ ...detection });
      continue;
    }
    const specific = detection.priority < previous.priority ? detection : previous;
    const end = Math.max(previous.end, detection.end);
    const isLiteral = text.slice(previous.start, previous.end) === previous.value;
    accepted[accepted.length - 1] = {
      start: previous.start,
      end,
      type: specific.type,
      value: isLiteral ? text.slice(previous.start, end) : previous.value,
      priority: Math.min(previous.priority, detection.priority),
      hash: end === previous.end && previous.start === detection.start && end === detection.end ? specific.hash : undefined,
    };
  }
  return accepted;
}

/**
 * Every other occurrence of each detected value in the text: a value caught on one line (after its
 * label) is masked on every line. Values under 12 characters only as whole tokens, so a short password
 * does not mask the inside of unrelated words.
 */
export function findRepeats(text: string, detections: readonly Detection[]): Detection[] {
  const byValue = new Map<string, Detection>();
  for (const detection of detections) {
    const { value } = detection;
    if (value.length < MIN_REPEAT_LENGTH || byValue.has(value) || text.slice(detection.start, detection.end) !== value) continue;
    // A plain word in a password slot (`postgres://postgres:postgres@…`) is masked there, but its
    // other occurrences are the word.
    if (!isSecretValue(value) && !looksRandom(value, 12)) continue;
    byValue.set(value, detection);
  }
  const repeats: Detection[] = [];
  const push = (detection: Detection, at: number) => {
    const { value } = detection;
    if (at === detection.start) return;
    if (value.length < 12 && !isWholeToken(text, at, at + value.length)) return;
    repeats.push({ start: at, end: at + value.length, type: detection.type, value, priority: PRIORITY_REPEAT, hash: detection.hash });
  };
  if (byValue.size <= 16) {
    for (const detection of byValue.values()) {
      for (let at = text.indexOf(detection.value); at !== -1; at = text.indexOf(detection.value, at + 1)) push(detection, at);
    }
    return repeats;
  }
  // Many values (a pasted .env): one pass over the text keyed by each value's first characters,
  // instead of one scan of the whole text per value.
  const byPrefix = new Map<string, Detection[]>();
  for (const detection of byValue.values()) {
    const prefix = detection.value.slice(0, MIN_REPEAT_LENGTH);
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), detection]);
  }
  for (let at = 0; at + MIN_REPEAT_LENGTH <= text.length; at += 1) {
    const candidates = byPrefix.get(text.slice(at, at + MIN_REPEAT_LENGTH));
    if (!candidates) continue;
    for (const detection of candidates) if (text.startsWith(detection.value, at)) push(detection, at);
  }
  return repeats;
}

const MIN_REPEAT_LENGTH = 6;

export const isAlphanumeric = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

export function isWholeToken(text: string, start: number, end: number): boolean {
  return (start === 0 || !isAlphanumeric(text.charCodeAt(start - 1))) && (end >= text.length || !isAlphanumeric(text.charCodeAt(end)));
}
