import { describe, expect, it } from "vitest";
import { compactionPoint, thresholdBeforeCompaction, type CompactionSettings } from "./compaction-point";
import { resolveThreshold, thresholdSourceWords } from "./guard";

const claude = (fields: Partial<Extract<CompactionSettings, { runtime: "claude-code" }>> = {}): CompactionSettings => ({ runtime: "claude-code", off: null, percentOverride: null, windowOverride: null, ...fields });
const codex = (fields: Partial<Extract<CompactionSettings, { runtime: "codex" }>> = {}): CompactionSettings => ({ runtime: "codex", limit: null, file: null, ...fields });
const gemini = (fields: Partial<Extract<CompactionSettings, { runtime: "gemini-cli" }>> = {}): CompactionSettings => ({ runtime: "gemini-cli", fraction: null, file: null, ...fields });
const DEFAULT = resolveThreshold(undefined, []).threshold;

describe("the runtime's own compaction point", () => {
  it("Claude Code: window − 20,000 − 13,000 (167,000 of 200,000: 83.5 %); the guard asks at 78.5 %", () => {
    const point = compactionPoint(claude(), 200_000)!;
    expect(point).toMatchObject({ tokens: 167_000, percent: 83.5 });
    expect(point.detail).toBe("Claude Code auto-compacts at 167,000 tokens");
    const threshold = thresholdBeforeCompaction(DEFAULT, point);
    expect(threshold).toMatchObject({ percent: 78.5, source: "runtime", wanted: { percent: 90, source: "default" } });
    expect(thresholdSourceWords(threshold)).toBe("lowered from 90 %, which would come after the runtime's own compaction: Claude Code auto-compacts at 167,000 tokens, 83.5 % of the window");
  });

  it("Claude Code: a 1M window leaves 90 % alone (967,000 = 96.7 %)", () => {
    const point = compactionPoint(claude(), 1_000_000)!;
    expect(point.tokens).toBe(967_000);
    expect(thresholdBeforeCompaction(DEFAULT, point)).toBe(DEFAULT);
  });

  it("Claude Code: CLAUDE_AUTOCOMPACT_PCT_OVERRIDE only lowers, of the effective window; CLAUDE_CODE_AUTO_COMPACT_WINDOW replaces the window (clamped, never above the model's)", () => {
    expect(compactionPoint(claude({ percentOverride: "60" }), 200_000)).toMatchObject({ tokens: 108_000, percent: 54 });
    expect(compactionPoint(claude({ percentOverride: "95" }), 200_000)!.tokens).toBe(167_000);
    expect(compactionPoint(claude({ percentOverride: "abc" }), 200_000)!.tokens).toBe(167_000);
    expect(compactionPoint(claude({ windowOverride: "500000" }), 1_000_000)).toMatchObject({ tokens: 467_000, percent: 46.7 });
    expect(compactionPoint(claude({ windowOverride: "50000" }), 1_000_000)!.tokens).toBe(67_000);
    expect(compactionPoint(claude({ windowOverride: "900000" }), 200_000)!.tokens).toBe(167_000);
    expect(compactionPoint(claude({ windowOverride: "500000", percentOverride: "50" }), 1_000_000)!.detail).toBe("Claude Code auto-compacts at 240,000 tokens (CLAUDE_CODE_AUTO_COMPACT_WINDOW=500000, CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=50)");
  });

  it("Claude Code with auto-compaction off has no point: the threshold stays", () => {
    expect(compactionPoint(claude({ off: "DISABLE_AUTO_COMPACT=1" }), 200_000)).toBeNull();
    expect(thresholdBeforeCompaction(DEFAULT, null)).toBe(DEFAULT);
  });

  it("Codex: 90 % of the model's window (the rollout's usable window / 95 %): 244,800 of gpt-5.5's 258,400 (94.7 %); the guard asks at 89.7 %", () => {
    const point = compactionPoint(codex(), 258_400)!;
    expect(point.tokens).toBe(244_800);
    expect(point.percent).toBeCloseTo(94.737, 2);
    expect(thresholdBeforeCompaction(DEFAULT, point)).toMatchObject({ percent: 89.7, source: "runtime" });
  });

  it("Codex: model_auto_compact_token_limit lowers the point (never raises it past 90 % of the model's window)", () => {
    // gpt-6.1-sol: 500,000, usable 475,000 as its rollout states it.
    const limited = compactionPoint(codex({ limit: 260_000, file: "/h/.codex/config.toml" }), 475_000)!;
    expect(limited.tokens).toBe(260_000);
    expect(limited.detail).toBe("Codex auto-compacts at 260,000 tokens (model_auto_compact_token_limit = 260,000 in /h/.codex/config.toml)");
    expect(thresholdBeforeCompaction(DEFAULT, limited).percent).toBe(49.7);
    expect(compactionPoint(codex({ limit: 900_000 }), 258_400)!.tokens).toBe(244_800);
  });

  it("Gemini CLI: compressionThreshold × 1,048,576 (default 0.5: 50 % of a 1M window); the guard asks at 45 %", () => {
    const point = compactionPoint(gemini(), 1_048_576)!;
    expect(point).toMatchObject({ tokens: 524_288, percent: 50 });
    expect(point.detail).toBe("Gemini CLI compresses the chat at 524,288 tokens (its default 0.5 × 1,048,576)");
    expect(thresholdBeforeCompaction(DEFAULT, point).percent).toBe(45);
    expect(thresholdBeforeCompaction(DEFAULT, compactionPoint(gemini({ fraction: 0.97, file: "s.json" }), 1_048_576))).toBe(DEFAULT);
    expect(compactionPoint(gemini({ fraction: 0 }), 1_048_576)!.tokens).toBe(524_288);
  });

  it("lowers BATON_HANDOFF_AT and a repo's budget too (a threshold after the compaction never fires), and keeps a lower one", () => {
    const point = compactionPoint(claude(), 200_000)!;
    const env = resolveThreshold("95", []).threshold;
    expect(thresholdSourceWords(thresholdBeforeCompaction(env, point))).toMatch(/^lowered from 95 % set by BATON_HANDOFF_AT, which would come after/);
    const low = resolveThreshold("70", []).threshold;
    expect(thresholdBeforeCompaction(low, point)).toBe(low);
  });

  it("the margin never takes more than half of a very early point", () => {
    const point = compactionPoint(codex({ limit: 10_000 }), 200_000)!;
    expect(point.percent).toBe(5);
    expect(thresholdBeforeCompaction(DEFAULT, point).percent).toBe(2.5);
  });
});
