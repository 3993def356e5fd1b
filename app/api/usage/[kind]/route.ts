import { getDb } from "@/lib/server/db/client";
import { route } from "@/lib/server/route";
import { sqlReaderFor } from "@/lib/server/db/sql-reader";
import { usageReport, usageReportQuerySchema } from "@/lib/server/usage/usage-report";

export const dynamic = "force-dynamic";

export const GET = route("sessions:read", { query: usageReportQuerySchema }, async ({ params, query }) => usageReport(sqlReaderFor(getDb()), params.kind!, query));
