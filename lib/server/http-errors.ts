/** Errors a route answers with their own status (lib/server/http.ts maps them); free of Next, so the CLI shares them. */
export class NotFoundError extends Error {}

/** A refusal with its own status (e.g. 415, 503), answered as `{ error: message, ...details }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
