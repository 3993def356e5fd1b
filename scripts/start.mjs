// `npm start`: the dashboard on the built-in demo workspace (created on first start), on 127.0.0.1.
import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
try {
  execFileSync(process.execPath, [path.join(root, "bin", "baton.mjs"), "serve", "--demo", ...args], { stdio: "inherit", cwd: root });
} catch (error) {
  process.exitCode = typeof error.status === "number" ? error.status : 1;
}
