// Playwright's web server: a fresh demo workspace in the e2e data folder, scanned into the database
// DATABASE_URL names, then `next start` on the existing production build.
import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const port = process.argv[2] ?? "3107";
if (process.env.DATABASE_URL?.startsWith("file:")) rmSync(process.env.DATABASE_URL.slice(5), { force: true });
execFileSync(process.execPath, [path.join(root, "bin", "baton.mjs"), "demo"], { stdio: ["ignore", "inherit", "inherit"], cwd: root });
// Beside the demo: a repo of handoffs built to freeze a markdown renderer (e2e/hostile-markdown.spec.ts).
const hostile = path.join(process.env.BATON_DATA_DIR ?? path.join(root, "data"), "hostile-markdown");
execFileSync(process.execPath, ["--import", "tsx", path.join(root, "e2e", "fixtures", "hostile-repo.ts"), hostile], { stdio: ["ignore", "inherit", "inherit"], cwd: root });
execFileSync(process.execPath, [path.join(root, "bin", "baton.mjs"), "scan", hostile], { stdio: ["ignore", "ignore", "inherit"], cwd: root });
const server = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "start", "-H", "127.0.0.1", "-p", port], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
