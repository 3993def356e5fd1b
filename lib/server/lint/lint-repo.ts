/**
 * `baton lint`: the protocol's rules over a checkout's handoffs, without a database. Works in a
 * shallow, single-branch CI checkout: facts it cannot see (other branches, full history) make the
 * rule report "not-checked" instead of an error.
 */
import { realpath } from "node:fs/promises";
import path from "node:path";
import { deriveChains } from "../../core/chains/derive-chains";
import type { Finding } from "../../core/findings";
import { lintHandoff } from "../../core/handoff/lint-handoff";
import { resolveLatestHint } from "../../core/discovery/latest-hint";
import { existingCommits, git, gitBlobSha, listBranches, readBlobs, readRepoInfo, type GitRef } from "../git";
import { CONTENT_NOT_A_HANDOFF_RULE, HANDOFF_COMPANION_RULE, NOT_A_HANDOFF_NAME_RULE } from "../../core/handoff/documents/handoff-signals";
import { unconfirmedContentKeys } from "../ingest/content-evidence";
import { listCommitFiles } from "../git-tree-walk";
import { buildDiscoveryHint } from "../ingest/discovery-hint";
import { createHandoffMatcher, withContentCandidates } from "../ingest/handoff-globs";
import { LATEST_HINT_RULE } from "../ingest/latest-hint";
import { confirmProcessedIdentity, MAX_HANDOFF_BYTES, processHandoff } from "../ingest/process-handoff";
import { loadIdentityFacts } from "../ingest/identity-facts";
import { readRepoConfig } from "../ingest/repo-config";
import type { SkippedDocument } from "../ingest/skipped-documents";
import { leftOutIssues, type RepoDiscovery } from "../ingest/discovery-facts";
import { readWorktreeFile, walkWorktree } from "../ingest/worktree";

export interface LintedFile {
  path: string;
  findings: Finding[];
  /** For a content only branches hold (not the working tree's): those branches. */
  branches?: string[];
}

export interface RepoLintResult {
  repo: string;
  files: LintedFile[];
  /** Facts Baton could not establish in this checkout, and why. */
  limits: string[];
  /** Where lint looked, the settings file, the LATEST hint, and the "nothing found" hint (as `scan`). */
  discovery: RepoDiscovery;
  /** How many handoffs were linted (files[] also holds settings and skipped-link findings). */
  handoffs: number;
  /**
   * Handoffs that lint did not read: content on a branch other than the checked-out one that the
   * working tree does not hold (lint reads the working tree; `baton scan` reads every branch).
   */
  otherBranches: { handoffs: number; branches: string[] };
}

export async function lintRepo(inputPath: string, options: { globs?: string[] } = {}): Promise<RepoLintResult> {
  const resolved = await realpath(path.resolve(inputPath));
  const limits: string[] = [];
  let repoRoot = resolved;
  let info: Awaited<ReturnType<typeof readRepoInfo>> | null = null;
  try {
    info = await readRepoInfo(resolved);
    repoRoot = await realpath(info.topLevel);
  } catch {
    limits.push("not a git repository: commit, HEAD sha and cross-branch checks are not checked");
  }
  const config = await readRepoConfig(repoRoot, { hasWorktree: true });
  // Where handoffs live, and every other markdown file to judge by its content (handoff-globs.ts).
  const placed = createHandoffMatcher({ globs: [...(options.globs ?? []), ...config.config.handoffs], ignore: config.config.ignore });
  const matcher = withContentCandidates(placed);
  const walk = await walkWorktree(repoRoot, matcher, { collectMarkdown: true });

  // What git can tell in this checkout: blobs on every visible branch, and whether all branches are visible.
  const committedBlobs = new Set<string>();
  const pathsOnBranches = new Set<string>();
  let seesAllBranches = false;
  const branchBlobs: { branch: string; sha: string }[] = [];
  /** Every handoff-like file on every visible branch (HEAD's commit included): what a full clone lints. */
  const branchEntries: { branch: string; path: string; sha: string }[] = [];
  let visibleRefs: GitRef[] = [];
  if (info) {
    const refs = await listBranches(repoRoot);
    visibleRefs = refs;
    // Detached HEAD with no branches (typical CI): HEAD's tree is what is committed.
    const commits = refs.length > 0 ? refs.map((ref) => ref.sha) : info.headSha ? [info.headSha] : [];
    const listed = await listCommitFiles(repoRoot, commits, { descend: matcher.descend, accept: (filePath) => matcher.matches(filePath) || matcher.leftOut(filePath) !== null });
    for (const [commit, all] of listed) {
      for (const ref of refs) if (ref.sha === commit) for (const entry of all) branchEntries.push({ branch: ref.name, path: entry.path, sha: entry.sha });
      // Where handoffs live: what "found nothing" and "only on other branches" count (not every document).
      const entries = all.filter((entry) => placed.matches(entry.path));
      for (const entry of entries) {
        committedBlobs.add(entry.sha);
        pathsOnBranches.add(entry.path);
      }
      if (commit === info.headSha) continue;
      for (const ref of refs) if (ref.sha === commit) for (const entry of entries) branchBlobs.push({ branch: ref.name, sha: entry.sha });
    }
    const fetchSpecs = (await git(repoRoot, ["config", "--get-all", "remote.origin.fetch"], { allowExitCodes: [1] })).trim();
    const hasRemote = (await git(repoRoot, ["remote"])).trim().length > 0;
    seesAllBranches = !info.isShallow && (!hasRemote || fetchSpecs.split("\n").some((spec) => spec.includes("refs/heads/*")));
    if (info.isShallow) limits.push("shallow clone: HEAD shas older than the clone depth are not checked");
    if (!seesAllBranches) limits.push("single-branch checkout: previous pointers not found here may be on other branches (not checked)");
  }

  const files: LintedFile[] = [];
  const notHandoffs: (SkippedDocument & { blobSha: string })[] = [];
  const analysed: { id: string; path: string; blobSha: string; branches: string[]; inWorkingTree: boolean; analysis: Extract<ReturnType<typeof processHandoff>, { ok: true }> }[] = [];
  let failedReads = 0;
  const holdersByKey = new Map<string, Set<string>>();
  for (const entry of branchEntries) {
    const key = `${entry.path}\0${entry.sha}`;
    holdersByKey.set(key, (holdersByKey.get(key) ?? new Set<string>()).add(entry.branch));
  }
  const holders = (filePath: string, sha: string) => [...(holdersByKey.get(`${filePath}\0${sha}`) ?? [])].sort();
  for (const issue of leftOutIssues(walk, matcher)) {
    notHandoffs.push({ path: issue.path, rule: issue.finding.rule, reason: issue.finding.message, blobSha: "" });
    files.push({ path: issue.path, findings: [issue.finding] });
  }
  for (const skipped of walk.skipped) files.push({ path: skipped.path, findings: [{ rule: skipped.rule, severity: "warning", line: null, message: skipped.reason }] });
  if (config.issues.length > 0) files.push({ path: config.file ?? ".baton.json", findings: config.issues });
  for (const file of walk.files) {
    const { bytes, size } = await readWorktreeFile(repoRoot, file.path, MAX_HANDOFF_BYTES);
    if (!bytes) {
      failedReads++;
      files.push({ path: file.path, findings: [{ rule: "file-too-large", severity: "warning", line: null, message: `${size} bytes is over the ${MAX_HANDOFF_BYTES}-byte limit` }] });
      continue;
    }
    const processed = processHandoff(file.path, bytes, {}, { explicit: matcher.isExplicit(file.path) });
    // An ordinary document read for its content: no handoff's business, not listed.
    if (!processed.ok && processed.notHandoff?.rule === CONTENT_NOT_A_HANDOFF_RULE) continue;
    if (!processed.ok && processed.notHandoff) {
      notHandoffs.push({ path: file.path, rule: processed.notHandoff.rule, reason: processed.notHandoff.message, blobSha: gitBlobSha(bytes) });
      files.push({ path: file.path, findings: [processed.notHandoff] });
      continue;
    }
    if (!processed.ok) {
      failedReads++;
      files.push({ path: file.path, findings: processed.issues });
      continue;
    }
    const blobSha = gitBlobSha(bytes);
    analysed.push({ id: `${file.path}\0${blobSha}`, path: file.path, blobSha, branches: holders(file.path, blobSha), inWorkingTree: true, analysis: processed });
  }

  // A full clone: every branch's handoffs are linted as scan reads them (distinct contents the working tree
  // does not hold, read from git objects). A shallow or single-branch checkout lints the working tree only.
  const fullClone = info !== null && seesAllBranches && visibleRefs.length > 0;
  if (fullClone) {
    const worktreeKeys = new Set([...analysed.map((entry) => entry.id), ...notHandoffs.map((entry) => `${entry.path}\0${entry.blobSha}`)]);
    const listedPaths = new Set(notHandoffs.map((entry) => entry.path));
    const onlyOnBranches = new Map<string, { path: string; sha: string; branches: string[] }>();
    for (const entry of branchEntries) {
      const key = `${entry.path}\0${entry.sha}`;
      if (worktreeKeys.has(key)) continue;
      const leftOut = matcher.leftOut(entry.path);
      if (leftOut !== null) {
        if (!listedPaths.has(entry.path)) notHandoffs.push({ path: entry.path, rule: NOT_A_HANDOFF_NAME_RULE, reason: leftOut, blobSha: "" });
        listedPaths.add(entry.path);
        continue;
      }
      const content = onlyOnBranches.get(key) ?? { path: entry.path, sha: entry.sha, branches: [] };
      content.branches.push(entry.branch);
      onlyOnBranches.set(key, content);
    }
    const blobs = await readBlobs(repoRoot, [...new Set([...onlyOnBranches.values()].map((content) => content.sha))], MAX_HANDOFF_BYTES);
    for (const [key, content] of onlyOnBranches) {
      const branches = [...new Set(content.branches)].sort();
      const blob = blobs.get(content.sha);
      if (!blob?.bytes) {
        failedReads++;
        const message = blob ? `${blob.size} bytes is over the ${MAX_HANDOFF_BYTES}-byte limit` : "git object could not be read";
        files.push({ path: content.path, branches, findings: [{ rule: blob ? "file-too-large" : "file-unreadable", severity: blob ? "warning" : "error", line: null, message }] });
        continue;
      }
      const processed = processHandoff(content.path, blob.bytes, {}, { explicit: matcher.isExplicit(content.path) });
      if (!processed.ok && processed.notHandoff?.rule === CONTENT_NOT_A_HANDOFF_RULE) continue;
      if (!processed.ok) {
        if (!processed.notHandoff) failedReads++;
        if (processed.notHandoff) notHandoffs.push({ path: content.path, rule: processed.notHandoff.rule, reason: processed.notHandoff.message, blobSha: content.sha });
        files.push({ path: content.path, branches, findings: processed.notHandoff ? [processed.notHandoff] : processed.issues });
        continue;
      }
      analysed.push({ id: key, path: content.path, blobSha: content.sha, branches, inWorkingTree: false, analysis: processed });
    }
  }

  const worktreePaths = new Set(analysed.map((entry) => entry.path));
  const identityFacts = await loadIdentityFacts(info ? repoRoot : null, { refs: visibleRefs, isShallow: info?.isShallow ?? false, parsed: analysed.map((entry) => entry.analysis.analysis.parsed) });
  for (const entry of analysed) confirmProcessedIdentity(entry.analysis, identityFacts);
  if (info) {
    // Found by its content alone: kept only when the repository confirms it, as the scan does.
    const byId = new Map(analysed.map((entry) => [entry.id, { path: entry.path, fromWorktree: entry.inWorkingTree, processed: entry.analysis }]));
    const mtimes = new Map(walk.files.map((file) => [file.path, file.mtimeMs]));
    // Found by no folder, name or glob: read for its content alone (handoff-globs.ts `byContent`).
  const isByContent = (filePath: string) => matcher.byContent(filePath);
    const unconfirmed = new Set(await unconfirmedContentKeys(repoRoot, byId, identityFacts, isByContent, (filePath) => mtimes.get(filePath) ?? null));
    if (unconfirmed.size > 0) analysed.splice(0, analysed.length, ...analysed.filter((entry) => !unconfirmed.has(entry.id)));
  }
  const derived = deriveChains(
    analysed.map((entry) => ({
      id: entry.id,
      path: entry.path,
      branches: entry.branches,
      inWorkingTree: entry.inWorkingTree,
      date: entry.analysis.analysis.pathInfo.date,
      timestamp: entry.analysis.timestamp?.getTime() ?? null,
      timestampZone: entry.analysis.analysis.parsed.identity.timestampZone ?? null,
      commitTime: null,
      fileMtime: null,
      parsed: entry.analysis.analysis.parsed,
      isDeprecated: false,
    })),
    { isExplicit: matcher.isExplicit },
  );
  const chains = derived.result;
  const headShas = analysed.map((entry) => entry.analysis.analysis.parsed.identity.headSha).filter((sha): sha is string => Boolean(sha));
  const commits = info ? await existingCommits(repoRoot, headShas) : new Map<string, boolean>();

  for (const entry of analysed) {
    const { parsed, pathInfo, secrets, parseIssues, pointerIssues } = entry.analysis.analysis;
    const previous = derived.previous.get(entry.id)?.path ?? null;
    let previousResolves: boolean | undefined;
    if (previous) {
      if (worktreePaths.has(previous) || pathsOnBranches.has(previous)) previousResolves = true;
      else previousResolves = seesAllBranches ? false : undefined;
    }
    const headSha = parsed.identity.headSha;
    const exists = headSha && info ? commits.get(headSha) : undefined;
    const findings = [
      ...parseIssues,
      ...pointerIssues,
      ...lintHandoff(parsed, {
        path: entry.path,
        pathInfo,
        secrets,
        isCommitted: info ? committedBlobs.has(entry.blobSha) : undefined,
        headShaExists: exists === false && info?.isShallow ? undefined : exists,
        previousResolves,
      }),
      ...chains.findings.filter((item) => item.nodeId === entry.id).map((item) => item.finding),
      ...(derived.companions.has(entry.id) ? [derived.companions.get(entry.id)!] : []),
    ];
    files.push({ path: entry.path, findings, ...(entry.inWorkingTree ? {} : { branches: entry.branches }) });
  }
  // The LATEST.md hint: the first hint file naming a handoff found here (worktree or a visible branch).
  let latestHint: RepoDiscovery["latestHint"] = null;
  for (const hintFile of walk.hints) {
    let text: string;
    try {
      const { bytes } = await readWorktreeFile(repoRoot, hintFile.path, 64 * 1024);
      if (!bytes) continue;
      text = bytes.toString("utf8");
    } catch {
      continue;
    }
    const hint = resolveLatestHint(hintFile.path, text, (candidate) => worktreePaths.has(candidate) || pathsOnBranches.has(candidate));
    latestHint ??= { source: hint.source, path: hint.path };
    if (hint.path) {
      latestHint = { source: hint.source, path: hint.path };
      break;
    }
    const message = hint.named
      ? `names ${hint.named}, which is not a handoff Baton found (relative to this file or to the repo root); not used as the latest hint`
      : "names no handoff path (a markdown link, code span or path ending in .md); not used as the latest hint";
    // Only a hint Baton can fully check is a warning; in a single-branch checkout the handoff may be elsewhere.
    files.push({ path: hintFile.path, findings: [{ rule: LATEST_HINT_RULE, severity: hint.named && !seesAllBranches ? "not-checked" : "warning", line: null, message }] });
  }

  const worktreeBlobs = new Set([...analysed.map((entry) => entry.blobSha), ...notHandoffs.map((entry) => entry.blobSha)]);
  const unread = branchBlobs.filter((entry) => !worktreeBlobs.has(entry.sha));
  const otherBranches = { handoffs: new Set(unread.map((entry) => entry.sha)).size, branches: [...new Set(unread.map((entry) => entry.branch))].sort() };
  if (info !== null && !fullClone) {
    // One line says the mode: a shallow or single-branch checkout is linted from its working tree only.
    const shown = otherBranches.branches.slice(0, 3).join(", ") + (otherBranches.branches.length > 3 ? ", …" : "");
    const unreadHere = otherBranches.handoffs === 0 ? "handoffs on branches not fetched here are" : `${otherBranches.handoffs === 1 ? "1 handoff" : `${otherBranches.handoffs} handoffs`} only on other branches (${shown}) ${otherBranches.handoffs === 1 ? "is" : "are"}`;
    limits.push(`working tree only (${info.isShallow ? "shallow clone" : "single-branch checkout"}): ${unreadHere} not linted; on a full clone baton lint reads every branch, as baton scan ${repoRoot} does`);
  }
  const handoffs = analysed.length + failedReads - derived.companions.size;
  const nothingFound =
    handoffs === 0 && pathsOnBranches.size === 0
      ? await buildDiscoveryHint({ repoRoot, matcher, configFile: config.file, markdown: walk.markdown, verb: "lint" })
      : null;
  files.sort((a, b) => a.path.localeCompare(b.path));
  return {
    repo: repoRoot,
    files,
    limits,
    handoffs,
    otherBranches,
    discovery: {
      config: config.file,
      globs: matcher.globs,
      ignore: matcher.ignore,
      latestHint,
      nothingFound,
      notHandoffs: [
        ...notHandoffs.map(({ path: filePath, rule, reason }) => ({ path: filePath, rule, reason })),
        ...analysed.filter((entry) => derived.companions.has(entry.id)).map((entry) => ({ path: entry.path, rule: HANDOFF_COMPANION_RULE, reason: derived.companions.get(entry.id)!.message })),
      ].sort((a, b) => a.path.localeCompare(b.path) || a.rule.localeCompare(b.rule)),
    },
  };
}
