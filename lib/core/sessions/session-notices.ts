import { STATE_FILES_KIND, type SessionRuntime } from "../runtimes/runtimes";

/** What a session page and `scan --agents --json` say of a session with no token counts. */
export const NO_TOKEN_COUNTS = "No token counts in this session's log files, so it shows 0 tokens: they record activity (messages or tool calls) but no usage (Codex Desktop writes rollouts like this).";

/**
 * Notices a session carries beside its numbers. A session with no requests exists only because its
 * logs record activity (issue 14: such a log is a session with zero tokens, never nothing); seed
 * sessions are state files, whose readings are not requests.
 */
export function sessionNotices(session: { runtime: SessionRuntime | string; requests: number }): string[] {
  return session.requests === 0 && session.runtime !== STATE_FILES_KIND ? [NO_TOKEN_COUNTS] : [];
}
