import { AppError } from "@/lib/server/app-error";
import { isTeamMode } from "@/lib/server/access/require-access";
import { handleAuthRequest } from "@/lib/server/auth/auth";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

/** better-auth's routes (sign-in, sign-out, session, GitHub callback), behind the per-account sign-in limit; only on the team server. */
async function authRoute(request: Request): Promise<Response> {
  return (request.method === "GET" ? readAuth : writeAuth)(request);
}

const answer = async ({ request }: { request: Request }) => {
  if (!isTeamMode()) throw new AppError(404, "sign-in exists only on a team server (baton serve --team)");
  return handleAuthRequest(request);
};
const readAuth = route("auth:read", {}, answer);
const writeAuth = route("auth:write", {}, answer);

export const GET = authRoute;
export const POST = authRoute;
