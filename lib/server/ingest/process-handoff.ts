/**
 * One handoff content (bytes) → what Baton stores: decoded, secrets masked before anything else
 * sees the text, parsed, with path-derived fields. Lint needs repo facts and runs in derive-repo.ts.
 */
import { createHash } from "node:crypto";
import type { Finding } from "../../core/findings";
import { parseHandoffPath } from "../../core/handoff/handoff-path";
import { maskSecrets } from "../../core/handoff/mask-secrets";
import { parseHandoff } from "../../core/handoff/parse-handoff";
import { resolvePointerDetailed } from "../../core/handoff/resolve-pointer";
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
}

export interface FailedHandoff {
  ok: false;
  issues: Finding[];
}

export function handoffId(repoPath: string, filePath: string, blobSha: string): string {
  return createHash("sha256").update(`${repoPath}\0${filePath}\0${blobSha}`).digest("hex").slice(0, 24);
}

export function processHandoff(filePath: string, bytes: Uint8Array): ProcessedHandoff | FailedHandoff {
  const decoded = decodeText(bytes, { maxBytes: MAX_HANDOFF_BYTES });
  if (decoded.value === null) return { ok: false, issues: decoded.issues };
  const masked = maskSecrets(decoded.value);
  const { value: parsed, issues: parseIssues } = parseHandoff(masked.text);
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
