/**
 * `baton hooks status`: what is installed where, whether it is current (the command still points at
 * this Baton), Codex's trust as Codex itself reports it, the threshold that applies here (and in each
 * runtime, after its own compaction point), and what the hooks recorded.
 */
import { hasCodexMcp } from "../../core/agent-loop/codex-mcp-toml";
import { compactionPoint, thresholdBeforeCompaction } from "../../core/agent-loop/compaction-point";
import { guardTurnedOff, resolveThreshold, type Threshold } from "../../core/agent-loop/guard";
import { hasBatonMcpServer, hasBatonStatusLine, listBatonHooks } from "../../core/agent-loop/hook-settings";
import { STATUS_WINDOWS } from "../../core/runtimes/auto-compaction.data";
import { LOOP_RUNTIMES, RUNTIME_HOOK_FACTS, type LoopRuntime } from "../../core/runtimes/hooks.data";
import { readCompactionSettings } from "./compaction-settings";
import { findOnPath, listBatonCodexHooks } from "./codex-trust";
import { batonCommand, desiredHooks, type BatonEntry, type Scope } from "./install";
import { loopEventsFile, loopLogFile, readLoopRecords } from "./loop-files";
import { readRepoBudgets } from "./repo-budget";
import { repoRootOf } from "./repo-root";
import { readSettings, readText, settingsFile } from "./settings-file";
import { RUNTIME } from "../../core/runtimes/runtimes";

export interface RuntimeStatus {
  runtime: LoopRuntime;
  scope: Scope;
  file: string;
  /** `absent` file, `invalid` JSON, else what Baton found in it. */
  state: "absent" | "invalid" | "ok";
  problem: string | null;
  /** Per event Baton installs: installed and current, installed from another Baton path or older, or missing. */
  events: { event: string; status: "current" | "outdated" | "missing" }[];
  statusLine: boolean | null;
  mcp: boolean;
  /** Codex only: each Baton hook's trust as `hooks/list` reports it; null when not asked (no codex on PATH). */
  trust: { key: string; trustStatus: string }[] | null;
  trustNote: string | null;
  /** The threshold the guard uses in this runtime for a usual window (STATUS_WINDOWS), after its own compaction point. */
  guard: { window: number; threshold: Threshold };
}

export interface LoopStatus {
  runtimes: RuntimeStatus[];
  threshold: Threshold;
  /** BATON_HANDOFF_AT=off here: the guard asks nothing. */
  guardOff: boolean;
  thresholdProblems: string[];
  events: { file: string; guardInstructions: number; resumesInjected: number; badLines: number };
  log: string;
}

export async function loopStatus(options: { scope: Scope; projectRoot: string; env: NodeJS.ProcessEnv; entry: BatonEntry; askCodex: boolean }): Promise<LoopStatus> {
  const { env } = options;
  const repo = await repoRootOf(options.projectRoot);
  const budgets = repo === null || env.BATON_HANDOFF_AT ? [] : await readRepoBudgets(repo.root);
  const { threshold, problems } = resolveThreshold(env.BATON_HANDOFF_AT, budgets);
  const runtimes: RuntimeStatus[] = [];
  for (const runtime of LOOP_RUNTIMES) {
    const facts = RUNTIME_HOOK_FACTS[runtime];
    const file = settingsFile(facts.hooksFile, options.scope, env, options.projectRoot);
    const read = readSettings(file);
    const window = STATUS_WINDOWS[runtime];
    const point = compactionPoint(await readCompactionSettings(runtime, env, options.projectRoot), window);
    const status: RuntimeStatus = {
      runtime,
      scope: options.scope,
      file,
      state: read.kind,
      problem: read.kind === "invalid" ? read.message : null,
      events: [],
      statusLine: facts.statusLine ? false : null,
      mcp: false,
      trust: null,
      trustNote: null,
      guard: { window, threshold: thresholdBeforeCompaction(threshold, point) },
    };
    const installed = read.kind === "ok" ? listBatonHooks(read.value) : [];
    for (const want of desiredHooks(runtime, options.entry)) {
      const found = installed.filter((hook) => hook.event === want.event);
      status.events.push({ event: want.event, status: found.length === 0 ? "missing" : found.some((hook) => hook.command === want.command) ? "current" : "outdated" });
    }
    if (read.kind === "ok" && facts.statusLine) status.statusLine = hasBatonStatusLine(read.value);
    const mcpFile = settingsFile(facts.mcp.file, options.scope, env, options.projectRoot);
    if (facts.mcp.kind === "json") {
      const mcpRead = mcpFile === file ? read : readSettings(mcpFile);
      status.mcp = mcpRead.kind === "ok" && hasBatonMcpServer(mcpRead.value);
    } else {
      status.mcp = hasCodexMcp(readText(mcpFile));
    }
    if (runtime === RUNTIME.codex && installed.length > 0 && options.askCodex) {
      const codex = findOnPath("codex", env);
      if (codex === null) status.trustNote = "codex is not on PATH: trust not checked";
      else {
        try {
          status.trust = (await listBatonCodexHooks(codex, env, options.projectRoot, file)).map((entry) => ({ key: entry.key, trustStatus: entry.trustStatus }));
        } catch (error) {
          status.trustNote = `codex app-server could not be asked: ${(error as Error).message}`;
        }
      }
    }
    runtimes.push(status);
  }
  const records = readLoopRecords(env);
  return {
    runtimes,
    threshold,
    guardOff: guardTurnedOff(env.BATON_HANDOFF_AT),
    thresholdProblems: problems,
    events: {
      file: loopEventsFile(env),
      guardInstructions: records.records.filter((record) => record.kind === "guard-instruction").length,
      resumesInjected: records.records.filter((record) => record.kind === "resume-injected").length,
      badLines: records.issues.length,
    },
    log: loopLogFile(env),
  };
}

export { batonCommand };
