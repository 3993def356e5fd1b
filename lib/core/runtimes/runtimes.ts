/**
 * The one home of the runtime ids: their union type, named constants for code that must single one
 * out, and lookups into the table (runtimes.data.ts). Outside lib/core/runtimes no code writes a
 * runtime id as a string literal; it uses `RUNTIME.claudeCode`, `RUNTIME_IDS`, or a table field.
 */
import { GENERIC_RUNTIME, RUNTIMES, STATE_FILES_KIND, type RuntimeLogLocation, type RuntimeRow } from "./runtimes.data";

export { RUNTIMES, GENERIC_RUNTIME, STATE_FILES_KIND, type RuntimeLogLocation, type RuntimeRow };

/** A runtime Baton knows. */
export type RuntimeId = keyof typeof RUNTIMES;

/** Every runtime id, in the table's order. */
export const RUNTIME_IDS = Object.keys(RUNTIMES) as RuntimeId[];

/** Named ids, for the code paths that treat one runtime differently (a parser, a de-dup rule). */
export const RUNTIME = {
  claudeCode: "claude-code",
  codex: "codex",
  geminiCli: "gemini-cli",
  opencode: "opencode",
  antigravity: "antigravity",
} as const satisfies Record<string, RuntimeId>;

/** Runtimes whose session logs Baton reads (`scan --agents`). */
export type LogRuntime = { [K in RuntimeId]: (typeof RUNTIMES)[K]["logs"] extends null ? never : K }[RuntimeId];
export const LOG_RUNTIMES = RUNTIME_IDS.filter((id) => RUNTIMES[id].logs !== null) as LogRuntime[];

/** Runtimes that send OpenTelemetry logs a team server reads. */
export type TelemetryRuntime = { [K in RuntimeId]: (typeof RUNTIMES)[K]["sendsTelemetry"] extends true ? K : never }[RuntimeId];
export const TELEMETRY_RUNTIMES = RUNTIME_IDS.filter((id) => RUNTIMES[id].sendsTelemetry) as TelemetryRuntime[];

/** What a stored session's `runtime` holds: a log runtime, or the state files' kind. */
export type SessionRuntime = LogRuntime | typeof STATE_FILES_KIND;

export function isRuntimeId(value: unknown): value is RuntimeId {
  return typeof value === "string" && Object.hasOwn(RUNTIMES, value);
}

export function isLogRuntime(value: unknown): value is LogRuntime {
  return isRuntimeId(value) && RUNTIMES[value].logs !== null;
}

/** The name people see; an unknown id shows as itself, none as "unknown". */
export function runtimeName(runtime: string | null): string {
  if (!runtime) return "unknown";
  return isRuntimeId(runtime) ? RUNTIMES[runtime].name : runtime;
}

/** The product's own name (Codex CLI), for setup and resume; an unknown id shows as itself. */
export function runtimeToolName(runtime: string): string {
  return isRuntimeId(runtime) ? RUNTIMES[runtime].toolName : runtime;
}

/** A short label for terminal columns (claude); an unknown id shows as itself. */
export function runtimeShortName(runtime: string): string {
  return isRuntimeId(runtime) ? RUNTIMES[runtime].shortName : runtime;
}

/** The runtime's colour, or null for an id Baton does not know. */
export function runtimeColor(runtime: string | null): string | null {
  return runtime !== null && isRuntimeId(runtime) ? RUNTIMES[runtime].color : null;
}

/** Where a log runtime keeps its logs. */
export function runtimeLogs(runtime: LogRuntime): RuntimeLogLocation {
  return RUNTIMES[runtime].logs;
}

/**
 * The runtime a written name means (a handoff's folder or identity line, `--runtime`): the id or one
 * of its aliases, any case, spaces and underscores read as dashes; null when none matches.
 */
export function runtimeFromName(name: string | null | undefined): RuntimeId | null {
  if (!name) return null;
  const key = name.trim().toLowerCase();
  const dashed = key.replace(/[\s_]+/g, "-");
  for (const id of RUNTIME_IDS) {
    const row: RuntimeRow = RUNTIMES[id];
    if (id === key || id === dashed || row.aliases.includes(key) || row.aliases.includes(dashed)) return id;
  }
  return null;
}
