// The CLI bundle: `cli/baton.ts` and the session parser worker as plain ES modules, so `baton` and its
// worker threads start without loading TypeScript through tsx (0.25–0.45 s a command, 0.3–0.45 s a
// worker on these machines).
// Built at postinstall and again by bin/baton.mjs whenever a source it was built from changed.
//
//   node scripts/build-cli.mjs     build now (prints where)
//
// Layout: node_modules/.cache/baton/<build>/{cli.mjs, parse-worker.mjs, chunk-*.mjs}, and
// current.json naming the build in use with every source file it was made from (size and mtime).
// A build is fresh while each of those files is unchanged; builds are never rewritten in place
// (a new one gets a new folder, then current.json is swapped), so a running process keeps its own.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bundleRoot, fingerprint, freshBundle, MANIFEST_VERSION } from "../lib/server/sessions/cli-bundle.mjs";

export { bundleRoot, freshBundle };

/** Files outside the import graph that change what the bundle is. */
const CONFIG_INPUTS = ["package.json", "tsconfig.json", "scripts/build-cli.mjs"];

/** Where bundled sources can come from (npm packages stay external). */
const SOURCE_DIRS = ["cli", "lib", "generated", "scripts"];

function listFiles(root, dir) {
  if (!existsSync(path.join(root, dir))) return [];
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

/**
 * esbuild rewrites nothing about `import.meta`, so bundled code would resolve paths against the
 * bundle's folder. Code here means its own file (migrations beside lib/server/db, the Prisma client's
 * folder, the project root three levels up): give each source file its own values back.
 */
function sourceLocations() {
  return {
    name: "source-import-meta",
    setup(build) {
      build.onLoad({ filter: /\.(ts|mts|mjs)$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = readFileSync(args.path, "utf8");
        const values = { dirname: path.dirname(args.path), filename: args.path, url: pathToFileURL(args.path).href };
        // Not inside a string (this file's own mentions, quoted, stay as they are).
        const contents = source.replace(/(?<![\w."'`])import\.meta\.(dirname|filename|url)\b/g, (_match, key) => JSON.stringify(values[key]));
        return contents === source ? undefined : { contents, loader: args.path.endsWith("ts") ? "ts" : "js" };
      });
    },
  };
}

/** Builds into a new folder and makes it current; returns the folder. Throws when esbuild fails. */
export async function buildCli(root, { log = () => undefined } = {}) {
  const started = Date.now();
  const { build } = await import("esbuild");
  const cache = bundleRoot(root);
  const id = `build-${started.toString(36)}-${process.pid.toString(36)}`;
  const dir = path.join(cache, id);
  mkdirSync(dir, { recursive: true });
  // Fingerprints from before the build, compared after it: a file saved while esbuild read it would
  // otherwise be recorded as built at its new state.
  const before = new Map();
  for (const file of [...CONFIG_INPUTS, ...SOURCE_DIRS.flatMap((dir) => listFiles(root, dir))]) before.set(file, fingerprint(path.join(root, file)));
  let inputs;
  try {
    const result = await build({
      absWorkingDir: root,
      entryPoints: { cli: "cli/baton.ts", "parse-worker": "lib/server/sessions/parse-worker.ts" },
      outdir: dir,
      outExtension: { ".js": ".mjs" },
      bundle: true,
      // Chunks keep each command's dependencies (Next, Prisma, git ingest) out of the others' startup.
      splitting: true,
      format: "esm",
      platform: "node",
      target: "node20",
      // npm packages stay imports (native addons, WASM, their own file lookups); lib/, cli/ and
      // generated/ are bundled.
      packages: "external",
      define: { BATON_WORKER_FILE: JSON.stringify(path.join(dir, "parse-worker.mjs")) },
      plugins: [sourceLocations()],
      metafile: true,
      sourcemap: "linked",
      logLevel: "silent",
    });
    inputs = {};
    for (const file of [...Object.keys(result.metafile.inputs), ...CONFIG_INPUTS]) {
      if (file.startsWith("node_modules/") || file.includes(":")) continue;
      const now = fingerprint(path.join(root, file));
      if (before.get(file) !== now) throw new Error(`${file} changed during the build`);
      inputs[file] = now;
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const manifest = { version: MANIFEST_VERSION, root, build: id, builtAt: started, inputs };
  const temporary = path.join(cache, `current.json.${process.pid}`);
  writeFileSync(temporary, JSON.stringify(manifest, null, 1));
  renameSync(temporary, path.join(cache, "current.json"));
  pruneOldBuilds(cache, id);
  log(`baton CLI bundle: ${path.relative(root, dir)} (${Object.keys(inputs).length} sources, ${Date.now() - started} ms)`);
  return dir;
}

/** Builds other processes may still be running from are left an hour. */
function pruneOldBuilds(cache, keep) {
  const cutoff = Date.now() - 60 * 60 * 1000;
  for (const entry of readdirSync(cache, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith("build-") || entry.name === keep) continue;
    const dir = path.join(cache, entry.name);
    try {
      if (statSync(dir).mtimeMs < cutoff) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another build pruned it first.
    }
  }
}

// Run as a script (by name: this module is also bundled into the CLI, where import.meta is not its own).
if (path.basename(process.argv[1] ?? "") === "build-cli.mjs") {
  const root = path.resolve(import.meta.dirname, "..");
  const dir = await buildCli(root, { log: (line) => console.log(line) });
  console.log(dir);
}
