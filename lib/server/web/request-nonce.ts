import "server-only";
import { headers } from "next/headers";

/**
 * The CSP nonce proxy.ts made for this request, read back from the request's Content-Security-Policy
 * header (where Next also finds it for its own scripts). An inline script of ours must carry it or the
 * browser refuses to run it.
 */
export async function requestNonce(): Promise<string | undefined> {
  const policy = (await headers()).get("content-security-policy") ?? "";
  return /'nonce-([^']+)'/.exec(policy)?.[1];
}
