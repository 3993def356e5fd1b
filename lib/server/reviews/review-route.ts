/**
 * The review routes' shared context on top of route() (lib/server/route.ts, which checks access, parses
 * the body and maps every error): the database, the actor as a review actor, the review's id (and a
 * comment's) from the address.
 */
import type { z } from "zod";
import type { AccessScope } from "../access/access-scopes.data";
import { getDb, type Db } from "../db/client";
import { route } from "../route";
import { reviewActor, type ReviewActor } from "./review-actor";

export interface ReviewRouteContext<Body> {
  db: Db;
  actor: ReviewActor;
  id: string;
  commentId: string | undefined;
  body: Body;
  request: Request;
}

/** A review write: the scope, the JSON body through `schema`, then lib/server/reviews. */
export function reviewRoute<Schema extends z.ZodType>(scope: AccessScope, schema: Schema, work: (context: ReviewRouteContext<z.infer<Schema>>) => Promise<unknown>) {
  return route(scope, { body: schema }, ({ actor, params, body, request }) =>
    work({ db: getDb(), actor: reviewActor(actor), id: params.id ?? "", commentId: params.commentId, body: body as z.infer<Schema>, request }),
  );
}

/** A review read: the scope, then the work. */
export function reviewReadRoute(work: (context: Omit<ReviewRouteContext<undefined>, "body" | "commentId">) => Promise<unknown>) {
  return route("reviews:read", {}, ({ actor, params, request }) => work({ db: getDb(), actor: reviewActor(actor), id: params.id ?? "", request }));
}
