/**
 * Where the runtime will compact the context by itself, in the guard's own terms (tokens and percent
 * of the window Baton measures the position against), and the threshold the guard really uses: never
 * above that point minus COMPACTION_MARGIN_PERCENT, whatever was asked for (the default, the repo's
 * budget or BATON_HANDOFF_AT). Pure: lib/server/agent-loop/compaction-settings.ts reads the user's
 * settings. The facts and their sources: lib/core/runtimes/auto-compaction.data.ts.
 */
import { CLAUDE_CODE_COMPACTION, CODEX_COMPACTION, COMPACTION_MARGIN_PERCENT, GEMINI_CLI_COMPACTION } from "../runtimes/auto-compaction.data";
import type { Threshold } from "./guard";
import { RUNTIME } from "../runtimes/runtimes";

/** The user's settings that move a runtime's compaction point, as read from its files and environment. */
export type CompactionSettings =
  | {
      runtime: typeof RUNTIME.claudeCode;
      /** Why auto-compaction is off (`DISABLE_AUTO_COMPACT=1`, `autoCompactEnabled: false in ~/.claude.json`), or null. */
      off: string | null;
      /** CLAUDE_AUTOCOMPACT_PCT_OVERRIDE as written, or null. */
      percentOverride: string | null;
      /** CLAUDE_CODE_AUTO_COMPACT_WINDOW as written, or null. */
      windowOverride: string | null;
    }
  | {
      runtime: typeof RUNTIME.codex;
      /** config.toml `model_auto_compact_token_limit`, or null. */
      limit: number | null;
      /** The config file they came from (for the words), or null. */
      file: string | null;
    }
  | {
      runtime: typeof RUNTIME.geminiCli;
      /** `model.compressionThreshold` (or the older `chatCompression.contextPercentageThreshold`), or null. */
      fraction: number | null;
      file: string | null;
    };

export interface CompactionPoint {
  tokens: number;
  /** tokens over the window the guard measures against × 100. */
  percent: number;
  /** In words, for the instruction, the log and `hooks status`: "Claude Code auto-compacts at 167,000 tokens". */
  detail: string;
}

const tokens = (value: number) => value.toLocaleString("en-US");
const tenth = (value: number) => Math.floor(value * 10) / 10;

function claudeCodePoint(settings: Extract<CompactionSettings, { runtime: typeof RUNTIME.claudeCode }>, window: number): Omit<CompactionPoint, "percent"> | null {
  if (settings.off !== null) return null;
  const facts = CLAUDE_CODE_COMPACTION;
  let compactionWindow = window;
  const notes: string[] = [];
  const windowValue = settings.windowOverride === null ? Number.NaN : Number.parseInt(settings.windowOverride, 10);
  if (Number.isFinite(windowValue) && windowValue > 0) {
    compactionWindow = Math.min(window, Math.max(facts.windowMin, Math.min(windowValue, facts.windowMax)));
    notes.push(`${facts.windowVariable}=${settings.windowOverride}`);
  }
  const effective = compactionWindow - facts.outputReserveTokens;
  let point = effective - facts.bufferTokens;
  const percentValue = settings.percentOverride === null ? Number.NaN : Number.parseFloat(settings.percentOverride);
  if (Number.isFinite(percentValue) && percentValue > 0 && percentValue <= 100) {
    point = Math.min(Math.floor((effective * percentValue) / 100), point);
    notes.push(`${facts.percentVariable}=${settings.percentOverride}`);
  }
  if (point <= 0) return null;
  return { tokens: point, detail: `Claude Code auto-compacts at ${tokens(point)} tokens${notes.length > 0 ? ` (${notes.join(", ")})` : ""}` };
}

function codexPoint(settings: Extract<CompactionSettings, { runtime: typeof RUNTIME.codex }>, window: number): Omit<CompactionPoint, "percent"> | null {
  const facts = CODEX_COMPACTION;
  // The rollout states the usable window (the model's × 95 %, after config.toml's model_context_window, which Codex caps at the model's maximum).
  const modelWindow = Math.round((window * 100) / facts.effectiveWindowPercent);
  const fromWindow = Math.floor((modelWindow * facts.percentOfModelWindow) / 100);
  const point = settings.limit !== null && settings.limit > 0 ? Math.min(settings.limit, fromWindow) : fromWindow;
  const given = settings.limit !== null && settings.limit > 0 && settings.limit <= fromWindow ? `${facts.limitKey} = ${tokens(settings.limit)}${settings.file ? ` in ${settings.file}` : ""}` : `${facts.percentOfModelWindow} % of the model's ${tokens(modelWindow)}`;
  return { tokens: point, detail: `Codex auto-compacts at ${tokens(point)} tokens (${given})` };
}

function geminiPoint(settings: Extract<CompactionSettings, { runtime: typeof RUNTIME.geminiCli }>): Omit<CompactionPoint, "percent"> | null {
  const facts = GEMINI_CLI_COMPACTION;
  // Gemini CLI treats 0 (and no setting) as "use the default".
  const fraction = settings.fraction !== null && settings.fraction > 0 ? settings.fraction : facts.defaultFraction;
  const point = Math.floor(fraction * facts.tokenLimit);
  const given = fraction === settings.fraction ? `compressionThreshold ${fraction}${settings.file ? ` in ${settings.file}` : ""}` : `its default ${facts.defaultFraction}`;
  return { tokens: point, detail: `Gemini CLI compresses the chat at ${tokens(point)} tokens (${given} × ${tokens(facts.tokenLimit)})` };
}

/** The runtime's own compaction point over `window` (the window the guard measures against), or null when it has none. */
export function compactionPoint(settings: CompactionSettings, window: number): CompactionPoint | null {
  if (!(window > 0)) return null;
  const point = settings.runtime === RUNTIME.claudeCode ? claudeCodePoint(settings, window) : settings.runtime === RUNTIME.codex ? codexPoint(settings, window) : geminiPoint(settings);
  return point === null ? null : { ...point, percent: (point.tokens * 100) / window };
}

/**
 * The threshold the guard uses: the one asked for, or, when that is not at least
 * COMPACTION_MARGIN_PERCENT points below the runtime's compaction point, the point minus the margin
 * (never less than half the point, for a runtime set to compact very early). Rounded down to 0.1.
 */
export function thresholdBeforeCompaction(threshold: Threshold, point: CompactionPoint | null): Threshold {
  if (point === null) return threshold;
  const ceiling = tenth(Math.max(point.percent - COMPACTION_MARGIN_PERCENT, point.percent / 2));
  if (threshold.percent <= ceiling) return threshold;
  return { percent: ceiling, source: "runtime", detail: `${point.detail}, ${tenth(point.percent)} % of the window`, wanted: threshold };
}
