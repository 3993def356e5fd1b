/**
 * GitHub push webhooks (`POST /api/hooks/github`): the delivery names its repository by URL; the remote
 * whose URL names the same repository (repositoryKey) is the one, and the delivery must carry
 * `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with that remote's secret>`, compared in
 * constant time. No session is involved: the secret is the credential.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { repositoryKey } from "../../core/remotes/repository-key";
import type { Db } from "../db/client";

export function githubSignature(body: Uint8Array, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** Whether a header has the form of a signature at all (`sha256=` and 64 hex digits). */
export function isSignatureHeader(header: string | null): header is string {
  return header !== null && /^sha256=[0-9a-f]{64}$/i.test(header.trim());
}

export function verifyGithubSignature(body: Uint8Array, header: string | null, secret: string): boolean {
  if (!isSignatureHeader(header)) return false;
  const expected = Buffer.from(githubSignature(body, secret), "utf8");
  const given = Buffer.from(header.trim().toLowerCase(), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The repository URLs a GitHub payload names (clone, SSH, git, HTML), as repository keys. */
export function payloadRepositoryKeys(payload: unknown): string[] {
  if (typeof payload !== "object" || payload === null) return [];
  const repository = (payload as { repository?: unknown }).repository;
  if (typeof repository !== "object" || repository === null) return [];
  const fields = ["clone_url", "ssh_url", "git_url", "html_url", "svn_url", "url"] as const;
  const keys = fields
    .map((field) => (repository as Record<string, unknown>)[field])
    .filter((value): value is string => typeof value === "string" && value.length < 2048)
    .map((value) => repositoryKey(value))
    .filter((key): key is string => key !== null);
  return [...new Set(keys)];
}

/** The remote a payload is about, with its secret; null when none names that repository. */
export async function findRemoteForPayload(db: Db, payload: unknown): Promise<{ id: string; webhookSecret: string } | null> {
  const keys = new Set(payloadRepositoryKeys(payload));
  if (keys.size === 0) return null;
  const remotes = await db.remote.findMany({ select: { id: true, fetchUrl: true, webhookSecret: true } });
  const found = remotes.find((remote) => {
    const key = repositoryKey(remote.fetchUrl);
    return key !== null && keys.has(key);
  });
  return found ? { id: found.id, webhookSecret: found.webhookSecret } : null;
}
