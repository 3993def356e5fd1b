/**
 * What a session-start hook gives the agent (docs/agent-loop.md, "Session start"):
 * - `startup` / `clear` (a new conversation): the resume prompt `baton resume <repo> --runtime <runtime>`
 *   builds for the repo's latest open handoff, verbatim, after the fork warning when another session
 *   was already given that handoff. At most MAX_CONTEXT_CHARS: past that, where to read it instead.
 * - `resume` (the same conversation reopened) and `compact` (its context rebuilt from a summary): the
 *   conversation already had the prompt, so never the whole prompt again: one line naming the handoff
 *   (so a compacted agent can re-read it), or nothing when this session was already told about it
 *   and it is still the latest (`resume`).
 */
import { FULL_RESUME_SOURCES } from "../runtimes/hooks.data";

/** Claude Code drops a longer hook string; Codex spills one past ~2,500 tokens to a file. */
export const MAX_CONTEXT_CHARS = 10_000;

export interface EarlierResume {
  sessionId: string;
  runtime: string;
  /** ISO time of the injection. */
  at: string;
}

export interface SessionStartFacts {
  /** The hook's source; null when the runtime sent none (treated as `startup`). */
  source: string | null;
  /** The repo-relative path of the latest open handoff. */
  handoffPath: string;
  /** The prompt `baton resume` builds (already secret-masked: it is built from masked text). */
  prompt: string;
  /** Other sessions that were already given this same handoff through the hook, oldest first. */
  earlier: readonly EarlierResume[];
  /** Whether this session was given this same handoff before (a resumed or compacted conversation). */
  alreadyGivenHere: boolean;
  /** Absolute path of a file holding the full prompt, for a prompt over the limit. */
  fullPromptFile: string | null;
}

export type SessionStartContext = { kind: "full" | "truncated" | "reminder"; text: string } | { kind: "none"; reason: string };

export function forkWarning(earlier: readonly EarlierResume[]): string | null {
  if (earlier.length === 0) return null;
  const shown = earlier
    .slice(-3)
    .map((entry) => `session ${entry.sessionId} (${entry.runtime}, ${entry.at})`)
    .join(", ");
  return (
    `Warning from Baton: this handoff was already resumed by ${shown}${earlier.length > 3 ? ` and ${earlier.length - 3} more` : ""} through the hook. ` +
    "Resuming it again starts a second line of work from the same point (a fork). Ask the user whether that session is still working on it before you change anything."
  );
}

export function sessionStartContext(facts: SessionStartFacts): SessionStartContext {
  const source = facts.source ?? "startup";
  if (!FULL_RESUME_SOURCES.has(source)) {
    if (source === "resume" && facts.alreadyGivenHere) return { kind: "none", reason: "resumed conversation already has this handoff's prompt" };
    const why = source === "compact" ? "after the compaction, re-read it if its next action or verification commands are no longer in your context" : "`baton resume` prints the full prompt";
    return { kind: "reminder", text: `Baton: this repository's latest open handoff is ${facts.handoffPath} (${why}).` };
  }
  const warning = forkWarning(facts.earlier);
  const full = warning === null ? facts.prompt : `${warning}\n\n${facts.prompt}`;
  if (full.length <= MAX_CONTEXT_CHARS) return { kind: "full", text: full };
  const lines = [
    ...(warning === null ? [] : [warning, ""]),
    `Baton found an open handoff to resume: ${facts.handoffPath}. Its resume prompt is ${full.length.toLocaleString("en-US")} characters, more than a hook can pass (${MAX_CONTEXT_CHARS.toLocaleString("en-US")}).`,
    facts.fullPromptFile === null
      ? `Read ${facts.handoffPath} fully before doing anything else, then follow the Session Handoff Protocol's step 6 (resuming); \`baton resume .\` prints the full prompt.`
      : `Read the full resume prompt in ${facts.fullPromptFile} and follow it, starting with reading ${facts.handoffPath} fully.`,
  ];
  return { kind: "truncated", text: lines.join("\n") };
}
