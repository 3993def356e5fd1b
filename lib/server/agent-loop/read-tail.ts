/**
 * The end of a transcript, never the whole file: the guard runs after every tool call on logs that
 * reach hundreds of MB. The last TAIL_START bytes are read first, cut at the first line start; when
 * they hold no request (one huge tool-result line), four times as much, up to TAIL_MAX.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import type { PositionReading } from "../../core/agent-loop/context-position";

export const TAIL_START = 256 * 1024;
export const TAIL_MAX = 64 * 1024 * 1024;

export interface TailRead {
  reading: PositionReading;
  /** Bytes read in the last attempt, and the file's size. */
  bytesRead: number;
  fileSize: number;
}

/**
 * Reads growing tails until `read` finds a request (or a compaction), or the whole file was read.
 * Throws when the file cannot be opened (the caller logs it).
 */
export function readTail(file: string, read: (bytes: Uint8Array) => PositionReading): TailRead {
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    let length = Math.min(size, TAIL_START);
    for (;;) {
      const start = size - length;
      const buffer = Buffer.allocUnsafe(length);
      let filled = 0;
      while (filled < length) {
        const got = readSync(fd, buffer, filled, length - filled, start + filled);
        if (got === 0) break;
        filled += got;
      }
      let bytes: Uint8Array = buffer.subarray(0, filled);
      if (start > 0) {
        // The first line is cut: start after its end (no newline at all: no whole line here).
        const newline = bytes.indexOf(0x0a);
        bytes = newline === -1 ? bytes.subarray(bytes.length) : bytes.subarray(newline + 1);
      }
      const reading = read(bytes);
      if (reading.kind !== "no-request" || length >= size || length >= TAIL_MAX) return { reading, bytesRead: filled, fileSize: size };
      length = Math.min(size, length * 4, TAIL_MAX);
    }
  } finally {
    closeSync(fd);
  }
}
