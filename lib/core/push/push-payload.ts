/**
 * What `baton push` sends to `POST /api/push`: per session, the summary fields a scan stores (cwd,
 * branch, models, times, the window the log states, subagents, compactions) and its de-duplicated
 * request samples packed as SampleChunk data (lib/core/sessions/sample-pack.ts). Never transcript
 * text: samples hold keys, ids, times, models and counts only. The server checks every value again.
 */
import { LOG_RUNTIMES, type LogRuntime } from "../runtimes/runtimes";
import { z } from "zod";

/** Runtimes whose sessions `baton push` sends: those Baton reads logs of. */
export const PUSH_RUNTIMES = LOG_RUNTIMES as [LogRuntime, ...LogRuntime[]];

const text = (max: number) => z.string().max(max);

export const pushedSessionSchema = z.object({
  runtime: z.enum(PUSH_RUNTIMES),
  sessionId: text(500).min(1),
  cwd: text(4096).nullable(),
  branch: text(1024).nullable(),
  models: z.array(text(300)).max(200),
  startedAt: z.iso.datetime({ offset: true }).nullable(),
  endedAt: z.iso.datetime({ offset: true }).nullable(),
  logContextWindow: z.number().int().min(1).max(100_000_000).nullable(),
  subagents: z.array(z.object({ agentId: text(300).min(1), agentType: text(300).nullable() })).max(5_000),
  compactions: z
    .array(
      z.object({
        agentId: text(300),
        file: text(4096),
        line: z.number().int().min(0).max(1_000_000_000),
        timestampMs: z.number().finite().nullable(),
        trigger: z.enum(["auto", "manual"]).nullable(),
        preTokens: z.number().int().min(0).max(100_000_000).nullable(),
        postTokens: z.number().int().min(0).max(100_000_000).nullable(),
      }),
    )
    .max(10_000),
  /**
   * What Baton's hooks did in the session (docs/agent-loop.md): the guard's requests and the resume
   * given at its start. Ids are the records' own (a record pushed twice is stored once); no local paths.
   */
  loopEvents: z
    .array(
      z.object({
        id: text(64).min(1),
        kind: z.enum(["guard-instruction", "resume-injected"]),
        at: z.iso.datetime({ offset: true }),
        event: text(64),
        source: text(64).nullable(),
        branch: text(1024).nullable(),
        handoffPath: text(4096).nullable(),
        /** The handoff content's git blob sha: with handoffPath, how the server finds its own row (ids differ per checkout). Absent from older clients. */
        handoffBlobSha: z.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/).nullable().optional(),
        targetPath: text(4096).nullable(),
        percent: z.number().finite().min(0).max(100_000).nullable(),
        tokens: z.number().int().min(0).max(100_000_000).nullable(),
        contextWindow: z.number().int().min(1).max(100_000_000).nullable(),
        threshold: z.number().finite().min(0).max(100).nullable(),
        delivered: text(32).nullable(),
      }),
    )
    .max(10_000)
    .optional(),
  /** packSamples() of the session's merged samples. */
  samples: z.string().max(64 * 1024 * 1024),
  requests: z.number().int().min(0),
});

export type PushedSession = z.infer<typeof pushedSessionSchema>;

export const pushRequestSchema = z.object({ sessions: z.array(pushedSessionSchema).min(1).max(1_000) });

export type PushRequest = z.infer<typeof pushRequestSchema>;

export interface PushResponse {
  stored: { sessionId: string; runtime: string; id: string; requests: number }[];
  findings: string[];
}

/** A request body stays under this; a larger session goes alone (the server takes up to PUSH_BODY_LIMIT). */
export const PUSH_BATCH_BYTES = 4 * 1024 * 1024;
export const PUSH_BODY_LIMIT = 64 * 1024 * 1024;
