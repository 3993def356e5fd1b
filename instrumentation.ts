/**
 * Next runs `register` once when a server process starts, never during `next build` for the work
 * below (schedulerWanted checks NEXT_PHASE) and never in the edge runtime (the `NEXT_RUNTIME` test is
 * the form the bundler removes from edge builds).
 * - On the team server (`baton serve --team` sets BATON_TEAM=1) it plugs sign-in and tokens into
 *   requireAccess; single-user mode loads no auth code.
 * - Background work that belongs to a serving process starts here: the remote mirrors' fetch scheduler.
 * - On SIGTERM / SIGINT the open live streams end first, so Next's graceful close can finish.
 * - Nothing the process prints holds a token (lib/server/web/log-redaction.ts).
 * - Every request's X-Forwarded-For is set from the socket unless a proxy named in
 *   BATON_TRUSTED_PROXIES sent it (lib/server/web/client-address.ts), before Next reads it.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { installLogRedaction } = await import("./lib/server/web/log-redaction");
    installLogRedaction();
    const { installClientAddressGuard } = await import("./lib/server/web/client-address");
    installClientAddressGuard();
    const { endLiveStreamsOnShutdown } = await import("./lib/server/app/shutdown");
    endLiveStreamsOnShutdown();
    if (process.env.BATON_TEAM === "1") {
      const { registerTeamAuth } = await import("./lib/server/auth/register");
      registerTeamAuth();
    }
    const { schedulerWanted, startRemoteScheduler } = await import("./lib/server/remotes/scheduler");
    if (schedulerWanted()) startRemoteScheduler();
  }
}
