/**
 * Context window by model id: the id is read by the vendors' documented naming rules into a family
 * and a version (below), and the pair is looked up in model-context.data.ts (each entry with its
 * source and the date it was read). A pair not in the table is `unknown`: never a guess from a
 * neighbouring version (CONTRACTS.md: an unknown model gets `unknown`).
 *
 * Naming rules (docs/token-accounting.md, "Context windows"):
 * - Anthropic: `claude-<tier>-<major>[-<minor>][-<YYYYMMDD>|-latest]` (4.x and later) and
 *   `claude-<major>[-<minor>]-<tier>[-<YYYYMMDD>]` (3.x); tier opus / sonnet / haiku. Bedrock
 *   (`[region.]anthropic.<id>-v1:0`) and Vertex (`<id>@<YYYYMMDD>`) spellings too.
 * - OpenAI: `gpt-<version>[-<variant>][-<YYYY-MM-DD>]` (variant codex, codex-mini, codex-max, mini,
 *   nano, …: a family of its own), `o<n>[-<variant>]`, and `<family>-latest` aliases.
 * - Google: `gemini-<version>-<tier>[-<variant>][-preview|-latest|-exp][-<date or revision>]`
 *   (tier pro / flash / flash-lite; a variant such as `image` is a family of its own;
 *   `customtools` is an endpoint of the same model).
 * - Any `vendor/` or `models/` prefix is dropped; Claude Code's `[1m]` suffix means 1,000,000.
 */
import { MODEL_CONTEXT, type ModelContextEntry } from "./model-context.data";

export type ModelContextLookup = { tokens: number; source: "model-table" } | { tokens: null; source: "unknown" };

/** A model id read by the naming rules: `{ family: "claude-opus", version: "4.5" }`, or null. */
export interface ModelFamilyVersion {
  family: string;
  version: string;
}

const ONE_MILLION_SUFFIX = /\[1m\]$/i;
const PATH_PREFIX = /^(?:[a-z0-9_.-]+\/)+/;
const BEDROCK = /^(?:[a-z]{2,4}\.)?anthropic\.(.+?)(?:-v\d+(?::\d+)?)?$/;
const VERTEX_SNAPSHOT = /@(?:\d{8}|latest)$/;
const CLAUDE_NEW = /^claude-(opus|sonnet|haiku)-(\d+)(?:-(\d{1,2}))?(?:-(?:\d{8}|latest))?$/;
const CLAUDE_OLD = /^claude-(\d+)(?:-(\d{1,2}))?-(opus|sonnet|haiku)(?:-(?:\d{8}|latest))?$/;
const OPENAI_SNAPSHOT = /-\d{4}-\d{2}-\d{2}$/;
const GPT = /^gpt-(\d+(?:\.\d+)?o?)((?:-[a-z]+)*)$/;
const O_SERIES = /^o(\d+)((?:-[a-z]+)*)$/;
const LATEST_ALIAS = /^([a-z]+(?:-[a-z]+)*)-latest$/;
const GEMINI = /^gemini-(\d+(?:\.\d+)?)-(pro|flash)(-lite)?((?:-[a-z0-9]+)*)$/;
/** Gemini suffixes that name a release of the same model, not another model. */
const GEMINI_RELEASE = new Set(["preview", "latest", "exp", "customtools"]);

export function modelFamilyVersion(model: string): ModelFamilyVersion | null {
  let id = model.trim().toLowerCase().replace(PATH_PREFIX, "");
  id = id.replace(BEDROCK, "$1").replace(VERTEX_SNAPSHOT, "");
  let match = CLAUDE_NEW.exec(id);
  if (match) return { family: `claude-${match[1]}`, version: match[3] === undefined ? match[2]! : `${match[2]}.${match[3]}` };
  match = CLAUDE_OLD.exec(id);
  if (match) return { family: `claude-${match[3]}`, version: match[2] === undefined ? match[1]! : `${match[1]}.${match[2]}` };
  id = id.replace(OPENAI_SNAPSHOT, "");
  match = GPT.exec(id);
  if (match) return { family: `gpt${match[2] ?? ""}`, version: match[1]! };
  match = O_SERIES.exec(id);
  if (match) return { family: `o${match[2] ?? ""}`, version: match[1]! };
  match = GEMINI.exec(id);
  if (match) {
    // Dates and revisions (`-05-20`, `-002`) and release words drop out; what is left is a variant.
    const variant = (match[4] ?? "").split("-").filter((part) => part !== "" && !GEMINI_RELEASE.has(part) && !/^\d+$/.test(part));
    return { family: ["gemini", match[2], ...(match[3] ? ["lite"] : []), ...variant].join("-"), version: match[1]! };
  }
  match = LATEST_ALIAS.exec(id);
  if (match) return { family: match[1]!, version: "latest" };
  return null;
}

const BY_KEY = new Map(MODEL_CONTEXT.map((entry) => [`${entry.family}@${entry.version}`, entry]));

function entryFor(model: string): ModelContextEntry | null {
  const read = modelFamilyVersion(model);
  return read === null ? null : (BY_KEY.get(`${read.family}@${read.version}`) ?? null);
}

export function modelContextWindow(model: string | null | undefined): ModelContextLookup {
  if (!model) return { tokens: null, source: "unknown" };
  if (ONE_MILLION_SUFFIX.test(model.trim())) return { tokens: 1_000_000, source: "model-table" };
  const entry = entryFor(model);
  return entry === null ? { tokens: null, source: "unknown" } : { tokens: entry.tokens, source: "model-table" };
}

/** Where a table entry's number comes from (for docs and tooltips), or null when unknown. */
export function modelContextNote(model: string): string | null {
  return entryFor(model)?.source ?? null;
}
