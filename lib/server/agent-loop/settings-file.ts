/**
 * Reading and writing a runtime's settings file safely: a file that is not a JSON object is never
 * written (the caller says so in one line and exits 2); a write goes to a temporary file in the same
 * folder and is renamed over the original (never half-written), after the original was copied to
 * `<file>.baton-backup`; a change that leaves the text as it was writes nothing.
 */
import { copyFileSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { JsonObject } from "../../core/agent-loop/hook-settings";
import type { SettingsLocation } from "../../core/runtimes/hooks.data";

export type SettingsRead = { kind: "absent" } | { kind: "ok"; text: string; value: JsonObject } | { kind: "invalid"; message: string };

export const BACKUP_SUFFIX = ".baton-backup";

/** A settings file that is not valid JSON (or not the shape Baton can merge into): exit 2, nothing written. */
export class UnsafeSettingsError extends Error {}

/** Where a runtime's settings file is for a scope (user: the runtime's variable, else HOME; project: the repo root). */
export function settingsFile(location: SettingsLocation, scope: "user" | "project", env: NodeJS.ProcessEnv, projectRoot: string): string {
  if (scope === "project") return path.join(projectRoot, location.project);
  const variable = location.user.variable === null ? undefined : env[location.user.variable];
  if (variable !== undefined && variable.trim() !== "") return path.join(path.resolve(variable), location.user.inVariable);
  const home = env.HOME ?? env.USERPROFILE;
  if (!home) throw new UnsafeSettingsError("HOME is not set, so Baton cannot find the runtimes' user settings; use --scope project");
  return path.join(home, location.user.inHome);
}

export function readSettings(file: string): SettingsRead {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { kind: "absent" };
    return { kind: "invalid", message: `${file} cannot be read (${(error as Error).message}); Baton left it untouched` };
  }
  if (text.trim() === "") return { kind: "ok", text, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: "invalid", message: `${file} is not valid JSON (${(error as Error).message}); Baton left it untouched: fix it, then run the command again` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { kind: "invalid", message: `${file} holds JSON that is not an object; Baton left it untouched` };
  }
  return { kind: "ok", text, value: value as JsonObject };
}

/** Writes `text` unless the file already holds it; returns whether it wrote. */
export function writeSettingsText(file: string, text: string, original: string | null): boolean {
  if (original === text) return false;
  mkdirSync(path.dirname(file), { recursive: true });
  let mode: number | undefined;
  if (original !== null) {
    copyFileSync(file, `${file}${BACKUP_SUFFIX}`);
    mode = statSync(file).mode & 0o777;
  }
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.baton-${process.pid}.tmp`);
  writeFileSync(temporary, text, mode === undefined ? undefined : { mode });
  renameSync(temporary, file);
  return true;
}

export function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
