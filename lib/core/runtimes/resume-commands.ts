import { literal, type ShellWord } from "../text/shell-quote";
import { GENERIC_RUNTIME, RUNTIME, RUNTIME_IDS, runtimeFromName, runtimeName, RUNTIMES, type RuntimeId } from "./runtimes";

/**
 * How each runtime resumes a handoff: the command that starts it with a prompt, the flag that reopens
 * a recorded session, or where the prompt is pasted. Flags were read from the `--help` of the versions
 * in `verifiedWith` and exercised against the real binaries; docs/resume.md quotes the help lines each
 * one relies on. Every runtime of the table (runtimes.data.ts), plus `generic` for any other agent.
 */
export type ResumeRuntime = RuntimeId | typeof GENERIC_RUNTIME;
export const RESUME_RUNTIMES: readonly ResumeRuntime[] = [...RUNTIME_IDS, GENERIC_RUNTIME];

export interface RuntimeDefinition {
  id: ResumeRuntime;
  label: string;
  /** Executable name, or null when the runtime is not started from a shell. */
  binary: string | null;
  /** Version whose help output and argument parsing this definition was checked against. */
  verifiedWith: string | null;
  /**
   * Words after the binary that open an interactive session whose first
   * message is `prompt`. Each form keeps a prompt starting with `-` from being
   * read as a flag. Null when the prompt is pasted instead.
   */
  startArgs: ((prompt: string) => ShellWord[]) | null;
  /** Words after the binary that reopen a recorded session, or null when there is no such flag. */
  nativeResumeArgs: ((sessionId: string) => ShellWord[]) | null;
  /** Why a recorded session id cannot be handed to the native resume flag, or null when it can. */
  sessionIdProblem: (sessionId: string) => string | null;
  /** Where the prompt goes when there is no command. */
  pasteTarget: string | null;
  /** Where the native transcript lives and how long the runtime keeps it. */
  nativeResumeScope: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Session ids are UUIDs (Claude, Codex, Gemini) or `ses_…` (OpenCode). Anything
// else is more likely a typo or injected text than an id, and an id starting
// with `-` would be parsed as a flag.
const PLAIN_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

function plainIdProblem(sessionId: string): string | null {
  return PLAIN_ID.test(sessionId) ? null : "the session id is not a plain identifier (letters, digits, . _ : -)";
}

const DOUBLE_DASH = literal("--");

const RUNTIME_DEFINITIONS: Record<ResumeRuntime, RuntimeDefinition> = {
  [RUNTIME.claudeCode]: {
    id: RUNTIME.claudeCode,
    label: RUNTIMES[RUNTIME.claudeCode].toolName,
    binary: "claude",
    verifiedWith: "@anthropic-ai/claude-code 2.1.197",
    // `claude [options] [command] [prompt]` starts interactive by default; `--`
    // ends option parsing so the prompt is taken verbatim.
    startArgs: (prompt) => [DOUBLE_DASH, prompt],
    nativeResumeArgs: (sessionId) => [literal("--resume"), sessionId],
    // `--resume [value]` treats anything that is not a session id as a picker search term.
    sessionIdProblem: (sessionId) =>
      UUID.test(sessionId) ? null : "Claude Code session ids are UUIDs; anything else opens the resume picker",
    pasteTarget: null,
    nativeResumeScope:
      "its transcript under ~/.claude/projects/<project folder>/ on the machine that ran it (Claude Code deletes transcripts after cleanupPeriodDays, default 30 days)",
  },
  [RUNTIME.codex]: {
    id: RUNTIME.codex,
    label: RUNTIMES[RUNTIME.codex].toolName,
    binary: "codex",
    verifiedWith: "@openai/codex 0.171.0",
    // `codex [OPTIONS] [PROMPT]`; after `--` clap neither parses flags nor matches subcommands.
    startArgs: (prompt) => [DOUBLE_DASH, prompt],
    nativeResumeArgs: (sessionId) => [literal("resume"), sessionId],
    sessionIdProblem: plainIdProblem,
    pasteTarget: null,
    nativeResumeScope: "its rollout file under ~/.codex/sessions/ on the machine that ran it (kept until archived or deleted)",
  },
  [RUNTIME.geminiCli]: {
    id: RUNTIME.geminiCli,
    label: RUNTIMES[RUNTIME.geminiCli].toolName,
    binary: "gemini",
    verifiedWith: "@google/gemini-cli 0.61.0",
    // yargs will not take a value starting with `-` after `-i`; the `=` form
    // always binds the whole value to the flag.
    startArgs: (prompt) => [[literal("--prompt-interactive="), prompt]],
    nativeResumeArgs: (sessionId) => [literal("--resume"), sessionId],
    sessionIdProblem: (sessionId) => {
      // `--resume 5` picks the fifth session and `--resume latest` the newest:
      // either would silently open a different conversation.
      if (/^\d+$/.test(sessionId) || sessionId === "latest") {
        return "Gemini CLI reads a number or `latest` after --resume as a list position, not a session id";
      }
      return plainIdProblem(sessionId);
    },
    pasteTarget: null,
    nativeResumeScope:
      "its chat file under ~/.gemini/tmp/<project>/chats/ on the machine that ran it, opened from the same project folder (Gemini CLI deletes chats after general.sessionRetention.maxAge, default 30d)",
  },
  [RUNTIME.opencode]: {
    id: RUNTIME.opencode,
    label: RUNTIMES[RUNTIME.opencode].toolName,
    binary: "opencode",
    verifiedWith: "opencode-ai 1.18.33",
    // The TUI (`opencode [project]`) submits `--prompt` as the first message;
    // the `=` form keeps a leading dash inside the value (yargs, as in Gemini CLI).
    startArgs: (prompt) => [[literal("--prompt="), prompt]],
    nativeResumeArgs: (sessionId) => [literal("--session"), sessionId],
    sessionIdProblem: plainIdProblem,
    pasteTarget: null,
    nativeResumeScope: "its record in OpenCode's local session store on the machine that ran it (kept until deleted)",
  },
  [RUNTIME.antigravity]: {
    id: RUNTIME.antigravity,
    label: RUNTIMES[RUNTIME.antigravity].toolName,
    binary: null,
    verifiedWith: null,
    startArgs: null,
    nativeResumeArgs: null,
    sessionIdProblem: () => "Antigravity conversations are reopened from its Agent Manager, not from a shell",
    pasteTarget:
      "Antigravity: open the repository folder as the workspace, start a new conversation (Agent Manager → Start Conversation, or the agent side panel in the Editor view) and paste this whole message as its first message.",
    nativeResumeScope: null,
  },
  [GENERIC_RUNTIME]: {
    id: GENERIC_RUNTIME,
    label: "Any other agent",
    binary: null,
    verifiedWith: null,
    startArgs: null,
    nativeResumeArgs: null,
    sessionIdProblem: () => "an unknown runtime has no known resume flag",
    pasteTarget:
      "Any agent: open a new session with the repository as its working folder and paste this whole message as the first message.",
    nativeResumeScope: null,
  },
};

/** The commands that start a runtime from a shell (`claude`, `codex`, `gemini`, `opencode` …). */
export const RUNTIME_BINARIES: readonly string[] = RESUME_RUNTIMES.map((runtime) => RUNTIME_DEFINITIONS[runtime].binary).filter((binary): binary is string => binary !== null);

export function getRuntimeDefinition(runtime: ResumeRuntime): RuntimeDefinition {
  return RUNTIME_DEFINITIONS[runtime];
}

export function isResumeRuntime(value: unknown): value is ResumeRuntime {
  return typeof value === "string" && (RESUME_RUNTIMES as readonly string[]).includes(value);
}

/**
 * Maps a handoff's runtime slug (folder or identity line) to a resume target (the table's ids and
 * aliases). `unknown-runtime` and anything unrecognised resume as `generic`, which works with every
 * agent because the prompt is pasted.
 */
export function resolveResumeRuntime(slug: string | null | undefined): ResumeRuntime {
  return runtimeFromName(slug) ?? GENERIC_RUNTIME;
}

/** A resume target as the dialog's tabs name it: the runtime's name, "Any agent" for `generic`. */
export function resumeTargetName(runtime: string): string {
  return runtime === GENERIC_RUNTIME ? "Any agent" : runtimeName(runtime);
}
