/**
 * Next runs `register` once when a server process starts. Background work that belongs to a serving
 * process starts here, never during `next build` (schedulerWanted checks NEXT_PHASE) nor in the edge
 * runtime (the `NEXT_RUNTIME` test is the form the bundler removes from edge builds).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { schedulerWanted, startRemoteScheduler } = await import("./lib/server/remotes/scheduler");
    if (schedulerWanted()) startRemoteScheduler();
  }
}
