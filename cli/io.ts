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

/** A one-line progress display on a terminal; plain lines otherwise (so logs stay readable). */
export function progressLine(io: Io) {
  let last = 0;
  return {
    update(text: string) {
      if (!io.isTty) return;
      const now = Date.now();
      if (now - last < 80) return;
      last = now;
      process.stderr.write(`\r\x1b[2K${text.slice(0, (process.stderr.columns ?? 100) - 1)}`);
    },
    done() {
      if (io.isTty) process.stderr.write("\r\x1b[2K");
    },
  };
}
