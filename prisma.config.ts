import path from "node:path";
import { defineConfig } from "prisma/config";
import { ensureSchemaEngineStub } from "./scripts/schema-engine-stub.mjs";
import { resolveDatabaseUrl } from "./lib/server/db/database-url";

// Prisma's CLI wants to download its native schema engine before `generate`, which fails offline.
// generate/validate/format never run that engine, so any file that answers --version satisfies it.
// Migrations do not go through this CLI at all: scripts/migrate.ts drives the WASM engine.
ensureSchemaEngineStub();

const target = resolveDatabaseUrl(process.env);
const schema =
  target.provider === "postgresql" ? "prisma/postgres/schema.prisma" : "prisma/schema.prisma";

export default defineConfig({
  schema: path.join(import.meta.dirname, schema),
  migrations: {
    path: path.join(import.meta.dirname, target.provider === "postgresql" ? "prisma/postgres/migrations" : "prisma/migrations"),
  },
  datasource: { url: target.url },
});
