import { IDENTITY_LABELS, QUALIFIED_IDENTITY_LABELS } from "./identity-labels.data";
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

/** "Aktueller vor der Handover-Synchronisierung verifizierter Code-Head": qualifiers run long in German. */
const MAX_QUALIFIED_WORDS = 8;
const QUALIFIED_FIELDS = new Set<IdentityField>(QUALIFIED_IDENTITY_LABELS.fields);
const OTHER_THAN_OWN = new Set<string>(QUALIFIED_IDENTITY_LABELS.otherThanOwn);
const HEAD_FIRST = new Set<string>(QUALIFIED_IDENTITY_LABELS.headFirstWords);
/** Single-word labels of the fields a qualified label may name (`branch`, `rama`, `modelo`, `head`). */
const HEAD_WORDS = new Map<string, IdentityField>();
for (const [key, { field, trust }] of BY_KEY) if (QUALIFIED_FIELDS.has(field) && trust !== "inIdentityContext" && !key.includes(" ")) HEAD_WORDS.set(key, field);

/**
 * The field a qualified label names (identity-labels.data.ts, QUALIFIED_IDENTITY_LABELS): `arbeitsbranch`,
 * `integrations branch`, `rama de trabajo`, `modelo utilizado`; null for an exact label (identityLabelOf
 * reads those), for anything longer than eight words, and for qualifiers naming another ref (`base branch`).
 */
export function qualifiedIdentityFieldOf(key: string): IdentityField | null {
  if (BY_KEY.has(key)) return null;
  const words = key.split(" ").filter((word) => word !== "");
  if (words.length === 0 || words.length > MAX_QUALIFIED_WORDS || words.some((word) => OTHER_THAN_OWN.has(word))) return null;
  const last = words[words.length - 1]!;
  const first = words[0]!;
  if (words.length > 1) {
    const byLast = HEAD_WORDS.get(last);
    if (byLast !== undefined) return byLast;
    const byFirst = HEAD_FIRST.has(first) ? HEAD_WORDS.get(first) : undefined;
    if (byFirst !== undefined) return byFirst;
  }
  for (const head of QUALIFIED_IDENTITY_LABELS.compoundHeads) {
    if (last.length > head.length + 2 && last.endsWith(head)) {
      const field = BY_KEY.get(head)?.field;
      if (field !== undefined && !OTHER_THAN_OWN.has(last.slice(0, -head.length))) return field;
    }
  }
  return null;
}

/** A label naming another ref or the other side of a handoff (`base branch`, `canal destino`). */
export function namesOtherSide(key: string): boolean {
  return key.split(" ").some((word) => OTHER_THAN_OWN.has(word));
}
