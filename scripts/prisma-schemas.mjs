// One schema cannot serve two providers, so prisma/schema.prisma (SQLite) is the source and the
// PostgreSQL copy is written from it with only the provider and the client output changed.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export function writePostgresSchema() {
  const source = readFileSync(path.join(root, "prisma/schema.prisma"), "utf8");
  const replaced = source
    .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
    .replace(/output\s*=\s*"\.\.\/generated\/sqlite"/, 'output       = "../../generated/postgres"');
  if (!replaced.includes('"postgresql"') || !replaced.includes("generated/postgres")) {
    throw new Error("prisma/schema.prisma no longer has the provider/output lines this script rewrites");
  }
  const target = path.join(root, "prisma/postgres/schema.prisma");
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(
    target,
    "// GENERATED from prisma/schema.prisma by scripts/prisma-schemas.mjs — do not edit.\n" + replaced,
  );
  return target;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(writePostgresSchema());
}
