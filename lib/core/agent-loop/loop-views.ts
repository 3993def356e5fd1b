/** What the dashboard shows of the agent loop (lib/server/queries/agent-loop.ts reads it; components draw it). */
import type { OnTimeRate } from "./on-time";

export interface SessionLoopEvent {
  kind: "guard-instruction" | "resume-injected";
  t: number;
  percent: number | null;
  threshold: number | null;
  targetPath: string | null;
  handoffPath: string | null;
  handoffId: string | null;
  source: string | null;
  delivered: string | null;
}

export interface HandoffResume {
  runtime: string;
  sessionExternalId: string | null;
  /** The session's page, when `scan --agents` has read that session. */
  sessionId: string | null;
  at: string;
  source: string | null;
  delivered: string | null;
}

export interface LoopOverview extends OnTimeRate {
  /** Guard instructions recorded for sessions `scan --agents` has not read (not in the rate). */
  unmatched: number;
  resumesInjected: number;
}

