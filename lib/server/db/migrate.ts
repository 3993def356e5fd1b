/**
 * Migrations without Prisma's native schema engine (it cannot be downloaded here, and the CLI's
 * `migrate` commands need it). The official WASM build of the same engine, driven through driver
 * adapters, writes and reads the same migrations folders, `migration_lock.toml` and
 * `_prisma_migrations` table as `prisma migrate`, so both stay interchangeable.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { PrismaBetterSqlite3 as PrismaBetterSqlite3Type } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import type { MigrationList, SchemaEngine as SchemaEngineType } from "@prisma/schema-engine-wasm";
import type * as EngineBindingsModule from "@prisma/schema-engine-wasm/schema_engine_bg";
import { postgresConnectionConfig, resolveDatabaseUrl, type DatabaseProvider, type DatabaseTarget } from "./database-url";
import { postgresDriver, prismaPostgresAdapter } from "./postgres-driver";

const projectRoot = path.resolve(import.meta.dirname, "..", "..", "..");
const require = createRequire(import.meta.url);

export function schemaPath(provider: DatabaseProvider): string {
  return path.join(projectRoot, provider === "postgresql" ? "prisma/postgres/schema.prisma" : "prisma/schema.prisma");
}

export function migrationsDirectory(provider: DatabaseProvider): string {
  return path.join(projectRoot, provider === "postgresql" ? "prisma/postgres/migrations" : "prisma/migrations");
}

type EngineBindings = typeof EngineBindingsModule;
let engineModule: Promise<EngineBindings> | undefined;

/** The package's entry imports the .wasm as an ES module, which Node cannot; instantiate it by hand. */
function loadEngineModule() {
  engineModule ??= (async () => {
    const bindings = await import("@prisma/schema-engine-wasm/schema_engine_bg");
    const wasmFile = path.join(path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(readFileSync(wasmFile), { "./schema_engine_bg.js": bindings });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
    return bindings;
  })();
  return engineModule;
}

type AdapterLike = {
  executeRaw: (query: { sql: string; args: unknown[]; argTypes: unknown[] }) => Promise<number>;
  executeScript: (script: string) => Promise<void>;
  performIO?: (query: unknown) => Promise<{ fields: { dataTypeID: number }[]; rows: unknown[] }>;
};

/**
 * Two engine-path bugs seen on this stack: better-sqlite3 refuses multi-statement executeRaw (the engine
 * sends whole migration scripts that way), and the pg adapter cannot map Postgres' internal `"char"`
 * type (OID 18) that the engine's introspection reads. Patch both on each connection it opens.
 */
function patchAdapter<T extends object>(adapter: T): T {
  const target = adapter as unknown as AdapterLike;
  if (process.env.BATON_DEBUG_MIGRATIONS) {
    const record = target as unknown as Record<string, unknown>;
    for (const method of ["queryRaw", "executeRaw", "executeScript", "startTransaction"]) {
      const original = record[method];
      if (typeof original !== "function") continue;
      record[method] = async (...args: unknown[]) => {
        try {
          return await (original as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (error) {
          process.stderr.write(`[adapter] ${method} failed: ${JSON.stringify(args[0])?.slice(0, 400)}\n${String(error)}\n`);
          throw error;
        }
      };
    }
  }
  const executeRaw = target.executeRaw.bind(target);
  target.executeRaw = async (query) => {
    try {
      return await executeRaw(query);
    } catch (error) {
      if (query.args.length === 0 && /more than one statement/i.test(String((error as Error)?.message ?? error))) {
        await target.executeScript(query.sql);
        return 0;
      }
      throw error;
    }
  };
  if (typeof target.performIO === "function") {
    const performIO = target.performIO.bind(target);
    target.performIO = async (query) => {
      const result = await performIO(query);
      if (Array.isArray(result?.fields)) for (const field of result.fields) if (field.dataTypeID === 18) field.dataTypeID = 25;
      return result;
    };
  }
  return adapter;
}

/**
 * The pg adapter's own shadow database drops the database before closing its pool, which Postgres
 * refuses ("being accessed by other users"). Create and drop it here instead, with explicit fields so
 * it can never be the main database, and drop it only after its connections are closed.
 */
async function connectPostgresShadow(url: string) {
  const config = postgresConnectionConfig(url);
  const name = `baton_shadow_${randomUUID().replace(/-/g, "")}`;
  const { Client } = postgresDriver();
  const { PrismaPg } = prismaPostgresAdapter();
  const admin = new Client(config);
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const adapter = await new PrismaPg({ ...config, database: name }).connect();
  const dispose = adapter.dispose.bind(adapter);
  let disposed = false;
  adapter.dispose = async () => {
    if (disposed) return;
    disposed = true;
    await dispose();
    const cleanup = new Client(config);
    await cleanup.connect();
    try {
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await cleanup.end();
    }
  };
  return adapter;
}

function adapterFactoryFor(target: DatabaseTarget, opened: { dispose: () => Promise<void> }[], PrismaBetterSqlite3: typeof PrismaBetterSqlite3Type) {
  const factory =
    target.provider === "postgresql"
      ? new (prismaPostgresAdapter().PrismaPg)(postgresConnectionConfig(target.url))
      : new PrismaBetterSqlite3({ url: target.url });
  const connect = factory.connect.bind(factory);
  const connectToShadowDb = factory.connectToShadowDb.bind(factory);
  // The engine does not close its connections when freed; keep them to dispose of them ourselves,
  // or the SQLite file stays locked for the next writer.
  factory.connect = async () => {
    const adapter = patchAdapter(await connect());
    opened.push(adapter);
    return adapter;
  };
  factory.connectToShadowDb = async () => {
    const adapter = patchAdapter(target.provider === "postgresql" ? await connectPostgresShadow(target.url) : await connectToShadowDb());
    opened.push(adapter);
    return adapter;
  };
  return factory;
}

function readMigrationsList(provider: DatabaseProvider): MigrationList {
  const baseDir = migrationsDirectory(provider);
  const lockPath = path.join(baseDir, "migration_lock.toml");
  const directories = existsSync(baseDir)
    ? readdirSync(baseDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  return {
    baseDir,
    lockfile: { path: "migration_lock.toml", content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: directories.map((name) => {
      const file = path.join(baseDir, name, "migration.sql");
      return {
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: existsSync(file) ? { tag: "ok", value: readFileSync(file, "utf8") } : { tag: "error", value: "missing migration.sql" },
        },
      };
    }),
  } as MigrationList;
}

const noFilter = { externalTables: [], externalEnums: [] };

/**
 * Page size of a SQLite database Baton creates. A session's samples are one packed chunk per file
 * read (a few KB each, sample-pack.ts); with SQLite's default 4 KB pages most chunks spilled into
 * overflow pages, and committing a full agent ingest of the 400 MB bench corpus took ~35 ms instead
 * of ~8 (`npm run bench -- sessions`, alternating runs). Larger pages than 16 KB measured no better.
 */
export const SQLITE_PAGE_SIZE = 16384;

/**
 * Creates a missing (or empty) SQLite file with SQLITE_PAGE_SIZE pages before the engine opens it.
 * An existing database keeps its page size (changing it means rewriting the whole file).
 */
function createSqliteFile(filePath: string) {
  mkdirSync(path.dirname(filePath), { recursive: true });
  if (existsSync(filePath) && statSync(filePath).size > 0) return;
  const db = new Database(filePath);
  try {
    db.pragma(`page_size = ${SQLITE_PAGE_SIZE}`);
    // The size is only fixed once the file has a header: an empty VACUUM writes one.
    db.exec("VACUUM");
  } finally {
    db.close();
  }
}

async function withEngine<T>(target: DatabaseTarget, run: (engine: SchemaEngineType) => Promise<T>): Promise<T> {
  if (target.filePath) createSqliteFile(target.filePath);
  const { SchemaEngine } = await loadEngineModule();
  // Loaded here, not at the top: every command checks for pending migrations, few apply any, and
  // these two cost ~17 ms of each command's start.
  const [{ PrismaBetterSqlite3 }, { bindMigrationAwareSqlAdapterFactory }] = await Promise.all([import("@prisma/adapter-better-sqlite3"), import("@prisma/driver-adapter-utils")]);
  const schemaFile = schemaPath(target.provider);
  const log = (message: string) => {
    if (process.env.BATON_DEBUG_MIGRATIONS) process.stderr.write(`[schema-engine] ${message}\n`);
  };
  const opened: { dispose: () => Promise<void> }[] = [];
  const engine = await SchemaEngine.new(
    { datamodels: [[schemaFile, readFileSync(schemaFile, "utf8")]] },
    log,
    bindMigrationAwareSqlAdapterFactory(adapterFactoryFor(target, opened, PrismaBetterSqlite3)),
  );
  try {
    return await run(engine);
  } finally {
    engine.free();
    await Promise.all(opened.map((adapter) => adapter.dispose().catch(() => undefined)));
  }
}

/** Apply every pending migration (the equivalent of `prisma migrate deploy`). Returns the names applied. */
export async function migrateDatabase(target: DatabaseTarget = resolveDatabaseUrl()): Promise<string[]> {
  return withEngine(target, async (engine) => {
    const result = await engine.applyMigrations({ migrationsList: readMigrationsList(target.provider), filters: noFilter });
    return result.appliedMigrationNames;
  });
}

/**
 * Write a new migration for one provider: the difference between what the migrations folder builds
 * (replayed into a shadow database) and the schema. Returns null when there is nothing to migrate.
 */
export async function createMigration(target: DatabaseTarget, name: string, timestamp: string): Promise<string | null> {
  return withEngine(target, async (engine) => {
    const migrationsList = readMigrationsList(target.provider);
    const schemaFile = schemaPath(target.provider);
    const result = await engine.diff({
      from: migrationsList.migrationDirectories.length > 0 ? { tag: "migrations", ...migrationsList } : { tag: "empty" },
      to: { tag: "schemaDatamodel", files: [{ path: schemaFile, content: readFileSync(schemaFile, "utf8") }] },
      script: true,
      exitCode: true,
      filters: noFilter,
    });
    if (result.exitCode !== 2 || !result.stdout?.trim()) return null;
    const folder = path.join(migrationsList.baseDir, `${timestamp}_${name}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, "migration.sql"), result.stdout);
    const lockFile = path.join(migrationsList.baseDir, "migration_lock.toml");
    if (!existsSync(lockFile)) {
      writeFileSync(
        lockFile,
        `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "${target.provider}"\n`,
      );
    }
    return folder;
  });
}
