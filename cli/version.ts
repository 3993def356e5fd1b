import { readFileSync } from "node:fs";
import path from "node:path";

/** Baton's version, from the package.json of the install that runs (bin/baton.mjs sets BATON_PROJECT_ROOT). */
export function batonVersion(): string {
  const root = process.env.BATON_PROJECT_ROOT ?? path.resolve(import.meta.dirname, "..");
  try {
    return (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version?: string }).version ?? "unknown";
  } catch {
    return "unknown";
  }
}
