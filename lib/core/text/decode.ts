import { finding, type Parsed } from "../findings";

export interface DecodeOptions {
  /** Larger inputs are refused before any decoding work is done. */
  maxBytes: number;
}

/** Git's own binary heuristic looks at the first 8000 bytes; a NUL there means "not text" (named so in the finding). */
const BINARY_SNIFF_BYTES = 8 * 1024;

/**
 * Turns raw file bytes into the text every parser expects: UTF-8 only, no BOM, `\n` line endings.
 * Returns `value: null` with one finding when the bytes are not a text file Baton should read.
 */
export function decodeText(bytes: Uint8Array, { maxBytes }: DecodeOptions): Parsed<string | null> {
  if (bytes.length > maxBytes) {
    return {
      value: null,
      issues: [
        finding(
          "file-too-large",
          "warning",
          null,
          `File is ${formatBytes(bytes.length)}, over the ${formatBytes(maxBytes)} limit; it was not read.`,
        ),
      ],
    };
  }

  // UTF-16 files are full of NUL bytes; naming the encoding is more useful than calling them binary.
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    return {
      value: null,
      issues: [finding("file-not-utf8", "error", null, "File is UTF-16 encoded; save it as UTF-8.")],
    };
  }

  // Git's heuristic looks at the first 8 KB; a NUL anywhere is no text either (CONTRACTS.md: NUL never
  // reaches the database), so the rest is searched too, natively.
  const nul = bytes.indexOf(0);
  if (nul >= 0) {
    const where = nul < BINARY_SNIFF_BYTES ? "in the first 8 KB" : `at byte ${nul.toLocaleString("en")}`;
    return {
      value: null,
      issues: [finding("file-binary", "warning", null, `File looks binary (NUL byte ${where}); it was not read.`)],
    };
  }

  let text: string;
  try {
    // ignoreBOM: true keeps the BOM in the output so we strip it ourselves, identically for every caller.
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return {
      value: null,
      issues: [finding("file-not-utf8", "error", null, "File is not valid UTF-8; it was not read.")],
    };
  }

  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { value: normaliseLineEndings(text), issues: [] };
}

/** CRLF and lone CR (old Mac) both become LF so line numbers mean the same thing everywhere. */
export function normaliseLineEndings(text: string): string {
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

function formatBytes(count: number): string {
  if (count < 1024) return `${count} B`;
  if (count < 1024 * 1024) return `${(count / 1024).toFixed(1)} KB`;
  return `${(count / (1024 * 1024)).toFixed(1)} MB`;
}
