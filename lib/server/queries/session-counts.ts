/**
 * Subagents and linked handoffs of the sessions a page shows. Prisma's `_count` in a list's select
 * joined counts over the whole session table before keeping 50 rows (on PostgreSQL, 4.3 s at 15,000
 * sessions with a bad plan); two grouped reads over the page's ids are indexed and stay flat.
 */
import type { Db } from "../db/client";

export interface RelatedCounts {
  subagents: number;
  links: number;
}

/** Counts for the given sessions only (0 for a session with none). */
export async function relatedCounts(db: Db, ids: string[]): Promise<Map<string, RelatedCounts>> {
  const counts = new Map<string, RelatedCounts>(ids.map((id) => [id, { subagents: 0, links: 0 }]));
  if (ids.length === 0) return counts;
  const [subagents, links] = await Promise.all([
    db.agentSession.groupBy({ by: ["parentId"], where: { parentId: { in: ids } }, _count: { _all: true } }),
    db.sessionHandoffLink.groupBy({ by: ["sessionId"], where: { sessionId: { in: ids } }, _count: { _all: true } }),
  ]);
  for (const row of subagents) if (row.parentId !== null) counts.get(row.parentId)!.subagents = row._count._all;
  for (const row of links) counts.get(row.sessionId)!.links = row._count._all;
  return counts;
}
