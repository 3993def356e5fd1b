/**
 * The estimated cost of one request from its disjoint token fields (CONTRACTS "Sessions"):
 * input, cache write (its 1-hour part priced apart), cache read, output (reasoning inside it), at
 * the rates of the tier its prompt size falls in. An estimate: providers bill by their own meters.
 */
import { promptTokens, type TokenCounts } from "../tokens";
import type { PriceEntry, PriceRates, PriceTable } from "./prices";

export interface CostableRequest extends TokenCounts {
  model: string | null;
  cacheWrite1hTokens?: number;
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
  const prompt = promptTokens(request);
  const rates = ratesFor(entry, prompt);
  const oneHour = Math.min(request.cacheWrite1hTokens ?? 0, request.cacheWriteTokens);
  const reasoning = Math.min(request.reasoningTokens, request.outputTokens);
  const microDollars =
    request.inputTokens * rates.input +
    (request.cacheWriteTokens - oneHour) * rates.cacheWrite5m +
    oneHour * rates.cacheWrite1h +
    request.cacheReadTokens * rates.cacheRead +
    (request.outputTokens - reasoning) * rates.output +
    reasoning * (rates.reasoning ?? rates.output);
  return microDollars / 1_000_000;
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
