/**
 * Repositories whose last scan found no handoff, with where Baton looked and the folders that look
 * like handoffs (stored by the scan as `Repo.discoveryHint`; docs/cli.md, "When nothing is found").
 */
import { z } from "zod";
import { HANDOFF_COMPANION_RULE, SKIPPED_DOCUMENT_RULES } from "../../core/handoff/documents/handoff-signals";
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

/**
 * Per repository, the files found where handoffs live that are not read as handoffs, each with its reason
 * (the same list as `scan --json` `discovery.notHandoffs`): skipped contents and names, and session logs
 * kept beside the handoffs.
 */
export async function listNotHandoffs(db: Db) {
  const repos = await db.repo.findMany({ select: { id: true, sourceId: true, name: true, path: true }, orderBy: { path: "asc" } });
  const issues = await db.ingestIssue.findMany({
    where: { rule: { in: [...SKIPPED_DOCUMENT_RULES] }, sourceId: { in: repos.map((repo) => repo.sourceId) } },
    select: { sourceId: true, path: true, rule: true, message: true },
    distinct: ["sourceId", "path", "rule", "message"],
  });
  const companions = await db.handoffFinding.findMany({
    where: { rule: HANDOFF_COMPANION_RULE, handoff: { isGone: false, repoId: { in: repos.map((repo) => repo.id) } } },
    select: { rule: true, message: true, handoff: { select: { repoId: true, path: true } } },
  });
  return repos.flatMap((repo) => {
    const seen = new Set<string>();
    const files = [
      ...issues.filter((issue) => issue.sourceId === repo.sourceId).map((issue) => ({ path: issue.path, rule: issue.rule, reason: issue.message })),
      ...companions.filter((finding) => finding.handoff.repoId === repo.id).map((finding) => ({ path: finding.handoff.path, rule: finding.rule, reason: finding.message })),
    ]
      .filter((file) => {
        const key = `${file.path}\0${file.rule}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .sort((a, b) => a.path.localeCompare(b.path));
    return files.length === 0 ? [] : [{ id: repo.id, name: repo.name, path: repo.path, files }];
  });
}

export type RepoNotHandoffs = Awaited<ReturnType<typeof listNotHandoffs>>[number];
