import { notFound } from "@/lib/server/app-error";
import { getDb } from "@/lib/server/db/client";
import { getResumeOptions } from "@/lib/server/resume/resume-options";
import { route } from "@/lib/server/route";

// Readiness asks git about the repo as it is now; a cached answer would hide new commits.
export const dynamic = "force-dynamic";

export const GET = route("handoffs:read", {}, async ({ params }) => {
  const options = await getResumeOptions(getDb(), params.id!);
  if (options === null) throw notFound(`no handoff with id ${params.id}`);
  return options;
});
