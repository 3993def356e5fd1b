import type { IdentityField } from "./types";

/** Keys that name an identity field anywhere in the document. */
const STRONG_IDENTITY_KEYS: Record<IdentityField, RegExp> = {
  runtime: /^(?:runtime|runtime name|agent runtime|ai runtime|coding agent|agent cli|runtime cli|from agent|runtime agent)$/,
  model: /^(?:model|model id|model name|llm|ai model|model version|agent model)$/,
  sessionId: /^(?:session id|sessionid|session uuid|conversation id|session conversation id|session or conversation id|conversation session id|thread id|chat id|saved by session)$/,
  timestamp: /^(?:timestamp|created|created at|date|datetime|date time|saved at|written at|handoff time|generated at|updated|last updated)$/,
  branch: /^(?:branch|git branch|current branch|working branch)$/,
  headSha: /^(?:head sha|git head|git head sha|head commit|head commit sha|head at handoff|commit at head|head sha at handoff)$/,
};

/** Keys too generic to trust outside an identity section, front matter or a block of identity fields. */
const WEAK_IDENTITY_KEYS: Record<IdentityField, RegExp> = {
  runtime: /^(?:agent|cli|tool|harness|client|assistant|platform|ai)$/,
  model: /^$/,
  sessionId: /^(?:session|conversation|run id|id)$/,
  timestamp: /^(?:when|at|time)$/,
  branch: /^$/,
  headSha: /^(?:head|sha|commit|git sha|commit sha|last commit|current commit|base commit|git commit)$/,
};

const IDENTITY_FIELDS: IdentityField[] = ["runtime", "model", "sessionId", "timestamp", "branch", "headSha"];

export function identityFieldOf(key: string, allowWeak = false): IdentityField | null {
  for (const field of IDENTITY_FIELDS) {
    if (STRONG_IDENTITY_KEYS[field].test(key)) return field;
    if (allowWeak && WEAK_IDENTITY_KEYS[field].test(key)) return field;
  }
  return null;
}
