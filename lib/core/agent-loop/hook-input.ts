/**
 * The JSON a runtime writes on a hook's stdin, read totally: anything that is not a JSON object, or a
 * field of the wrong kind, becomes a problem the hook logs (and then does nothing), never a throw.
 * Fields seen with the real CLIs (../shared/STACK.md): `session_id`, `transcript_path`, `cwd`,
 * `hook_event_name`, SessionStart's `source` (Gemini CLI's docs also name it `trigger`), Codex's
 * `model`, and the status line's `context_window` / `model` / `workspace`.
 */

export interface HookInput {
  sessionId: string | null;
  transcriptPath: string | null;
  cwd: string | null;
  eventName: string | null;
  /** SessionStart: `startup` | `resume` | `clear` | `compact` (as the runtime sends it). */
  source: string | null;
  /** The model the runtime names on stdin (Codex), else null. */
  model: string | null;
  /** The whole object, for readers of runtime-specific fields (the status line). */
  raw: Record<string, unknown>;
}

/** Far above any real hook payload (a prompt is a few KB); a bigger stdin is not read whole. */
export const MAX_HOOK_INPUT_BYTES = 4 * 1024 * 1024;

function text(value: unknown, limit = 4096): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (trimmed === "" || trimmed.length > limit || trimmed.includes("\0")) return null;
  return trimmed;
}

export type HookInputResult = { ok: true; input: HookInput } | { ok: false; problem: string };

export function parseHookInput(stdin: string): HookInputResult {
  if (stdin.trim() === "") return { ok: false, problem: "empty stdin" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdin);
  } catch (error) {
    return { ok: false, problem: `stdin is not JSON (${(error as Error).message.slice(0, 120)})` };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { ok: false, problem: `stdin is JSON but not an object (${Array.isArray(parsed) ? "array" : typeof parsed})` };
  const raw = parsed as Record<string, unknown>;
  const model = raw.model;
  return {
    ok: true,
    input: {
      sessionId: text(raw.session_id, 256),
      transcriptPath: text(raw.transcript_path),
      cwd: text(raw.cwd),
      eventName: text(raw.hook_event_name, 64),
      source: text(raw.source, 64) ?? text(raw.trigger, 64),
      // Claude Code's status line sends `model: { id, display_name }`; Codex's hooks send a string.
      model: text(model, 256) ?? (typeof model === "object" && model !== null ? text((model as Record<string, unknown>).id, 256) : null),
      raw,
    },
  };
}

/** The one JSON object a hook prints when it has something to say. */
export function hookOutput(eventName: string, additionalContext: string): string {
  return JSON.stringify({ hookSpecificOutput: { hookEventName: eventName, additionalContext } });
}
