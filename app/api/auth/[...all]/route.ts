import { NextResponse } from "next/server";
import { AccessError, isTeamMode, requireAccess } from "@/lib/server/access/require-access";
import { handleAuthRequest } from "@/lib/server/auth/auth";

export const dynamic = "force-dynamic";

/** better-auth's routes (sign-in, sign-out, session, GitHub callback), behind the per-account sign-in limit; only on the team server. */
async function authRoute(request: Request): Promise<Response> {
  try {
    await requireAccess(request, request.method === "GET" ? "auth:read" : "auth:write");
  } catch (error) {
    if (error instanceof AccessError) return NextResponse.json({ error: error.message }, { status: error.status });
    throw error;
  }
  if (!isTeamMode()) return NextResponse.json({ error: "sign-in exists only on a team server (baton serve --team)" }, { status: 404 });
  return handleAuthRequest(request);
}

export const GET = authRoute;
export const POST = authRoute;
