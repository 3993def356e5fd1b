/**
 * Next runs `register` once when a server process starts. Background work that belongs to a serving
 * process starts here, never during `next build` (NEXT_PHASE) nor in the edge runtime.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { schedulerWanted, startRemoteScheduler } = await import("./lib/server/remotes/scheduler");
  if (schedulerWanted()) startRemoteScheduler();
}
