// Worker bootstrap: the parsers are TypeScript, and a worker thread does not inherit the tsx loader
// the main thread runs under (bin/baton.mjs, vitest, tsx scripts), so register it here first.
import { register } from "tsx/esm/api";

register();
await import("./parse-worker.ts");
