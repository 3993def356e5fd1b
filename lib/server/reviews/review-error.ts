/**
 * A refused review write, with the status the route answers: 404 (no such review or comment), 403 (the
 * role may not), 409 (someone else's claim, a stale version, a move the state does not allow), 400 (a
 * required reason missing). `details` go into the answer's body (409: `{ heldBy, claimExpiresAt }` or
 * `{ version }`). Free of next/*: the CLI's local mode throws the same errors.
 */
export class ReviewError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ReviewError";
  }
}
