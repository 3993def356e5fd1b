import { existsSync } from "node:fs";
import path from "node:path";
import type { BatonEntry } from "../lib/server/agent-loop/install";

/**
 * How a runtime calls this Baton: the node running now (absolute: a hook's shell may not have nvm's
 * PATH) and the absolute path of bin/baton.mjs. BATON_DATA_DIR goes into the command only when it
 * was set to something other than the install's own data folder.
 */
export function batonEntry(env: NodeJS.ProcessEnv = process.env): BatonEntry {
  const root = env.BATON_PROJECT_ROOT ?? path.resolve(import.meta.dirname, "..");
  const script = path.join(root, "bin", "baton.mjs");
  if (!existsSync(script)) throw new Error(`cannot find Baton's entry ${script}`);
  const dataDir = env.BATON_DATA_DIR ? path.resolve(env.BATON_DATA_DIR) : null;
  return { node: process.execPath, script, dataDir: dataDir === null || dataDir === path.join(root, "data") ? null : dataDir };
}
