import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { buildIsStale } from "./build-freshness.mjs";

const root = mkdtempSync(path.join(os.tmpdir(), "baton-build-freshness-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const at = (file: string, seconds: number) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), "x");
  utimesSync(path.join(root, file), seconds, seconds);
  // A folder's own mtime changes when a file is added: keep every folder old, so only the file decides.
  for (let folder = path.dirname(file); folder !== "."; folder = path.dirname(folder)) utimesSync(path.join(root, folder), 1, 1);
};

test("missing build is stale; a build newer than every source is reused; a newer source, proxy.ts included, makes it stale", () => {
  at("app/page.tsx", 1000);
  expect(buildIsStale(root)).toBe(true);
  at(".next/BUILD_ID", 2000);
  expect(buildIsStale(root)).toBe(false);
  at("proxy.ts", 3000);
  expect(buildIsStale(root)).toBe(true);
  at(".next/BUILD_ID", 4000);
  expect(buildIsStale(root)).toBe(false);
  at("lib/core/old.ts", 3500);
  at("lib/core/old.test.ts", 9000);
  expect(buildIsStale(root)).toBe(false);
  at("lib/core/x.ts", 5000);
  expect(buildIsStale(root)).toBe(true);
});
