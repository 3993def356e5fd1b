/**
 * One handoff content (bytes) → what Baton stores: decoded, secrets masked before anything else
 * sees the text, parsed, with path-derived fields. Lint needs repo facts and runs in derive-repo.ts.
 * What this produces is versioned by READER_VERSION (lib/core/handoff/reader-version.ts).
 */
import { createHash } from "node:crypto";
import type { Finding } from "../../core/findings";
import { foundByDefaultRules } from "../../core/discovery/handoff-rules";
import { parseHandoffPath } from "../../core/handoff/handoff-path";
import { handoffDay } from "../../core/chains/handoff-order";
import { describeDeprecation, detectDeprecation } from "../../core/handoff/documents/deprecation";
import { judgeDocument } from "../../core/handoff/documents/judge-document";
import { confirmIdentity, type IdentityFacts } from "../../core/handoff/identity/confirm-identity";
import { maskSecrets, type MaskOptions, type SecretFingerprint } from "../../core/handoff/secrets/mask-secrets";
import { parseHandoff } from "../../core/handoff/parse-handoff";
import { READER_VERSION } from "../../core/handoff/reader-version";
import { resolvePointerDetailed } from "../../core/handoff/pointers/resolve-pointer";
import type { HandoffPathInfo, ParsedHandoff, SecretFinding } from "../../core/handoff/types";
import { decodeText } from "../../core/text/decode";

/** Handoffs are a few KB; anything past this is not one, and reading it would only cost memory. */
export const MAX_HANDOFF_BYTES = 1024 * 1024;

/** What is stored in Handoff.parsed: everything lint needs later, no secret values. */
export interface StoredHandoffAnalysis {
  parsed: ParsedHandoff;
  pathInfo: HandoffPathInfo;
  secrets: SecretFinding[];
  parseIssues: Finding[];
  pointerIssues: Finding[];
}

export interface ProcessedHandoff {
  ok: true;
  runtime: string | null;
  title: string | null;
  previousPath: string | null;
  content: string;
  analysis: StoredHandoffAnalysis;
  timestamp: Date | null;
  /** One per distinct secret value found, when the masking options carry a fingerprint function. */
  fingerprints: SecretFingerprint[];
  /** Where the handoff marks itself deprecated or superseded (lib/core/handoff/documents/deprecation.ts); "" when it does not. */
  deprecation: string;
}

export interface FailedHandoff {
  ok: false;
  issues: Finding[];
  /** Read, but not a handoff (lib/core/handoff/documents/handoff-signals.ts): the one finding that says why. */
  notHandoff?: Finding;
}

export interface ProcessOptions {
  /** A `--glob` or `.baton.json` glob names the file: only emptiness keeps it out, never its name. */
  explicit?: boolean;
}

export function handoffId(repoPath: string, filePath: string, blobSha: string): string {
  return createHash("sha256").update(`${repoPath}\0${filePath}\0${blobSha}`).digest("hex").slice(0, 24);
}

/**
 * @param masking the repo's secret fingerprints (so values found in its other handoffs are masked
 *   here too) and, for stored text read again, whether its earlier masks count as findings.
 */
export function processHandoff(filePath: string, bytes: Uint8Array, masking: MaskOptions = {}, options: ProcessOptions = {}): ProcessedHandoff | FailedHandoff {
  const decoded = decodeText(bytes, { maxBytes: MAX_HANDOFF_BYTES });
  if (decoded.value === null) return { ok: false, issues: decoded.issues };
  const masked = maskSecrets(decoded.value, masking);
  const { value: parsed, issues: parseIssues } = parseHandoff(masked.text);
  const fileName = filePath.slice(filePath.lastIndexOf("/") + 1);
  const foundBy = options.explicit === true ? "glob" : (foundByDefaultRules(filePath) ?? "content");
  const notHandoff = judgeDocument(parsed, masked.text, { foundBy, fileName, path: filePath });
  if (notHandoff !== null) return { ok: false, issues: [notHandoff], notHandoff };
  const pathInfo = parseHandoffPath(filePath);
  const pointer = parsed.pointers.previousPath ? resolvePointerDetailed(parsed.pointers.previousPath, filePath) : { path: null };
  const runtime = pathInfo.isProtocolPath && pathInfo.runtimeFolder ? pathInfo.runtimeFolder : parsed.identity.runtime;
  const timestamp = parsed.identity.timestamp ? new Date(parsed.identity.timestamp) : null;
  return {
    ok: true,
    runtime,
    title: parsed.title,
    previousPath: pointer.path,
    content: masked.text,
    timestamp: timestamp && !Number.isNaN(timestamp.getTime()) ? timestamp : null,
    fingerprints: masked.fingerprints,
    deprecation: describeDeprecation(detectDeprecation(masked.text)),
    analysis: {
      parsed,
      pathInfo,
      secrets: masked.secrets,
      parseIssues: [...decoded.issues, ...parseIssues],
      // lintHandoff reports unresolvable / escaping pointers itself; keep none here to avoid doubles.
      pointerIssues: [],
    },
  };
}

/**
 * The Handoff columns that come from the content alone (everything a re-read replaces in place; where
 * the content is held, its commit and its counts are derived later).
 */
export const HANDOFF_CONTENT_COLUMNS = [
  "runtime", "runtimeFolder", "dateFolder", "date", "day", "phase", "title", "model", "sessionId", "timestamp", "timestampZone", "branch", "headSha",
  "previousPath", "ownCommitSha", "goal", "nextAction", "parsed", "content", "searchText", "deprecation", "logEntries", "readerVersion",
] as const;

export function handoffContentValues(filePath: string, processed: ProcessedHandoff): (string | number | Date | null)[] {
  const { parsed, pathInfo } = processed.analysis;
  return [
    processed.runtime,
    pathInfo.runtimeFolder,
    pathInfo.dateFolder,
    pathInfo.date,
    handoffDay({ date: pathInfo.date, timestamp: processed.timestamp?.getTime() ?? null }),
    pathInfo.phase,
    processed.title,
    parsed.identity.model,
    parsed.identity.sessionId,
    processed.timestamp,
    parsed.identity.timestampZone ?? null,
    parsed.identity.branch,
    parsed.identity.headSha,
    processed.previousPath,
    parsed.ownCommitSha,
    parsed.goal?.text ?? null,
    parsed.nextAction?.text ?? null,
    JSON.stringify(processed.analysis),
    processed.content,
    `${filePath}\n${processed.content}`.toLowerCase(),
    processed.deprecation,
    parsed.log ? JSON.stringify({ newest: parsed.log.newest, entries: parsed.log.entries }) : null,
    READER_VERSION,
  ];
}

/**
 * The repository's word on a processed handoff's identity candidates (lib/core/handoff/identity/confirm-identity.ts):
 * fields labels left empty are filled by confirmed candidates, and the runtime follows.
 */
export function confirmProcessedIdentity(processed: ProcessedHandoff, facts: IdentityFacts): void {
  const { parsed, pathInfo } = processed.analysis;
  const confirmed = confirmIdentity(parsed.identity, facts);
  if (confirmed.identity === parsed.identity) return;
  parsed.identity = confirmed.identity;
  processed.analysis.parseIssues.push(...confirmed.findings);
  processed.runtime = pathInfo.isProtocolPath && pathInfo.runtimeFolder ? pathInfo.runtimeFolder : parsed.identity.runtime;
}
