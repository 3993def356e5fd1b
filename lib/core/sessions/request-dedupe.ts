import { totalTokens } from "../tokens";
import { RUNTIME, type SessionRuntime } from "../runtimes/runtimes";
import type { RequestSample } from "./types";

/**
 * One rule for "two records of the same API response": used inside a parse, across a session's
 * files in summariseSession, and by ingest when it upserts a request by key (incremental reads
 * see re-appended copies in later slices, so ingest must apply the same rule, not "last write wins").
 */

/**
 * Whether `candidate` should replace `existing` (same key, or for Claude the same response id
 * replayed by a sidechain).
 * - Claude Code writes one line per content block with the same usage, and sometimes a provisional
 *   output count on early lines: keep the larger total (ccusage 20's rule). A sidechain replay of a
 *   parent message never replaces the parent's own copy, whatever its total (ccusage issue #913).
 * - Gemini CLI re-appends a message under the same id when its tokens arrive: the final copy wins.
 * - Codex and OpenCode keys are unique per response; a repeat is the same record read again.
 */
export function shouldReplaceRequest(runtime: SessionRuntime, existing: RequestSample, candidate: RequestSample): boolean {
  if (runtime === RUNTIME.claudeCode) {
    const existingSidechain = existing.isSidechain === true;
    const candidateSidechain = candidate.isSidechain === true;
    if (existingSidechain !== candidateSidechain) return existingSidechain;
    return totalTokens(candidate) > totalTokens(existing);
  }
  return true;
}

/**
 * De-duplicates requests, keeping first-seen positions (a replacement takes the slot of the copy it
 * replaces, as ccusage does), so order and line numbers stay meaningful.
 */
export function dedupeRequests(runtime: SessionRuntime, requests: readonly RequestSample[]): RequestSample[] {
  const kept: RequestSample[] = [];
  const byKey = new Map<string, number>();
  // The response-id match needs a sidechain copy on one side: without one, it can never fire.
  const byResponseId = runtime === RUNTIME.claudeCode && requests.some((request) => request.isSidechain === true) ? new Map<string, number[]>() : null;

  for (const candidate of requests) {
    let index = byKey.get(candidate.key);
    if (index === undefined && byResponseId !== null && candidate.responseId) {
      const sameResponse = byResponseId.get(candidate.responseId);
      if (sameResponse !== undefined) {
        index = sameResponse.find((position) => {
          const existing = kept[position];
          return existing !== undefined && (candidate.isSidechain === true || existing.isSidechain === true);
        });
      }
    }
    if (index !== undefined) {
      const existing = kept[index];
      if (existing !== undefined && shouldReplaceRequest(runtime, existing, candidate)) {
        kept[index] = candidate;
        // Both keys now point at the slot (ccusage registers the key only when the copy is kept).
        byKey.set(candidate.key, index);
      }
      continue;
    }
    const position = kept.length;
    kept.push(candidate);
    byKey.set(candidate.key, position);
    if (byResponseId !== null && candidate.responseId) {
      const list = byResponseId.get(candidate.responseId);
      if (list === undefined) byResponseId.set(candidate.responseId, [position]);
      else list.push(position);
    }
  }
  return kept;
}
