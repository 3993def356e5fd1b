import { requireAccess } from "@/lib/server/access/require-access";
import { getDb } from "@/lib/server/db/client";
import { handle, searchParamsObject } from "@/lib/server/http";
import { usageReport, usageReportQuerySchema } from "@/lib/server/usage/usage-report";
import { usageSqlFor } from "@/lib/server/usage/usage-sql";

export const dynamic = "force-dynamic";

export const GET = handle(async (request: Request, { params }: { params: Promise<{ kind: string }> }) => {
  await requireAccess(request, "sessions:read");
  const { kind } = await params;
  return usageReport(usageSqlFor(getDb()), kind, usageReportQuerySchema.parse(searchParamsObject(request.url)));
});
