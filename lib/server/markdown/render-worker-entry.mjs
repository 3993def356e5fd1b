// Worker bootstrap when running from the sources (vitest, tsx scripts): a worker thread does not
// inherit a TypeScript loader, so register tsx first. The production build bundles render-worker.ts.
import { register } from "tsx/esm/api";

register();
await import("./render-worker.ts");
