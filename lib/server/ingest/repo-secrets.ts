/**
 * Secrets across the handoffs of one repo, without storing any of them: each distinct value found is
 * kept as a fingerprint (SHA-256 of the value salted with the repo's id, plus the type, the last 4
 * characters the mask already shows, and the length) in `SecretFingerprint`. Every content processed
 * is masked with the repo's fingerprints too, so a value detected in one handoff (after its label) is
 * masked in every other handoff of the repo where nothing labels it.
 *
 * The salt keeps equal values in two repos from having equal fingerprints and rules out precomputed
 * tables. A fingerprint proves equality; it cannot be turned back into a random credential. (A weak
 * human password could be guessed by hashing guesses, as it could from anywhere it leaked: the
 * `secret-present` finding says to rotate it.)
 */
import { createHash } from "node:crypto";
import { findKnownSecrets, type SecretFingerprint } from "../../core/handoff/secrets/mask-secrets-known";
import type { MaskOptions } from "../../core/handoff/secrets/mask-secrets";
import type { BulkWriter, Row } from "../db/bulk";

export class RepoSecrets {
  readonly fingerprint: (value: string) => string;
  private readonly known = new Map<string, SecretFingerprint>();
  private readonly added: SecretFingerprint[] = [];

  constructor(repoId: string, stored: readonly SecretFingerprint[]) {
    this.fingerprint = (value: string) => createHash("sha256").update("baton-secret\0").update(repoId).update("\0").update(value).digest("hex");
    for (const entry of stored) this.known.set(entry.hash, entry);
  }

  /** Options for maskSecrets: hash what it finds, mask what the repo already knows. */
  maskOptions(): MaskOptions {
    return { fingerprint: this.fingerprint, known: [...this.known.values()] };
  }

  /** Records what a processed content found; returns the fingerprints the repo did not know. */
  learn(found: readonly SecretFingerprint[]): SecretFingerprint[] {
    const fresh: SecretFingerprint[] = [];
    for (const entry of found) {
      if (this.known.has(entry.hash)) continue;
      this.known.set(entry.hash, entry);
      this.added.push(entry);
      fresh.push(entry);
    }
    return fresh;
  }

  /** True when the text holds one of these fingerprints' values. */
  holdsAny(text: string, fingerprints: readonly SecretFingerprint[]): boolean {
    return fingerprints.length > 0 && findKnownSecrets(text, fingerprints, this.fingerprint).length > 0;
  }

  /** Fingerprints learned since loading, to store. */
  newFingerprints(): readonly SecretFingerprint[] {
    return this.added;
  }
}

export async function loadRepoSecrets(bulk: BulkWriter, repoId: string): Promise<RepoSecrets> {
  const rows = await bulk.query<SecretFingerprint>(`SELECT "hash", "type", "last4", "length" FROM "SecretFingerprint" WHERE "repoId" = ?`, [repoId]);
  return new RepoSecrets(
    repoId,
    rows.map((row) => ({ hash: row.hash, type: row.type, last4: row.last4, length: Number(row.length) })),
  );
}

export async function storeRepoSecrets(bulk: BulkWriter, repoId: string, secrets: RepoSecrets, now: Date): Promise<void> {
  const rows: Row[] = secrets.newFingerprints().map((entry) => [repoId, entry.hash, entry.type, entry.last4, entry.length, now]);
  await bulk.insert("SecretFingerprint", ["repoId", "hash", "type", "last4", "length", "createdAt"], rows, { ignoreConflicts: true });
}
