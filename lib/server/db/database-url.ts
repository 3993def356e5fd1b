import path from "node:path";

export type DatabaseProvider = "sqlite" | "postgresql";

export interface DatabaseTarget {
  provider: DatabaseProvider;
  /** URL as Prisma wants it (`file:/abs/path.db` or `postgresql://…`). */
  url: string;
  /** Absolute path of the SQLite file, or null for PostgreSQL. */
  filePath: string | null;
}

/** Where Baton keeps its own files (the SQLite database, demo repos). */
export function dataDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.BATON_DATA_DIR ?? path.join(/* turbopackIgnore: true */ process.cwd(), "data"));
}

/**
 * A DATABASE_URL Baton cannot use. Thrown before anything is created: a `mysql://…` or a bare word
 * once became a SQLite file (and folders) named after it, relative to wherever the command ran.
 */
export class DatabaseUrlError extends Error {}

/** The two forms DATABASE_URL takes, as every refusal names them. */
export const DATABASE_URL_FORMS = "file:/path/to/baton.db (SQLite) or postgresql://user@host:5432/db (PostgreSQL)";

/** The URL as it may be shown: a password in it is replaced by `***`. */
function shownUrl(raw: string): string {
  return raw.replace(/^([a-z][\w+.-]*:\/\/[^:/@]*):[^@/]*@/i, "$1:***@");
}

/**
 * DATABASE_URL picks the provider: `postgresql://` / `postgres://` → PostgreSQL, `file:<path>` →
 * SQLite (a relative path from the current folder). Without it, the SQLite file under the data
 * folder. Anything else throws DatabaseUrlError naming the two forms.
 */
export function resolveDatabaseUrl(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  const raw = env.DATABASE_URL?.trim();
  if (raw && /^postgres(ql)?:\/\//i.test(raw)) {
    return { provider: "postgresql", url: raw, filePath: null };
  }
  const given = raw ? (/^file:/i.test(raw) ? raw.replace(/^file:(\/\/)?/i, "") : null) : undefined;
  if (given === null || given === "") {
    throw new DatabaseUrlError(`DATABASE_URL must be ${DATABASE_URL_FORMS}, not "${shownUrl(raw!)}"`);
  }
  const filePath = given === undefined ? path.join(dataDirectory(env), "baton.db") : path.resolve(given);
  return { provider: "sqlite", url: `file:${filePath}`, filePath };
}

/**
 * pg's Pool gives a connection string precedence over `database`, so a shadow database built with
 * `{ ...config, database }` would silently be the main one. Always hand pg explicit fields.
 */
export function postgresConnectionConfig(url: string): {
  host: string;
  port: number;
  user: string;
  password: string | undefined;
  database: string;
  ssl?: boolean;
} {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, "")) || "postgres";
  const sslMode = parsed.searchParams.get("sslmode");
  return {
    host: decodeURIComponent(parsed.hostname) || "127.0.0.1",
    port: parsed.port ? Number(parsed.port) : 5432,
    user: decodeURIComponent(parsed.username) || process.env.PGUSER || "postgres",
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    database,
    ...(sslMode && sslMode !== "disable" ? { ssl: true } : {}),
  };
}
