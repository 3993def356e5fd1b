import type { Finding } from "../findings";

/** Runtime folder slugs the protocol names. Anything else is reported by the `runtime-folder-unknown` rule. */
export const KNOWN_RUNTIMES = [
  "claude-code",
  "codex",
  "gemini-cli",
  "opencode",
  "antigravity",
  "unknown-runtime",
] as const;
export type KnownRuntime = (typeof KNOWN_RUNTIMES)[number];

/** What the path of a handoff file says (docs/ai/handoff/<runtime>/<DDMMYYYY>/handoff_<phase>.md). */
export interface HandoffPathInfo {
  /** True when the path has the protocol's exact shape. */
  isProtocolPath: boolean;
  runtimeFolder: string | null;
  /** The raw date folder as written (e.g. "08082026"). */
  dateFolder: string | null;
  /** YYYY-MM-DD when the date folder is a real DDMMYYYY date, else null. */
  date: string | null;
  /** From handoff_<phase>.md, else the file stem. */
  phase: string | null;
  findings: Finding[];
  /**
   * Folder prefix before `docs/ai/handoff/` ("" at the repo root, "packages/x/" when nested), or null
   * when the path is not under a `docs/ai/handoff/` folder. Optional so older callers stay valid.
   */
  protocolRoot?: string | null;
}

export interface FileReference {
  /** Repo-relative or as written. */
  path: string;
  line: number | null;
  /** Line in the handoff where the reference appears. */
  sourceLine: number;
}

export type StateStatus = "done" | "in-progress" | "not-started";

export interface StateItem {
  status: StateStatus;
  text: string;
  line: number;
  commitShas: string[];
  fileRefs: FileReference[];
}

export interface VerificationCommand {
  command: string;
  /** Last known result as written ("72 errors", "exit 0, 51 passed"), or null when the handoff records none. */
  lastResult: string | null;
  line: number;
}

export interface HandoffIdentity {
  /** Normalised runtime slug (claude-code, codex, …) or null. */
  runtime: string | null;
  /** Runtime as written. */
  runtimeRaw: string | null;
  model: string | null;
  /** Null when absent or written as `unknown` — never invented. */
  sessionId: string | null;
  /** ISO 8601 when parseable, else null: a UTC instant (`…Z`) when a zone was written, else local. */
  timestamp: string | null;
  timestampRaw: string | null;
  /** The time zone exactly as written after the time ("PST", "+09:00", "Z", "Asia/Seoul"), or null. */
  timestampZone?: string | null;
  branch: string | null;
  headSha: string | null;
  /** Session id exactly as written (e.g. "unknown"), or null when no session-id field exists. */
  sessionIdRaw?: string | null;
  /** HEAD value as written, kept when it is not a 7–40 hex sha so lint can say why. */
  headShaRaw?: string | null;
  /** 1-based line where each identity field was found. */
  lines?: Partial<Record<IdentityField, number>>;
  /** Values found by their shape (identity-candidates.ts), for the scan to confirm; absent in older rows. */
  candidates?: IdentityCandidate[];
  /**
   * Where each field's value came from: `label` (read from its label) or the evidence of the candidate the
   * scan confirmed with the repository (confirm-identity.ts). Absent for fields with no value.
   */
  evidence?: Partial<Record<IdentityField, "label" | IdentityEvidence>>;
}

/**
 * What makes a value an identity candidate: `near-commit-word` (a sha in a line naming a commit or HEAD),
 * `alone` (a sha alone on its line), `branch-at-sha` (`main @ 1a2b3c4`), `id-shape` (a UUID, `session_…`),
 * `runtime-model` (`Claude (Sonnet 4.6)`), `after-branch-word` (`Branch \`feat/x\`, clean tree`), `after-head-word`
 * (`HEAD master`, `HEAD -> main`: taken only when the ref exists), `qualified-label` (a HEAD under a label that only
 * ends in a HEAD word, `Current Alembic head`: dropped when it is no commit of the repository); for the
 * timestamp, `dated-label` (`Stand: 16.08.2026 – …`, a label whose value starts with a date) and
 * `title-date` (`# Tagesabschluss 16.08.2026`, the day of the title or first heading).
 */
export type IdentityEvidence =
  | "near-commit-word"
  | "alone"
  | "branch-at-sha"
  | "id-shape"
  | "runtime-model"
  | "after-branch-word"
  | "after-head-word"
  | "qualified-label"
  | "dated-label"
  | "title-date"
  | "heading";

export interface IdentityCandidate {
  field: IdentityField;
  value: string;
  line: number;
  evidence: IdentityEvidence;
}

export type IdentityField = "runtime" | "model" | "sessionId" | "timestamp" | "branch" | "headSha";

export type SectionKey =
  | "identity"
  | "goal"
  | "decisions"
  | "state"
  | "next-action"
  | "verification"
  | "resume-pointer"
  | "resume-command";

/**
 * What makes a written path a previous pointer. Explicit: `label` (`Previous: x.md`, a table row, front
 * matter), `heading` (`## Previous handoff` over the path), `phrase` (`Picked up from x.md`). Weak, used
 * only when no explicit pointer exists and only once the scan confirms the path is an older handoff of
 * the same repo: `mention` (a previous-word in the same line as a markdown file), `link` (the one
 * markdown link to another markdown file).
 */
export type PointerEvidence = "label" | "heading" | "phrase" | "mention" | "link";

export interface PreviousCandidate {
  /** As written (cleaned of markdown); null when the text says there is none. */
  path: string | null;
  line: number;
  evidence: PointerEvidence;
}

export interface SectionLocation {
  key: SectionKey;
  title: string;
  /** 1-based line of the heading (or label) that opens the section. */
  line: number;
}

export interface ParsedHandoff {
  /** First H1, or front-matter title. */
  title: string | null;
  identity: HandoffIdentity;
  goal: { text: string; constraints: string[]; line: number } | null;
  decisions: { text: string; line: number }[];
  state: StateItem[];
  nextAction: { text: string; line: number; commands: string[]; fileRefs: FileReference[] } | null;
  verification: VerificationCommand[];
  pointers: {
    /** "This file" pointer as written, or null. */
    thisPath: string | null;
    thisLine: number | null;
    /** Previous pointer as written; null for absent / none / n/a / first. */
    previousPath: string | null;
    previousLine: number | null;
    /**
     * Every previous pointer the text offers, strongest evidence first (the first is `previousPath`).
     * Absent in handoffs stored by an older reader.
     */
    previousCandidates?: PreviousCandidate[];
  };
  /** The handoff's own commit sha from a trailing line ("Commit: abc1234"), or null. */
  ownCommitSha: string | null;
  /** The resume command the handoff records for a fresh agent, or null. */
  resumeCommand: string | null;
  ownCommitLine?: number | null;
  resumeCommandLine?: number | null;
  /** YAML front matter as parsed (plain data), or null when there is none or it is not a mapping. */
  frontMatter?: Record<string, unknown> | null;
  /** Sections found, in document order. */
  sections: SectionLocation[];
  /**
   * An append-only log (documents/log-entries.ts): its entries in file order and the newest one, which gave
   * every field above. Absent for a handoff that is not a log.
   */
  log?: {
    entries: { title: string; line: number; day: string | null; number: number | null }[];
    newest: number;
    order: "oldest-first" | "newest-first";
  };
}

/** A secret found in a handoff. The value itself never leaves lib/core's masker. */
export interface SecretFinding {
  /** aws-access-key, github-token, private-key, env-assignment, … */
  type: string;
  /** Last 4 characters of the secret value ("" when the value is too short to reveal any of it safely). */
  last4: string;
  line: number;
  /** Same number for every occurrence of the same value, so distinct secrets can be counted without keeping them. */
  distinctId?: number;
}
