import { finding, type Finding, type Severity } from "../findings";
import { isKnownRuntime, normaliseRepoPath } from "./handoff-path";
import { maskLabel } from "./secrets/mask-secrets";
import { resolvePointerDetailed } from "./pointers/resolve-pointer";
import type { HandoffPathInfo, IdentityField, ParsedHandoff, SecretFinding, SectionKey } from "./types";

export interface LintContext {
  /** Repo-relative path of the handoff, forward slashes. */
  path: string;
  pathInfo: HandoffPathInfo;
  secrets: SecretFinding[];
  /** Facts only the repo knows; undefined means Baton could not check → severity "not-checked". */
  isCommitted?: boolean;
  headShaExists?: boolean;
  previousResolves?: boolean;
}

export interface LintRule {
  id: string;
  /** The usual severity; rules backed by repo facts report "not-checked" when the fact is unknown. */
  severity: Severity;
  summary: string;
}

/** Every rule lintHandoff can report, documented in docs/lint-rules.md (a test keeps the two in step). */
export const LINT_RULES: readonly LintRule[] = [
  { id: "section-identity-missing", severity: "error", summary: "No session identity section or fields." },
  { id: "section-goal-missing", severity: "error", summary: "No goal section." },
  { id: "section-state-missing", severity: "error", summary: "No state section." },
  { id: "section-next-action-missing", severity: "error", summary: "No next action section." },
  { id: "section-verification-missing", severity: "error", summary: "No verification section or commands." },
  { id: "section-resume-pointer-missing", severity: "error", summary: "No resume pointer (this file / previous file)." },
  { id: "section-identity-unreadable", severity: "warning", summary: "Identity section present, but no field Baton can read." },
  { id: "section-goal-unreadable", severity: "warning", summary: "Goal section present, but empty." },
  { id: "section-next-action-unreadable", severity: "warning", summary: "Next action section present, but empty." },
  { id: "section-verification-unreadable", severity: "warning", summary: "Verification section present, but no command Baton can read." },
  { id: "section-resume-pointer-unreadable", severity: "warning", summary: "Resume pointer section present, but no path Baton can read." },
  { id: "state-unstructured", severity: "warning", summary: "State section lists no done / in-progress / not-started items." },
  { id: "next-action-vague", severity: "warning", summary: "Next action names no command and no file or line." },
  { id: "verification-result-missing", severity: "warning", summary: "A verification command has no last known result." },
  { id: "this-pointer-missing", severity: "warning", summary: "Resume pointer does not give this file's path." },
  { id: "this-pointer-mismatch", severity: "warning", summary: "This-file pointer differs from the file's real path." },
  { id: "previous-pointer-broken", severity: "error", summary: "Previous-handoff pointer names no handoff Baton can find." },
  { id: "pointer-escapes-repo", severity: "error", summary: "A pointer climbs above the repository root." },
  { id: "pointer-unresolvable", severity: "warning", summary: "A pointer is not a path in this repo (web link, other machine's path)." },
  { id: "head-sha-missing", severity: "error", summary: "Identity gives no git HEAD sha." },
  { id: "head-sha-malformed", severity: "error", summary: "HEAD is not a 7–40 character hex sha." },
  { id: "head-sha-not-in-repo", severity: "error", summary: "HEAD sha is not a commit in this repository." },
  { id: "not-committed", severity: "warning", summary: "No branch holds this content (protocol step 1: commit)." },
  { id: "runtime-folder-unknown", severity: "warning", summary: "Runtime folder is not a known runtime slug." },
  { id: "date-folder-invalid", severity: "error", summary: "Date folder is not a real DDMMYYYY date." },
  { id: "handoff-path-nested", severity: "info", summary: "Protocol folder is nested below the repo root." },
  { id: "phase-slug-invalid", severity: "info", summary: "Phase in handoff_<phase>.md is not kebab-case." },
  { id: "protocol-path-not-used", severity: "info", summary: "File is not at docs/ai/handoff/<runtime>/<DDMMYYYY>/handoff_<phase>.md." },
  { id: "runtime-mismatch", severity: "warning", summary: "Identity runtime disagrees with the runtime folder." },
  { id: "runtime-unrecognised", severity: "info", summary: "Identity names a runtime Baton does not know." },
  { id: "identity-field-missing", severity: "warning", summary: "Identity lacks runtime, model, timestamp or branch." },
  { id: "timestamp-unparseable", severity: "warning", summary: "Identity timestamp is not a date Baton can read." },
  { id: "session-id-missing", severity: "warning", summary: "No session id (info when `unknown` is written, as the protocol allows)." },
  { id: "secret-present", severity: "error", summary: "A credential is written in the handoff." },
  { id: "decisions-missing", severity: "warning", summary: "No key decisions recorded." },
  { id: "own-commit-sha-missing", severity: "warning", summary: "No trailing line with the handoff's own commit sha." },
  { id: "resume-command-missing", severity: "warning", summary: "No resume command for a fresh agent." },
  { id: "done-item-without-commit", severity: "info", summary: "Done items cite no commit sha." },
  { id: "in-progress-without-location", severity: "info", summary: "In-progress items cite no file or file:line." },
];

const SECTION_NAMES: Record<SectionKey, string> = {
  identity: "Session identity",
  goal: "Goal",
  decisions: "Key decisions",
  state: "State",
  "next-action": "Next action",
  verification: "Verification commands",
  "resume-pointer": "Resume pointer",
  "resume-command": "Resume command",
};

/**
 * Checks a parsed handoff against the handoff protocol. Pure: facts that need the repository come in
 * through the context, and an unknown fact yields a "not-checked" finding instead of a guess.
 * The result includes the path findings from `context.pathInfo`; parse issues are not repeated.
 */
export function lintHandoff(parsed: ParsedHandoff, context: LintContext): Finding[] {
  const findings: Finding[] = [...context.pathInfo.findings];
  const add = (rule: string, severity: Severity, line: number | null, message: string) => {
    findings.push(finding(rule, severity, line, message));
  };
  const sectionLine = (key: SectionKey) => parsed.sections.find((section) => section.key === key)?.line ?? null;
  const hasSection = (key: SectionKey) => sectionLine(key) !== null;
  const path = normaliseRepoPath(context.path);

  if (!context.pathInfo.isProtocolPath) {
    add(
      "protocol-path-not-used",
      "info",
      null,
      "Not at docs/ai/handoff/<runtime>/<DDMMYYYY>/handoff_<phase>.md; the protocol's resume step will not find this file.",
    );
  }

  lintRequiredSections(parsed, hasSection, sectionLine, add);
  lintIdentity(parsed, context, hasSection, sectionLine, add);

  if (parsed.nextAction !== null && parsed.nextAction.commands.length === 0 && parsed.nextAction.fileRefs.length === 0) {
    add(
      "next-action-vague",
      "warning",
      parsed.nextAction.line,
      "Next action names no command and no file or file:line; write the single concrete step (e.g. run `npx tsc --noEmit`, then fix src/a.ts:20).",
    );
  }

  for (const command of parsed.verification) {
    if (command.lastResult === null) {
      add(
        "verification-result-missing",
        "warning",
        command.line,
        `\`${truncate(command.command)}\` has no last known result; record the output counts so the next agent can tell whether it regressed.`,
      );
    }
  }

  lintPointers(parsed, context, path, hasSection, add);

  if (context.isCommitted === false) {
    add("not-committed", "warning", null, "No branch holds this content; commit the handoff with the work it describes (protocol step 1).");
  } else if (context.isCommitted === undefined) {
    add("not-committed", "not-checked", null, "Baton could not check whether a branch holds this content.");
  }

  for (const secret of context.secrets) {
    add(
      "secret-present",
      "error",
      secret.line,
      `A ${secret.type === "credential" ? "" : `${secret.type} `}credential is written here (masked as ${maskLabel(secret.type, secret.last4)}); remove it and rotate the credential.`,
    );
  }

  if (parsed.decisions.length === 0) {
    add(
      "decisions-missing",
      "warning",
      sectionLine("decisions"),
      hasSection("decisions")
        ? "Key decisions section is empty; record what was decided so the next agent does not re-litigate it."
        : "No key decisions recorded; the protocol asks for decisions so the next agent does not re-litigate them.",
    );
  }
  if (parsed.ownCommitSha === null) {
    add(
      "own-commit-sha-missing",
      "warning",
      null,
      "No trailing line with this handoff's own commit sha (e.g. `Commit: abc1234`); add it after committing (protocol step 3).",
    );
  }
  if (parsed.resumeCommand === null) {
    add("resume-command-missing", "warning", sectionLine("resume-command"), "No resume command for a fresh agent (protocol step 3).");
  }

  lintStateDetail(parsed, add);
  return findings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

type Add = (rule: string, severity: Severity, line: number | null, message: string) => void;

function lintRequiredSections(
  parsed: ParsedHandoff,
  hasSection: (key: SectionKey) => boolean,
  sectionLine: (key: SectionKey) => number | null,
  add: Add,
): void {
  // `section-<x>-missing` means no heading or label for the section at all; a section that is there but
  // holds nothing Baton can read (no command, no path, no text) is the milder `section-<x>-unreadable`.
  const missing = (key: SectionKey, emptyMessage: string | null) => {
    const name = SECTION_NAMES[key];
    if (!hasSection(key)) add(`section-${key}-missing`, "error", null, `Required section "${name}" is missing.`);
    else if (emptyMessage !== null) add(`section-${key}-unreadable`, "warning", sectionLine(key), emptyMessage);
  };

  const identity = parsed.identity;
  const hasIdentityField = [identity.runtimeRaw, identity.model, identity.sessionIdRaw ?? identity.sessionId, identity.timestampRaw, identity.branch, identity.headShaRaw ?? identity.headSha].some(
    (value) => value !== null && value !== undefined,
  );
  missing("identity", hasIdentityField ? null : "Session identity has no runtime, model, session id, timestamp, branch or HEAD field Baton can read.");

  const goalIsEmpty = parsed.goal === null || (parsed.goal.text.trim() === "" && parsed.goal.constraints.length === 0);
  missing("goal", goalIsEmpty ? "Goal section is there but empty; quote the user's request and constraints." : null);

  missing("state", null);
  if (hasSection("state") && parsed.state.length === 0) {
    add("state-unstructured", "warning", sectionLine("state"), "State lists no done / in-progress / not-started items Baton can read (use lists under Done / In progress / Not started, or checkboxes).");
  }

  missing("next-action", parsed.nextAction === null || parsed.nextAction.text.trim() === "" ? "Next action section is there but empty; write the single next concrete step." : null);
  missing(
    "verification",
    parsed.verification.length === 0
      ? "Verification section is there but Baton read no command from it; put each exact command in a code block, a `$ ` line or a code span, with its last known output."
      : null,
  );

  const hasPointer = parsed.pointers.thisLine !== null || parsed.pointers.previousLine !== null;
  missing(
    "resume-pointer",
    hasPointer ? null : "Resume pointer section is there but names no path Baton can read; write `This file: <path>` and `Previous: <path>` (or `Previous: none`).",
  );
}

const FIELD_NAMES: Record<IdentityField, string> = {
  runtime: "runtime",
  model: "model",
  sessionId: "session id",
  timestamp: "timestamp",
  branch: "git branch",
  headSha: "HEAD sha",
};

function lintIdentity(
  parsed: ParsedHandoff,
  context: LintContext,
  hasSection: (key: SectionKey) => boolean,
  sectionLine: (key: SectionKey) => number | null,
  add: Add,
): void {
  const identity = parsed.identity;
  const lines = identity.lines ?? {};
  const identityLine = sectionLine("identity");
  const lineOf = (field: IdentityField) => lines[field] ?? identityLine;

  if (hasSection("identity")) {
    const present: Record<"runtime" | "model" | "timestamp" | "branch", boolean> = {
      runtime: identity.runtimeRaw !== null,
      model: identity.model !== null,
      timestamp: identity.timestampRaw !== null,
      branch: identity.branch !== null,
    };
    for (const [field, isPresent] of Object.entries(present) as [keyof typeof present, boolean][]) {
      if (!isPresent) add("identity-field-missing", "warning", identityLine, `Session identity does not give the ${FIELD_NAMES[field]}.`);
    }
  }
  if (identity.timestampRaw !== null && identity.timestamp === null) {
    add("timestamp-unparseable", "warning", lineOf("timestamp"), `Timestamp "${truncate(identity.timestampRaw)}" is not a date Baton can read; use ISO 8601 (2026-08-08T14:32:00Z).`);
  }

  if (identity.sessionId === null) {
    const written = identity.sessionIdRaw ?? null;
    if (written !== null) {
      add("session-id-missing", "info", lineOf("sessionId"), `Session id is written as "${truncate(written)}"; allowed when the runtime does not expose one.`);
    } else {
      add("session-id-missing", "warning", identityLine, "No session id; write the runtime's session or conversation id, or `unknown` if it does not expose one (never invent one).");
    }
  }

  if (identity.headSha === null) {
    const written = identity.headShaRaw ?? null;
    if (written !== null) {
      add("head-sha-malformed", "error", lineOf("headSha"), `HEAD "${truncate(written)}" is not a 7–40 character hex commit sha.`);
    } else {
      add("head-sha-missing", "error", identityLine, "Session identity gives no git HEAD sha; the next agent cannot check the tree matches.");
    }
  } else if (context.headShaExists === false) {
    add("head-sha-not-in-repo", "error", lineOf("headSha"), `HEAD ${identity.headSha} is not a commit in this repository (was it pushed?).`);
  } else if (context.headShaExists === undefined) {
    add("head-sha-not-in-repo", "not-checked", lineOf("headSha"), `Baton could not check whether ${identity.headSha} is a commit in this repository.`);
  }

  const folder = context.pathInfo.runtimeFolder;
  if (identity.runtimeRaw !== null && identity.runtime === null) {
    add("runtime-unrecognised", "info", lineOf("runtime"), `Runtime "${truncate(identity.runtimeRaw)}" is not one Baton knows (claude-code, codex, gemini-cli, opencode, antigravity).`);
  }
  if (folder !== null && isKnownRuntime(folder) && identity.runtime !== null && identity.runtime !== folder) {
    add("runtime-mismatch", "warning", lineOf("runtime"), `Identity says the runtime is ${identity.runtime} but the file is in the ${folder}/ folder.`);
  }
}

function lintPointers(
  parsed: ParsedHandoff,
  context: LintContext,
  path: string,
  hasSection: (key: SectionKey) => boolean,
  add: Add,
): void {
  const { thisPath, thisLine, previousPath, previousLine } = parsed.pointers;
  if (hasSection("resume-pointer") && thisPath === null) {
    add("this-pointer-missing", "warning", thisLine ?? null, "Resume pointer does not give this file's own path.");
  }
  if (thisPath !== null) {
    const resolved = resolvePointerDetailed(thisPath, path);
    if (resolved.finding !== null) add(resolved.finding.rule, resolved.finding.severity, thisLine, resolved.finding.message);
    else if (resolved.path !== path) {
      add("this-pointer-mismatch", "warning", thisLine, `This-file pointer says ${resolved.path ?? thisPath} but the file is ${path}.`);
    }
  }

  if (previousPath === null) return;
  const resolved = resolvePointerDetailed(previousPath, path);
  if (resolved.finding !== null) {
    add(resolved.finding.rule, resolved.finding.severity, previousLine, resolved.finding.message);
    return;
  }
  if (resolved.path === path) {
    add("previous-pointer-broken", "error", previousLine, "Previous-handoff pointer names this file itself.");
    return;
  }
  if (context.previousResolves === false) {
    add("previous-pointer-broken", "error", previousLine, `Previous handoff ${resolved.path ?? previousPath} is not in the repository on any branch Baton can see.`);
  } else if (context.previousResolves === undefined) {
    add("previous-pointer-broken", "not-checked", previousLine, `Baton could not check whether ${resolved.path ?? previousPath} exists.`);
  }
}

function lintStateDetail(parsed: ParsedHandoff, add: Add): void {
  const doneWithout = parsed.state.filter((item) => item.status === "done" && item.commitShas.length === 0);
  const first = doneWithout[0];
  if (first !== undefined) {
    add("done-item-without-commit", "info", first.line, `${doneWithout.length} done item(s) cite no commit sha; the protocol asks for DONE with commit shas.`);
  }
  const inProgressWithout = parsed.state.filter((item) => item.status === "in-progress" && item.fileRefs.length === 0);
  const firstInProgress = inProgressWithout[0];
  if (firstInProgress !== undefined) {
    add(
      "in-progress-without-location",
      "info",
      firstInProgress.line,
      `${inProgressWithout.length} in-progress item(s) name no file or file:line; say exactly where the work stopped.`,
    );
  }
}

function truncate(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
