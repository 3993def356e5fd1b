/**
 * A request body read with a byte limit, counted as it streams (never more than the limit is held):
 * a `Content-Length` over the limit is refused before reading, a body that runs past it is cancelled
 * at the limit. A gzip body is inflated with the same limit on its output (`maxOutputLength`: zlib
 * stops there, so a gzip bomb costs at most `limit` bytes of memory).
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
      await reader.cancel().catch(() => undefined);
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
