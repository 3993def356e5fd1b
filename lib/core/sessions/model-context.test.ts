import { describe, expect, test } from "vitest";
import { modelContextNote, modelContextWindow, modelFamilyVersion } from "./model-context";
import { MODEL_CONTEXT, MODEL_CONTEXT_READ_ON } from "./model-context.data";

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
    // Issue 14: current models, by the vendors' naming rules (family + version), not exact strings.
    ["gemini-3-pro", 1_048_576],
    ["gemini-3-pro-preview", 1_048_576],
    ["gemini-3-pro-image-preview", 65_536],
    ["gemini-3-flash", 1_048_576],
    ["gemini-3-flash-preview", 1_048_576],
    ["gemini-3.1-pro-preview", 1_048_576],
    ["gemini-3.1-pro-preview-customtools", 1_048_576],
    ["gemini-2.5-flash-preview-05-20", 1_048_576],
    ["gemini-2.5-flash-lite", 1_048_576],
    ["google/gemini-3-pro-preview", 1_048_576],
    ["gpt-5.1", 400_000],
    ["gpt-5.1-codex", 400_000],
    ["gpt-5.1-codex-mini", 400_000],
    ["gpt-5.1-codex-max", 400_000],
    ["gpt-5.2-2025-12-11", 400_000],
    ["gpt-5.4", 1_050_000],
    ["gpt-5.4-mini", 400_000],
    ["gpt-5-codex", 400_000],
    ["gpt-4o-mini-2024-07-18", 128_000],
    ["openai/gpt-5.5", 1_050_000],
    ["o4-mini", 200_000],
    ["codex-mini-latest", 200_000],
    ["claude-opus-4", 200_000],
    ["claude-opus-4-1", 200_000],
    ["claude-opus-4-1-20250805", 200_000],
    ["claude-sonnet-4", 200_000],
    ["claude-haiku-4-5", 200_000],
    ["claude-opus-4-6", 1_000_000],
    ["claude-sonnet-4-6", 1_000_000],
    ["claude-3-5-sonnet-20241022", 200_000],
    ["claude-3-7-sonnet-latest", 200_000],
    ["anthropic.claude-sonnet-4-5-20250929-v1:0", 200_000],
    ["us.anthropic.claude-opus-4-1-20250805-v1:0", 200_000],
    ["claude-sonnet-4-5@20250929", 200_000],
    ["CLAUDE-SONNET-4-5", 200_000],
  ])("%s → %i from the model table", (model, tokens) => {
    expect(modelContextWindow(model)).toEqual({ tokens, source: "model-table" });
  });

  test("Claude Code's [1m] suffix means a 1,000,000-token window, whatever the model", () => {
    expect(modelContextWindow("claude-sonnet-4-5[1m]")).toEqual({ tokens: 1_000_000, source: "model-table" });
    expect(modelContextWindow("claude-opus-4-8[1M]")).toEqual({ tokens: 1_000_000, source: "model-table" });
  });

  test.each([
    ["gemini-3.8-flash"],
    ["gemini-3-pro-tts"],
    ["gemini-4-pro"],
    ["claude-opus-4-9"],
    ["claude-opus-4-20251301-extra"],
    ["claude-mythos-5"],
    ["gpt-6"],
    ["gpt-5.1-codex-ultra"],
    ["mock-gpt"],
    ["gpt-5.5-pro"],
    ["<synthetic>"],
    [""],
    [null],
    [undefined],
  ])("%s is unknown, never a family guess", (model) => {
    expect(modelContextWindow(model)).toEqual({ tokens: null, source: "unknown" });
  });

  test("every entry says where its number comes from", () => {
    expect(modelContextNote("claude-opus-4-8")).toMatch(/platform\.claude\.com/);
    expect(modelContextNote("gemini-3-pro-image-preview")).toMatch(/ai\.google\.dev.*65,536/);
    for (const entry of MODEL_CONTEXT) expect(entry.source, `${entry.family} ${entry.version}`).toMatch(/^https:\/\//);
    expect(MODEL_CONTEXT_READ_ON).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(modelContextNote("mock-gpt")).toBeNull();
  });
});

describe("modelFamilyVersion: the naming rules", () => {
  test.each([
    ["claude-opus-4-5-20251101", { family: "claude-opus", version: "4.5" }],
    ["claude-3-5-haiku-20241022", { family: "claude-haiku", version: "3.5" }],
    ["gpt-5.1-codex-max", { family: "gpt-codex-max", version: "5.1" }],
    ["gpt-4o", { family: "gpt", version: "4o" }],
    ["o3-pro", { family: "o-pro", version: "3" }],
    ["gemini-3-pro-image-preview", { family: "gemini-pro-image", version: "3" }],
    ["gemini-2.5-flash-lite-preview-06-17", { family: "gemini-flash-lite", version: "2.5" }],
    ["models/gemini-1.5-pro-002", { family: "gemini-pro", version: "1.5" }],
  ])("%s → %o", (model, expected) => {
    expect(modelFamilyVersion(model)).toEqual(expected);
  });

  test("every table entry is reachable by the id its family and version spell", () => {
    const spelled = (family: string, version: string) => {
      if (family.startsWith("claude-")) return `${family}-${version.replace(".", "-")}`;
      if (family.startsWith("gemini-")) return `gemini-${version}-${family.slice("gemini-".length)}`;
      if (family === "gpt" || family.startsWith("gpt-")) return `gpt-${version}${family.slice(3)}`;
      if (family === "o" || family.startsWith("o-")) return `o${version}${family.slice(1)}`;
      return `${family}-${version}`;
    };
    for (const entry of MODEL_CONTEXT) expect(modelContextWindow(spelled(entry.family, entry.version)), `${entry.family} ${entry.version}`).toEqual({ tokens: entry.tokens, source: "model-table" });
  });
});
