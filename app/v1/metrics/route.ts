import { handleOtlp } from "@/lib/server/otlp/otlp-route";

export const dynamic = "force-dynamic";

/** OTLP/HTTP metrics (lib/server/otlp/otlp-route.ts: access is checked there, first). */
export async function POST(request: Request): Promise<Response> {
  return handleOtlp(request, "metrics");
}
