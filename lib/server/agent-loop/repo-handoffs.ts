/**
 * A repository's handoffs read straight from git and the working tree, with no database: what the
 * hooks, `baton statusline` and `baton mcp` need in a repo Baton never scanned. The same steps as a
 * scan (lib/server/ingest/scan-repo.ts + derive-repo.ts), kept in memory: every local and
 * remote-tracking branch and the working tree, the same handoff rules (`.baton.json` included),
 * secrets masked across the repo's handoffs, the commit that first added each content, chains, and
 * the LATEST hint. Stored `baton scan --glob`s are not known here (they live in the database):
 * `.baton.json` is the way to name extra folders for the hooks.
 */
import { randomBytes } from "node:crypto";
import { buildChains, type ChainBuildResult, type ChainNode } from "../../core/chains/build-chains";
import { contentKind, foundByContentAlone } from "../../core/chains/derive-chains";
import { handoffFileTime, isDayOnlyTimestamp } from "../../core/chains/handoff-order";
import { handoffAnchor, minimalFolders } from "../../core/discovery/handoff-rules";
import { describeDeprecation, detectDeprecation } from "../../core/handoff/documents/deprecation";
import { hasHandoffStructure, structureFields } from "../../core/handoff/documents/handoff-signals";
import { buildResume, type ResumePlan } from "../../core/resume/build-resume";
import type { ResumeRuntime } from "../../core/runtimes/resume-commands";
import { blobIntroductions, defaultBranch, gitBlobSha, listBranches, readBlobs, type GitRef, type RepoInfo } from "../git";
import { listCommitFiles } from "../git-tree-walk";
import { createHandoffMatcher, withContentCandidates } from "../ingest/handoff-globs";
import { unconfirmedContentKeys } from "../ingest/content-evidence";
import { loadIdentityFacts } from "../ingest/identity-facts";
import { readLatestHint } from "../ingest/latest-hint";
import { handoffId, MAX_HANDOFF_BYTES, processHandoff, type ProcessedHandoff } from "../ingest/process-handoff";
import { readRepoConfig } from "../ingest/repo-config";
import { RepoSecrets } from "../ingest/repo-secrets";
import { readWorktreeFile, walkWorktree } from "../ingest/worktree";
import { conventionOf, resumeInputFromFacts } from "../resume/resume-options";
import { remoteFetchSpecs } from "../resume/resume-git";

export interface RepoHandoff {
  /** The same id `baton scan` gives this content (repo root + path + blob sha). */
  id: string;
  path: string;
  blobSha: string;
  processed: ProcessedHandoff;
  occurrences: { kind: "local" | "remote" | "worktree"; ref: string }[];
  fileMtime: number | null;
  commitSha: string | null;
  commitTime: number | null;
  /** "" when not marked deprecated or superseded, else what marks it. */
  deprecation: string;
}

export interface RepoHandoffs {
  root: string;
  info: RepoInfo;
  refs: GitRef[];
  defaultBranch: string | null;
  handoffs: RepoHandoff[];
  chains: ChainBuildResult;
}

interface Content {
  path: string;
  blobSha: string;
  bytes: Uint8Array | null;
  occurrences: RepoHandoff["occurrences"];
  fileMtime: number | null;
}

export async function readRepoHandoffs(root: string, info: RepoInfo): Promise<RepoHandoffs> {
  const config = await readRepoConfig(root, { hasWorktree: true });
  // Where handoffs live, and every other markdown file to judge by its content (handoff-globs.ts).
  const matcher = withContentCandidates(createHandoffMatcher({ globs: config.config.handoffs, ignore: config.config.ignore }));
  const refs = await listBranches(root);
  const contents = new Map<string, Content>();
  const contentFor = (path: string, blobSha: string): Content => {
    const key = `${path}\0${blobSha}`;
    let content = contents.get(key);
    if (content === undefined) {
      content = { path, blobSha, bytes: null, occurrences: [], fileMtime: null };
      contents.set(key, content);
    }
    return content;
  };

  const filesByCommit = await listCommitFiles(root, [...new Set(refs.map((ref) => ref.sha))], { descend: matcher.descend, accept: matcher.matches });
  for (const ref of refs) {
    for (const entry of filesByCommit.get(ref.sha) ?? []) contentFor(entry.path, entry.sha).occurrences.push({ kind: ref.isRemote ? "remote" : "local", ref: ref.name });
  }
  const walk = await walkWorktree(root, matcher);
  for (const file of walk.files) {
    const { bytes } = await readWorktreeFile(root, file.path, MAX_HANDOFF_BYTES);
    if (bytes === null) continue;
    const content = contentFor(file.path, gitBlobSha(bytes));
    content.bytes = bytes;
    content.fileMtime = file.mtimeMs;
    content.occurrences.push({ kind: "worktree", ref: "" });
  }
  const missing = [...contents.values()].filter((content) => content.bytes === null);
  const blobs = await readBlobs(root, [...new Set(missing.map((content) => content.blobSha))], MAX_HANDOFF_BYTES);
  for (const content of missing) content.bytes = blobs.get(content.blobSha)?.bytes ?? null;

  // Two passes when a secret is learned: a value found in one handoff is masked in every other one.
  const secrets = new RepoSecrets(randomBytes(16).toString("hex"), []);
  const process = () => {
    const done: { content: Content; processed: ProcessedHandoff }[] = [];
    let learned = false;
    for (const content of contents.values()) {
      if (content.bytes === null) continue;
      const processed = processHandoff(content.path, content.bytes, secrets.maskOptions(), { explicit: matcher.isExplicit(content.path) });
      if (!processed.ok) continue;
      if (secrets.learn(processed.fingerprints).length > 0) learned = true;
      done.push({ content, processed });
    }
    return { done, learned };
  };
  let pass = process();
  if (pass.learned) pass = process();
  // Found by its content alone: kept only when the repository confirms it, as the scan does.
  const facts = await loadIdentityFacts(root, { refs, isShallow: info.isShallow, parsed: pass.done.map(({ processed }) => processed.analysis.parsed) });
  const byKey = new Map(pass.done.map(({ content, processed }) => [`${content.path}\0${content.blobSha}`, { path: content.path, fromWorktree: content.occurrences.every((occurrence) => occurrence.kind === "worktree"), processed }]));
  // Found by no folder, name or glob: read for its content alone (handoff-globs.ts `byContent`).
  const isByContent = (filePath: string) => matcher.byContent(filePath);
  const unconfirmed = new Set(await unconfirmedContentKeys(root, byKey, facts, isByContent, (filePath) => walk.files.find((file) => file.path === filePath)?.mtimeMs ?? null));
  if (unconfirmed.size > 0) pass = { ...pass, done: pass.done.filter(({ content }) => !unconfirmed.has(`${content.path}\0${content.blobSha}`)) };

  const committedBlobs = new Set(pass.done.filter(({ content }) => content.occurrences.some((occurrence) => occurrence.kind !== "worktree")).map(({ content }) => content.blobSha));
  const anchors = minimalFolders(pass.done.map(({ content }) => handoffAnchor(content.path) || content.path));
  const prefixes = anchors.length > 1000 ? [""] : anchors.map((anchor) => `:(literal)${anchor}`);
  const introductions = await blobIntroductions(root, prefixes, committedBlobs);

  const handoffs: RepoHandoff[] = pass.done.map(({ content, processed }) => {
    const introduction = committedBlobs.has(content.blobSha) ? introductions.get(content.blobSha) : undefined;
    return {
      id: handoffId(root, content.path, content.blobSha),
      path: content.path,
      blobSha: content.blobSha,
      processed,
      occurrences: content.occurrences,
      fileMtime: content.fileMtime,
      commitSha: introduction?.commitSha ?? null,
      commitTime: introduction?.time ?? null,
      deprecation: describeDeprecation(detectDeprecation(processed.content)),
    };
  });

  const known = new Set(handoffs.map((handoff) => handoff.path));
  const hint = walk.hints.length > 0 ? (await readLatestHint(root, walk.hints, (candidate) => known.has(candidate))).hint : null;
  const parsedByPath = new Map(handoffs.map((handoff) => [handoff.path, handoff.processed.analysis.parsed]));
  const contentOnly = foundByContentAlone(handoffs.map((handoff) => handoff.path), isByContent, (path) => contentKind(parsedByPath.get(path)!, path));
  const nodes: ChainNode[] = handoffs.map((handoff) => {
    const branches = handoff.occurrences.filter((occurrence) => occurrence.kind !== "worktree").map((occurrence) => occurrence.ref).sort();
    const parsed = handoff.processed.analysis.parsed;
    const timestamp = handoff.processed.timestamp?.getTime() ?? null;
    return {
      id: handoff.id,
      path: handoff.path,
      previousPath: handoff.processed.previousPath,
      branches,
      inWorkingTree: handoff.occurrences.some((occurrence) => occurrence.kind === "worktree"),
      date: handoff.processed.analysis.pathInfo.date,
      timestamp,
      timestampIsDay: isDayOnlyTimestamp(timestamp, parsed.identity.timestampZone),
      hasStructure: hasHandoffStructure(structureFields(parsed, handoff.processed.previousPath)),
      fileTime: handoffFileTime({ isCommitted: branches.length > 0, commitTime: handoff.commitTime, fileMtime: handoff.fileMtime }),
      isDeprecated: handoff.deprecation !== "",
      foundByContent: contentOnly.has(handoff.path),
    };
  });
  return {
    root,
    info,
    refs,
    defaultBranch: await defaultBranch(root, refs),
    handoffs,
    chains: buildChains(nodes, { latestHint: hint?.path ?? null }),
  };
}

/**
 * The handoff `baton resume <repo>` resumes: the chain builder's latest when nobody resumed it yet,
 * else the newest open chain head; never one marked deprecated or superseded. Null when none.
 */
export function latestOpenHandoff(read: RepoHandoffs): RepoHandoff | null {
  const resumable = read.chains.resumableHeads;
  if (resumable.length === 0) return null;
  const chosenId = read.chains.latestId !== null && resumable.includes(read.chains.latestId) ? read.chains.latestId : resumable[0]!;
  return read.handoffs.find((handoff) => handoff.id === chosenId) ?? null;
}

/** The repo's latest handoff by the protocol's order (open or not), for a previous-handoff pointer. */
export function latestHandoff(read: RepoHandoffs): RepoHandoff | null {
  const id = read.chains.latestId;
  return (id === null ? null : read.handoffs.find((handoff) => handoff.id === id)) ?? null;
}

/** The plan `baton resume <repo> --runtime <runtime>` prints for this handoff. */
export async function resumePlanFor(read: RepoHandoffs, handoff: RepoHandoff, runtime: ResumeRuntime): Promise<ResumePlan> {
  const { processed } = handoff;
  const parsed = processed.analysis.parsed;
  const live = read.handoffs.map((other) => {
    const committed = other.occurrences.some((occurrence) => occurrence.kind !== "worktree");
    return {
      path: other.path,
      date: other.processed.analysis.pathInfo.date,
      timestamp: other.processed.timestamp?.getTime() ?? null,
      fileTime: committed ? other.commitTime : other.fileMtime,
    };
  });
  const occurrences = handoff.occurrences.map((occurrence) => ({ kind: occurrence.kind, ref: occurrence.ref }));
  const { input } = resumeInputFromFacts({
    handoff: {
      path: handoff.path,
      runtime: processed.runtime,
      sessionId: parsed.identity.sessionId,
      branch: parsed.identity.branch,
      headSha: parsed.identity.headSha,
      ownCommitSha: parsed.ownCommitSha,
      commitSha: handoff.commitSha,
      parsed,
      markdown: processed.content,
      occurrences,
    },
    repo: { path: read.root, defaultBranch: read.defaultBranch },
    branches: read.refs.map((ref) => ({ name: ref.name, isRemote: ref.isRemote, headTime: ref.time })),
    remoteFetchSpecs: occurrences.some((occurrence) => occurrence.kind === "remote") ? await remoteFetchSpecs(read.root) : null,
    nextHandoff: conventionOf(live, handoff.path),
    session: null,
  });
  return buildResume(input, runtime);
}
