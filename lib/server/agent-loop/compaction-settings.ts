/**
 * The user's own settings that move a runtime's auto-compaction point (lib/core/runtimes/auto-compaction.data.ts),
 * read at hook time: Claude Code's environment variables (the hook runs in Claude Code's environment)
 * and ~/.claude.json's `autoCompactEnabled`; Codex's config.toml (user, then the project's); Gemini
 * CLI's settings.json (user, then the project's). A file is parsed only when its mtime or size changed
 * since the last hook (a cache in the data folder): ~/.claude.json can be megabytes, and the guard runs
 * on every tool call. An unreadable file counts as absent (one line in the log).
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { CompactionSettings } from "../../core/agent-loop/compaction-point";
import { CLAUDE_CODE_COMPACTION, CODEX_COMPACTION, GEMINI_CLI_COMPACTION } from "../../core/runtimes/auto-compaction.data";
import type { LoopRuntime } from "../../core/runtimes/hooks.data";
import { logLine, readCache, writeCache } from "./loop-files";
import { settingsFile } from "./settings-file";
import { asObject } from "../../core/sessions/json-values";
import { RUNTIME } from "../../core/runtimes/runtimes";

type Facts = Record<string, number | boolean | null>;

const TRUE_WORDS = new Set(["1", "true", "yes", "on"]);

function positive(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}

/** The facts `extract` takes from a file, from the cache while the file's mtime and size are unchanged; null when the file is absent. */
async function fileFacts(file: string, extract: (text: string) => Promise<Facts> | Facts, env: NodeJS.ProcessEnv): Promise<Facts | null> {
  let stamp: string;
  try {
    const stat = statSync(file);
    stamp = `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return null;
  }
  const cached = readCache<Facts>("compaction", file, (stored) => stored === stamp, env);
  if (cached !== null) return cached;
  let facts: Facts;
  try {
    facts = await extract(readFileSync(file, "utf8"));
  } catch (error) {
    logLine(`compaction settings: ${file} cannot be read (${(error as Error).message}); taken as absent`, env);
    facts = {};
  }
  writeCache("compaction", file, stamp, facts, env);
  return facts;
}

function userFile(location: Parameters<typeof settingsFile>[0], env: NodeJS.ProcessEnv): string | null {
  try {
    return settingsFile(location, "user", env, "");
  } catch {
    return null;
  }
}

async function claudeCode(env: NodeJS.ProcessEnv): Promise<CompactionSettings> {
  const facts = CLAUDE_CODE_COMPACTION;
  const offByVariable = facts.offVariables.find((name) => TRUE_WORDS.has((env[name] ?? "").trim().toLowerCase()));
  let off: string | null = offByVariable === undefined ? null : `${offByVariable}=${env[offByVariable]}`;
  if (off === null) {
    const file = userFile(facts.offSetting.file, env);
    const global = file === null ? null : await fileFacts(file, (text) => ({ enabled: asObject(JSON.parse(text))?.[facts.offSetting.key] !== false }), env);
    if (global?.enabled === false) off = `"${facts.offSetting.key}": false in ${file}`;
  }
  const given = (name: string) => (env[name]?.trim() ? env[name]!.trim() : null);
  return { runtime: RUNTIME.claudeCode, off, percentOverride: given(facts.percentVariable), windowOverride: given(facts.windowVariable) };
}

/**
 * One number from a runtime's user settings file, then its project's (the project's wins, as in the
 * runtime itself): the value and the file it came from.
 */
async function layeredValue(location: Parameters<typeof settingsFile>[0], projectRoot: string | null, extract: (text: string) => Promise<number | null> | number | null, env: NodeJS.ProcessEnv): Promise<{ value: number | null; file: string | null }> {
  const files = [userFile(location, env), projectRoot === null ? null : settingsFile(location, "project", env, projectRoot)].filter((file): file is string => file !== null);
  let found: { value: number | null; file: string | null } = { value: null, file: null };
  for (const file of [...new Set(files)]) {
    const read = await fileFacts(file, async (text) => ({ value: await extract(text) }), env);
    if (typeof read?.value === "number") found = { value: read.value, file };
  }
  return found;
}

async function codex(env: NodeJS.ProcessEnv, projectRoot: string | null): Promise<CompactionSettings> {
  const facts = CODEX_COMPACTION;
  const { value, file } = await layeredValue(
    facts.config,
    projectRoot,
    async (text) => {
      const { parse } = await import("smol-toml");
      const config = parse(text) as Record<string, unknown>;
      const profileName = typeof config.profile === "string" ? config.profile : null;
      const profile = profileName === null ? null : asObject(asObject(config.profiles)?.[profileName]);
      return positive(profile?.[facts.limitKey]) ?? positive(config[facts.limitKey]);
    },
    env,
  );
  return { runtime: RUNTIME.codex, limit: value, file };
}

async function geminiCli(env: NodeJS.ProcessEnv, projectRoot: string | null): Promise<CompactionSettings> {
  const facts = GEMINI_CLI_COMPACTION;
  const { value, file } = await layeredValue(
    facts.settings,
    projectRoot,
    (text) => {
      const settings = asObject(JSON.parse(text));
      for (const [group, key] of facts.settingPaths) {
        const value = positive(asObject(settings?.[group])?.[key]);
        if (value !== null) return value;
      }
      return null;
    },
    env,
  );
  return { runtime: RUNTIME.geminiCli, fraction: value, file };
}

/**
 * @param projectRoot the folder the runtime runs in (its project settings are read there), or null.
 */
export async function readCompactionSettings(runtime: LoopRuntime, env: NodeJS.ProcessEnv, projectRoot: string | null): Promise<CompactionSettings> {
  const root = projectRoot === null ? null : path.resolve(projectRoot);
  if (runtime === RUNTIME.claudeCode) return claudeCode(env);
  if (runtime === RUNTIME.codex) return codex(env, root);
  return geminiCli(env, root);
}
