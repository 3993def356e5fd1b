// Whether the dashboard's production build (.next) is older than its sources. Plain JavaScript so that
// `npm start` (through lib/server/app/serve.ts) and `npm test` (scripts/test-all.mjs, no TypeScript
// loader) decide the same way: a build `npm start` made is reused by `npm test`, and the reverse.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const SOURCE_ENTRIES = ["app", "components", "lib", "public", "generated", "next.config.ts", "package.json", "postcss.config.mjs", "tsconfig.json", "proxy.ts"];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of readdirSync(entry, { withFileTypes: true })) {
    // Tests beside the code are not in the build: editing one must not cost a rebuild.
    if (child.name === "node_modules" || child.name.startsWith(".") || /\.test\.tsx?$/.test(child.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child.name)));
  }
  return newest;
}

export function buildIsStale(root) {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return SOURCE_ENTRIES.some((entry) => newestMtime(path.join(root, entry)) > built);
}
