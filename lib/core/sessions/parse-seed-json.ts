import { finding, type Finding, type Parsed } from "../findings";
import type { TokenCounts } from "../tokens";
import { asArray, asNumber, asObject, asString, isoTimestamp, type JsonObject } from "./json-values";
import type {
  BudgetConfig,
  Checkpoint,
  ContextSnapshot,
  HandoffPackage,
  LastSessionState,
  SeedRecord,
  SessionMetadata,
  TokenProbeReport,
  TokenUsageLogEntry,
} from "./types";
import { hasTokens, parseAllocationTrees } from "./seed-allocation-trees";
import { extractJsonValues } from "./seed-json-blocks";

/**
 * The session-state shapes of the seed (MoAI-ADK's session / checkpoint / handoff-package design)
 * and MoAI's real state files, recognised by their fields wherever they appear: a whole JSON file,
 * JSONL, or JSON blocks inside a Markdown/text document. Nothing here assumes a file name.
 *
 * Recognised (first match wins for an object; its consumed sub-objects are not searched again):
 * - handoff package: `handoff_id`, or `from_agent` + `to_agent`
 * - checkpoint: `checkpoint_id`, or an id starting `ckpt_` with a phase or token figures
 * - session metadata: `session_id` + `context_window` / `token_budget` {total, used, …}
 * - MoAI statusline context snapshot: `context_window_size` + `tokens_used`
 * - MoAI token probe report: `pools` + `session_id`
 * - MoAI last-session state: `current_branch` + (`uncommitted_files` | `specs_in_progress`)
 * - MoAI agent-session registry: `sessions` (agent → id map) + `metadata`
 * - budget config: a `context_budget` object, or `*_threshold_percent` / `reserve_tokens` fields
 * - token-usage log entry: a timestamp + `used` / `tokens_used` + `available` / `percent`
 * - bare context window: `total` + `used` + (`available` | `position_percent`)
 * ASCII allocation trees ("├── System Prompt & Instructions: ~15K tokens (7.5%)") found in the same
 * text become the `allocation` of the budget config (or a config of their own).
 */

export function parseSeedText(text: string): Parsed<SeedRecord[]> {
  const issues: Finding[] = [];
  const records: SeedRecord[] = [];
  for (const value of extractJsonValues(text, issues)) {
    reportInfinities(value, "", issues);
    records.push(...recogniseSeedJson(value));
  }

  const trees = parseAllocationTrees(text).value.filter((tree) => hasTokens(tree.nodes));
  const tree = trees[0];
  if (tree !== undefined) {
    const budgets = records.filter((record): record is Extract<SeedRecord, { kind: "budget-config" }> => record.kind === "budget-config");
    if (budgets.length > 0) {
      for (const budget of budgets) {
        budget.value.allocation = tree.nodes;
        budget.value.totalTokens = tree.totalTokens;
      }
    } else {
      records.push({ kind: "budget-config", value: { thresholdsPercent: [], reserveTokens: null, totalTokens: tree.totalTokens, allocation: tree.nodes } });
    }
  }
  return { value: records, issues };
}

/**
 * JSON.parse reads a number past a double's range (`1e999`) as ±Infinity, which no reading takes
 * (they read finite numbers only): each is reported here, where it is still visible, instead of
 * vanishing silently.
 */
function reportInfinities(value: unknown, path: string, issues: Finding[]): void {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) issues.push(finding("seed-bad-value", "warning", null, `${path || "the value"} is ${value} (a number beyond a double's range): not recorded`));
    return;
  }
  if (Array.isArray(value)) value.forEach((item, index) => reportInfinities(item, `${path}[${index}]`, issues));
  else if (typeof value === "object" && value !== null) for (const [key, member] of Object.entries(value)) reportInfinities(member, path ? `${path}.${key}` : key, issues);
}

/** Recognises the shapes inside an already-parsed JSON value. */
export function recogniseSeedJson(value: unknown): SeedRecord[] {
  const records: SeedRecord[] = [];
  walk(value, records);
  return records;
}

function walk(value: unknown, records: SeedRecord[]): void {
  const array = asArray(value);
  if (array !== null) {
    for (const item of array) walk(item, records);
    return;
  }
  const object = asObject(value);
  if (object === null) return;
  const match = recogniseObject(object);
  const consumed = match?.consumed ?? new Set<string>();
  if (match !== null) records.push(...match.records);
  for (const [key, child] of Object.entries(object)) {
    if (!consumed.has(key)) walk(child, records);
  }
}

interface Recognition {
  records: SeedRecord[];
  /** Keys whose values were read into the record and must not be recognised again. */
  consumed: Set<string>;
}

function recogniseObject(object: JsonObject): Recognition | null {
  const handoffId = asString(object.handoff_id);
  if (handoffId !== null || (asString(object.from_agent) !== null && asString(object.to_agent) !== null)) {
    return { records: [{ kind: "handoff-package", value: handoffFrom(object, handoffId) }], consumed: new Set(Object.keys(object)) };
  }

  const checkpointId = asString(object.checkpoint_id) ?? ckptId(object);
  if (checkpointId !== null) {
    return {
      records: [{ kind: "checkpoint", value: checkpointFrom(object, checkpointId) }],
      consumed: new Set(["token_usage", "token_budget", "context_snapshot"]),
    };
  }

  const windowObject = asObject(object.context_window) ?? asObject(object.token_budget);
  const sessionId = asString(object.session_id) ?? asString(object.sessionId);
  if (sessionId !== null && windowObject !== null && isWindowShape(windowObject)) {
    return {
      records: [{ kind: "session-metadata", value: sessionFrom(object, sessionId, windowObject) }],
      consumed: new Set(["context_window", "token_budget", "forking", "persistence", "work_state"]),
    };
  }

  if (object.context_window_size !== undefined && object.tokens_used !== undefined) {
    return { records: [{ kind: "context-snapshot", value: statuslineSnapshot(object) }], consumed: new Set(Object.keys(object)) };
  }

  if (asObject(object.pools) !== null && asString(object.session_id) !== null) {
    return { records: [{ kind: "token-probe", value: probeFrom(object) }], consumed: new Set(Object.keys(object)) };
  }

  if ("current_branch" in object && ("uncommitted_files" in object || "specs_in_progress" in object)) {
    return { records: [{ kind: "last-session-state", value: lastSessionFrom(object) }], consumed: new Set(Object.keys(object)) };
  }

  const sessions = asObject(object.sessions);
  if (sessions !== null && asObject(object.metadata) !== null && Object.values(sessions).every((id) => typeof id === "string")) {
    return {
      records: [{ kind: "agent-sessions", value: { sessions: sessions as Record<string, string>, lastUpdated: isoTimestamp(object.last_updated) } }],
      consumed: new Set(Object.keys(object)),
    };
  }

  const budget = asObject(object.context_budget);
  if (budget !== null) {
    return { records: [{ kind: "budget-config", value: budgetFrom(budget) }], consumed: new Set(["context_budget"]) };
  }
  if (Object.keys(object).some((key) => key.endsWith("_threshold_percent")) || (object.reserve_tokens !== undefined && Object.keys(object).length <= 6)) {
    return { records: [{ kind: "budget-config", value: budgetFrom(object) }], consumed: new Set(Object.keys(object)) };
  }

  const used = asNumber(object.used) ?? asNumber(object.tokens_used);
  const timestamp = object.timestamp ?? object.captured_at;
  if (timestamp !== undefined && used !== null && (object.available !== undefined || object.percent !== undefined)) {
    return { records: [{ kind: "token-usage-entry", value: usageEntryFrom(object, used) }], consumed: new Set(Object.keys(object)) };
  }

  if (isWindowShape(object) && object.total !== undefined) {
    return { records: [{ kind: "context-snapshot", value: windowSnapshot(object, null, null) }], consumed: new Set(Object.keys(object)) };
  }
  return null;
}

function ckptId(object: JsonObject): string | null {
  const id = asString(object.id);
  if (id === null || !id.startsWith("ckpt_")) return null;
  return object.phase !== undefined || object.token_budget !== undefined || object.token_usage !== undefined ? id : null;
}

function isWindowShape(object: JsonObject): boolean {
  return (
    asNumber(object.used) !== null &&
    (asNumber(object.total) !== null || asNumber(object.available) !== null || asNumber(object.position_percent) !== null)
  );
}

/** `{total, used, available, position_percent}`; missing figures are derived only when exact. */
function windowSnapshot(object: JsonObject, sessionId: string | null, capturedAt: string | null): ContextSnapshot {
  const used = asNumber(object.used);
  const available = asNumber(object.available) ?? asNumber(object.available_tokens);
  const total = asNumber(object.total) ?? (used !== null && available !== null ? used + available : null);
  const percent = asNumber(object.position_percent) ?? asNumber(object.percent) ?? (used !== null && total ? (used * 100) / total : null);
  return {
    sessionId,
    capturedAt,
    totalTokens: total,
    usedTokens: used,
    availableTokens: available ?? (total !== null && used !== null ? total - used : null),
    usedPercent: percent,
    stage: null,
    band: null,
  };
}

function statuslineSnapshot(object: JsonObject): ContextSnapshot {
  const total = asNumber(object.context_window_size);
  const used = asNumber(object.tokens_used);
  return {
    sessionId: asString(object.session_id),
    capturedAt: isoTimestamp(object.captured_at),
    totalTokens: total,
    usedTokens: used,
    availableTokens: total !== null && used !== null ? total - used : null,
    usedPercent: asNumber(object.raw_pct) ?? (total && used !== null ? (used * 100) / total : null),
    stage: asString(object.stage),
    band: asString(object.band),
  };
}

function sessionFrom(object: JsonObject, sessionId: string, windowObject: JsonObject): SessionMetadata {
  const checkpoints = asArray(object.checkpoints) ?? [];
  const workState = asObject(object.work_state);
  return {
    sessionId,
    model: asString(object.model),
    createdAt: isoTimestamp(object.created_at),
    lastUpdated: isoTimestamp(object.last_updated),
    context: windowSnapshot(windowObject, sessionId, isoTimestamp(object.last_updated) ?? isoTimestamp(object.created_at)),
    forkSessionId: asString(asObject(object.forking)?.fork_session_id),
    checkpointIds: checkpoints.filter((item): item is string => typeof item === "string"),
    phase: asString(workState?.phase) ?? asString(object.phase),
  };
}

function checkpointFrom(object: JsonObject, checkpointId: string): Checkpoint {
  const usage = asObject(object.token_usage) ?? asObject(object.token_budget);
  const snapshot = object.context_snapshot;
  return {
    checkpointId,
    sessionId: asString(object.session_id),
    timestamp: isoTimestamp(object.timestamp),
    phase: asString(object.phase),
    tokenUsage: usage === null ? null : windowSnapshot(usage, asString(object.session_id), isoTimestamp(object.timestamp)),
    contextSnapshot: typeof snapshot === "string" ? snapshot : snapshot === undefined || snapshot === null ? null : JSON.stringify(snapshot),
    recoveryTokensReserved: asNumber(object.recovery_tokens_reserved),
  };
}

function handoffFrom(object: JsonObject, handoffId: string | null): HandoffPackage {
  const session = asObject(object.session_context) ?? {};
  const task = asObject(object.task_context) ?? {};
  const recovery = asObject(object.recovery_info) ?? {};
  return {
    handoffId: handoffId ?? `${asString(object.from_agent) ?? "?"}→${asString(object.to_agent) ?? "?"}`,
    timestamp: isoTimestamp(object.timestamp),
    fromAgent: asString(object.from_agent),
    toAgent: asString(object.to_agent),
    sessionId: asString(session.session_id),
    model: asString(session.model),
    contextPositionPercent: asNumber(session.context_position),
    availableTokens: asNumber(session.available_tokens),
    specId: asString(task.spec_id),
    currentPhase: asString(task.current_phase),
    completedSteps: (asArray(task.completed_steps) ?? []).filter((step): step is string => typeof step === "string"),
    nextStep: asString(task.next_step),
    lastCheckpoint: asString(recovery.last_checkpoint),
    recoveryTokensReserved: asNumber(recovery.recovery_tokens_reserved),
  };
}

function budgetFrom(object: JsonObject): BudgetConfig {
  const thresholds = Object.entries(object)
    .filter(([key]) => key.endsWith("_threshold_percent"))
    .map(([, value]) => asNumber(value))
    .filter((value): value is number => value !== null);
  return {
    thresholdsPercent: [...new Set(thresholds)].sort((a, b) => a - b),
    reserveTokens: asNumber(object.reserve_tokens),
    totalTokens: asNumber(object.total_tokens) ?? asNumber(object.total),
    allocation: [],
  };
}

function usageEntryFrom(object: JsonObject, used: number): TokenUsageLogEntry {
  return {
    sessionId: asString(object.session_id),
    timestamp: isoTimestamp(object.timestamp ?? object.captured_at),
    usedTokens: used,
    availableTokens: asNumber(object.available),
    usedPercent: asNumber(object.percent) ?? asNumber(object.raw_pct),
  };
}

function lastSessionFrom(object: JsonObject): LastSessionState {
  return {
    lastUpdated: isoTimestamp(object.last_updated),
    currentBranch: asString(object.current_branch),
    uncommittedFiles: asNumber(object.uncommitted_files),
    specsInProgress: (asArray(object.specs_in_progress) ?? []).filter((spec): spec is string => typeof spec === "string"),
  };
}

function probeFrom(object: JsonObject): TokenProbeReport {
  const pools: TokenProbeReport["pools"] = {};
  for (const [name, pool] of Object.entries(asObject(object.pools) ?? {})) {
    const poolObject = asObject(pool);
    if (poolObject === null) continue;
    pools[name] = { main: probeCounts(asObject(poolObject.main)), subagent: probeCounts(asObject(poolObject.subagent)) };
  }
  const context = asObject(object.context);
  return {
    sessionId: asString(object.session_id),
    recordedAt: isoTimestamp(object.recorded_at),
    transcript: asString(object.transcript),
    pools,
    context: context === null ? null : statuslineSnapshot(context),
  };
}

function probeCounts(object: JsonObject | null): TokenCounts {
  return {
    inputTokens: asNumber(object?.input_tokens) ?? 0,
    cacheWriteTokens: asNumber(object?.cache_creation_tokens) ?? 0,
    cacheReadTokens: asNumber(object?.cache_read_tokens) ?? 0,
    outputTokens: asNumber(object?.output_tokens) ?? 0,
    reasoningTokens: 0,
  };
}
