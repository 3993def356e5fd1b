/**
 * The one error a request can be refused with: its HTTP status, a short code, a message for people and
 * `details` that go into the answer's JSON body beside the message (`{ ...details, error: message }`,
 * e.g. 409 `{ heldBy, claimExpiresAt }`). Access refusals (401/403/421), review and team rules
 * (400/403/404/409), a missing record (404), a body too large (413) or of the wrong type (415), a storage
 * failure (503): all are AppErrors, mapped in one place (lib/server/route.ts). Free of next/*, so the CLI
 * throws and reads the same errors.
 */

/** The code per status, for logs and programs; the status is what a client acts on. */
const CODES: Readonly<Record<number, string>> = {
  400: "invalid-request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not-found",
  409: "conflict",
  413: "too-large",
  415: "unsupported-media-type",
  421: "misdirected-request",
  429: "rate-limited",
  503: "unavailable",
};

export class AppError extends Error {
  readonly code: string;

  constructor(
    readonly status: number,
    message: string,
    readonly details: Record<string, unknown> = {},
    code?: string,
  ) {
    super(message);
    this.name = "AppError";
    this.code = code ?? CODES[status] ?? `http-${status}`;
  }
}

/** A 404 for a record that does not exist. */
export function notFound(message = "not found"): AppError {
  return new AppError(404, message);
}

/** Whether an error is an AppError with one of these statuses. */
export function isAppError(error: unknown, ...statuses: number[]): error is AppError {
  return error instanceof AppError && (statuses.length === 0 || statuses.includes(error.status));
}
