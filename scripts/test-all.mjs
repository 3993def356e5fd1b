// `npm test`: typecheck, lint, unit + integration tests, a production build, then Playwright in a real
// Chromium on SQLite and (when BATON_TEST_DATABASE_URL is set) again on PostgreSQL.
// On a 2-core machine the single-threaded steps run side by side (typecheck with lint; the SQLite and
// PostgreSQL e2e passes, each with its own server, port and output folder), each line prefixed with
// its step's name; the rest runs one after the other.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { buildIsStale } from "../lib/server/app/build-freshness.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" };
const started = Date.now();
const timings = [];

function step(name, command, args, extraEnv = {}) {
  const begin = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...env, ...extraEnv } });
  timings.push(`${name}: ${((Date.now() - begin) / 1000).toFixed(1)} s`);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${result.status ?? result.signal})`);
    console.error(timings.join("\n"));
    process.exit(result.status || 1);
  }
}

/** Runs the steps side by side, each line prefixed with the step's name; fails when any of them fails. */
async function together(steps) {
  const begin = Date.now();
  console.log(`\n▶ ${steps.map((item) => item.name).join(" ‖ ")}`);
  const results = await Promise.all(
    steps.map(
      ({ name, command, args, extraEnv = {} }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...env, ...extraEnv } });
          const prefix = (stream, out) => {
            let rest = "";
            stream.setEncoding("utf8");
            stream.on("data", (text) => {
              const lines = (rest + text).split("\n");
              rest = lines.pop() ?? "";
              for (const line of lines) out.write(`[${name}] ${line}\n`);
            });
            stream.on("end", () => rest && out.write(`[${name}] ${rest}\n`));
          };
          prefix(child.stdout, process.stdout);
          prefix(child.stderr, process.stderr);
          const started = Date.now();
          child.on("close", (code, signal) => {
            timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
            resolve({ name, code: code ?? signal });
          });
        }),
    ),
  );
  timings.push(`(side by side: ${((Date.now() - begin) / 1000).toFixed(1)} s)`);
  const failed = results.filter((result) => result.code !== 0);
  if (failed.length > 0) {
    for (const result of failed) console.error(`\n✗ ${result.name} failed (exit ${result.code})`);
    console.error(timings.join("\n"));
    process.exit(1);
  }
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)`);
  process.exit(1);
}

// The real agent CLIs the real-client tests drive (~760 MB from the npm registry on an empty cache):
// installed in the background from the start, so the download overlaps the typecheck and the lint; the
// test waits for this install when it gets there first (scripts/install-realcli.mjs, a lock file).
const realcli = spawn(process.execPath, [path.join(root, "scripts/install-realcli.mjs"), "--if-fixtures"], { cwd: root, env, stdio: "ignore" });
realcli.unref();

await together([
  { name: "typecheck", command: bin("tsc"), args: ["--noEmit"] },
  { name: "lint", command: bin("eslint"), args: ["--max-warnings", "0", "."] },
]);
step("unit and integration tests", bin("vitest"), ["run"]);
// One production build for both e2e runs (SQLite and PostgreSQL), and none at all when the one `npm start`
// made is newer than every source. Its TypeScript pass is skipped: the typecheck step above covered it.
if (buildIsStale(root)) step("build", process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], { BATON_BUILD_SKIP_TYPECHECK: "1" });
else console.log("\n▶ build: the existing build is newer than every source; reused");
const sqliteE2e = { name: "e2e (SQLite)", command: bin("playwright"), args: ["test"], extraEnv: { BATON_E2E_DATA_DIR: path.join(root, "e2e/.tmp/sqlite"), BATON_E2E_OUTPUT_DIR: "test-results/sqlite" } };
const postgresUrl = process.env.BATON_TEST_DATABASE_URL;
if (postgresUrl) {
  const database = `baton_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${database}"`);
  await admin.query(`CREATE DATABASE "${database}"`);
  const url = new URL(postgresUrl);
  url.pathname = `/${database}`;
  try {
    await together([
      sqliteE2e,
      {
        name: "e2e (PostgreSQL)",
        command: bin("playwright"),
        args: ["test"],
        extraEnv: { BATON_E2E_DATA_DIR: path.join(root, "e2e/.tmp/postgres"), BATON_E2E_DATABASE_URL: url.toString(), BATON_E2E_PORT: "3108", BATON_E2E_OUTPUT_DIR: "test-results/postgres" },
      },
    ]);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
} else {
  step(sqliteE2e.name, sqliteE2e.command, sqliteE2e.args, sqliteE2e.extraEnv);
  console.log("\ne2e (PostgreSQL): skipped: no PostgreSQL URL (set BATON_TEST_DATABASE_URL=postgresql://…)");
}
console.log(`\n✓ all checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s\n${timings.join("\n")}`);
