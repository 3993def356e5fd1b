import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { fixtureSuite, SHARED_FIXTURES } from "../test-support/shared-fixtures";
import { parseSeedText, recogniseSeedJson } from "./parse-seed-json";
import { parseAllocationTrees } from "./seed-allocation-trees";
import type { SeedRecord } from "./types";

const FIXTURES = path.join(import.meta.dirname, "__fixtures__", "seed");
const readText = (name: string) => readFileSync(path.join(FIXTURES, name), "utf8");
const kinds = (records: SeedRecord[]) => records.map((record) => record.kind);
type SeedValue<K extends SeedRecord["kind"]> = Extract<SeedRecord, { kind: K }> extends { value: infer V } ? V : never;
function only<K extends SeedRecord["kind"]>(records: SeedRecord[], kind: K): SeedValue<K> {
  const found = records.filter((record) => record.kind === kind);
  expect(found).toHaveLength(1);
  return found[0]?.value as unknown as SeedValue<K>;
}

describe("parseSeedText: our own fixtures", () => {
  test("a Markdown budget document: config thresholds, reserve, the allocation tree, and an embedded checkpoint", () => {
    const { value, issues } = parseSeedText(readText("context-budget.md"));
    expect(kinds(value)).toEqual(["budget-config", "checkpoint"]);
    const budget = only(value, "budget-config");
    expect(budget.thresholdsPercent).toEqual([70, 80, 90]);
    expect(budget.reserveTokens).toBe(260_000);
    expect(budget.totalTokens).toBe(1_000_000);
    expect(budget.allocation).toEqual([
      {
        label: "Instructions",
        tokens: 40_000,
        percent: 4,
        children: [
          { label: "CLAUDE.md", tokens: 12_000, percent: null, children: [] },
          { label: "Skills", tokens: 28_000, percent: null, children: [] },
        ],
      },
      {
        label: "Working set",
        tokens: 700_000,
        percent: 70,
        children: [
          { label: "Conversation", tokens: 500_000, percent: null, children: [] },
          { label: "Open files", tokens: 200_000, percent: null, children: [] },
        ],
      },
      { label: "Reserve", tokens: 260_000, percent: 26, children: [] },
    ]);
    const checkpoint = only(value, "checkpoint");
    expect(checkpoint).toMatchObject({ checkpointId: "ckpt_7d1e", sessionId: "sess_42", phase: "GREEN", recoveryTokensReserved: 260_000 });
    expect(checkpoint.tokenUsage).toMatchObject({ usedTokens: 412_000, availableTokens: 588_000, totalTokens: 1_000_000, usedPercent: 41.2 });
    // The `[...]` placeholder is read as null, and says so.
    expect(issues.map((issue) => issue.rule)).toEqual(["seed-json-placeholder"]);
  });

  test("token-usage log entries as JSONL; zone-less timestamps are UTC", () => {
    const { value } = parseSeedText(readText("token-usage.jsonl"));
    expect(kinds(value)).toEqual(["token-usage-entry", "token-usage-entry", "token-usage-entry"]);
    expect(value[2]).toEqual({ kind: "token-usage-entry", value: { sessionId: "sess_42", timestamp: "2026-07-01T09:30:00.000Z", usedTokens: 412_000, availableTokens: 588_000, usedPercent: 41.2 } });
  });

  test("session metadata with its context window, phase and checkpoint ids", () => {
    const session = only(parseSeedText(readText("session.json")).value, "session-metadata");
    expect(session).toEqual({
      sessionId: "sess_42",
      model: "claude-opus-4-8",
      createdAt: "2026-07-01T08:55:00.000Z",
      lastUpdated: "2026-07-01T09:30:00.000Z",
      context: { sessionId: "sess_42", capturedAt: "2026-07-01T09:30:00.000Z", totalTokens: 1_000_000, usedTokens: 412_000, availableTokens: 588_000, usedPercent: 41.2, stage: null, band: null },
      forkSessionId: null,
      checkpointIds: ["ckpt_7d1e"],
      phase: "GREEN",
    });
  });

  test("a handoff package", () => {
    const handoff = only(parseSeedText(readText("handoff-package.json")).value, "handoff-package");
    expect(handoff).toEqual({
      handoffId: "hnd_91",
      timestamp: "2026-07-01T09:31:00.000Z",
      fromAgent: "spec-builder",
      toAgent: "tdd-implementer",
      sessionId: "sess_42",
      model: "claude-opus-4-8",
      contextPositionPercent: 41.2,
      availableTokens: 588_000,
      specId: "SPEC-PAY-7",
      currentPhase: "implementation",
      completedSteps: ["spec_complete", "tests_written"],
      nextStep: "make_tests_pass",
      lastCheckpoint: "ckpt_7d1e",
      recoveryTokensReserved: 260_000,
    });
  });

  test("shapes are found wherever they sit in a JSON value", () => {
    const records = recogniseSeedJson({ history: { usage: [{ timestamp: "2026-01-01T00:00:00Z", used: 10, available: 90, percent: 10 }] }, nested: { deeper: { context_budget: { reserve_tokens: 5 } } } });
    expect(kinds(records)).toEqual(["token-usage-entry", "budget-config"]);
  });

  test("text with nothing recognisable gives no records and no exception", () => {
    expect(parseSeedText("just prose { not json }").value).toEqual([]);
    expect(parseSeedText("").value).toEqual([]);
  });
});

describe("parseAllocationTrees", () => {
  test("ASCII trees with and without figures, depth from the indentation", () => {
    const text = ["Plan (128K context):", "├── A: ~100K tokens (78%)", "│   └── A1: ~1.5K", "└── B: 28K", "", "├── Layer one", "└── Layer two (notes)"].join("\n");
    const trees = parseAllocationTrees(text).value;
    expect(trees).toHaveLength(2);
    expect(trees[0]).toEqual({
      title: "Plan (128K context)",
      totalTokens: 128_000,
      line: 2,
      nodes: [
        { label: "A", tokens: 100_000, percent: 78, children: [{ label: "A1", tokens: 1_500, percent: null, children: [] }] },
        { label: "B", tokens: 28_000, percent: null, children: [] },
      ],
    });
    expect(trees[1]?.nodes.map((node) => [node.label, node.tokens])).toEqual([
      ["Layer one", null],
      ["Layer two (notes)", null],
    ]);
  });
});

const seedFile = path.resolve(SHARED_FIXTURES, "../seeds/000_c8c190756571f1ff.txt");
describe.skipIf(!existsSync(seedFile))(fixtureSuite("parseSeedText: the seed document", seedFile, existsSync(seedFile)), () => {
  const { value, issues } = parseSeedText(existsSync(seedFile) ? readFileSync(seedFile, "utf8") : "");

  test("finds the session metadata, handoff package, checkpoint and budget config", () => {
    expect(kinds(value)).toEqual(["session-metadata", "handoff-package", "checkpoint", "budget-config"]);
    expect(only(value, "session-metadata").context).toMatchObject({ totalTokens: 200_000, usedTokens: 85_000, availableTokens: 115_000, usedPercent: 42.5 });
    expect(only(value, "handoff-package")).toMatchObject({ handoffId: "uuid-v4", fromAgent: "spec-builder", toAgent: "tdd-implementer", recoveryTokensReserved: 55_000 });
    expect(only(value, "checkpoint")).toMatchObject({ checkpointId: "ckpt_uuid", phase: "GREEN", recoveryTokensReserved: 55_000 });
    expect(issues.map((issue) => issue.rule)).toEqual(["seed-json-placeholder"]);
  });

  test("the budget carries the declared allocation tree of the 200K context", () => {
    const budget = only(value, "budget-config");
    expect(budget).toMatchObject({ thresholdsPercent: [75, 85], reserveTokens: 55_000, totalTokens: 200_000 });
    expect(budget.allocation.map((node) => [node.label, node.tokens, node.percent, node.children.length])).toEqual([
      ["System Prompt & Instructions", 15_000, 7.5, 3],
      ["Active Conversation", 80_000, 40, 3],
      ["Reference Context (Progressive Disclosure)", 50_000, 25, 3],
      ["Reserve (Emergency Recovery)", 55_000, 27.5, 4],
    ]);
    // The declared top level adds up to the window it is drawn for.
    expect(budget.allocation.reduce((total, node) => total + (node.tokens ?? 0), 0)).toBe(200_000);
  });
});

const moai = path.join(SHARED_FIXTURES, "public", "moai-adk", "real-state-files");
describe.skipIf(!existsSync(moai))(fixtureSuite("parseSeedText: MoAI's real state files", moai, existsSync(moai)), () => {
  const parse = (name: string) => parseSeedText(readFileSync(path.join(moai, name), "utf8"));

  test("each real file is recognised as exactly one record", () => {
    const files = existsSync(moai) ? readdirSync(moai).sort() : [];
    expect(files.map((file) => [file, kinds(parse(file).value)])).toEqual([
      ["memory__agent-sessions.2025-12-04.json", ["agent-sessions"]],
      ["memory__last-session-state.2025-12-04.json", ["last-session-state"]],
      ["memory__last-session-state.2026-02-03.json", ["last-session-state"]],
      ["reports__tokens-probe-claude.json", ["token-probe"]],
      ["reports__tokens-probe-glm.json", ["token-probe"]],
      ["state__context-usage.json", ["context-snapshot"]],
      ["state__last-session-state.2026-02-02.json", ["last-session-state"]],
    ]);
  });

  test("statusline context snapshot and token probe figures", () => {
    expect(only(parse("state__context-usage.json").value, "context-snapshot")).toEqual({
      sessionId: "a5bfa9c6-aeb8-4e95-87a2-57a5c9e41cde",
      capturedAt: "2026-08-16T19:08:28.172Z",
      totalTokens: 1_000_000,
      usedTokens: 0,
      availableTokens: 1_000_000,
      usedPercent: 0,
      stage: "none",
      band: "large",
    });
    const probe = only(parse("reports__tokens-probe-glm.json").value, "token-probe");
    expect(probe.pools.glm?.subagent).toEqual({ inputTokens: 1_124_169, cacheWriteTokens: 0, cacheReadTokens: 45_047_040, outputTokens: 135_968, reasoningTokens: 0 });
    expect(probe.context?.usedTokens).toBe(260_000);
  });

  test("last-session state keeps a null branch as null", () => {
    expect(only(parse("memory__last-session-state.2026-02-03.json").value, "last-session-state")).toEqual({
      lastUpdated: "2026-02-03T09:36:26.438Z",
      currentBranch: null,
      uncommittedFiles: 15,
      specsInProgress: [],
    });
  });
});
