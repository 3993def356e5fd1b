import { describe, expect, test } from "vitest";
import { modelContextNote, modelContextWindow } from "./model-context";

describe("modelContextWindow", () => {
  test.each([
    ["claude-opus-4-8", 1_000_000],
    ["claude-opus-4-6", 1_000_000],
    ["claude-sonnet-4-5", 200_000],
    ["claude-sonnet-4-5-20250929", 200_000],
    ["claude-haiku-4-5-20251001", 200_000],
    ["claude-sonnet-4-20250514", 200_000],
    ["claude-opus-4-5-20251101", 200_000],
    ["anthropic/claude-opus-4-8", 1_000_000],
    ["gpt-5.3-codex", 400_000],
    ["gpt-5-2025-08-07", 400_000],
    ["gpt-4.1", 1_047_576],
    ["gemini-2.5-pro", 1_048_576],
    ["models/gemini-2.5-flash", 1_048_576],
  ])("%s → %i from the model table", (model, tokens) => {
    expect(modelContextWindow(model)).toEqual({ tokens, source: "model-table" });
  });

  test("Claude Code's [1m] suffix means a 1,000,000-token window, whatever the model", () => {
    expect(modelContextWindow("claude-sonnet-4-5[1m]")).toEqual({ tokens: 1_000_000, source: "model-table" });
    expect(modelContextWindow("claude-opus-4-8[1M]")).toEqual({ tokens: 1_000_000, source: "model-table" });
  });

  test.each([["gemini-3.8-flash"], ["claude-opus-4-9"], ["mock-gpt"], ["gpt-5.5-pro"], ["<synthetic>"], [""], [null], [undefined]])("%s is unknown, never a family guess", (model) => {
    expect(modelContextWindow(model)).toEqual({ tokens: null, source: "unknown" });
  });

  test("every entry says where its number comes from", () => {
    expect(modelContextNote("claude-opus-4-8")).toMatch(/platform\.claude\.com/);
    expect(modelContextNote("mock-gpt")).toBeNull();
  });
});
