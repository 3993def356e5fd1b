import crypto from "node:crypto";

/** Node's one-shot hash (20.12+, Baton supports 20.9+): no Hash object per call. */
const oneShot = (crypto as { hash?: (algorithm: string, data: string | Uint8Array, encoding: "hex") => string }).hash;

/**
 * Hex digest of `data`. Ingest hashes every file's first bytes and every session's id: thousands per
 * scan, where building a Hash object cost more than the hashing.
 */
export function hexDigest(algorithm: "sha1" | "sha256", data: string | Uint8Array): string {
  return oneShot ? oneShot(algorithm, data, "hex") : crypto.createHash(algorithm).update(data).digest("hex");
}
