import { normaliseRuntime } from "../handoff-path";
import { cleanValue, nullIfEmpty } from "../sections/handoff-labels";
import { identityFieldOf, identityLabelOf, namesOtherSide, qualifiedIdentityFieldOf } from "./identity-keys";
import { isValidBranchName } from "./ref-name";
import { writtenDay } from "./written-day";
import { identityCandidates } from "./identity-candidates";
import { MODEL_FAMILY, modelBesideRuntime } from "./model-names";
import { isSha, stripInlineMarkdown } from "../markdown/inline-references";
import { firstCode, type KeyValue, type SectionModel } from "../sections/section-model";
import { parseTimestampDetailed } from "../../text/parse-timestamp";
import type { HandoffIdentity, IdentityField } from "../types";

export function emptyIdentity(): HandoffIdentity {
  return {
    runtime: null,
    runtimeRaw: null,
    model: null,
    sessionId: null,
    timestamp: null,
    timestampRaw: null,
    timestampZone: null,
    branch: null,
    headSha: null,
    sessionIdRaw: null,
    headShaRaw: null,
    lines: {},
  };
}

/** Session ids that mean "not known": the protocol allows `unknown`, and must never see an invented one. */
const NO_SESSION_ID = /^(?:(?:unknown|n\/?a|na|none|null|nil|not (?:exposed|available|known|applicable)|unavailable|tbd)\b|[-—–?]+$)/i;

export function extractIdentity(model: SectionModel): HandoffIdentity {
  const identity = emptyIdentity();
  const lines: Partial<Record<IdentityField, number>> = {};

  // A group (one paragraph, list or table) or a line with two or more specific identity keys is an
  // identity block, so its generic keys ("Session:", "Commit:") can be trusted too.
  const strongCountByGroup = new Map<number, number>();
  // In a run of `key=value` pairs every identity key counts: the record was written by a tool, so
  // "commit=abc1234" beside "branch=main" is the commit as surely as "HEAD: abc1234" is.
  for (const kv of model.keyValues) {
    if (identityFieldOf(kv.key, kv.fromPairs === true) !== null) strongCountByGroup.set(kv.group, (strongCountByGroup.get(kv.group) ?? 0) + 1);
  }

  const rank = (kv: KeyValue): number => {
    if (kv.section?.key === "identity") return 0;
    if (kv.fromFrontMatter) return 1;
    if ((strongCountByGroup.get(kv.group) ?? 0) >= 2) return 2;
    return 3;
  };

  const chosen = new Map<IdentityField, KeyValue>();
  for (const kv of model.keyValues) {
    const label = identityLabelOf(kv.key);
    if (label === null) continue;
    const kvRank = rank(kv);
    const isTrusted =
      (label.trust === "anywhere" && (kvRank <= 2 || label.field !== "model" || modelValueFits(kv))) ||
      kvRank <= 2 ||
      (label.trust === "whenValueFits" && valueFits(label.field, kv));
    if (!isTrusted) continue;
    const current = chosen.get(label.field);
    if (current === undefined || rank(current) > kvRank) chosen.set(label.field, kv);
  }

  // Qualified labels (`Arbeitsbranch`, `Rama de trabajo`, `Modelo utilizado`) fill what exact labels left
  // empty, when the value has the field's shape.
  const qualified = new Set<IdentityField>();
  for (const kv of model.keyValues) {
    const field = qualifiedIdentityFieldOf(kv.key);
    if (field === null || chosen.has(field) || !qualifiedValueFits(field, kv)) continue;
    chosen.set(field, kv);
    qualified.add(field);
  }

  for (const [field, kv] of chosen) {
    lines[field] = kv.line;
    const value = cleanValue(kv.value);
    switch (field) {
      case "runtime":
        identity.runtimeRaw = value === "" ? null : value;
        identity.runtime = value === "" ? null : normaliseRuntime(value);
        break;
      case "model":
        identity.model = nullIfEmpty(firstCode(kv) ?? value);
        break;
      case "sessionId": {
        // An id, then a note about it (`Claude-814d9738 (Fortsetzung) + diese Session`): the id.
        const first = value.split(/[\s(,;]+/)[0] ?? "";
        const idThenNote = first !== value && SESSION_ID_SHAPE.test(first) && /\d/.test(first);
        const written = nullIfEmpty(firstCode(kv) ?? (idThenNote ? first : value));
        identity.sessionIdRaw = written ?? value;
        identity.sessionId = written === null || NO_SESSION_ID.test(written) ? null : written;
        break;
      }
      case "timestamp": {
        identity.timestampRaw = nullIfEmpty(value);
        const parsed = value === "" ? null : parseTimestampDetailed(value);
        identity.timestamp = parsed?.iso ?? null;
        identity.timestampZone = parsed?.iso == null ? null : parsed.zone;
        break;
      }
      case "branch": {
        const { branch, sha } = readBranch(kv);
        identity.branch = branch;
        // "**Branch**: master is at `ab95478`": the sha is HEAD, unless a HEAD field says otherwise.
        if (sha !== null && !chosen.has("headSha")) {
          identity.headSha = sha;
          identity.headShaRaw = sha;
          lines.headSha = kv.line;
        }
        break;
      }
      case "headSha": {
        const candidate = (firstCode(kv) ?? value.split(/[\s(,;]+/)[0] ?? "").replace(/[….]+$/, "");
        identity.headShaRaw = nullIfEmpty(value);
        identity.headSha = isSha(candidate) ? candidate.toLowerCase() : null;
        break;
      }
    }
  }
  // In an identity block, a label of any word whose short value names a runtime (`Canal origem: Codex
  // Terminal`) is the runtime, when no runtime label says it; a label naming the other side (`Canal
  // destino: …`) is not.
  if (!chosen.has("runtime")) {
    const byValue = model.keyValues.find((kv) => {
      if (rank(kv) > 2 || identityLabelOf(kv.key) !== null || kv.key.split(" ").length > 3 || namesOtherSide(kv.key)) return false;
      const value = cleanValue(kv.value);
      // Words only: a path (`.claude/handoffs/x.md`) names a folder, not the writer.
      const runtime = value.split(/\s+/).length <= 3 && /^\p{L}[\p{L}\p{N} -]*$/u.test(value) ? normaliseRuntime(value) : null;
      return runtime !== null && runtime !== "unknown-runtime";
    });
    if (byValue !== undefined) chosen.set("runtime", byValue);
  }

  for (const [field, kv] of chosen) {
    if (field !== "runtime" || identity.runtime !== null) continue;
    const value = cleanValue(kv.value);
    identity.runtimeRaw = value === "" ? null : value;
    identity.runtime = value === "" ? null : normaliseRuntime(value);
    lines.runtime = kv.line;
  }

  // "**Agent:** Some Tool / Codex (gpt-x)": the model named beside the runtime, when no model field.
  const runtimeKv = chosen.get("runtime");
  if (identity.model === null && runtimeKv !== undefined) {
    const model = modelBesideRuntime(cleanValue(runtimeKv.value));
    if (model !== null) {
      identity.model = model;
      lines.model = runtimeKv.line;
    }
  }
  const evidence: NonNullable<HandoffIdentity["evidence"]> = {};
  // A sha under a qualified label (`Current Alembic head: 4e1f2a3b5c84`) is asked of the repository (confirm-identity.ts).
  for (const field of Object.keys(lines) as IdentityField[]) if (identityValue(identity, field) !== null) evidence[field] = field === "headSha" && qualified.has(field) ? "qualified-label" : "label";
  // No timestamp label: a dated label of another word, else the title's date (written-day.ts).
  if (identity.timestamp === null) {
    const day = writtenDay(model);
    if (day !== null) {
      identity.timestamp = day.parsed.iso;
      identity.timestampRaw = day.raw;
      identity.timestampZone = day.parsed.zone;
      // A title's date is no identity field written: it does not make an identity section.
      if (day.evidence === "dated-label") lines.timestamp = day.line;
      evidence.timestamp = day.evidence;
    }
  }
  identity.lines = lines;
  identity.evidence = evidence;
  identity.candidates = identityCandidates(model);
  return identity;
}

export function identityValue(identity: HandoffIdentity, field: IdentityField): string | null {
  return identity[field];
}

/** Whether a generic label's value has the shape of the field ("Head: abc1234" yes, "Head: of the team" no). */
function valueFits(field: IdentityField, kv: KeyValue): boolean {
  const value = cleanValue(kv.value);
  const first = firstCode(kv) ?? value.split(/[\s(,;]+/)[0] ?? "";
  switch (field) {
    case "runtime":
      return normaliseRuntime(value) !== null;
    case "sessionId":
      return SESSION_ID_SHAPE.test(first) && /\d/.test(first);
    case "timestamp":
      return parseTimestampDetailed(value).iso !== null;
    case "headSha":
      return isSha(first);
    default:
      return false;
  }
}

/** A qualified label's value has its field's shape: one valid ref name, a model family, a sha. */
function qualifiedValueFits(field: IdentityField, kv: KeyValue): boolean {
  const value = cleanValue(kv.value);
  const first = firstCode(kv) ?? value.split(/[\s(,;]+/)[0] ?? "";
  switch (field) {
    case "branch":
      return isValidBranchName(first) && !isShaToken(first) && (firstCode(kv) !== null || value.split(/\s+/).length <= 3);
    case "model":
      return MODEL_FAMILY.test(firstCode(kv) ?? value) && value.length <= 60;
    case "headSha":
      return isShaToken(first.replace(/[….]+$/, ""));
    default:
      return false;
  }
}

/**
 * A "Model:" label outside the identity section, front matter or an identity line is read only when its
 * value is shaped like a model name: a few words that name a model family or carry a version
 * (`Opus 4.5`, `gpt-5.2-codex`), not a sentence ("**Model:** open-source engine + hosted board = …").
 */
function modelValueFits(kv: KeyValue): boolean {
  const value = firstCode(kv) ?? cleanValue(kv.value);
  if (value === "" || value.length > 60 || value.split(/\s+/).length > 6) return false;
  return MODEL_FAMILY.test(value) || /\d/.test(value);
}

/** An id as runtimes print them: `ses_01JX…`, a UUID, `0199a1b2-c3d4`, `rollout-2026-…`. */
const SESSION_ID_SHAPE = /^[\w][\w.:-]{5,127}$/;

/** A token that is a commit sha: hex, 7–40 characters, with a digit (a word such as "defaced" is not). */
function isShaToken(token: string): boolean {
  return isSha(token) && /\d/.test(token) && /[a-f]/i.test(token);
}

/** Words that may stand between a branch name and its sha: "master is at `ab95478`", "main @ 89b837e". */
const BRANCH_SHA_CONNECTORS = new Set(["is", "at", "@", "on", "now", "currently", "head", "commit", "sha", "=", "-", "–", "—", "→", "->"]);

/**
 * The branch a branch field names, and the sha written right after it: `master is at \`ab95478\``,
 * `\`feat/x\` @ \`89b837e\``, `main (89b837e)`. A sha further on ("`x`, cut from `main` at `c3f5e2c`")
 * is not this branch's HEAD.
 */
function readBranch(kv: KeyValue): { branch: string | null; sha: string | null } {
  const codes = kv.codes.map((code) => code.trim()).filter((code) => code !== "");
  const words = stripInlineMarkdown(kv.value)
    .split(/\s+/)
    // "master（remote synced）", "main(clean)": a note attached without a space is not part of the name.
    .map((word) => word.replace(/^[([{（「"'“‘]+/, "").replace(/(?<=.)[(（「].*$/, "").replace(/[)\]}）」"'”’.,;:!?。、，]+$/g, ""))
    .filter((word) => word !== "");
  const codeBranch = codes.find((code) => !isShaToken(code) && !/\s/.test(code));
  const firstWord = words[0];
  const branch = codeBranch ?? (firstWord !== undefined && !isShaToken(firstWord) ? firstWord : null);
  let sha: string | null = null;
  const at = branch === null ? -1 : words.indexOf(branch);
  for (let index = at + 1; at !== -1 && index < words.length && index <= at + 4; index++) {
    const word = words[index] ?? "";
    if (isShaToken(word)) {
      sha = word.toLowerCase();
      break;
    }
    if (!BRANCH_SHA_CONNECTORS.has(word.toLowerCase())) break;
  }
  return { branch: branch === null ? null : nullIfEmpty(branch.replace(/[.,;]+$/, "")), sha };
}

