/**
 * The review routes' shared shape: requireAccess first (the scope), then the JSON body through its zod
 * schema, then lib/server/reviews; a ReviewError becomes its status with its details in the body
 * (409 `{ heldBy, claimExpiresAt }` or `{ version }`), everything else goes through handle().
 */
import type { z } from "zod";
import { requireAccess } from "../access/require-access";
import type { AccessScope } from "../access/access-scopes.data";
import { getDb, type Db } from "../db/client";
import { handle, HttpError } from "../http";
import { reviewActor, type ReviewActor } from "./review-actor";
import { ReviewError } from "./review-error";

export type ReviewParams = { params: Promise<{ id: string; commentId?: string }> };

export function reviewRoute<Schema extends z.ZodType>(
  scope: AccessScope,
  schema: Schema,
  work: (context: { db: Db; actor: ReviewActor; id: string; commentId: string | undefined; body: z.infer<Schema>; request: Request }) => Promise<unknown>,
) {
  return handle(async (request: Request, { params }: ReviewParams) => {
    const actor = reviewActor(await requireAccess(request, scope));
    if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/json")) throw new HttpError(415, "send Content-Type: application/json");
    let json: unknown;
    try {
      json = await request.json();
    } catch {
      throw new HttpError(400, "the body is not JSON");
    }
    const body = schema.parse(json);
    const { id, commentId } = await params;
    try {
      return await work({ db: getDb(), actor, id, commentId, body, request });
    } catch (error) {
      if (error instanceof ReviewError) throw new HttpError(error.status, error.message, error.details);
      throw error;
    }
  });
}

/** A read: the scope, then the work; a ReviewError (404) becomes its status. */
export function reviewReadRoute(work: (context: { db: Db; actor: ReviewActor; id: string; request: Request }) => Promise<unknown>) {
  return handle(async (request: Request, { params }: ReviewParams) => {
    const actor = reviewActor(await requireAccess(request, "reviews:read"));
    const { id } = await params;
    try {
      return await work({ db: getDb(), actor, id, request });
    } catch (error) {
      if (error instanceof ReviewError) throw new HttpError(error.status, error.message, error.details);
      throw error;
    }
  });
}
