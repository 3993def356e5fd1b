import type { SqlReader } from "../db/sql-reader";

/**
 * Handoffs linked to a session, counted only over what one scan covered: the handoffs of its repos
 * and the sessions of its agent folders (the link table holds every repo's links).
 */
export async function countScanLinks(sql: SqlReader, scope: { repoIds: string[]; sourceIds: string[] }): Promise<{ bySessionId: number; byRepoBranchTime: number }> {
  const counts = { bySessionId: 0, byRepoBranchTime: 0 };
  if (scope.repoIds.length === 0 && scope.sourceIds.length === 0) return counts;
  const conditions: string[] = [];
  if (scope.repoIds.length > 0) conditions.push(`h."repoId" IN (${scope.repoIds.map(() => "?").join(", ")})`);
  if (scope.sourceIds.length > 0) conditions.push(`s."sourceId" IN (${scope.sourceIds.map(() => "?").join(", ")})`);
  const rows = await sql.query<{ method: string; handoffs: number | string }>(
    `SELECT l."method", COUNT(DISTINCT l."handoffId") AS "handoffs"
     FROM "SessionHandoffLink" l JOIN "Handoff" h ON h."id" = l."handoffId" JOIN "AgentSession" s ON s."id" = l."sessionId"
     WHERE ${conditions.join(" OR ")}
     GROUP BY l."method"`,
    [...scope.repoIds, ...scope.sourceIds],
  );
  for (const row of rows) {
    if (row.method === "session-id") counts.bySessionId = Number(row.handoffs);
    else if (row.method === "repo-branch-time") counts.byRepoBranchTime = Number(row.handoffs);
  }
  return counts;
}
