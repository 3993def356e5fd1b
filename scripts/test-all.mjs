// `npm test`: typecheck, lint, unit + integration tests, a production build, then Playwright in a real
// Chromium on SQLite and (when BATON_TEST_DATABASE_URL is set) again on PostgreSQL.
// On a 2-core machine the single-threaded steps run side by side, each line prefixed with its step's
// name: typecheck with lint, the build from the moment the typecheck passed (beside the rest of the lint
// and the start of the unit tests), then two e2e passes (SQLite and PostgreSQL; each with its own
// server, port and output folder). The unit tests run three files at once (vitest.config.ts).
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { buildIsStale } from "../lib/server/app/build-freshness.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" };
const started = Date.now();
const timings = [];

/** Runs one command with each line of its output prefixed with its name; resolves to its exit code. */
function run({ name, command, args, extraEnv = {} }) {
  console.log(`\n▶ ${name}`);
  return new Promise((resolve) => {
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
    const begin = Date.now();
    child.on("close", (code, signal) => {
      timings.push(`${name}: ${((Date.now() - begin) / 1000).toFixed(1)} s`);
      if (code !== 0) failures.push(`${name} failed (exit ${code ?? signal})`);
      resolve(code ?? 1);
    });
  });
}

const failures = [];

/** The slowest specs of each pass, from Playwright's JSON reports (playwright.config.ts): where e2e time goes. */
function slowestSpecs(passes) {
  for (const pass of passes) {
    const file = path.join(root, "test-results", `e2e-report-${pass}.json`);
    if (!existsSync(file)) continue;
    const bySpec = new Map();
    const walk = (suite, spec) => {
      const name = suite.file ?? spec;
      for (const entry of suite.specs ?? []) for (const test of entry.tests) for (const result of test.results) bySpec.set(name, (bySpec.get(name) ?? 0) + result.duration / 1000);
      for (const child of suite.suites ?? []) walk(child, name);
    };
    for (const suite of JSON.parse(readFileSync(file, "utf8")).suites ?? []) walk(suite, null);
    const top = [...bySpec].sort((a, b) => b[1] - a[1]).slice(0, 5);
    timings.push(`  e2e ${pass}, slowest specs: ${top.map(([spec, seconds]) => `${spec} ${seconds.toFixed(0)} s`).join(", ")}`);
  }
}

/** Ends the run when anything failed so far, naming each failed step and every step's time. */
function stopOnFailure() {
  if (failures.length === 0) return;
  for (const failure of failures) console.error(`\n✗ ${failure}`);
  console.error(timings.join("\n"));
  process.exit(1);
}

/** Runs the tasks side by side (a task is a function returning a promise); the time they took together. */
async function together(label, tasks) {
  const begin = Date.now();
  await Promise.all(tasks.map((task) => task()));
  timings.push(`(${label} side by side: ${((Date.now() - begin) / 1000).toFixed(1)} s)`);
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

// Typecheck beside lint; the build starts as soon as the typecheck has passed (not before: the build
// writes next-env.d.ts and .next/types, which the typecheck reads), beside the rest of the lint: one
// production build for all e2e passes, and none at all when the one `npm start` made is newer than every
// source. Its own TypeScript pass is skipped: the typecheck covered it.
const begin = Date.now();
const lint = run({ name: "lint", command: bin("eslint"), args: ["--max-warnings", "0", "."] });
const typecheck = await run({ name: "typecheck", command: bin("tsc"), args: ["--noEmit"] });
const build =
  typecheck !== 0
    ? Promise.resolve(1)
    : buildIsStale(root)
      ? run({ name: "build", command: process.execPath, args: [path.join(root, "node_modules/next/dist/bin/next"), "build"], extraEnv: { BATON_BUILD_SKIP_TYPECHECK: "1" } })
      : (console.log("\n▶ build: the existing build is newer than every source; reused"), Promise.resolve(0));
await lint;
timings.push(`(typecheck and lint side by side: ${((Date.now() - begin) / 1000).toFixed(1)} s)`);
if (failures.length > 0) await build;
stopOnFailure();

// The unit and integration tests alone (three files at once, vitest.config.ts), then the two e2e passes
// side by side. Running the unit tests beside the e2e passes was tried: the two cores were saturated (load
// 12–18), the whole `npm test` still took 825–918 s, and tests that bound a liveness (a live update
// within 2 s, a worker's time limit, a 20-way claim race) failed under that load.
const unit = await run({ name: "unit and integration tests", command: bin("vitest"), args: ["run"] });
if (unit !== 0) await build;
stopOnFailure();
if ((await build) !== 0) stopOnFailure();

/** One Playwright pass: its own server (port), data folder, output folder and JSON report. */
const e2ePass = (name, pass, port, extraEnv = {}) => ({
  name,
  command: bin("playwright"),
  args: ["test"],
  extraEnv: { BATON_E2E_PASS: pass, BATON_E2E_PORT: String(port), BATON_E2E_DATA_DIR: path.join(root, `e2e/.tmp/${pass}`), BATON_E2E_OUTPUT_DIR: `test-results/${pass}`, ...extraEnv },
});
const postgresUrl = process.env.BATON_TEST_DATABASE_URL;
if (!postgresUrl) {
  await run(e2ePass("e2e (SQLite)", "sqlite", 3107));
  console.log("\ne2e (PostgreSQL): skipped: no PostgreSQL URL (set BATON_TEST_DATABASE_URL=postgresql://…)");
} else {
  const database = `baton_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${database}"`);
  await admin.query(`CREATE DATABASE "${database}"`);
  const url = new URL(postgresUrl);
  url.pathname = `/${database}`;
  // SQLite and PostgreSQL run every spec that writes through the database; the specs that need no
  // particular database (page looks, keyboard, markdown, read-only pages, the team and serve processes with
  // servers of their own) are spread over the two (e2e/fixtures/test.ts `oncePerRun`) so that the passes
  // take about as long as each other. The unit tests are done by then.
  // Two passes, not three: a third server (`sqlite-2`, whose specs then run in the SQLite pass) gained little
  // once screenshots and traces were off (362–438 s against 408 s), and with three servers on two cores the liveness-bounded checks (a live update, the
  // server answering while it renders a hostile handoff) and a keyboard race failed in three runs out of seven.
  const passes = { BATON_E2E_PASSES: "sqlite,postgres" };
  try {
    await together("e2e passes", [
      () => run(e2ePass("e2e (SQLite)", "sqlite", 3107, passes)),
      () => run(e2ePass("e2e (PostgreSQL)", "postgres", 3108, { BATON_E2E_DATABASE_URL: url.toString(), ...passes })),
    ]);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
  slowestSpecs(["sqlite", "postgres"]);
}
stopOnFailure();
console.log(`\n✓ all checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s\n${timings.join("\n")}`);
