/**
 * What the public samples (../shared/fixtures/public) hold beyond ccusage's own outputs, written down
 * by reading the logs.
 *
 * marot-spotter's session 491e126e ran a subagent (claude-haiku-4-5) whose own file is not among the
 * logs: its requests are recorded only as copies in the parent's `progress` lines. ccusage 20's daily
 * report counts them (these figures), its session and blocks reports do not; Baton counts them in
 * every report (docs/token-accounting.md, "Deliberate differences").
 */
export const PROGRESS_ONLY_SESSION = "491e126e-1e71-469c-ade2-fcc8af567c74";
export const PROGRESS_ONLY_HAIKU = { input: 24, output: 7, cacheWrite: 14_285, cacheRead: 95_343 };

/** What Baton adds to ccusage's session figures for `sessionId` (nothing but for the session above). */
export function progressOnlyExtra(sessionId: string | undefined): typeof PROGRESS_ONLY_HAIKU {
  return sessionId === PROGRESS_ONLY_SESSION ? PROGRESS_ONLY_HAIKU : { input: 0, output: 0, cacheWrite: 0, cacheRead: 0 };
}
