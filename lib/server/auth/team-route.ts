/**
 * Route handlers of the team pieces (tokens, members, invitations): 404 in single-user mode (there is
 * nobody to manage), a TeamError answered with its own status, and the body read as a JSON object.
 */
import { isTeamMode } from "../access/require-access";
import { HttpError } from "../http";
import { TeamError } from "./users";

export function requireTeamMode(): void {
  if (!isTeamMode()) throw new HttpError(404, "this is a single-user server: teams, tokens and invitations exist only on a team server (baton serve --team)");
}

export async function teamWork<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TeamError) throw new HttpError(error.status, error.message);
    throw error;
  }
}

export async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/json")) throw new HttpError(415, "send Content-Type: application/json");
  const body: unknown = await request.json().catch(() => null);
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new HttpError(400, "the body must be a JSON object");
  return body as Record<string, unknown>;
}

export function stringField(body: Record<string, unknown>, name: string, required = true): string {
  const value = body[name];
  if (typeof value === "string") return value;
  if (!required && (value === undefined || value === null)) return "";
  throw new HttpError(400, `"${name}" must be a string`);
}
