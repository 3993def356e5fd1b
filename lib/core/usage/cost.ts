/**
 * The estimated cost of one request from its disjoint token fields (CONTRACTS "Sessions"):
 * input, cache write (its 1-hour part priced apart), cache read, output (reasoning inside it), at
 * the rates of the tier its prompt size falls in. An estimate: providers bill by their own meters.
 */
import { promptTokens, type TokenCounts } from "../tokens";
import type { PriceEntry, PriceRates, PriceTable, PriceTier } from "./prices";

export interface CostableRequest extends TokenCounts {
  model: string | null;
  cacheWrite1hTokens?: number;
  /**
   * The reasoning priced as reasoning: each request's capped at its output. Absent for one request
   * (computed from the two); a rollup row carries its requests' sum.
   */
  pricedReasoningTokens?: number;
}

/**
 * What a cost is computed from: token sums per rate, each request's split already made (the 1-hour
 * cache write capped at the cache write, reasoning capped at the output). Sums of requests priced at
 * the same rates give the same figure in any grouping, so a report from rollups and one from the
 * requests themselves agree to the last bit (rollup.ts).
 */
export interface CostSums {
  input: number;
  cacheWrite5m: number;
  cacheWrite1h: number;
  cacheRead: number;
  /** Output that is not priced as reasoning. */
  output: number;
  reasoning: number;
}

export const emptyCostSums = (): CostSums => ({ input: 0, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0, output: 0, reasoning: 0 });

export function addCostSums(into: CostSums, request: CostableRequest): void {
  const oneHour = Math.min(request.cacheWrite1hTokens ?? 0, request.cacheWriteTokens);
  const reasoning = request.pricedReasoningTokens ?? Math.min(request.reasoningTokens, request.outputTokens);
  into.input += request.inputTokens;
  into.cacheWrite5m += request.cacheWriteTokens - oneHour;
  into.cacheWrite1h += oneHour;
  into.cacheRead += request.cacheReadTokens;
  into.output += request.outputTokens - reasoning;
  into.reasoning += reasoning;
}

/** USD for token sums at these rates. */
export function costOfSums(rates: PriceRates, sums: CostSums): number {
  const microDollars =
    sums.input * rates.input +
    sums.cacheWrite5m * rates.cacheWrite5m +
    sums.cacheWrite1h * rates.cacheWrite1h +
    sums.cacheRead * rates.cacheRead +
    sums.output * rates.output +
    sums.reasoning * (rates.reasoning ?? rates.output);
  return microDollars / 1_000_000;
}

/** USD for one request (or a rollup row's sums) at these rates. */
export function costAt(rates: PriceRates, request: CostableRequest): number {
  const sums = emptyCostSums();
  addCostSums(sums, request);
  return costOfSums(rates, sums);
}

/** The rates a request is priced at, and a key naming them (model entry and tier) for grouping sums. */
export interface RequestPricing {
  key: string;
  rates: PriceRates;
}

/** The pricing of a request of this model whose prompt is `promptTokens`, or null without a price. */
export function pricingFor(table: PriceTable, model: string | null, promptTokens: number): RequestPricing | null {
  const price = table.lookup(model);
  if (price === null) return null;
  const rates = ratesFor(price.entry, promptTokens);
  const tier = rates === price.entry ? 0 : (rates as PriceTier).above;
  return { key: `${price.origin}\u0000${price.key}\u0000${tier}`, rates };
}

/** The rates for a prompt of this size: the highest tier it is above, else the base rates. */
export function ratesFor(entry: PriceEntry, promptTokens: number): PriceRates {
  let rates: PriceRates = entry;
  let threshold = -1;
  for (const tier of entry.tiers ?? []) {
    if (promptTokens > tier.above && tier.above > threshold) {
      rates = tier;
      threshold = tier.above;
    }
  }
  return rates;
}

/** USD for the request at this entry's prices. */
export function requestCostWith(entry: PriceEntry, request: CostableRequest): number {
  return costAt(ratesFor(entry, promptTokens(request)), request);
}

/** USD for the request, or null when its model has no price (never 0 for an unknown model). */
export function requestCost(table: PriceTable, request: CostableRequest): number | null {
  const price = table.lookup(request.model);
  return price === null ? null : requestCostWith(price.entry, request);
}

/** A log's own cost against the estimate: flagged when they differ by more than 1 %. */
export function costDifference(recorded: number, estimated: number | null): { ratio: number | null; flagged: boolean } {
  if (estimated === null) return { ratio: null, flagged: false };
  if (estimated === 0) return { ratio: recorded === 0 ? 1 : null, flagged: recorded !== 0 };
  const ratio = recorded / estimated;
  return { ratio, flagged: Math.abs(ratio - 1) > 0.01 };
}
