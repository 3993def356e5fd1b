/**
 * A token bucket per token (or per local user): `BATON_OTLP_RATE` requests a second (default 500),
 * bursts up to twice that. A request over it answers 429 with `Retry-After` (whole seconds until a
 * request would pass), which OTLP exporters honour before retrying. In-process: each server instance
 * limits what it is sent.
 */
import { createHash } from "node:crypto";

interface Bucket {
  tokens: number;
  at: number;
}

const buckets = new Map<string, Bucket>();

export function otlpRate(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.BATON_OTLP_RATE);
  return Number.isFinite(value) && value > 0 ? value : 500;
}

/** The bucket key for a credential: a hash, so no token is held in memory as text longer than needed. */
export function rateKey(credential: string | null): string {
  return credential === null ? "local" : createHash("sha256").update(credential).digest("hex").slice(0, 32);
}

/** null when the request may go on, else the seconds to wait. */
export function takeRequest(key: string, rate = otlpRate(), now = Date.now()): number | null {
  const burst = rate * 2;
  let bucket = buckets.get(key);
  if (!bucket) {
    bucket = { tokens: burst, at: now };
    buckets.set(key, bucket);
    if (buckets.size > 10_000) buckets.delete(buckets.keys().next().value!);
  }
  bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * rate);
  bucket.at = now;
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return null;
  }
  return Math.max(1, Math.ceil((1 - bucket.tokens) / rate));
}

/** Tests: forget every bucket. */
export function resetRateLimits(): void {
  buckets.clear();
}
