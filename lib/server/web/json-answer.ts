/**
 * The JSON answer of a route handler (lib/server/route.ts). A large document (an all-time usage
 * report lists every session or block of years: 9–12 MB at the bench's 10x) is gzipped here at zlib's
 * fastest level when the client takes gzip. Next's own compression (`next start`) gzips every answer
 * at zlib's default level 6, which took ~210–380 ms of CPU for such a document against ~85 ms at
 * level 1, for ~20 % more bytes; an answer that is already encoded is left alone by it. Small answers
 * go out as before (Next compresses them, when they are worth it).
 */
import { promisify } from "node:util";
import { gzip, constants } from "node:zlib";

const gzipAsync = promisify(gzip);

/** Characters of JSON from which the answer is gzipped here. */
export const LARGE_JSON_CHARS = 256 * 1024;

export async function jsonAnswer(request: Request, value: unknown, init: ResponseInit = {}): Promise<Response> {
  const text = JSON.stringify(value);
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json");
  if (text.length < LARGE_JSON_CHARS) return new Response(text, { ...init, headers });
  headers.append("Vary", "Accept-Encoding");
  if (!acceptsGzip(request.headers.get("accept-encoding"))) return new Response(text, { ...init, headers });
  headers.set("Content-Encoding", "gzip");
  // On zlib's thread pool, like Next's own compression: the server's thread stays free meanwhile.
  const body = await gzipAsync(Buffer.from(text), { level: constants.Z_BEST_SPEED });
  return new Response(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), { ...init, headers });
}

/** Whether an Accept-Encoding header takes gzip (`gzip`, else `*`, at a quality above 0). */
export function acceptsGzip(header: string | null): boolean {
  if (header === null) return false;
  let star = false;
  for (const part of header.split(",")) {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith("q="));
    const accepted = quality === undefined || Number(quality.slice(2)) > 0;
    if (name === "gzip" || name === "x-gzip") return accepted;
    if (name === "*") star = accepted;
  }
  return star;
}
