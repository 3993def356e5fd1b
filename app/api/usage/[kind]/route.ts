import { getDb } from "@/lib/server/db/client";
import { route } from "@/lib/server/route";
import { usageReport, usageReportQuerySchema } from "@/lib/server/usage/usage-report";
import { usageSqlFor } from "@/lib/server/usage/usage-sql";

export const dynamic = "force-dynamic";

export const GET = route("sessions:read", { query: usageReportQuerySchema }, async ({ params, query }) => usageReport(usageSqlFor(getDb()), params.kind!, query));
