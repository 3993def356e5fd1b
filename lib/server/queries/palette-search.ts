/**
 * What the command palette finds for a query: handoffs by the handoff list's own full-text search,
 * sessions by their title (first prompt), id, folder or branch, repos by name or path, branches by name. Each group is short
 * (the palette is for jumping, the list pages for browsing).
 */
import type { Db } from "../db/client";
import { escapeLike, searchWords } from "../../core/text/search-words";
import { sqlReaderFor } from "../db/sql-reader";
import { listHandoffs } from "./handoffs";

const GROUP_SIZE = 6;

export interface PaletteResults {
  handoffs: { id: string; title: string; path: string; repo: string; runtime: string | null; date: string | null }[];
  sessions: { id: string; sessionId: string; title: string | null; runtime: string; cwd: string | null; branch: string | null; startedAt: string | null }[];
  repos: { id: string; name: string; path: string }[];
  branches: { repoId: string; repo: string; name: string; isRemote: boolean }[];
}

/** Whether `text` holds every word (literally, any case): the check after a LIKE that may read `%` and `_` as wildcards. */
function holdsAll(words: readonly string[], ...texts: (string | null)[]): boolean {
  const haystack = texts.filter((text): text is string => text !== null).join("\n").toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export async function searchPalette(db: Db, query: string): Promise<PaletteResults> {
  const { words, matchesNothing } = searchWords(query);
  if (words.length === 0 || matchesNothing) return { handoffs: [], sessions: [], repos: [], branches: [] };
  // The first word narrows in the database; every word is then checked literally.
  const first = words[0]!;
  const [handoffs, sessions, repos, branches] = await Promise.all([
    listHandoffs(db, { q: query, page: 1, pageSize: GROUP_SIZE }),
    titledSessions(db, first).then((titled) =>
      db.agentSession.findMany({
        where: { parentId: null, OR: [{ id: { in: titled } }, { externalId: { contains: first } }, { cwd: { contains: first } }, { branch: { contains: first } }] },
        select: { id: true, externalId: true, title: true, runtime: true, cwd: true, branch: true, startedAt: true },
        orderBy: [{ startedAt: { sort: "desc", nulls: "last" } }],
        take: GROUP_SIZE * 4,
      }),
    ),
    db.repo.findMany({ where: { OR: [{ name: { contains: first } }, { path: { contains: first } }] }, select: { id: true, name: true, path: true }, orderBy: { name: "asc" }, take: GROUP_SIZE * 4 }),
    db.branch.findMany({ where: { name: { contains: first } }, select: { repoId: true, name: true, isRemote: true, repo: { select: { name: true } } }, orderBy: { name: "asc" }, take: GROUP_SIZE * 4 }),
  ]);
  return {
    handoffs: handoffs.items.map((item) => ({ id: item.id, title: item.phase ?? item.title ?? item.path, path: item.path, repo: item.repo.name, runtime: item.runtime, date: item.date })),
    sessions: sessions
      .filter((session) => holdsAll(words, session.title, session.externalId, session.cwd, session.branch))
      .slice(0, GROUP_SIZE)
      .map((session) => ({ id: session.id, sessionId: session.externalId, title: session.title, runtime: session.runtime, cwd: session.cwd, branch: session.branch, startedAt: session.startedAt?.toISOString() ?? null })),
    repos: repos.filter((repo) => holdsAll(words, repo.name, repo.path)).slice(0, GROUP_SIZE),
    branches: branches
      .filter((branch) => holdsAll(words, branch.name))
      .slice(0, GROUP_SIZE)
      .map((branch) => ({ repoId: branch.repoId, repo: branch.repo.name, name: branch.name, isRemote: branch.isRemote })),
  };
}

/**
 * Main sessions whose title holds `word` in any case: LOWER on both providers (Prisma's `contains`
 * is case-sensitive on PostgreSQL, and titles are written as typed), the word escaped for LIKE.
 */
async function titledSessions(db: Db, word: string): Promise<string[]> {
  const rows = await sqlReaderFor(db).query<{ id: string }>(
    `SELECT "id" FROM "AgentSession" WHERE "parentId" IS NULL AND "title" IS NOT NULL AND LOWER("title") LIKE ? ESCAPE '\\' ORDER BY "startedAt" DESC LIMIT ?`,
    [`%${escapeLike(word)}%`, GROUP_SIZE * 4],
  );
  return rows.map((row) => row.id);
}
