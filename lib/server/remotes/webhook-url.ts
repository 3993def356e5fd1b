/**
 * The address GitHub should deliver pushes to: `BATON_PUBLIC_URL` when set (the name teammates and
 * GitHub reach the server by, behind a proxy), else the address of the request that asked.
 */
export const WEBHOOK_PATH = "/api/hooks/github";

export function webhookUrl(request: { url: string; headers: Pick<Headers, "get"> } | null, env: NodeJS.ProcessEnv = process.env): string {
  const base = env.BATON_PUBLIC_URL?.replace(/\/+$/, "");
  if (base) return `${base}${WEBHOOK_PATH}`;
  if (!request) return WEBHOOK_PATH;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  const protocol = request.headers.get("x-forwarded-proto") ?? new URL(request.url).protocol.replace(/:$/, "");
  return host ? `${protocol}://${host}${WEBHOOK_PATH}` : WEBHOOK_PATH;
}
