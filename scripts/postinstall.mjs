// After `npm install`: write the PostgreSQL schema copy and generate both Prisma clients.
// Offline-safe: the schema-engine stub keeps Prisma's CLI from trying to download its engine.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { ensureSchemaEngineStub } from "./schema-engine-stub.mjs";
import { writePostgresSchema } from "./prisma-schemas.mjs";

const root = path.resolve(import.meta.dirname, "..");
ensureSchemaEngineStub();
const postgresSchema = writePostgresSchema();
const env = { ...process.env, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" };
const prisma = path.join(root, "node_modules", "prisma", "build", "index.js");
for (const schema of [path.join(root, "prisma/schema.prisma"), postgresSchema]) {
  execFileSync(process.execPath, [prisma, "generate", "--schema", schema], { cwd: root, env, stdio: "inherit" });
}
