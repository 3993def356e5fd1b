/**
 * What a serving process does when asked to stop (SIGTERM from a service manager or a rolling deploy,
 * SIGINT from Ctrl-C). Next's own handler closes the HTTP server and waits for every connection to end;
 * an open live stream (`/api/events`) never ends by itself, so one tab left open kept `next start`
 * running until it was killed. Ending the streams first lets that graceful close finish.
 */
import { closeAllEventStreams } from "../events/event-stream";

const SIGNALS = ["SIGTERM", "SIGINT"] as const;
const globalForShutdown = globalThis as unknown as { batonShutdownHooked?: boolean };

export function endLiveStreamsOnShutdown(): void {
  if (globalForShutdown.batonShutdownHooked) return;
  globalForShutdown.batonShutdownHooked = true;
  for (const signal of SIGNALS) {
    process.once(signal, () => {
      closeAllEventStreams("server stopping");
      // A listener replaces Node's default of exiting; when nobody else handles the signal, raise it
      // again (this listener is gone now) so the process stops as it would have without us.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }
}
