/**
 * Storage failures in one line a person can act on: a full disk, a read-only database file, a
 * database that cannot be opened, locked, damaged or reached. The CLI prints the line and exits
 * non-zero (the stack only with BATON_DEBUG=1), the Rescan button shows the same line, and ingest's
 * per-file isolation never mistakes one for a problem of the file being written (it is not: the
 * next file would fail the same way).
 */
import { statfsSync } from "node:fs";
import path from "node:path";
import type { DatabaseTarget } from "./database-url";

export type StorageFailureKind = "disk-full" | "read-only" | "cannot-open" | "busy" | "io-error" | "damaged" | "unreachable" | "refused-login" | "no-database";

export interface StorageFailure {
  kind: StorageFailureKind;
  /** One line, no stack: what happened and where. */
  message: string;
}

const SQLITE_KINDS: [RegExp, StorageFailureKind][] = [
  [/^SQLITE_FULL/, "disk-full"],
  [/^SQLITE_READONLY/, "read-only"],
  [/^SQLITE_CANTOPEN/, "cannot-open"],
  [/^SQLITE_(BUSY|LOCKED)/, "busy"],
  [/^SQLITE_IOERR/, "io-error"],
  [/^SQLITE_(CORRUPT|NOTADB)/, "damaged"],
];

/**
 * SQLite's own wording of its result codes (sqlite3_errstr), for errors that arrive without a code:
 * the schema engine that applies migrations reports SQLite failures as text.
 */
const SQLITE_TEXTS: [RegExp, StorageFailureKind][] = [
  [/database or disk is full/i, "disk-full"],
  [/attempt to write a readonly database/i, "read-only"],
  [/unable to open database file|Cannot open database because the directory does not exist/i, "cannot-open"],
  [/database is locked|database table is locked/i, "busy"],
  [/disk I\/O error/i, "io-error"],
  [/file is not a database|database disk image is malformed/i, "damaged"],
];

/** PostgreSQL SQLSTATEs (appendix A of its manual) and Node's socket errors. */
function postgresKind(code: string): StorageFailureKind | null {
  if (code === "53100") return "disk-full";
  if (code === "25006") return "read-only";
  if (code === "28P01" || code === "28000") return "refused-login";
  if (code === "3D000") return "no-database";
  if (code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300") return "unreachable";
  if (code === "58030") return "io-error";
  if (code === "XX001" || code === "XX002") return "damaged";
  return null;
}

const NODE_KINDS: Record<string, StorageFailureKind> = {
  ENOSPC: "disk-full",
  EDQUOT: "disk-full",
  EROFS: "read-only",
  EACCES: "read-only",
  EPERM: "read-only",
  ECONNREFUSED: "unreachable",
  ECONNRESET: "unreachable",
  ETIMEDOUT: "unreachable",
  ENOTFOUND: "unreachable",
  EHOSTUNREACH: "unreachable",
};

/** The error and the errors it was caused by, outermost first. */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < 8 && !chain.includes(current)) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function codeOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : null;
}

function kindOf(error: unknown, provider: DatabaseTarget["provider"]): StorageFailureKind | null {
  for (const entry of causes(error)) {
    const code = codeOf(entry);
    const name = (entry as { name?: unknown })?.name;
    if (code !== null) {
      if (name === "SqliteError" || code.startsWith("SQLITE_")) {
        const found = SQLITE_KINDS.find(([pattern]) => pattern.test(code));
        if (found) return found[1];
        continue;
      }
      if (/^[0-9A-Z]{5}$/.test(code) && provider === "postgresql") {
        const kind = postgresKind(code);
        if (kind) return kind;
        continue;
      }
      const nodeKind = NODE_KINDS[code];
      if (nodeKind) return nodeKind;
    }
    const message = entry instanceof Error ? entry.message : "";
    if (provider === "postgresql" && /Connection terminated|connection (?:is )?closed|Client has encountered a connection error/i.test(message)) return "unreachable";
    if (provider === "sqlite") {
      const found = SQLITE_TEXTS.find(([pattern]) => pattern.test(message.split("\n")[0] ?? ""));
      if (found) return found[1];
    }
  }
  return null;
}

/** What went wrong, in one line, when `error` is a storage failure; null for any other error. */
export function classifyStorageError(error: unknown, target: DatabaseTarget): StorageFailure | null {
  const kind = kindOf(error, target.provider);
  if (kind === null) return null;
  return { kind, message: target.provider === "sqlite" ? sqliteMessage(kind, target.filePath ?? target.url) : postgresMessage(kind, target.url) };
}

/** Whether `error` is a storage failure (of either database), whatever the target. */
export function isStorageFailure(error: unknown): boolean {
  return kindOf(error, "sqlite") !== null || kindOf(error, "postgresql") !== null;
}

function sqliteMessage(kind: StorageFailureKind, file: string): string {
  switch (kind) {
    case "disk-full":
      return `the disk is full (${file}, ${freeSpace(path.dirname(file))}): free some space and scan again`;
    case "read-only":
      return `the database file is read-only (${file}): make it and its folder writable, or set DATABASE_URL to another file`;
    case "cannot-open":
      return `the database file cannot be opened (${file}): check that its folder exists and is writable`;
    case "busy":
      return `the database is locked by another process (${file}): try again once the other scan has finished`;
    case "io-error":
      return `the disk could not read or write the database file (${file}, ${freeSpace(path.dirname(file))})`;
    case "damaged":
      return `the database file is damaged or not a Baton database (${file}): move it aside and scan again to rebuild it`;
    default:
      return `the database file cannot be used (${file})`;
  }
}

function postgresMessage(kind: StorageFailureKind, url: string): string {
  const where = postgresWhere(url);
  switch (kind) {
    case "disk-full":
      return `the database server's disk is full (${where}): free some space on it and scan again`;
    case "read-only":
      return `the database is read-only (${where}: a read-only transaction or a standby server)`;
    case "unreachable":
      return `cannot reach the database server (${where}): is PostgreSQL running and is DATABASE_URL right?`;
    case "refused-login":
      return `the database server refused the login (${where}): check the user and password in DATABASE_URL`;
    case "no-database":
      return `the database does not exist (${where}): create it, or fix DATABASE_URL`;
    case "io-error":
      return `the database server could not read or write its files (${where})`;
    case "damaged":
      return `the database server reports damaged data (${where})`;
    default:
      return `the database cannot be used (${where})`;
  }
}

/** "PostgreSQL at host:port/database", never the password. */
function postgresWhere(url: string): string {
  try {
    const parsed = new URL(url);
    return `PostgreSQL at ${parsed.hostname || "127.0.0.1"}:${parsed.port || "5432"}/${decodeURIComponent(parsed.pathname.replace(/^\//, "")) || "postgres"}`;
  } catch {
    return "PostgreSQL";
  }
}

function freeSpace(directory: string): string {
  try {
    const stats = statfsSync(directory);
    return `${formatBytes(Number(stats.bavail) * Number(stats.bsize))} free`;
  } catch {
    return "free space unknown";
  }
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}
