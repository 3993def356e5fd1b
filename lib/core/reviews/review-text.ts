/**
 * What people type on a review (a comment, a verdict's note, a block or fail reason) is masked before it
 * is stored, with the same detectors as handoffs (lib/core/handoff/mask-secrets.ts): every secret
 * becomes `[secret:<type> …<last4>]`, so the database, the API and every reader (viewers included)
 * only ever hold the mask.
 */
import { maskSecrets } from "../handoff/secrets/mask-secrets";

export interface MaskedText {
  text: string;
  /** Secrets replaced in this text (0: stored as typed). */
  secretsMasked: number;
}

export function maskTypedText(text: string): MaskedText {
  const result = maskSecrets(text);
  return { text: result.text, secretsMasked: result.secrets.length };
}

/** The masks stored text holds (what a page shows as "secret masked"). */
export function countMasks(text: string | null | undefined): number {
  if (!text?.includes("[secret:")) return 0;
  return maskSecrets(text, { countExistingMasks: true }).secrets.length;
}
