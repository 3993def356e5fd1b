/**
 * Whether the CLI bundle (scripts/build-cli.mjs builds it) is fresh: the folder of the current build when
 * every file it was built from is unchanged, else null. Here, not in scripts/, because the session
 * parser pool (lib/server/sessions/parse-pool.ts) asks it at run time, and lib/ never imports scripts/.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const MANIFEST_VERSION = 1;

export function bundleRoot(root) {
  return path.join(root, "node_modules", ".cache", "baton");
}

export function fingerprint(file) {
  const info = statSync(file);
  return `${info.size}:${info.mtimeMs}`;
}

/** The folder of the current build when every file it was built from is unchanged, else null. */
export function freshBundle(root) {
  const cache = bundleRoot(root);
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(cache, "current.json"), "utf8"));
  } catch {
    return null;
  }
  // Absolute source paths are compiled in (import.meta below): a moved checkout needs a new build.
  if (manifest?.version !== MANIFEST_VERSION || manifest.root !== root || typeof manifest.build !== "string") return null;
  try {
    for (const [file, print] of Object.entries(manifest.inputs)) {
      if (fingerprint(path.join(root, file)) !== print) return null;
    }
  } catch {
    return null;
  }
  const dir = path.join(cache, manifest.build);
  return existsSync(path.join(dir, "cli.mjs")) && existsSync(path.join(dir, "parse-worker.mjs")) ? dir : null;
}
