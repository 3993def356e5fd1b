import { normaliseRuntime } from "./handoff-path";
import { cleanValue, nullIfEmpty } from "./handoff-labels";
import { identityFieldOf } from "./identity-keys";
import { isSha } from "./inline-references";
import { firstCode, type KeyValue, type SectionModel } from "./section-model";
import { parseTimestamp } from "../text/parse-timestamp";
import type { HandoffIdentity, IdentityField } from "./types";

export function emptyIdentity(): HandoffIdentity {
  return {
    runtime: null,
    runtimeRaw: null,
    model: null,
    sessionId: null,
    timestamp: null,
    timestampRaw: null,
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

  // A group (one paragraph, list or table) with two or more strong identity keys is an identity block,
  // so its generic keys ("Session:", "Head:") can be trusted too.
  const strongCountByGroup = new Map<number, number>();
  for (const kv of model.keyValues) {
    if (identityFieldOf(kv.key) !== null) strongCountByGroup.set(kv.group, (strongCountByGroup.get(kv.group) ?? 0) + 1);
  }

  const rank = (kv: KeyValue): number => {
    if (kv.section?.key === "identity") return 0;
    if (kv.fromFrontMatter) return 1;
    if ((strongCountByGroup.get(kv.group) ?? 0) >= 2) return 2;
    return 3;
  };

  const chosen = new Map<IdentityField, KeyValue>();
  for (const kv of model.keyValues) {
    const kvRank = rank(kv);
    const field = identityFieldOf(kv.key, kvRank <= 2);
    if (field === null) continue;
    const current = chosen.get(field);
    if (current === undefined || rank(current) > kvRank) chosen.set(field, kv);
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
        const written = nullIfEmpty(firstCode(kv) ?? value);
        identity.sessionIdRaw = written ?? value;
        identity.sessionId = written === null || NO_SESSION_ID.test(written) ? null : written;
        break;
      }
      case "timestamp":
        identity.timestampRaw = nullIfEmpty(value);
        identity.timestamp = value === "" ? null : parseTimestamp(value);
        break;
      case "branch": {
        const branch = firstCode(kv) ?? value.split(/\s+/)[0] ?? "";
        identity.branch = nullIfEmpty(branch.replace(/[.,;]+$/, ""));
        break;
      }
      case "headSha": {
        const candidate = firstCode(kv) ?? value.split(/[\s(,;]+/)[0] ?? "";
        identity.headShaRaw = nullIfEmpty(value);
        identity.headSha = isSha(candidate) ? candidate.toLowerCase() : null;
        break;
      }
    }
  }
  identity.lines = lines;
  return identity;
}

