/**
 * What an open live stream needs to end when its credential is revoked (event-stream.ts, "Revocable"):
 * whose it is, and the same check that let it open, asked again with the request's own credential.
 */
import type { Actor } from "../../core/access/actor";
import { requireAccess, type AccessRequest } from "../access/require-access";
import { AppError } from "../app-error";
import type { StreamAccess } from "./event-stream";

export function streamAccessFor(request: AccessRequest, actor: Actor): StreamAccess | undefined {
  if (actor.kind === "local" || actor.userId === null) return undefined;
  return {
    userId: actor.userId,
    stillValid: async () => {
      try {
        await requireAccess(request, "events:read");
        return true;
      } catch (error) {
        if (error instanceof AppError) return false;
        throw error;
      }
    },
  };
}
