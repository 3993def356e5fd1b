/**
 * Repositories whose last scan found no handoff, with where Baton looked and the folders that look
 * like handoffs (stored by the scan as `Repo.discoveryHint`; docs/cli.md, "When nothing is found").
 */
import { z } from "zod";
import type { Db } from "../db/client";

const suggestionSchema = z.object({
  folder: z.string(),
  glob: z.string(),
  markdownFiles: z.number(),
  reasons: z.array(z.string()),
  score: z.number(),
  configLine: z.string(),
  command: z.string(),
});

const hintSchema = z.object({
  looked: z.object({ rules: z.array(z.string()), globs: z.array(z.string()), ignore: z.array(z.string()), config: z.string().nullable() }),
  suggestions: z.array(suggestionSchema),
});

export type StoredDiscoveryHint = z.infer<typeof hintSchema>;

export async function listReposWithoutHandoffs(db: Db) {
  const repos = await db.repo.findMany({
    where: { discoveryHint: { not: null } },
    select: { id: true, path: true, name: true, discoveryHint: true },
    orderBy: { path: "asc" },
  });
  return repos.flatMap((repo) => {
    let json: unknown;
    try {
      json = JSON.parse(repo.discoveryHint ?? "");
    } catch {
      return [];
    }
    const hint = hintSchema.safeParse(json);
    // A hint written by another version of Baton that does not fit is left out, not shown half-read.
    return hint.success ? [{ id: repo.id, path: repo.path, name: repo.name, hint: hint.data }] : [];
  });
}

export type RepoWithoutHandoffs = Awaited<ReturnType<typeof listReposWithoutHandoffs>>[number];
