// After `npm install`: write the PostgreSQL schema copy, generate both Prisma clients, and bundle the
// CLI (scripts/build-cli.mjs). Offline-safe: the schema-engine stub keeps Prisma's CLI from trying to
// download its engine, and the bundle needs nothing but esbuild.
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
// Last, and never fatal: the bundle imports the generated clients, and without it `baton` still runs
// (it tries to build the bundle again, else runs the sources through tsx).
try {
  const { buildCli } = await import("./build-cli.mjs");
  await buildCli(root, { log: (line) => console.log(line) });
} catch (error) {
  console.warn(`warning: the CLI bundle was not built (${error?.message ?? error}); baton will run its TypeScript sources through tsx`);
}
