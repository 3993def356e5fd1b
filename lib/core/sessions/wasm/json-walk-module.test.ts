import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { compileJsonWalk, moduleSource, WASM_MODULE } from "../../../../scripts/build-wasm.mjs";

test("the committed WebAssembly is what json-walk.as.ts compiles to (else: npm run build:wasm)", async () => {
  const root = path.resolve(import.meta.dirname, "../../../..");
  const committed = readFileSync(path.join(root, WASM_MODULE), "utf8");
  expect(committed).toBe(moduleSource(await compileJsonWalk()));
}, 60_000);
