import { requireAccess } from "@/lib/server/access/require-access";
import { getDb } from "@/lib/server/db/client";
import { handle, NotFoundError } from "@/lib/server/http";
import { getResumeOptions } from "@/lib/server/resume/resume-options";

// Readiness asks git about the repo as it is now; a cached answer would hide new commits.
export const dynamic = "force-dynamic";

export const GET = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  await requireAccess(request, "handoffs:read");
  const { id } = await params;
  const options = await getResumeOptions(getDb(), id);
  if (options === null) throw new NotFoundError(`no handoff with id ${id}`);
  return options;
});
