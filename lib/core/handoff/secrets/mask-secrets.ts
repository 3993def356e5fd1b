import {
  detectAssignments,
  detectBearerTokens,
  detectPrivateKeys,
  detectTokens,
  detectUrlPasswords,
  type Detection,
} from "./mask-secrets-detectors";
import { findKnownSecrets, type SecretFingerprint } from "./mask-secrets-known";
import { detectLabelledValues } from "./mask-secrets-labels";
import { findRepeats, pickNonOverlapping } from "./mask-secrets-spans";
import type { SecretFinding } from "../types";

export type { SecretFingerprint } from "./mask-secrets-known";

export interface MaskOptions {
  /**
   * Hashes a secret value (the caller salts it, per repo). With it the result lists a fingerprint per
   * distinct value, and `known` fingerprints are looked for in the text.
   */
  fingerprint?: (value: string) => string;
  /** Secrets found in other files of the same repo: every occurrence here is masked too. */
  known?: readonly SecretFingerprint[];
  /**
   * Count `[secret:…]` masks already in the text as secrets (re-processing stored content whose
   * original is gone: its masks are still findings).
   */
  countExistingMasks?: boolean;
}

export interface MaskResult {
  /** The input with every detected secret replaced by `[secret:<type> …<last4>]`; line count unchanged. */
  text: string;
  /** One entry per occurrence, in text order. Never holds the secret itself. */
  secrets: SecretFinding[];
  /** Number of distinct secret values (the `secrets` count of `scan --json`). */
  distinctCount: number;
  /** One per distinct secret value found (by rule or as a known one), when `options.fingerprint` is given. */
  fingerprints: SecretFingerprint[];
}

/**
 * Finds credentials in handoff text and masks every occurrence before anything stores or shows the
 * text: by vendor shape, by the variable or label that names them, and then every other place the
 * same value appears in the file (and, with `options.known`, values found in other files of the repo).
 * Linear in the text: see mask-secrets-detectors.ts and mask-secrets-labels.ts.
 */
export function maskSecrets(text: string, options: MaskOptions = {}): MaskResult {
  const existingMasks = findExistingMasks(text);
  const detections: Detection[] = [];
  detectPrivateKeys(text, detections);
  detectTokens(text, detections);
  detectUrlPasswords(text, detections);
  detectBearerTokens(text, detections);
  detectAssignments(text, detections);
  detectLabelledValues(text, detections);
  const found = pickNonOverlapping(withoutMasked(detections, existingMasks), text);
  if (options.fingerprint && options.known && options.known.length > 0) {
    found.push(...findKnownSecrets(text, options.known, options.fingerprint));
  }
  const accepted = pickNonOverlapping(withoutMasked([...found, ...findRepeats(text, found)], existingMasks), text);
  const countedMasks = options.countExistingMasks ? existingMasks : [];
  if (accepted.length === 0 && countedMasks.length === 0) return { text, secrets: [], distinctCount: 0, fingerprints: [] };

  // One value, one type: the most specific detection of it names every occurrence.
  const typeOfValue = new Map<string, { type: string; priority: number }>();
  for (const detection of accepted) {
    const best = typeOfValue.get(detection.value);
    if (!best || detection.priority < best.priority) typeOfValue.set(detection.value, { type: detection.type, priority: detection.priority });
  }
  const lineStarts = computeLineStarts(text);
  const distinctIds = new Map<string, number>();
  const fingerprints: SecretFingerprint[] = [];
  const secrets: SecretFinding[] = [];
  const parts: string[] = [];
  let cursor = 0;
  const distinctId = (key: string, onNew: () => void) => {
    let id = distinctIds.get(key);
    if (id === undefined) {
      id = distinctIds.size + 1;
      distinctIds.set(key, id);
      onNew();
    }
    return id;
  };
  const events = [
    ...accepted.map((detection) => ({ start: detection.start, detection })),
    ...countedMasks.map((mask) => ({ start: mask.start, mask })),
  ].sort((a, b) => a.start - b.start);
  for (const event of events) {
    if ("mask" in event) {
      const { mask } = event;
      const id = distinctId(`mask\0${mask.type}\0${mask.last4}`, () => undefined);
      secrets.push({ type: mask.type, last4: mask.last4, line: lineOf(lineStarts, mask.start), distinctId: id });
      continue;
    }
    const detection = { ...event.detection, type: typeOfValue.get(event.detection.value)?.type ?? event.detection.type };
    const last4 = revealableSuffix(detection.value);
    const isLiteral = text.slice(detection.start, detection.end) === detection.value;
    const id = distinctId(`value\0${detection.value}`, () => {
      if (!options.fingerprint || !isLiteral) return;
      fingerprints.push({ hash: detection.hash ?? options.fingerprint(detection.value), type: detection.type, last4, length: detection.value.length });
    });
    secrets.push({ type: detection.type, last4, line: lineOf(lineStarts, detection.start), distinctId: id });
    parts.push(text.slice(cursor, detection.start));
    parts.push(maskLabel(detection.type, last4));
    // Keep the replaced span's newlines so every line number after a multi-line secret stays right.
    parts.push("\n".repeat(countNewlines(text, detection.start, detection.end)));
    cursor = detection.end;
  }
  parts.push(text.slice(cursor));
  return { text: parts.join(""), secrets, distinctCount: distinctIds.size, fingerprints };
}

export function maskLabel(type: string, last4: string): string {
  return last4 === "" ? `[secret:${type}]` : `[secret:${type} …${last4}]`;
}

/** Masks Baton wrote earlier: never detected again, and counted when re-processing stored content. */
const EXISTING_MASK = /\[secret:([a-z0-9-]+)(?: …([^\]\s]{1,4}))?\]/g;

function findExistingMasks(text: string): { start: number; end: number; type: string; last4: string }[] {
  if (!text.includes("[secret:")) return [];
  return [...text.matchAll(EXISTING_MASK)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    type: match[1] ?? "secret",
    last4: match[2] ?? "",
  }));
}

function withoutMasked(detections: Detection[], masks: { start: number; end: number }[]): Detection[] {
  if (masks.length === 0) return detections;
  return detections.filter((detection) => !masks.some((mask) => detection.start < mask.end && mask.start < detection.end));
}

/** Revealing 4 characters of a short value would reveal most of it. */
export function revealableSuffix(value: string): string {
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
