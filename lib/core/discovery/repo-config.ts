/**
 * A repo's own discovery settings, committed at its root as `.baton.json` and shared by the team
 * (docs/cli.md, "A repo's own settings"). Total: a file that is not valid gives findings and no
 * settings (the defaults apply), never an exception.
 */
import { z } from "zod";
import { finding, type Finding } from "../findings";

export const REPO_CONFIG_FILE = ".baton.json";
/** Larger than any sensible settings file; a bigger one is reported, not read. */
export const REPO_CONFIG_MAX_BYTES = 64 * 1024;

const globSchema = z
  .string()
  .trim()
  .min(1, "a glob cannot be empty")
  .max(500, "a glob is at most 500 characters")
  .refine((glob) => !glob.startsWith("/") && !/^[A-Za-z]:[\\/]/.test(glob), "a glob is relative to the repo root, not absolute")
  .refine((glob) => !glob.split("/").includes(".."), "a glob cannot leave the repo (`..`)")
  .refine((glob) => !glob.includes("\\"), "use forward slashes in globs");

export const repoConfigSchema = z
  .object({
    /** Where the file's JSON Schema lives, for editors; ignored by Baton. */
    $schema: z.string().optional(),
    /** Extra handoff globs, added to the default rules. */
    handoffs: z.array(globSchema).max(200).optional(),
    /** Paths that are never handoffs, even when a rule or glob matches them. */
    ignore: z.array(globSchema).max(200).optional(),
  })
  .strict();

export type RepoConfig = z.infer<typeof repoConfigSchema>;

export interface RepoConfigResult {
  /** The settings to use; empty when the file is absent or not valid. */
  config: { handoffs: string[]; ignore: string[] };
  /** Null when no file was found. */
  file: string | null;
  issues: Finding[];
}

const EMPTY = { handoffs: [], ignore: [] };

/** Reads `.baton.json`'s text (null: no file). */
export function parseRepoConfig(text: string | null, file = REPO_CONFIG_FILE): RepoConfigResult {
  if (text === null) return { config: EMPTY, file: null, issues: [] };
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return {
      config: EMPTY,
      file,
      issues: [finding("config-invalid", "error", lineOfJsonError(text, error), `${file} is not valid JSON (${(error as Error).message}); its settings are not used until it is fixed`)],
    };
  }
  const result = repoConfigSchema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(top level)"}: ${issue.message}`);
    return {
      config: EMPTY,
      file,
      issues: [finding("config-invalid", "error", null, `${file} is not valid: ${problems.join("; ")}; its settings are not used until it is fixed`)],
    };
  }
  return { config: { handoffs: result.data.handoffs ?? [], ignore: result.data.ignore ?? [] }, file, issues: [] };
}

/**
 * The line of a JSON.parse error: V8 names a position ("at position 12", newer versions) or quotes
 * the text around an unexpected token (`Unexpected token ']', ..."a/*.md",]"…`, Node 20).
 */
function lineOfJsonError(text: string, error: unknown): number | null {
  const message = error instanceof Error ? error.message : "";
  const lineOf = (offset: number) => text.slice(0, offset).split("\n").length;
  const line = /line (\d+)/.exec(message);
  if (line) return Number(line[1]);
  const position = /position (\d+)/.exec(message);
  if (position) return lineOf(Number(position[1]));
  if (/end of JSON input/.test(message)) return lineOf(text.length);
  const quoted = /Unexpected token '(.)', (?:\.\.\.)?"([\s\S]*?)(?:\.\.\.)?" is not valid JSON/.exec(message);
  if (!quoted) return null;
  const at = text.indexOf(quoted[2]!);
  if (at < 0) return null;
  const token = quoted[2]!.indexOf(quoted[1]!, Math.max(0, Math.floor(quoted[2]!.length / 2) - 10));
  return lineOf(at + Math.max(0, token));
}
