/**
 * The shapes an agent-log scan plans and reports with (scan-agents.ts plans, agent-outcome-store.ts
 * stores what each read gave).
 */
import type { LogRuntime } from "../../core/runtimes/runtimes";
import type { ParserCarryState } from "../../core/sessions/types";
import type { StoredAgentFile } from "./agent-store";
import type { AgentFileFormat } from "./parse-agent-file";

/** A folder of agent logs is read as one runtime's. */
export type AgentSourceKind = LogRuntime;

export interface AgentSourceResult {
  sourceId: string;
  kind: AgentSourceKind;
  root: string;
  label: string;
  status: "ok" | "partial" | "failed";
  stats: { files: number; filesRead: number; filesUnchanged: number; filesFailed: number; filesGone: number; bytesRead: number; sessionsTouched: number; sessionsReset: number };
  errors: { path: string; message: string }[];
}

export interface SourcePlan {
  id: string;
  kind: AgentSourceKind;
  /** The root as discovered (file paths are under it) and its real path (stored, hashed into ids). */
  root: string;
  realRoot: string;
  label: string;
  result: AgentSourceResult;
  files: FilePlan[];
}

export interface FilePlan {
  source: SourcePlan;
  /** Root-relative, forward slashes (FileState.path). */
  path: string;
  format: AgentFileFormat;
  /** Session id the path names (Claude file/folder name, Codex rollout key). */
  pathSessionId: string | null;
  agentId: string | null;
  metaPath: string | null;
  projectRoot: string | null;
  stored: StoredAgentFile | undefined;
  size: number;
  mtimeMs: number;
  /** Read from here this scan; null = unchanged, not read. */
  readFrom: { offset: number; lines: number; carry: ParserCarryState | null } | null;
}
