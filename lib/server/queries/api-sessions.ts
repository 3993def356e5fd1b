/**
 * `GET /api/sessions[?runtime=&sessionId=]` → `{ sessions }`: the sessions of `scan --agents --json`
 * (the same serializer, getSessionReport), over every source, plus where each came from:
 * `origin` "scan" (a log this server read), "otlp" (OpenTelemetry, provisional until its log arrives)
 * or "push" (`baton push`). Superseded sessions (a seed or OpenTelemetry session whose log Baton holds)
 * are not listed, as on the sessions page.
 */
import { z } from "zod";
import type { SqlReader } from "../db/sql-reader";
import { getSessionReport, type SessionJson } from "./scan-report";

export type SessionOrigin = "scan" | "otlp" | "push";

export type ApiSession = SessionJson & { origin: SessionOrigin };

export const apiSessionFiltersSchema = z.object({
  runtime: z.string().min(1).max(100).optional(),
  sessionId: z.string().min(1).max(500).optional(),
});

export function originOfSourceKind(kind: string): SessionOrigin {
  return kind === "otlp" ? "otlp" : kind === "push" ? "push" : "scan";
}

export async function listApiSessions(sql: SqlReader, filters: z.infer<typeof apiSessionFiltersSchema>): Promise<{ sessions: ApiSession[] }> {
  // Only the sources that hold a matching session are reported (the report reads per source).
  const conditions = [`s."parentId" IS NULL`, `s."supersededById" IS NULL`];
  const params: string[] = [];
  if (filters.runtime) {
    conditions.push(`s."runtime" = ?`);
    params.push(filters.runtime);
  }
  if (filters.sessionId) {
    conditions.push(`s."externalId" = ?`);
    params.push(filters.sessionId);
  }
  const sources = await sql.query<{ id: string; kind: string; root: string }>(
    `SELECT DISTINCT src."id", src."kind", src."root" FROM "Source" src JOIN "AgentSession" s ON s."sourceId" = src."id" WHERE ${conditions.join(" AND ")}`,
    params,
  );
  const kindOfRoot = new Map(sources.map((source) => [source.root, source.kind]));
  const { sessions } = await getSessionReport(sql, sources.map((source) => source.id));
  return {
    sessions: sessions
      .filter((session) => (!filters.runtime || session.runtime === filters.runtime) && (!filters.sessionId || session.sessionId === filters.sessionId))
      .map((session) => ({ ...session, origin: originOfSourceKind(kindOfRoot.get(session.source) ?? "") })),
  };
}
