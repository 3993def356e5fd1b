// Prisma's CLI resolves its native schema engine before `generate`/`validate`/`format` and tries to
// download it when missing, which fails offline. Those commands never run the engine, so a stub that
// answers `--version` satisfies the check. Migrations go through the WASM engine (scripts/migrate.ts).
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const projectRoot = path.resolve(import.meta.dirname, "..");

function hasNativeEngine() {
  const dir = path.join(projectRoot, "node_modules", "@prisma", "engines");
  if (!existsSync(dir)) return false;
  return readdirSync(dir).some((name) => name.startsWith("schema-engine-") && !name.endsWith(".d.ts"));
}

export function ensureSchemaEngineStub() {
  if (process.env.PRISMA_SCHEMA_ENGINE_BINARY || hasNativeEngine()) return;
  const dir = path.join(projectRoot, "node_modules", ".cache", "baton");
  const stub = path.join(dir, "schema-engine-stub");
  if (!existsSync(stub)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(stub, '#!/bin/sh\necho "schema-engine-cli 0.0.0 (stub: Baton migrates with the WASM engine)"\n');
    chmodSync(stub, 0o755);
  }
  process.env.PRISMA_SCHEMA_ENGINE_BINARY = stub;
}
