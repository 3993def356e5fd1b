import { IDENTITY_LABELS } from "./identity-labels.data";
import type { IdentityField } from "../types";

/** How far a label can be trusted to name an identity field (see identity-labels.data.ts). */
export type IdentityTrust = "anywhere" | "whenValueFits" | "inIdentityContext";

const IDENTITY_FIELDS: IdentityField[] = ["runtime", "model", "sessionId", "timestamp", "branch", "headSha"];

const BY_KEY = new Map<string, { field: IdentityField; trust: IdentityTrust }>();
for (const field of IDENTITY_FIELDS) {
  for (const trust of ["anywhere", "whenValueFits", "inIdentityContext"] as const) {
    for (const key of IDENTITY_LABELS[field][trust]) if (!BY_KEY.has(key)) BY_KEY.set(key, { field, trust });
  }
}

/** The identity field a normalised key names, with how far it can be trusted, or null. */
export function identityLabelOf(key: string): { field: IdentityField; trust: IdentityTrust } | null {
  return BY_KEY.get(key) ?? null;
}

/** The field a key names on its own, wherever it is (`allowWeak`: also the generic words). */
export function identityFieldOf(key: string, allowWeak = false): IdentityField | null {
  const found = BY_KEY.get(key);
  if (found === undefined) return null;
  return found.trust === "anywhere" || allowWeak ? found.field : null;
}

export function isIdentityKey(key: string): boolean {
  return BY_KEY.has(key);
}
