/**
 * The price table: what one million tokens of each kind cost for a model, read from
 * prices.data.json (shipped, dated, never fetched) with a user's override file on top. A model
 * the table does not name has no price: its cost is null, never $0, and it is listed so the user
 * can add it (docs/token-accounting.md, "Cost").
 */
import { z } from "../zod";
import { modelFamilyVersion } from "../sessions/model-context";
import shipped from "./prices.data.json";

const perMillion = z.number().finite().min(0).max(10_000);

const ratesSchema = z.object({
  input: perMillion,
  output: perMillion,
  cacheWrite5m: perMillion,
  cacheWrite1h: perMillion,
  cacheRead: perMillion,
  /** Reasoning tokens, where a provider prices them apart from output (none does today). */
  reasoning: perMillion.optional(),
});

const tierSchema = ratesSchema.extend({
  /** Applies when the request's prompt (input + cache write + cache read) is above this many tokens. */
  above: z.number().int().min(1),
});

export const priceEntrySchema = ratesSchema.extend({
  tiers: z.array(tierSchema).optional(),
  source: z.string().min(1),
});

export const priceFileSchema = z.object({
  $comment: z.string().optional(),
  readOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date as YYYY-MM-DD"),
  models: z.record(z.string().min(1), priceEntrySchema),
});

/** A user's override file: the same shape, every part optional but the models. */
export const priceOverrideSchema = z.object({
  $comment: z.string().optional(),
  readOn: z.string().optional(),
  models: z.record(z.string().min(1), priceEntrySchema.extend({ source: z.string().min(1).default("user override") })),
});

export type PriceRates = z.infer<typeof ratesSchema>;
export type PriceTier = z.infer<typeof tierSchema>;
export type PriceEntry = z.infer<typeof priceEntrySchema>;
export type PriceFile = z.infer<typeof priceFileSchema>;

/** A price found for a model: the entry and which key of the table it came from. */
export interface ModelPrice {
  key: string;
  entry: PriceEntry;
  /** "table" (the shipped file) or "user" (the override file). */
  origin: "table" | "user";
}

export interface PriceTable {
  readOn: string;
  lookup(model: string | null): ModelPrice | null;
  entries(): ModelPrice[];
}

/** The file as shipped (checked by a test against the schema). */
export const shippedPrices = shipped as PriceFile;

function familyKey(model: string): string | null {
  const read = modelFamilyVersion(model);
  return read === null ? null : `${read.family}@${read.version}`;
}

/**
 * The table with a user's entries on top. A model id is looked up exactly (case-insensitive), then
 * by family and version, user entries first each time: so `claude-sonnet-4-5-20250929`,
 * `anthropic/claude-sonnet-4-5` and `us.anthropic.claude-sonnet-4-5-20250929-v1:0` share one price.
 */
export function buildPriceTable(table: PriceFile = shippedPrices, overrides: Record<string, PriceEntry> = {}): PriceTable {
  const exact = new Map<string, ModelPrice>();
  const byFamily = new Map<string, ModelPrice>();
  const add = (key: string, entry: PriceEntry, origin: ModelPrice["origin"]) => {
    const price: ModelPrice = { key, entry, origin };
    exact.set(key.toLowerCase(), price);
    const family = familyKey(key);
    if (family !== null) byFamily.set(family, price);
  };
  for (const [key, entry] of Object.entries(table.models)) add(key, entry, "table");
  for (const [key, entry] of Object.entries(overrides)) add(key, entry, "user");
  const cache = new Map<string, ModelPrice | null>();
  return {
    readOn: table.readOn,
    lookup(model) {
      if (!model) return null;
      const cached = cache.get(model);
      if (cached !== undefined) return cached;
      const family = familyKey(model);
      const found = exact.get(model.trim().toLowerCase()) ?? (family === null ? undefined : byFamily.get(family)) ?? null;
      cache.set(model, found);
      return found;
    },
    entries() {
      return [...new Set(exact.values())];
    },
  };
}

/** Parses a user's override file; problems come back as sentences, never a throw. */
export function parsePriceOverride(text: string, file: string): { models: Record<string, PriceEntry>; problems: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { models: {}, problems: [`${file} is not valid JSON (${(error as Error).message}); no prices were read from it`] };
  }
  const result = priceOverrideSchema.safeParse(parsed);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const where = issue.path.length > 0 ? issue.path.map(String).join(".") : "the file";
      return `${file}: ${where}: ${issue.message}; no prices were read from it`;
    });
    return { models: {}, problems };
  }
  return { models: result.data.models, problems: [] };
}
