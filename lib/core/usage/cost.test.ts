import { describe, expect, it } from "vitest";
import { costDifference, requestCost, requestCostWith } from "./cost";
import { buildPriceTable, parsePriceOverride, priceFileSchema, shippedPrices, type PriceEntry } from "./prices";

const table = buildPriceTable();
const request = (model: string | null, counts: Partial<{ input: number; cw: number; cw1h: number; cr: number; output: number; reasoning: number }> = {}) => ({
  model,
  inputTokens: counts.input ?? 0,
  cacheWriteTokens: counts.cw ?? 0,
  cacheWrite1hTokens: counts.cw1h ?? 0,
  cacheReadTokens: counts.cr ?? 0,
  outputTokens: counts.output ?? 0,
  reasoningTokens: counts.reasoning ?? 0,
});

describe("the shipped price table", () => {
  it("is valid, dated, and every entry names its source", () => {
    const parsed = priceFileSchema.parse(shippedPrices);
    expect(parsed.readOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const [model, entry] of Object.entries(parsed.models)) expect(entry.source, model).toMatch(/https:\/\//);
  });

  it.each([
    ["claude-opus-4-6", "claude-opus-4-6"],
    ["claude-sonnet-4-5-20250929", "claude-sonnet-4-5"],
    ["anthropic/claude-sonnet-4-5", "claude-sonnet-4-5"],
    ["us.anthropic.claude-opus-4-1-20250805-v1:0", "claude-opus-4-1"],
    ["claude-haiku-4-5-20251001", "claude-haiku-4-5"],
    ["gpt-5.3-codex", "gpt-5.3-codex"],
    ["openai/gpt-5.1-codex-max", "gpt-5.1-codex-max"],
    ["gemini-3-pro-preview", "gemini-3-pro-preview"],
    ["gemini-3-pro", "gemini-3-pro-preview"],
    ["gemini-2.5-flash", "gemini-2.5-flash"],
  ])("%s is priced as %s", (model, key) => {
    expect(table.lookup(model)?.key).toBe(key);
  });

  it("has no price for a model it does not name: null, never 0", () => {
    expect(table.lookup("claude-opus-9")).toBeNull();
    expect(requestCost(table, request("claude-opus-9", { input: 1000 }))).toBeNull();
    expect(requestCost(table, request("glm-4.6", { input: 1000 }))).toBeNull();
    expect(requestCost(table, request(null, { input: 1000 }))).toBeNull();
  });
});

describe("cost of a request", () => {
  it("prices each disjoint field at its own rate (Opus 4.6: $5 / $25 / 6.25 / 10 / 0.5 per million)", () => {
    expect(requestCost(table, request("claude-opus-4-6", { input: 1_000_000 }))).toBeCloseTo(5, 9);
    expect(requestCost(table, request("claude-opus-4-6", { output: 1_000_000 }))).toBeCloseTo(25, 9);
    expect(requestCost(table, request("claude-opus-4-6", { cr: 1_000_000 }))).toBeCloseTo(0.5, 9);
  });

  it("prices a 1-hour cache write above a 5-minute one", () => {
    expect(requestCost(table, request("claude-opus-4-6", { cw: 1_000_000 }))).toBeCloseTo(6.25, 9);
    expect(requestCost(table, request("claude-opus-4-6", { cw: 1_000_000, cw1h: 1_000_000 }))).toBeCloseTo(10, 9);
    expect(requestCost(table, request("claude-opus-4-6", { cw: 1_000_000, cw1h: 250_000 }))).toBeCloseTo(0.75 * 6.25 + 0.25 * 10, 9);
    // A 1-hour figure larger than the whole write (a damaged log) never prices more than the write.
    expect(requestCost(table, request("claude-opus-4-6", { cw: 100, cw1h: 1_000_000 }))).toBeCloseTo(100 * 10e-6, 12);
  });

  it("prices reasoning (inside output) as output unless the entry prices it apart", () => {
    expect(requestCost(table, request("gpt-5.3-codex", { output: 1000, reasoning: 600 }))).toBeCloseTo(1000 * 14e-6, 12);
    const entry: PriceEntry = { input: 1, output: 10, cacheWrite5m: 1, cacheWrite1h: 1, cacheRead: 0.1, reasoning: 20, source: "test" };
    expect(requestCostWith(entry, request("x", { output: 1000, reasoning: 600 }))).toBeCloseTo((400 * 10 + 600 * 20) / 1e6, 12);
  });

  it("applies a long-context tier to the whole request only above its threshold", () => {
    // Sonnet 4.5: $3 / $15 up to 200K prompt tokens, $6 / $22.50 above.
    const at = request("claude-sonnet-4-5", { input: 100_000, cr: 100_000, output: 1000 });
    expect(requestCost(table, at)).toBeCloseTo((100_000 * 3 + 100_000 * 0.3 + 1000 * 15) / 1e6, 12);
    const above = request("claude-sonnet-4-5", { input: 100_001, cr: 100_000, output: 1000 });
    expect(requestCost(table, above)).toBeCloseTo((100_001 * 6 + 100_000 * 0.6 + 1000 * 22.5) / 1e6, 12);
    // GPT-5.4 above 272K: input ×2, output ×1.5.
    expect(requestCost(table, request("gpt-5.4", { input: 272_000, output: 1000 }))).toBeCloseTo((272_000 * 2.5 + 1000 * 15) / 1e6, 12);
    expect(requestCost(table, request("gpt-5.4", { input: 272_001, output: 1000 }))).toBeCloseTo((272_001 * 5 + 1000 * 22.5) / 1e6, 12);
  });
});

describe("the user's override file", () => {
  it("adds a model and corrects one, user entries winning for every spelling", () => {
    const { models, problems } = parsePriceOverride(
      JSON.stringify({ models: { "glm-4.6": { input: 0.6, output: 2.2, cacheWrite5m: 0.6, cacheWrite1h: 0.6, cacheRead: 0.11 }, "claude-opus-4-6": { input: 1, output: 2, cacheWrite5m: 3, cacheWrite1h: 4, cacheRead: 0.5, source: "my contract" } } }),
      "prices.json",
    );
    expect(problems).toEqual([]);
    const withUser = buildPriceTable(shippedPrices, models);
    expect(withUser.lookup("glm-4.6")).toMatchObject({ origin: "user", entry: { source: "user override" } });
    expect(requestCost(withUser, request("glm-4.6", { input: 1_000_000 }))).toBeCloseTo(0.6, 9);
    expect(requestCost(withUser, request("claude-opus-4-6-20260101", { input: 1_000_000 }))).toBeCloseTo(1, 9);
  });

  it("reports a bad file in words and reads nothing from it", () => {
    expect(parsePriceOverride("{ nope", "/home/u/prices.json").problems[0]).toMatch(/^\/home\/u\/prices.json is not valid JSON/);
    const bad = parsePriceOverride(JSON.stringify({ models: { x: { input: -1, output: 2, cacheWrite5m: 1, cacheWrite1h: 1, cacheRead: 1 } } }), "prices.json");
    expect(bad.models).toEqual({});
    expect(bad.problems.join("\n")).toMatch(/prices.json: models.x.input: .*no prices were read/);
  });
});

describe("a log's own cost against the estimate", () => {
  it("flags a difference over 1 %", () => {
    expect(costDifference(1.005, 1).flagged).toBe(false);
    expect(costDifference(1.02, 1).flagged).toBe(true);
    expect(costDifference(0.5, null)).toEqual({ ratio: null, flagged: false });
  });
});
