import { isDayOnlyTimestamp, compareRecency, fileNameDate, handoffFileTime, isLogOf, nameSaysCurrent } from "./handoff-order";
import { buildChains, type ChainBuildResult, type ChainNode } from "./build-chains";
import { repoHandoffPaths, resolvePrevious, type PreviousResolution } from "./resolve-previous";
import { handoffMarks, hasHandoffStructure, structureFields } from "../handoff/documents/handoff-signals";
import { companionFinding, companionWord, contentEvidence } from "../handoff/documents/judge-document";
import { foundByDefaultRules, isHandoffFileName, isInHandoffFolder, pathSaysSession } from "../discovery/handoff-rules";
import type { Finding } from "../findings";
import { normaliseRepoPath } from "../handoff/handoff-path";
import type { ParsedHandoff } from "../handoff/types";

/**
 * The one derivation of a repo's chains from what is known of its handoffs, shared by the scan
 * (lib/server/ingest/derive-repo.ts, which stores the result whole) and `baton lint`: previous pointers
 * resolved against the repo's handoffs (resolve-previous.ts), each handoff's place in time
 * (handoff-order.ts), then the chains, heads and latest (build-chains.ts).
 */

export interface HandoffChainFacts {
  id: string;
  path: string;
  /** Short ref names holding this content. */
  branches: string[];
  inWorkingTree: boolean;
  /** YYYY-MM-DD from the date folder, or null. */
  date: string | null;
  /** Identity timestamp (ms, UTC), or null. */
  timestamp: number | null;
  timestampZone: string | null;
  /** Committer time of the commit that added this content, or null. */
  commitTime: number | null;
  /** Working-tree mtime, or null. */
  fileMtime: number | null;
  parsed: ParsedHandoff;
  isDeprecated: boolean;
}

export interface DerivedChains {
  nodes: ChainNode[];
  /** Session logs kept beside other handoffs (judge-document.ts): the finding that says so, by handoff id. */
  companions: Map<string, Finding>;
  /** Each handoff's previous pointer as resolved against the repo's handoffs. */
  previous: Map<string, PreviousResolution>;
  result: ChainBuildResult;
}

export interface DeriveOptions {
  latestHint?: string | null;
  /** A glob the user gave names this path (lib/server/ingest/handoff-globs.ts `isExplicit`). */
  isExplicit?: (path: string) => boolean;
}

export function deriveChains(handoffs: readonly HandoffChainFacts[], options: DeriveOptions = {}): DerivedChains {
  const isExplicit = options.isExplicit ?? (() => false);
  const fileTimes = handoffs.map((handoff) =>
    handoffFileTime({ isCommitted: handoff.branches.length > 0, commitTime: handoff.commitTime, fileMtime: handoff.fileMtime }),
  );
  const uninformative = sharedImportTime(handoffs, fileTimes);
  const parsedByPath = new Map(handoffs.map((handoff) => [handoff.path, handoff.parsed]));
  const contentOnly = foundByContentAlone(
    handoffs.map((handoff) => handoff.path),
    (path) => foundByDefaultRules(path) === null && !isExplicit(path),
    (path) => contentKind(parsedByPath.get(path)!, path),
  );
  const nodes: ChainNode[] = handoffs.map((handoff, index) => {
    const fileTime = fileTimes[index] ?? null;
    return {
      id: handoff.id,
      path: handoff.path,
      previousPath: null,
      branches: handoff.branches,
      inWorkingTree: handoff.inWorkingTree,
      date: handoff.date,
      nameDate: handoff.date === null ? fileNameDate(handoff.path) : null,
      timestamp: handoff.timestamp,
      timestampIsDay: isDayOnlyTimestamp(handoff.timestamp, handoff.timestampZone),
      fileTime: fileTime !== null && fileTime === uninformative ? null : fileTime,
      isDeprecated: handoff.isDeprecated,
      isNamedCurrent: nameSaysCurrent(handoff.path),
      hasLabelledTime: handoff.parsed.identity.evidence?.timestamp === "label",
      foundByContent: contentOnly.has(handoff.path),
    };
  });

  const companions = companionsOf(handoffs);
  nodes.forEach((node) => {
    if (companions.has(node.id)) node.isCompanion = true;
  });

  // Companions are no handoffs: no pointer resolves to one, and they take no part in chains.
  const repo = repoHandoffPaths(handoffs.filter((handoff) => !companions.has(handoff.id)).map((handoff) => handoff.path));
  const byPath = new Map<string, ChainNode[]>();
  for (const node of nodes) {
    const path = normaliseRepoPath(node.path);
    byPath.set(path, [...(byPath.get(path) ?? []), node]);
  }
  const previous = new Map<string, PreviousResolution>();
  handoffs.forEach((handoff, index) => {
    const node = nodes[index]!;
    const isOlder = (path: string) => (byPath.get(path) ?? []).some((other) => compareRecency(other, node) < 0);
    let resolution = resolvePrevious(
      { path: handoff.path, writtenPrevious: handoff.parsed.pointers.previousPath, candidates: handoff.parsed.pointers.previousCandidates },
      repo,
      isOlder,
    );
    // A log's link to the handoff it belongs to ("the current context lives in HANDOFF.md") is no previous pointer.
    // Nor is a handoff's link to its own log ("entries go to HANDOFF_LOG.md").
    if ((resolution.evidence === "link" || resolution.evidence === "mention") && resolution.path !== null && (isLogOf(handoff.path, resolution.path) || isLogOf(resolution.path, handoff.path))) {
      resolution = { path: null, evidence: null, movedFrom: null };
    }
    previous.set(handoff.id, resolution);
    node.previousPath = resolution.path;
    node.hasStructure = hasHandoffStructure(structureFields(handoff.parsed, resolution.path));
  });
  return { nodes, companions, previous, result: buildChains(nodes.filter((node) => node.isCompanion !== true), { latestHint: options.latestHint ?? null }) };
}

/**
 * Session logs beside handoffs: in a handoff folder, named as a log and not as a handoff, with no writer
 * identity or continuity of their own, in a folder that holds another handoff that is not one of them.
 */
function companionsOf(handoffs: readonly HandoffChainFacts[]): Map<string, Finding> {
  const folderOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf("/")));
  const candidates = new Map<string, string>();
  for (const handoff of handoffs) {
    const name = handoff.path.slice(handoff.path.lastIndexOf("/") + 1);
    const word = companionWord(name);
    if (word === null || isHandoffFileName(name) || !isInHandoffFolder(handoff.path)) continue;
    const marks = handoffMarks(handoff.parsed);
    if (!marks.writer && !marks.continuity) candidates.set(handoff.id, word);
  }
  const foldersWithHandoffs = new Set(handoffs.filter((handoff) => !candidates.has(handoff.id)).map((handoff) => folderOf(handoff.path)));
  const result = new Map<string, Finding>();
  for (const handoff of handoffs) {
    const word = candidates.get(handoff.id);
    if (word !== undefined && foldersWithHandoffs.has(folderOf(handoff.path))) result.set(handoff.id, companionFinding(word));
  }
  return result;
}

/**
 * The commit time every committed handoff shares, when there are several and one commit brought them all
 * (an import, a squash): it says nothing about which was written last, so their written dates decide.
 */
function sharedImportTime(handoffs: readonly HandoffChainFacts[], fileTimes: (number | null)[]): number | null {
  const committed = fileTimes.filter((time, index): time is number => time !== null && (handoffs[index]?.branches.length ?? 0) > 0);
  if (committed.length < 2 || committed.length !== handoffs.filter((handoff) => handoff.branches.length > 0).length) return null;
  return committed.every((time) => time === committed[0]) ? committed[0]! : null;
}

const folderOf = (path: string) => path.slice(0, path.lastIndexOf("/") + 1);

/**
 * The paths found by their content alone (`byContent`: no folder, name or glob took them), which come after
 * the handoffs for the latest (build-chains.ts). Where no handoff folder or glob holds any handoff, two or
 * more session records (dated names, or a path that says "session") in one folder are the place the
 * repository keeps them, whatever the folder's name:
 * they compete for the latest with files named as handoffs (`HANDOVER_WEEK12.md` beside `docs/sessions/`).
 */
export function foundByContentAlone(
  paths: readonly string[],
  byContent: (path: string) => boolean,
  /** What the file's content is, when known: a living status is no session record; a log of dated session entries is a series by itself. */
  kindOf: (path: string) => "status" | "session-log" | null = () => null,
): Set<string> {
  const found = paths.filter(byContent);
  const hasHandoffPlace = paths.some((path) => !byContent(path) && foundByDefaultRules(path) !== "name" && foundByDefaultRules(path) !== "name-word");
  if (hasHandoffPlace) return new Set(found);
  const byFolder = new Map<string, Set<string>>();
  // Session records: dated by their names, or kept where the path says "session". Two living documents side by
  // side (`tasks.md`, `state.md`) are no series, nor is a status board kept with dated reports.
  const records = found.filter((path) => (fileNameDate(path) !== null || pathSaysSession(path)) && kindOf(path) !== "status");
  for (const path of records) byFolder.set(folderOf(path), (byFolder.get(folderOf(path)) ?? new Set()).add(path));
  const inSeries = new Set([...byFolder.values()].filter((distinct) => distinct.size >= 2).flatMap((distinct) => [...distinct]));
  for (const path of records) if (kindOf(path) === "session-log") inSeries.add(path);
  return new Set(found.filter((path) => !inSeries.has(path)));
}

/**
 * A handoff found by its content: a living status not named for sessions, a log of two or more dated entries
 * where the path says session, or neither.
 */
export function contentKind(parsed: ParsedHandoff, path: string): "status" | "session-log" | null {
  // A status whose name says "session" (`CONTEXT_FOR_NEXT_SESSION.md`, `SESSION_STATE.md`) is the session's record.
  if (contentEvidence(parsed, path) === "status" && !pathSaysSession(path)) return "status";
  const dated = (parsed.log?.entries ?? []).filter((entry) => entry.day !== null).length;
  return dated >= 2 && pathSaysSession(path) ? "session-log" : null;
}
