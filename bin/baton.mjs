#!/usr/bin/env node
// The `baton` command. It runs the prebuilt bundle of cli/ and lib/ (scripts/build-cli.mjs): loading
// the TypeScript sources through tsx cost 0.25–0.45 s a start, most of a no-change rescan. The bundle is
// used only while every source it was built from is unchanged; after an edit it is rebuilt first
// (~0.2 s), and when it cannot be built the sources run through tsx, so what runs is never stale.
// BATON_NO_BUNDLE=1 always runs the sources.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The default database lives in this install's data folder, wherever the command is run from.
// (An empty value too: it would otherwise resolve to whatever folder the command runs in.)
if (!process.env.BATON_DATA_DIR) process.env.BATON_DATA_DIR = path.join(projectRoot, "data");
process.env.BATON_PROJECT_ROOT = projectRoot;
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
process.env.CHECKPOINT_DISABLE ??= "1";

async function bundledMain() {
  if (process.env.BATON_NO_BUNDLE === "1") return null;
  try {
    const { buildCli, freshBundle } = await import("../scripts/build-cli.mjs");
    const dir = freshBundle(projectRoot) ?? (await buildCli(projectRoot));
    return (await import(pathToFileURL(path.join(dir, "cli.mjs")).href)).main;
  } catch (error) {
    process.stderr.write(`baton: running from sources (the CLI bundle could not be built: ${error?.message ?? error})\n`);
    return null;
  }
}

let main = await bundledMain();
if (main === null) {
  const { register } = await import("tsx/esm/api");
  register();
  ({ main } = await import("../cli/baton.ts"));
}
process.exitCode = await main(process.argv.slice(2));
