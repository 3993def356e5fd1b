/**
 * What the command palette finds for a query: handoffs by the handoff list's own full-text search,
 * sessions by their title (first prompt), id, folder or branch, repos by name or path, branches by name. Each group is short
 * (the palette is for jumping, the list pages for browsing). A repository named exactly as typed brings
 * its newest handoffs too; groups and items are ranked exact names first (lib/core/palette/rank-results.ts).
 */
import type { Db } from "../db/client";
import { escapeLike, searchWords } from "../../core/text/search-words";
import { sqlReaderFor } from "../db/sql-reader";
import { listHandoffs } from "./handoffs";
import { groupOrder, nameScore, rankItems, type PaletteGroup } from "../../core/palette/rank-results";
import { handoffName } from "../../core/chains/chain-name";

const GROUP_SIZE = 6;

export interface PaletteResults {
  handoffs: { id: string; title: string; path: string; repo: string; runtime: string | null; date: string | null }[];
  sessions: { id: string; sessionId: string; title: string | null; runtime: string; cwd: string | null; branch: string | null; startedAt: string | null }[];
  repos: { id: string; name: string; path: string }[];
  branches: { repoId: string; repo: string; name: string; isRemote: boolean }[];
  /** The groups in the order to show them: the one holding an exact name first. */
  order: PaletteGroup[];
}

const NOTHING: PaletteResults = { handoffs: [], sessions: [], repos: [], branches: [], order: ["handoffs", "sessions", "repos", "branches"] };

/** Whether `text` holds every word (literally, any case): the check after a LIKE that may read `%` and `_` as wildcards. */
function holdsAll(words: readonly string[], ...texts: (string | null)[]): boolean {
  const haystack = texts.filter((text): text is string => text !== null).join("\n").toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export async function searchPalette(db: Db, query: string): Promise<PaletteResults> {
  const { words, matchesNothing } = searchWords(query);
  if (words.length === 0 || matchesNothing) return NOTHING;
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
  const matchedRepos = rankItems(query, repos.filter((repo) => holdsAll(words, repo.name, repo.path)), (repo) => [repo.name]);
  // A repository named as typed: its newest handoffs belong in the answer (their text need not name it).
  const named = matchedRepos.items.filter((repo) => nameScore(query, [repo.name]) === 3).slice(0, 2);
  const ofNamed = (await Promise.all(named.map((repo) => listHandoffs(db, { repo: repo.id, page: 1, pageSize: GROUP_SIZE })))).flatMap((list) => list.items);
  const handoffItems = [...ofNamed, ...handoffs.items.filter((item) => !ofNamed.some((own) => own.id === item.id))].map((item) => ({
    id: item.id,
    title: handoffName(item),
    path: item.path,
    repo: item.repo.name,
    runtime: item.runtime,
    date: item.date,
  }));
  const rankedHandoffs = rankItems(query, handoffItems, (handoff) => [handoff.title, handoff.path.split("/").pop()?.replace(/\.md$/i, "")]);
  const rankedSessions = rankItems(
    query,
    sessions.filter((session) => holdsAll(words, session.title, session.externalId, session.cwd, session.branch)),
    (session) => [session.title, session.externalId],
  );
  const rankedBranches = rankItems(query, branches.filter((branch) => holdsAll(words, branch.name)), (branch) => [branch.name, branch.name.split("/").pop()]);
  return {
    handoffs: rankedHandoffs.items.slice(0, GROUP_SIZE),
    sessions: rankedSessions.items
      .slice(0, GROUP_SIZE)
      .map((session) => ({ id: session.id, sessionId: session.externalId, title: session.title, runtime: session.runtime, cwd: session.cwd, branch: session.branch, startedAt: session.startedAt?.toISOString() ?? null })),
    repos: matchedRepos.items.slice(0, GROUP_SIZE),
    branches: rankedBranches.items
      .slice(0, GROUP_SIZE)
      .map((branch) => ({ repoId: branch.repoId, repo: branch.repo.name, name: branch.name, isRemote: branch.isRemote })),
    // A named repo's handoffs follow the repo: they rank by the repo's name, not their own.
    order: groupOrder({ handoffs: rankedHandoffs.best, sessions: rankedSessions.best, repos: matchedRepos.best, branches: rankedBranches.best }),
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
