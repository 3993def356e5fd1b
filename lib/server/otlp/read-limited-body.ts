/**
 * A request body read with a byte limit, counted as it streams (never more than the limit is held):
 * a `Content-Length` over the limit is refused before reading, a body that runs past it is refused at
 * the limit. A gzip body is inflated with the same limit on its output (`maxOutputLength`: zlib
 * stops there, so a gzip bomb costs at most `limit` bytes of memory).
 *
 * Past the limit, the rest of the body is read and dropped (nothing held) for up to DRAIN_BYTES more,
 * so a client still sending gets the 413 instead of a reset connection (a closed socket under a
 * client's write is an EPIPE, not an answer); a body longer than that is cut off.
 */
import { AppError } from "../app-error";
import { gunzip } from "node:zlib";
import { promisify } from "node:util";

const gunzipAsync = promisify(gunzip);

/** OTLP bodies: 5 MB, encoded and decoded. */
export const OTLP_BODY_LIMIT = 5 * 1024 * 1024;

export async function readLimitedBody(request: Request, limit: number): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) throw tooLarge(limit);
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      parts.length = 0;
      await drain(reader, Math.max(limit, DRAIN_BYTES));
      throw tooLarge(limit);
    }
    parts.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    body.set(part, offset);
    offset += part.byteLength;
  }
  return body;
}

/** How much of a body past its limit is read and dropped before the connection is cut (see above). */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 30_000;

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number): Promise<void> {
  const deadline = Date.now() + DRAIN_MS;
  let dropped = 0;
  while (dropped <= budget && Date.now() < deadline) {
    const { done, value } = await reader.read();
    if (done) return;
    dropped += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
}

/** `Content-Encoding`: none/identity as is, gzip inflated (≤ limit); anything else 415. */
export async function decodeContentEncoding(body: Uint8Array, encoding: string | null, limit: number): Promise<Uint8Array> {
  const name = (encoding ?? "").trim().toLowerCase();
  if (name === "" || name === "identity") return body;
  if (name !== "gzip" && name !== "x-gzip") throw new AppError(415, `Content-Encoding ${JSON.stringify(encoding)} is not supported: send gzip or none`);
  try {
    return new Uint8Array(await gunzipAsync(body, { maxOutputLength: limit }));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError) throw tooLarge(limit, "decoded ");
    throw new AppError(400, `the gzip body does not inflate: ${(error as Error).message}`);
  }
}

function tooLarge(limit: number, what = ""): AppError {
  return new AppError(413, `the ${what}body is over ${Math.round(limit / 1024 / 1024)} MB`);
}
