import { normaliseRuntime } from "../handoff-path";
import { looksLikeModel } from "./model-names";

/**
 * The runtime a heading names as its writer, or null: `## [2025-11-30 08:45 CET] - Agent: Codex GPT`,
 * `# Journal de Passation — Claude Code`, `### 2026-01-17 (Gemini CLI)`. A heading is split at its
 * separators (a spaced dash, a bar, brackets, a colon); a part counts only when it is the runtime's name
 * alone, or the name and a model or a bare suffix (`Codex GPT`, `Claude Code (Opus 4.5)`): a topic that
 * mentions a runtime (`Migrate the Codex integration`) is no writer. An arrow between two agents
 * (`Claude Code → GPT Codex`) names the sender, who writes the handoff.
 */
export function runtimeInHeading(title: string): string | null {
  const sender = relaySender(title);
  if (sender !== null) return sender;
  const found = new Set<string>();
  for (const part of partsOf(title)) {
    const runtime = runtimeNamedAlone(part);
    if (runtime !== null) found.add(runtime);
  }
  // Two runtimes in one heading with no direction (`Claude Code - Codex`, `Cursor / Claude`) name no writer.
  return found.size === 1 ? [...found][0]! : null;
}

function partsOf(title: string): string[] {
  return title
    .normalize("NFKC")
    .replace(/[`*_]/g, " ")
    .split(/\s[-–—|·]\s|[[\]()（）【】|]|[:：]/u)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/** An arrow between two agents: the handoff goes from the one who writes it to the one who reads it. */
const RELAY_ARROW = /\s*(?:→|->|=>|⇒|➜|➔|➡\uFE0F?|⟶)\s*/u;

/**
 * The sender of a relay heading (`Handoff: Claude Code → GPT Codex`, `Codex → Claude (Governance Layer)`):
 * the agent on the arrow's left, when both sides name an agent alone. The one handing off writes the handoff.
 */
function relaySender(title: string): string | null {
  const sides = title.split(RELAY_ARROW);
  if (sides.length !== 2) return null;
  const from = partsOf(sides[0]!).at(-1);
  const to = partsOf(sides[1]!)[0];
  if (from === undefined || to === undefined) return null;
  const sender = runtimeNamedAlone(from);
  const receiver = runtimeNamedAlone(to);
  return sender !== null && receiver !== null && sender !== receiver ? sender : null;
}

/** Words that may follow a runtime's name without making the part a topic (`Codex GPT`, `Gemini Pro`). */
const SUFFIX_WORDS = new Set(["gpt", "cli", "agent", "ai", "pro", "code", "app", "cloud", "desktop", "web", "ide", "terminal"]);

function runtimeNamedAlone(part: string): string | null {
  const words = part.split(/\s+/);
  if (words.length > 4) return null;
  const runtime = normaliseRuntime(part);
  if (runtime === null || runtime === "unknown-runtime") return null;
  // Every word is the runtime's name, a suffix, or part of a model written beside it.
  const rest = words.filter((word) => normaliseRuntime(word) === null && !SUFFIX_WORDS.has(word.toLowerCase()));
  return rest.length === 0 || looksLikeModel(rest.join(" ")) ? runtime : null;
}
