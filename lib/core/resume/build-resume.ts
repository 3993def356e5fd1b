import { GENERIC_RUNTIME } from "../runtimes/runtimes";
import { finding, type Finding } from "../findings";
import { composeResumePrompt, estimatePromptTokens, type PromptTokenEstimate } from "./build-resume-prompt";
import { changeDirectoryWords, planCheckout } from "./checkout-plan";
import type { ResumeInput, ResumeSessionFacts } from "./resume-input";
import { getRuntimeDefinition, resolveResumeRuntime, type ResumeRuntime, type RuntimeDefinition } from "../runtimes/resume-commands";
import { chainCommands, literal, shellWordValue, type ShellWord } from "../text/shell-quote";

/**
 * Linux refuses a single argv element longer than MAX_ARG_STRLEN (32 pages,
 * 131072 bytes including the terminating NUL) with E2BIG.
 */
export const MAX_ARGUMENT_BYTES = 131_071;

/**
 * Above this share of the context window a native resume reopens a context
 * that is mostly used up: handoffs are normally written at 90–95%, and the
 * resumed agent would hit the limit again almost at once.
 */
export const NATIVE_RESUME_MAX_CONTEXT_SHARE = 0.5;

export type ResumePreference = "native" | "fresh";

export interface ResumePlan {
  runtime: ResumeRuntime;
  /** The self-contained first message for the resuming agent. */
  prompt: string;
  /** `cd … && git checkout … && <cli> <prompt>`; null when the runtime is not started from a shell. */
  command: string | null;
  /** `cd … && git checkout … && <cli> <resume session>`; only for the handoff's own runtime with a known session id. */
  nativeCommand: string | null;
  preferred: ResumePreference;
  reason: string;
  promptTokens: PromptTokenEstimate;
  /** What was changed or left out while building the plan, and why. */
  issues: Finding[];
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

interface NativeAvailability {
  words: ShellWord[] | null;
  /** Why native resume is unavailable, as the end of a sentence; null when it is available. */
  unavailableBecause: string | null;
}

function nativeAvailability(
  input: ResumeInput,
  target: RuntimeDefinition,
  writer: ResumeRuntime,
): NativeAvailability {
  if (writer !== target.id) {
    if (writer === GENERIC_RUNTIME) {
      return { words: null, unavailableBecause: "Baton cannot reopen this agent's session: the handoff does not say which agent wrote it" };
    }
    const writerLabel = getRuntimeDefinition(writer).label;
    return {
      words: null,
      unavailableBecause: `native resume only reopens a session in the runtime that recorded it (${writerLabel}), and this resume targets ${target.label}`,
    };
  }
  if (!target.binary || !target.nativeResumeArgs) {
    // "generic" is an agent Baton does not know: name none ("a Any agent session" read badly).
    const whose = target.id === GENERIC_RUNTIME ? "this agent's session" : `a ${target.label} session from a shell`;
    return { words: null, unavailableBecause: `Baton cannot reopen ${whose}` };
  }
  const sessionId = input.sessionId?.trim() ?? "";
  if (sessionId === "") {
    return { words: null, unavailableBecause: "the handoff records no session id, so there is no session to reopen" };
  }
  const problem = target.sessionIdProblem(sessionId);
  if (problem) return { words: null, unavailableBecause: problem };
  return { words: [literal(target.binary), ...target.nativeResumeArgs(sessionId)], unavailableBecause: null };
}

const FRESH_WORKS_ANYWHERE = "The self-contained prompt works on any machine with the repository.";

function choosePreference(
  native: NativeAvailability,
  target: RuntimeDefinition,
  session: ResumeSessionFacts | null | undefined,
): { preferred: ResumePreference; reason: string } {
  if (native.unavailableBecause !== null) {
    return { preferred: "fresh", reason: `Fresh start: ${native.unavailableBecause}. ${FRESH_WORKS_ANYWHERE}` };
  }
  const scope = target.nativeResumeScope ?? "the session's log";
  const nativeLimits = `Native resume keeps the full transcript but needs ${scope}`;
  if (!session || !session.hasLocalLog) {
    return {
      preferred: "fresh",
      reason: `Fresh start: ${nativeLimits}; Baton has not found that log on this machine. ${FRESH_WORKS_ANYWHERE}`,
    };
  }
  const { peakContextTokens, contextWindow } = session;
  if (peakContextTokens === null || contextWindow === null || contextWindow <= 0) {
    return {
      preferred: "fresh",
      reason:
        "Fresh start: the session's log is on this machine, but how full its context was is unknown, and a handoff is normally written when the context is nearly full; reopening it would bring that back. " +
        FRESH_WORKS_ANYWHERE,
    };
  }
  const share = peakContextTokens / contextWindow;
  const percent = `${Math.round(share * 100)}%`;
  if (share >= NATIVE_RESUME_MAX_CONTEXT_SHARE) {
    return {
      preferred: "fresh",
      reason: `Fresh start: the session used ${percent} of its context window, so reopening it natively brings back a mostly full context that would run out again soon. ${FRESH_WORKS_ANYWHERE}`,
    };
  }
  return {
    preferred: "native",
    reason: `Native resume: the session's log is on this machine and it used only ${percent} of its context window (the handoff was likely written for a usage limit, not a full context), so reopening it keeps the whole transcript. The fresh prompt remains the fallback.`,
  };
}

/**
 * Everything needed to continue a handoff: the prompt, the shell command that
 * starts the target runtime with it, and the native session resume when one
 * applies. The target defaults to the runtime that wrote the handoff.
 */
export function buildResume(input: ResumeInput, runtime?: ResumeRuntime): ResumePlan {
  const writer = resolveResumeRuntime(input.handoffRuntime ?? input.parsed.identity.runtime);
  const target = getRuntimeDefinition(runtime ?? writer);
  const { prompt, issues } = composeResumePrompt(input, target.id);
  const allIssues: Finding[] = [...issues];

  const checkout = planCheckout(input);
  const prefix: ShellWord[][] = [changeDirectoryWords(input.repoPath)];
  if (checkout.commands) prefix.push(...checkout.commands);
  if (checkout.kind === "invalid") {
    allIssues.push(
      finding("resume-branch-invalid", "error", null, `No command: ${checkout.problem}, so Baton cannot check it out safely.`),
    );
  }
  if (checkout.kind === "stay") {
    allIssues.push(
      finding(
        "resume-no-branch",
        "warning",
        null,
        "No branch holds this handoff, so the command does not check one out; it only works in the checkout that has the file.",
      ),
    );
  }
  // The repository path and branch come from Baton's own registry and git,
  // but a NUL in either would make the whole line unusable.
  const hasNul = [input.repoPath, input.branch ?? "", input.remote].some((value) => value.includes("\0"));
  const canBuildCommands = checkout.kind !== "invalid" && !hasNul;
  if (hasNul) {
    allIssues.push(finding("resume-nul-in-location", "error", null, "No command: the repository path or branch contains NUL."));
  }

  let command: string | null = null;
  if (canBuildCommands && target.binary && target.startArgs) {
    const startWords = target.startArgs(prompt);
    const longest = Math.max(...startWords.map((word) => utf8Length(shellWordValue(word))));
    if (longest > MAX_ARGUMENT_BYTES) {
      allIssues.push(
        finding(
          "resume-prompt-too-long",
          "warning",
          null,
          `No command: the prompt is ${longest} bytes and one command-line argument can hold at most ${MAX_ARGUMENT_BYTES}; paste the prompt instead.`,
        ),
      );
    } else {
      command = chainCommands([...prefix, [literal(target.binary), ...startWords]]);
    }
  }

  const native = nativeAvailability(input, target, writer);
  const nativeCommand = canBuildCommands && native.words ? chainCommands([...prefix, native.words]) : null;
  const preference =
    nativeCommand === null && native.unavailableBecause === null
      ? { preferred: "fresh" as const, reason: `Fresh start: the native command could not be built. ${FRESH_WORKS_ANYWHERE}` }
      : choosePreference(native, target, input.session);

  return {
    runtime: target.id,
    prompt,
    command,
    nativeCommand,
    preferred: preference.preferred,
    reason: preference.reason,
    promptTokens: estimatePromptTokens(prompt),
    issues: allIssues,
  };
}
