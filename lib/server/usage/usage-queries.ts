/**
 * Usage and estimated cost for the pages: per session (the sessions list, a session's card), per
 * handoff chain (each linked session counted once, however many of the chain's handoffs it wrote),
 * and for a handoff (its writing session up to the handoff's time). Sessions' sums come from the
 * rollups; a handoff's share of its session needs the requests themselves (loadUsage).
 */
import { handoffName } from "../../core/chains/chain-name";
import { groupRows, RowAccumulator, sumUsageRows, type UsageRow } from "../../core/usage/aggregate";
import type { Db } from "../db/client";
import { dbTimeToMs } from "../sessions/session-ids";
import { loadUsage } from "./load-usage";
import { loadPriceTable } from "./price-table";
import { readUsage } from "./usage-source";
import { usageSqlFor } from "./usage-sql";

export type { UsageRow } from "../../core/usage/aggregate";

export async function usageBySession(db: Db, sessionIds: readonly string[]): Promise<Map<string, UsageRow>> {
  if (sessionIds.length === 0) return new Map();
  // Sums per session from the rollups (the requests when rollups cannot answer).
  const usage = await readUsage(usageSqlFor(db), loadPriceTable().table, { sessionIds, grain: { bySlot: false, bySession: true, breakdown: null } });
  return groupRows(usage.entries, (entry) => entry.sessionId);
}

export interface ChainUsage extends UsageRow {
  sessions: number;
}

/** Per chain: the usage of the main sessions linked to any of its handoffs, each session once. */
export async function usageByChain(db: Db, chains: readonly { id: string; handoffIds: readonly string[] }[]): Promise<Map<string, ChainUsage>> {
  const handoffIds = chains.flatMap((chain) => chain.handoffIds);
  if (handoffIds.length === 0) return new Map();
  const links = await db.sessionHandoffLink.findMany({ where: { handoffId: { in: handoffIds } }, select: { handoffId: true, session: { select: { id: true, parentId: true } } } });
  const sessionsOf = new Map<string, Set<string>>();
  for (const link of links) {
    const sessionId = link.session.parentId ?? link.session.id;
    const set = sessionsOf.get(link.handoffId) ?? new Set<string>();
    set.add(sessionId);
    sessionsOf.set(link.handoffId, set);
  }
  const allSessions = [...new Set([...sessionsOf.values()].flatMap((set) => [...set]))];
  const bySession = await usageBySession(db, allSessions);
  const result = new Map<string, ChainUsage>();
  for (const chain of chains) {
    const sessions = new Set(chain.handoffIds.flatMap((id) => [...(sessionsOf.get(id) ?? [])]));
    if (sessions.size === 0) continue;
    result.set(chain.id, { ...sumUsageRows([...sessions].map((id) => bySession.get(id)).filter((row): row is UsageRow => row !== undefined)), sessions: sessions.size });
  }
  return result;
}

export interface HandoffSessionCost {
  sessionId: string;
  externalId: string;
  runtime: string;
  method: string;
  /** Usage of the session's requests up to the handoff's time (all of them when the handoff has no time). */
  upToHandoff: UsageRow;
  whole: UsageRow;
  handoffTime: string | null;
}

/** The sessions linked to a handoff, with what each had spent when the handoff was written. */
export async function handoffSessionCosts(db: Db, handoffId: string): Promise<HandoffSessionCost[]> {
  const handoff = await db.handoff.findUnique({ where: { id: handoffId }, select: { timestamp: true, commitTime: true, fileMtime: true } });
  if (!handoff) return [];
  const links = await db.sessionHandoffLink.findMany({ where: { handoffId }, select: { method: true, session: { select: { id: true, parentId: true } } } });
  const sessionIds = [...new Set(links.map((link) => link.session.parentId ?? link.session.id))];
  if (sessionIds.length === 0) return [];
  const usage = await loadUsage(usageSqlFor(db), loadPriceTable().table, { sessionIds });
  // The handoff's own time, else when it was committed, else the file's time.
  const at = dbTimeToMs(handoff.timestamp ?? handoff.commitTime ?? handoff.fileMtime);
  const whole = groupRows(usage.entries, (entry) => entry.sessionId);
  const upTo = groupRows(usage.entries, (entry) => (at === null || (entry.timestampMs !== null && entry.timestampMs <= at) ? entry.sessionId : null));
  return sessionIds.map((id) => {
    const session = usage.sessions.get(id);
    const link = links.find((entry) => (entry.session.parentId ?? entry.session.id) === id);
    return {
      sessionId: id,
      externalId: session?.externalId ?? id,
      runtime: session?.runtime ?? "unknown",
      method: link?.method ?? "session-id",
      upToHandoff: upTo.get(id) ?? new RowAccumulator().row(),
      whole: whole.get(id) ?? new RowAccumulator().row(),
      handoffTime: at === null ? null : new Date(at).toISOString(),
    };
  });
}

/**
 * A human title per session (docs/token-accounting.md, "Session titles"): its first prompt as stored
 * at ingest (masked and bounded there), else the name (handoffName) of the handoff it wrote last (by
 * path); sessions with neither are not in the map (pages then show the id).
 */
export async function sessionTitles(db: Db, sessionIds: readonly string[]): Promise<Map<string, string>> {
  if (sessionIds.length === 0) return new Map();
  const prompts = await db.agentSession.findMany({ where: { id: { in: [...sessionIds] }, title: { not: null } }, select: { id: true, title: true } });
  const result = new Map<string, string>();
  for (const row of prompts) if (row.title?.trim()) result.set(row.id, row.title.trim());
  const rest = sessionIds.filter((id) => !result.has(id));
  if (rest.length === 0) return result;
  const links = await db.sessionHandoffLink.findMany({
    where: { sessionId: { in: rest } },
    select: { sessionId: true, handoff: { select: { phase: true, title: true, path: true, timestamp: true } } },
  });
  const titles = new Map<string, { title: string; at: number }>();
  for (const link of links) {
    // The handoff's one name, as every page lists it ("Handoff: route-tests" is "route-tests").
    const title = handoffName(link.handoff).trim();
    if (!title) continue;
    const at = dbTimeToMs(link.handoff.timestamp) ?? 0;
    const seen = titles.get(link.sessionId);
    if (!seen || at > seen.at) titles.set(link.sessionId, { title, at });
  }
  for (const [id, { title }] of titles) result.set(id, title.length > 80 ? `${title.slice(0, 79)}…` : title);
  return result;
}

export interface PriceSourceStatus {
  readOn: string;
  overrideFile: string;
  overrideRead: boolean;
  problems: string[];
  /** Models seen in the stored sessions that no price entry matches, with how many sessions used each. */
  unpricedModels: { model: string; sessions: number }[];
  /** Models seen and the entry that prices each. */
  pricedModels: { model: string; key: string; origin: "table" | "user"; source: string }[];
}

/** The price table's status for the Sources page: its date, the override file, models without a price. */
export async function getPriceSourceStatus(db: Db): Promise<PriceSourceStatus> {
  const prices = loadPriceTable();
  const rows = await db.agentSession.findMany({ where: { supersededById: null }, select: { models: true } });
  const counts = new Map<string, number>();
  for (const row of rows) {
    let models: unknown;
    try {
      models = JSON.parse(row.models);
    } catch {
      continue;
    }
    if (!Array.isArray(models)) continue;
    for (const model of new Set(models.filter((entry): entry is string => typeof entry === "string"))) counts.set(model, (counts.get(model) ?? 0) + 1);
  }
  const unpricedModels: PriceSourceStatus["unpricedModels"] = [];
  const pricedModels: PriceSourceStatus["pricedModels"] = [];
  for (const [model, sessions] of [...counts].sort((a, b) => a[0].localeCompare(b[0]))) {
    const price = prices.table.lookup(model);
    if (price === null) unpricedModels.push({ model, sessions });
    else pricedModels.push({ model, key: price.key, origin: price.origin, source: price.entry.source });
  }
  return { readOn: prices.table.readOn, overrideFile: prices.overrideFile, overrideRead: prices.overrideRead, problems: prices.problems, unpricedModels, pricedModels };
}
