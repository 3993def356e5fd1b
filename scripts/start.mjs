// `npm start`: the dashboard on the built-in demo workspace (created on first start), on 127.0.0.1.
// `baton serve --demo` runs in this same process (no extra layer to pass signals through): a SIGTERM
// or Ctrl-C stops the server and exits.
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
process.argv = [process.argv[0], path.join(root, "bin", "baton.mjs"), "serve", "--demo", ...process.argv.slice(2)];
await import("../bin/baton.mjs");
