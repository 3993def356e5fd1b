/** Output helpers: with --json, stdout carries only the JSON document; everything else goes to stderr. */
export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  isTty: boolean;
}

export const processIo: Io = {
  out: (text) => process.stdout.write(text.endsWith("\n") ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith("\n") ? text : `${text}\n`),
  isTty: Boolean(process.stderr.isTTY),
};

export class UsageError extends Error {}

export function printJson(io: Io, value: unknown) {
  io.out(JSON.stringify(value, null, 2));
}

/**
 * A one-line progress display on a terminal; nothing otherwise (so logs stay readable). `update`
 * takes the text or a function that makes it: a function runs only when the line is drawn (a
 * terminal, at most every 80 ms), so a scan piped to a file never formats its progress (the first
 * `toLocaleString` alone loads ICU's number data, ~10 ms).
 */
export function progressLine(io: Io) {
  let last = 0;
  return {
    update(text: string | (() => string)) {
      if (!io.isTty) return;
      const now = Date.now();
      if (now - last < 80) return;
      last = now;
      const line = typeof text === "function" ? text() : text;
      process.stderr.write(`\r\x1b[2K${line.slice(0, (process.stderr.columns ?? 100) - 1)}`);
    },
    done() {
      if (io.isTty) process.stderr.write("\r\x1b[2K");
    },
  };
}
