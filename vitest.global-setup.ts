/**
 * Every temp repo, database and log folder the tests make goes under one folder for the run, removed
 * at the end, so a test run leaves nothing behind in the system temp folder.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export default function setup() {
  const folder = mkdtempSync(path.join(os.tmpdir(), "baton-vitest-"));
  process.env.TMPDIR = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
