/**
 * Every route handler and server action reads the same way: `route(scope, schema, work)` checks access
 * first (requireAccess: 421 foreign host, 403 foreign site or too narrow a role, 401 nobody), then the
 * input through zod (the JSON body and/or the query), then calls lib/server; what `work` returns is the
 * JSON answer (or a Response, sent as it is). One mapping for every failure (`answerError`):
 * - a ZodError: 400 `{ error: "invalid request", issues }`;
 * - an AppError (lib/server/app-error.ts): its status, `{ ...details, error: message }`, nothing logged;
 * - anything else: logged, 500 `{ error: "internal error" }` — never a silent null.
 * Server actions go through `serverAction(scope, work)`: a refusal answers 401/403 (Next's
 * unauthorized()/forbidden(), experimental.authInterrupts) instead of a 500 with a stack trace.
 */
import { NextResponse } from "next/server";
import { forbidden, notFound as nextNotFound, unauthorized } from "next/navigation";
import { headers } from "next/headers";
import { ZodError, type z } from "zod";
import type { Actor } from "../core/access/actor";
import { isTeamMode, requireAccess } from "./access/require-access";
import type { AccessScope } from "./access/access-scopes.data";
import { AppError } from "./app-error";
import { jsonAnswer } from "./web/json-answer";

export { AppError };

/** What a route reads besides access: a JSON body, the query, and whether it exists only on a team server. */
export interface RouteInput {
  /** The JSON body's schema: the body must be `application/json` (else 415) and JSON (else 400). */
  body?: z.ZodType;
  /** The query string's schema (its parameters as an object of strings). */
  query?: z.ZodType;
  /** Tokens, members, invitations: a single-user server answers 404 (there is nobody to manage). */
  teamOnly?: boolean;
}

type Parsed<Input, Key extends keyof RouteInput> = Input extends { [K in Key]: infer Schema extends z.ZodType } ? z.infer<Schema> : undefined;

export interface RouteContext<Input extends RouteInput> {
  request: Request;
  actor: Actor;
  /** The route's dynamic segments (a catch-all's parts joined with "/"). */
  params: Record<string, string>;
  body: Parsed<Input, "body">;
  query: Parsed<Input, "query">;
}

/** Next's second argument to a route handler. */
export interface RouteSegments {
  params: Promise<Record<string, string | string[]> | undefined>;
}

export const TEAM_ONLY_MESSAGE = "this is a single-user server: teams, tokens and invitations exist only on a team server (baton serve --team)";

export function route<const Input extends RouteInput>(
  scope: AccessScope,
  input: Input,
  work: (context: RouteContext<Input>) => Promise<unknown>,
): (request: Request, segments?: RouteSegments) => Promise<Response> {
  return async (request, segments) => {
    try {
      const actor = await requireAccess(request, scope);
      if (input.teamOnly && !isTeamMode()) throw new AppError(404, TEAM_ONLY_MESSAGE);
      const query = input.query ? input.query.parse(searchParamsObject(request.url)) : undefined;
      const body = input.body ? input.body.parse(await readJson(request)) : undefined;
      // A route without dynamic segments gets a context whose params resolve to undefined.
      const params = flattenParams((segments ? await segments.params : undefined) ?? {});
      const result = await work({ request, actor, params, body, query } as RouteContext<Input>);
      return result instanceof Response ? result : await jsonAnswer(request, result);
    } catch (error) {
      return answerError(error);
    }
  };
}

/** The one mapping from a failure to an answer (route handlers; lib/server/otlp encodes its own body). */
export function answerError(error: unknown): Response {
  if (error instanceof ZodError) return NextResponse.json({ error: "invalid request", issues: error.issues }, { status: 400 });
  if (error instanceof AppError) return NextResponse.json({ ...error.details, error: error.message }, { status: error.status });
  console.error(error);
  return NextResponse.json({ error: "internal error" }, { status: 500 });
}

/**
 * A server action: access first (a server action is a POST to the page's own address, so the same Host
 * and Origin check applies; Next's own check compares Origin with Host, which a DNS-rebinding page
 * passes), then `work`. A refusal answers 401 or 403 (421 too: an action has no such answer, and the
 * request is refused either way) and a missing record 404, through Next's interrupts, so nothing is
 * logged as a crash; any other AppError is thrown on as it is.
 */
export function serverAction<Args extends unknown[], Result>(
  scope: AccessScope,
  work: (actor: Actor, ...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    let actor: Actor;
    try {
      actor = await requireAccess({ method: "POST", headers: await headers() }, scope);
    } catch (error) {
      refuseAction(error);
    }
    try {
      return await work(actor, ...args);
    } catch (error) {
      refuseAction(error);
    }
  };
}

function refuseAction(error: unknown): never {
  if (error instanceof AppError) {
    if (error.status === 401) unauthorized();
    if (error.status === 403 || error.status === 421) forbidden();
    if (error.status === 404) nextNotFound();
  }
  throw error;
}

export function searchParamsObject(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams.entries());
}

async function readJson(request: Request): Promise<unknown> {
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/json")) throw new AppError(415, "send Content-Type: application/json");
  try {
    return await request.json();
  } catch {
    throw new AppError(400, "the body is not JSON");
  }
}

function flattenParams(params: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, Array.isArray(value) ? value.join("/") : value]));
}
