/**
 * One GitHub webhook delivery, decided before anything runs: 401 for a missing or malformed signature
 * (before the body is even parsed), 400 for a body that is not JSON, 401 for a signature that does not
 * match (also when no remote names the repository: the answer never tells a stranger which
 * repositories are mirrored), 200 for `ping`, 202 for a push (the fetch starts now and is returned so a
 * caller may wait on it), 200 and nothing done for other events. At most 1 MiB of body is read.
 */
import type { FetchContext, FetchOutcome } from "./fetch-remote";
import { fetchRemote } from "./fetch-remote";
import { findRemoteForPayload, isSignatureHeader, verifyGithubSignature } from "./github-webhook";

export const MAX_WEBHOOK_BYTES = 1024 * 1024;

/** The one answer for every delivery not signed with the secret of a remote that names its repository. */
const UNSIGNED: DeliveryVerdict = {
  status: 401,
  body: { error: "X-Hub-Signature-256 is missing or does not match the secret of a remote for this repository (Sources → the remote's webhook secret)" },
  fetch: null,
};

export interface DeliveryVerdict {
  status: 200 | 202 | 400 | 401 | 413;
  body: Record<string, unknown>;
  fetch: Promise<FetchOutcome> | null;
}

export async function handleGithubDelivery(
  context: FetchContext,
  delivery: { body: Uint8Array; event: string | null; signature: string | null },
): Promise<DeliveryVerdict> {
  if (delivery.body.byteLength > MAX_WEBHOOK_BYTES) return { status: 413, body: { error: "the delivery is larger than 1 MiB" }, fetch: null };
  if (!isSignatureHeader(delivery.signature)) return UNSIGNED;
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(delivery.body));
  } catch {
    return { status: 400, body: { error: "the body is not JSON (set the webhook's content type to application/json)" }, fetch: null };
  }
  const remote = await findRemoteForPayload(context.db, payload);
  if (!remote || !verifyGithubSignature(delivery.body, delivery.signature, remote.webhookSecret)) return UNSIGNED;
  if (delivery.event === "ping") return { status: 200, body: { ok: true, remote: remote.id, event: "ping" }, fetch: null };
  if (delivery.event !== "push") return { status: 200, body: { ok: true, remote: remote.id, event: delivery.event, ignored: true }, fetch: null };
  const fetch = fetchRemote(remote.id, context);
  return { status: 202, body: { ok: true, remote: remote.id, event: "push", fetching: true }, fetch };
}
