/**
 * The server process's console, with every line passed through redactLogText (lib/core/web/redact-log.ts)
 * before it is written: Baton's own messages, better-auth's and Next's (Next prints a request's address
 * in some warnings; an OTLP address holds a token). Installed once, at start (instrumentation.ts).
 */
import { format } from "node:util";
import { redactLogText } from "../../core/web/redact-log";

const METHODS = ["log", "info", "warn", "error", "debug", "trace"] as const;
const globalForRedaction = globalThis as unknown as { batonLogRedaction?: boolean };

export function installLogRedaction(target: Console = console): void {
  if (target === console) {
    if (globalForRedaction.batonLogRedaction) return;
    globalForRedaction.batonLogRedaction = true;
  }
  for (const method of METHODS) {
    const original = target[method].bind(target);
    target[method] = (...args: unknown[]) => {
      const text = format(...args);
      const redacted = redactLogText(text);
      // Unchanged lines keep their arguments as given (colours, object inspection as the console does it).
      if (redacted === text) original(...args);
      else original(redacted);
    };
  }
}
