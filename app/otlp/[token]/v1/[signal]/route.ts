import { handleOtlp } from "@/lib/server/otlp/otlp-route";

export const dynamic = "force-dynamic";

const SIGNALS = new Set(["logs", "metrics", "traces"]);

/**
 * OTLP/HTTP with the token in the path, for exporters that cannot send headers:
 * `/otlp/<token>/v1/logs`. The token is checked as `Authorization: Bearer <token>` would be.
 */
export async function POST(request: Request, { params }: { params: Promise<{ token: string; signal: string }> }): Promise<Response> {
  const { token, signal } = await params;
  if (!SIGNALS.has(signal)) return Response.json({ error: "not found" }, { status: 404 });
  return handleOtlp(request, signal as "logs" | "metrics" | "traces", token);
}
