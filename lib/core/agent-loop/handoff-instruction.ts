/**
 * What the guard tells the agent when it crosses the threshold, and the draft `draft_handoff` gives:
 * the protocol's exact path for today (UTC), the session identity already filled in, the previous
 * handoff for the resume pointer, and the protocol's remaining steps (commit, push, stop). Pure: the
 * caller gathers the facts (git, the hook's stdin, the transcript).
 */
import { PROTOCOL_DIR } from "../handoff/handoff-path";
import { joinCommand, literal } from "../text/shell-quote";

export interface SessionIdentity {
  /** The runtime's own slug (`claude-code`, `codex`, `gemini-cli`). */
  runtime: string;
  model: string | null;
  /** From the hook's stdin; null when not known (written as `unknown`, never made up). */
  sessionId: string | null;
  branch: string | null;
  headSha: string | null;
  /** ISO 8601 UTC, e.g. 2026-12-07T14:02:11Z. */
  timestamp: string;
}

/** The protocol's placeholder for a phase the agent names itself. */
export const PHASE_PLACEHOLDER = "<phase>";

/** `DDMMYYYY` of a time, in UTC (the protocol's date folder). */
export function dateFolder(at: Date): string {
  const day = String(at.getUTCDate()).padStart(2, "0");
  const month = String(at.getUTCMonth() + 1).padStart(2, "0");
  return `${day}${month}${at.getUTCFullYear()}`;
}

/** A phase as the protocol wants it: a short kebab-case slug (anything else is reduced to one). */
export function phaseSlug(phase: string | null | undefined): string {
  const slug = (phase ?? "")
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug === "" ? PHASE_PLACEHOLDER : slug;
}

/** `docs/ai/handoff/<runtime>/<DDMMYYYY>/handoff_<phase>.md` for today (UTC). */
export function protocolHandoffPath(runtime: string, at: Date, phase: string | null = null): string {
  return `${PROTOCOL_DIR}/${runtime}/${dateFolder(at)}/handoff_${phaseSlug(phase)}.md`;
}

/** ISO time without milliseconds, `Z` (what the identity section records). */
export function utcTimestamp(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** Untrusted values (a branch name, a model id from a log) as one inline-code span on one line. */
function code(value: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const flat = value.replace(/[\r\n\u2028\u2029]+/g, " ").replace(/[\u0000-\u001f\u007f]/g, "");
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  return `${fence}${pad}${flat}${pad}${fence}`;
}

function identityLines(identity: SessionIdentity): string[] {
  return [
    `- Runtime: ${identity.runtime}`,
    `- Model: ${identity.model === null ? "unknown" : code(identity.model)}`,
    `- Session id: ${identity.sessionId === null ? "unknown" : code(identity.sessionId)}`,
    `- Timestamp: ${identity.timestamp}`,
    `- Git branch: ${identity.branch === null ? "unknown (detached HEAD or not a git repository)" : code(identity.branch)}`,
    `- HEAD sha: ${identity.headSha === null ? "unknown" : code(identity.headSha)}`,
  ];
}

export interface InstructionFacts {
  identity: SessionIdentity;
  /** Repo-relative path to write (protocolHandoffPath). */
  path: string;
  /** Repo-relative path of the previous handoff (the one this session resumed, else the repo's latest), or null. */
  previousPath: string | null;
  /** "91.7 % of 200,000 tokens" (context-position.ts describePosition). */
  position: string;
  thresholdPercent: number;
  /** Where the threshold came from, in words ("BATON_HANDOFF_AT", "the repo's budget in .moai/config.json"); null for the default. */
  thresholdSource: string | null;
}

/** The one instruction the guard injects (additionalContext). */
export function handoffInstruction(facts: InstructionFacts): string {
  const { identity } = facts;
  const threshold = `${facts.thresholdPercent} %${facts.thresholdSource === null ? "" : ` (${facts.thresholdSource})`}`;
  const previous =
    facts.previousPath === null
      ? "- Previous handoff: none found in this repository (write `none` as the previous pointer)"
      : `- Previous handoff (the resume pointer): ${code(facts.previousPath)}`;
  return [
    `Baton context guard: this session's context is at ${facts.position}, past the handoff threshold of ${threshold}. ` +
      "Write the handoff now, before the context runs out (Session Handoff Protocol, steps 0-5); do not start anything new first.",
    "",
    `0. Write the handoff file at ${code(facts.path)}${facts.path.includes(PHASE_PLACEHOLDER) ? ` (replace ${PHASE_PLACEHOLDER} with a short kebab-case slug naming the phase in flight)` : ""}. Session identity, already known:`,
    ...identityLines(identity).map((line) => `   ${line}`),
    `   Resume pointer: this file's own path, and:`,
    `   ${previous}`,
    "   Then the goal (the user's request, quoted), the state (done with commit shas, in progress with the exact file, line and error, not started), " +
      "the single next concrete action, the verification commands with their last known results, and the key decisions.",
    "1. Commit everything, code and the handoff, with a message that says the state (commit even if checks are red, and say so).",
    `2. Push the branch to origin (${identity.branch === null ? "`git push -u origin <branch>`" : code(joinCommand([literal("git"), literal("push"), literal("-u"), literal("origin"), identity.branch]))} if it has no upstream); if the push is refused, say so.`,
    "3. Put the commit sha you just made and the exact resume command into the handoff, and commit that too.",
    "4. Keep the file self-contained: no references to this conversation.",
    "5. Stop: start no new task, stop background processes you started, and tell the user what was saved, where, and the commit sha.",
    "",
    "Baton asks once; it asks again only if the context falls back below the threshold (a compaction) and crosses it again.",
  ].join("\n");
}

/** The protocol's template with what is known filled in (`draft_handoff`); it writes nothing. */
export function handoffDraft(facts: { identity: SessionIdentity; path: string; previousPath: string | null }): string {
  const { identity } = facts;
  return [
    `# Handoff: <one line naming the work in flight>`,
    "",
    `<!-- Write this file at ${facts.path} -->`,
    "",
    "## Session identity",
    "",
    ...identityLines(identity),
    "",
    "## Goal",
    "",
    "<The user's original request, verbatim or faithfully summarised; quote the constraints they set.>",
    "",
    "## Key decisions",
    "",
    "- <Decision already made, and why; the next agent must not re-litigate it.>",
    "",
    "## State",
    "",
    "### Done",
    "",
    "- <What is done, with the commit sha that holds it.>",
    "",
    "### In progress",
    "",
    "- <Exact file, line or function, and the exact error if mid-fix.>",
    "",
    "### Not started",
    "",
    "- <What is left.>",
    "",
    "## Next action",
    "",
    "<The single next concrete step: the command to run, the file and line to start at.>",
    "",
    "## Verification commands",
    "",
    "| Command | Last known result |",
    "| --- | --- |",
    "| `<command>` | <result, e.g. 72 errors, 51 passed> |",
    "",
    "## Resume pointer",
    "",
    `- This file: \`${facts.path}\``,
    `- Previous: ${facts.previousPath === null ? "none" : `\`${facts.previousPath}\``}`,
    "",
    "## Resume command",
    "",
    "```bash",
    joinCommand([literal("baton"), literal("resume"), literal("."), facts.path]),
    "```",
    "",
    "---",
    "Handoff commit sha: <the sha of the commit that adds this file>",
    "",
  ].join("\n");
}
