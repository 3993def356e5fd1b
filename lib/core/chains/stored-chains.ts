import type { Chain, ChainBuildResult, LatestHintOutcome } from "./build-chains";

/**
 * A repo's chains as the scan derived them, stored whole on the repo (`Repo.chains`, JSON) so every
 * reader (chain graph, handoff lists, scan report, resume) reads one result and none rebuilds it.
 * Findings are not here: they are stored per handoff (HandoffFinding).
 */
export interface StoredChains {
  version: 1;
  chains: Chain[];
  latestId: string | null;
  latestHint: LatestHintOutcome | null;
  resumableHeads: string[];
}

export function storedChainsOf(result: ChainBuildResult): StoredChains {
  return { version: 1, chains: result.chains, latestId: result.latestId, latestHint: result.latestHint, resumableHeads: result.resumableHeads };
}

export function emptyChainResult(): ChainBuildResult {
  return { chains: [], edges: [], findings: [], latestId: null, latestHint: null, resumableHeads: [] };
}

/**
 * The stored JSON back as a build result; null when there is none yet or it is not what this version
 * writes (a database not scanned since the upgrade, a damaged value): the caller says so, never guesses.
 */
export function readStoredChains(json: string | null): ChainBuildResult | null {
  if (json === null || json === "") return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isStoredChains(value)) return null;
  return {
    chains: value.chains,
    edges: value.chains.flatMap((chain) => chain.edges),
    findings: [],
    latestId: value.latestId,
    latestHint: value.latestHint,
    resumableHeads: value.resumableHeads,
  };
}

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === "string");

function isChain(value: unknown): value is Chain {
  if (typeof value !== "object" || value === null) return false;
  const chain = value as Record<string, unknown>;
  return (
    typeof chain.id === "string" &&
    isStringArray(chain.nodeIds) &&
    isStringArray(chain.heads) &&
    Array.isArray(chain.edges) &&
    chain.edges.every((edge) => typeof edge === "object" && edge !== null && typeof (edge as { from?: unknown }).from === "string" && typeof (edge as { to?: unknown }).to === "string") &&
    Array.isArray(chain.forks) &&
    chain.forks.every((fork) => typeof fork === "object" && fork !== null && typeof (fork as { at?: unknown }).at === "string" && isStringArray((fork as { children?: unknown }).children)) &&
    Array.isArray(chain.broken) &&
    chain.broken.every((link) => typeof link === "object" && link !== null && typeof (link as { from?: unknown }).from === "string" && typeof (link as { missing?: unknown }).missing === "string")
  );
}

function isStoredChains(value: unknown): value is StoredChains {
  if (typeof value !== "object" || value === null) return false;
  const stored = value as Record<string, unknown>;
  const hint = stored.latestHint;
  return (
    stored.version === 1 &&
    Array.isArray(stored.chains) &&
    stored.chains.every(isChain) &&
    (stored.latestId === null || typeof stored.latestId === "string") &&
    isStringArray(stored.resumableHeads) &&
    (hint === null || (typeof hint === "object" && typeof (hint as { path?: unknown }).path === "string" && typeof (hint as { status?: unknown }).status === "string"))
  );
}
