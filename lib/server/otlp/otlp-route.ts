/**
 * The OTLP/HTTP receiver behind `POST /v1/logs|metrics|traces` and `/otlp/<token>/v1/…` (for clients
 * that cannot send headers). Answers as the OTLP/HTTP spec says, in the request's encoding:
 * 200 with an Export…ServiceResponse (`partialSuccess` when records were rejected or values changed),
 * 400 for a body that does not decode, 401/403 from requireAccess, 413 over 5 MB (encoded or
 * decoded), 415 for another content type or encoding, 429 with `Retry-After` over the rate limit,
 * 503 with `Retry-After` when the database could not take the batch (exporters retry it); error
 * bodies are a google.rpc.Status.
 *
 * Logs are read (per-request events → samples, content attributes dropped); metrics are decoded to
 * tell valid from garbage and not used; traces are accepted and not read.
 */
import { AppError } from "../app-error";
import { decodeLogsJson, decodeLogsProtobuf, checkMetricsBody, encodeResponseJson, encodeResponseProtobuf, encodeStatus, type OtlpSignal } from "../../core/otlp/decode-otlp";
import { mapOtlpRecords } from "../../core/otlp/map-otlp-records";
import { actorLabel } from "../../core/access/actor";
import { requireAccess, type AccessRequest } from "../access/require-access";
import { resolveDatabaseUrl } from "../db/database-url";
import { decodeContentEncoding, OTLP_BODY_LIMIT, readLimitedBody } from "./read-limited-body";
import { rateKey, takeRequest } from "./rate-limit";
import { storeOtlpBatch } from "./store-otlp-samples";

type Encoding = "protobuf" | "json";

const MEDIA: Record<Encoding, string> = { protobuf: "application/x-protobuf", json: "application/json" };

export function encodingOf(contentType: string | null): Encoding | null {
  const media = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (media === "application/x-protobuf" || media === "application/protobuf") return "protobuf";
  if (media === "application/json") return "json";
  return null;
}

/** The request as requireAccess sees it: a path token stands in for the Authorization header. */
function accessRequestOf(request: Request, pathToken: string | null): AccessRequest {
  if (pathToken === null) return request;
  return {
    method: request.method,
    url: request.url,
    headers: { get: (name: string) => (name.toLowerCase() === "authorization" ? `Bearer ${pathToken}` : request.headers.get(name)) },
  };
}

export async function handleOtlp(request: Request, signal: OtlpSignal, pathToken: string | null = null): Promise<Response> {
  const encoding = encodingOf(request.headers.get("content-type"));
  const answerEncoding: Encoding = encoding ?? "json";
  const fail = (status: number, message: string, headers: Record<string, string> = {}) => {
    const body = encodeStatus(answerEncoding, status, message);
    return new Response(body as BodyInit, { status, headers: { "Content-Type": MEDIA[answerEncoding], ...headers } });
  };
  try {
    const access = accessRequestOf(request, pathToken);
    const actor = await requireAccess(access, "ingest:push");
    const credential = access.headers.get("authorization");
    const wait = takeRequest(rateKey(actor.kind === "local" ? null : (credential ?? actor.userId)));
    if (wait !== null) return fail(429, `too many requests: retry after ${wait} s`, { "Retry-After": String(wait) });
    if (encoding === null) return fail(415, `Content-Type ${JSON.stringify(request.headers.get("content-type"))} is not supported: send application/x-protobuf or application/json`);
    const raw = await readLimitedBody(request, OTLP_BODY_LIMIT);
    const body = await decodeContentEncoding(raw, request.headers.get("content-encoding"), OTLP_BODY_LIMIT);
    const ok = (partial: { rejected: number; errorMessage: string } | null) =>
      new Response((encoding === "protobuf" ? encodeResponseProtobuf(signal, partial) : encodeResponseJson(signal, partial)) as BodyInit, {
        status: 200,
        headers: { "Content-Type": MEDIA[encoding] },
      });
    if (signal === "traces") return ok(null);
    if (signal === "metrics") {
      const checked = checkMetricsBody(body, encoding);
      return checked.ok ? ok(null) : fail(400, checked.error);
    }
    let text: string | null = null;
    if (encoding === "json") {
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(body);
      } catch {
        return fail(400, "the JSON body is not valid UTF-8");
      }
    }
    const decoded = text === null ? decodeLogsProtobuf(body) : decodeLogsJson(text);
    if (!decoded.ok) return fail(400, decoded.error);
    const mapped = mapOtlpRecords(decoded.value);
    if (mapped.samples.length > 0 || mapped.findings.length > 0) {
      try {
        await storeOtlpBatch(resolveDatabaseUrl(), {
          owner: { userId: actor.userId, label: `OpenTelemetry: ${actor.kind === "local" ? "local user" : actorLabel(actor)}` },
          samples: mapped.samples,
          findings: mapped.findings,
        });
      } catch (error) {
        // Nothing of the batch was stored (one transaction): 503 is the answer OTLP exporters retry.
        console.error(error);
        return fail(503, "the records could not be stored just now; retry", { "Retry-After": "5" });
      }
    }
    const messages = [...mapped.rejections, ...mapped.findings];
    return ok(mapped.rejected > 0 || messages.length > 0 ? { rejected: mapped.rejected, errorMessage: messages.join("; ").slice(0, 2000) } : null);
  } catch (error) {
    // The one error class (lib/server/app-error.ts); answered in the request's own encoding.
    if (error instanceof AppError) return fail(error.status, error.message);
    console.error(error);
    return fail(500, "internal error");
  }
}
