/**
 * The port `baton serve` and `npm start` listen on: checked before anything else (migrating,
 * building), so a port in use is the one line a user sees; and "Baton on …" said only once the
 * server really listens.
 */
import net from "node:net";

/** How a host reads in a message or an address: IPv6 in brackets. */
export function hostForAddress(host: string): string {
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}

/**
 * Why `host:port` cannot be listened on (one line, without the "baton: " prefix), or null when it
 * can. The probe listens and closes at once; nothing else is touched.
 */
export function portProblem(host: string, port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => resolve(describeListenError(error, host, port)));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

/** A listen error in words a user can act on. */
export function describeListenError(error: NodeJS.ErrnoException, host: string, port: number): string {
  switch (error.code) {
    case "EADDRINUSE":
      return `port ${port} is in use on ${host}; choose another with --port`;
    case "EACCES":
    case "EPERM":
      return `port ${port} on ${host} needs more privileges than this user has (ports below 1024 usually do); choose another with --port`;
    case "EADDRNOTAVAIL":
      return `${host} is not an address of this machine; choose another with --host`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `${host} does not resolve to an address of this machine; choose another with --host`;
    default:
      return `cannot listen on ${hostForAddress(host)}:${port}: ${error.message}`;
  }
}

/** Whether something accepts connections on `host:port` now. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host, port });
    socket.setTimeout(2_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Resolves true once `host:port` accepts connections, false when `stillStarting()` turns false
 * first (the server exited). Polled, so the caller needs nothing from the server's own output.
 */
export async function whenListening(host: string, port: number, stillStarting: () => boolean, everyMs = 100): Promise<boolean> {
  while (stillStarting()) {
    if (await accepts(host, port)) return stillStarting();
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return false;
}

/**
 * Next's own start failure ("⨯ Failed to start server" and the raw error object) held back from the
 * server's stderr, so that a port taken between the check and the start is reported in one line,
 * as the check would have. Everything before that line passes through as it comes.
 */
export class StartFailureFilter {
  private held: string | null = null;
  private pending = "";

  /** A chunk of stderr in; what to write now out. */
  push(chunk: string): string {
    if (this.held !== null) {
      this.held += chunk;
      return "";
    }
    const text = this.pending + chunk;
    const marker = text.indexOf("Failed to start server");
    if (marker >= 0) {
      const lineStart = text.lastIndexOf("\n", marker) + 1;
      this.held = text.slice(lineStart);
      this.pending = "";
      return text.slice(0, lineStart);
    }
    // Keep an unfinished last line back: the marker may be cut across chunks.
    const lastNewline = text.lastIndexOf("\n");
    this.pending = text.slice(lastNewline + 1);
    return text.slice(0, lastNewline + 1);
  }

  /**
   * At exit: the one line for a port in use (null when the failure was something else), and what
   * is left to write (the held failure when it was not the port, and any unfinished line).
   */
  finish(host: string, port: number): { line: string | null; rest: string } {
    const held = this.held ?? "";
    const rest = this.pending;
    this.held = null;
    this.pending = "";
    if (/\bEADDRINUSE\b/.test(held)) return { line: describeListenError({ code: "EADDRINUSE" } as NodeJS.ErrnoException, host, port), rest };
    if (/\bEACCES\b/.test(held)) return { line: describeListenError({ code: "EACCES" } as NodeJS.ErrnoException, host, port), rest };
    return { line: null, rest: held + rest };
  }
}
