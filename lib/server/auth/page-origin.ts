/** The address people reach this server at, for links shown on a page (invitations, `baton login`). */
import { headers } from "next/headers";

export async function pageOrigin(): Promise<string> {
  const configured = process.env.BATON_PUBLIC_URL?.trim();
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      // fall through to the request's own address
    }
  }
  const list = await headers();
  const host = list.get("x-forwarded-host")?.split(",")[0]?.trim() || list.get("host") || "127.0.0.1";
  const proto = list.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https" ? "https" : "http";
  return `${proto}://${host}`;
}
