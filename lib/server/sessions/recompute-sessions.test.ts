import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyAgentTotals } from "../../core/sessions/session-facts";
import type { SessionFacts } from "../../core/usage/session-usage-facts";
import type { ParsedSessionLog } from "../../core/sessions/types";
import { emptyTotals } from "../../core/tokens";
import { draftFromJson, draftToJson, emptyDraft, foldIntoDraft, mergeDraft, type SessionDraft } from "./session-draft";

/** What scan-agents' OutcomeStore.add does with one read of a file of the session. */
function read(draft: SessionDraft, log: ParsedSessionLog, fresh: boolean, facts: SessionFacts): void {
  foldIntoDraft(draft, log);
  draft.fileReads += 1;
  draft.wholeFacts = fresh && draft.fileReads === 1 ? facts : null;
}

const small = <T>(values: T[]) => fc.constantFrom(...values);
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
const time = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 31) }).map((ms) => new Date(ms).toISOString());

const logArbitrary: fc.Arbitrary<ParsedSessionLog> = fc.record({
  runtime: fc.constant("claude-code" as const),
  sessionId: maybe(small(["s1"])),
  // Main-file reads and subagent reads (a few agents, so agents repeat across reads).
  agentId: maybe(small(["a1", "a2", "a3"])),
  agentType: maybe(small(["Explore", "general-purpose"])),
  cwd: maybe(small(["/w/one", "/w/two", "/w/three"])),
  branch: maybe(small(["main", "feature/x"])),
  models: fc.uniqueArray(small(["opus", "sonnet", "haiku", "gpt"]), { maxLength: 3 }),
  startedAt: maybe(time),
  endedAt: maybe(time),
  contextWindow: maybe(small([200_000, 258_400, 1_000_000])),
  requests: fc.constant([]),
  compactions: fc.constant([]),
  unknownTypes: fc.constant({}),
  badLines: fc.constant([]),
  consumedBytes: fc.constant(0),
});

const readArbitrary = fc.record({ log: logArbitrary, fresh: fc.boolean(), requests: fc.nat({ max: 50 }) });

const factsOf = (requests: number): SessionFacts => ({
  byAgent: new Map([["", { ...emptyAgentTotals(), requests, inputTokens: requests * 3 }]]),
  lastModel: requests > 0 ? "opus" : null,
  // The rollup travels with the facts through the draft's JSON.
  rollup:
    requests > 0
      ? [{ slot: 2 * requests + 1, model: "opus", band: 0, ...emptyTotals(), requests, inputTokens: requests * 3, cacheWrite1hTokens: 0, pricedReasoningTokens: 0, recordedRequests: 0, recordedCostNanoUsd: 0, firstMs: requests, lastMs: requests + 1 }]
      : [],
});

describe("mergeDraft (session drafts written out mid-scan and merged back)", () => {
  it("gives the draft that folding every read in order gives, through a JSON round trip", () => {
    fc.assert(
      fc.property(fc.array(readArbitrary, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 4 }), fc.boolean(), (reads, cuts, reset) => {
        const fresh = () => emptyDraft("id", "source", "claude-code", "s1", reset);
        const whole = fresh();
        for (const entry of reads) read(whole, entry.log, entry.fresh, factsOf(entry.requests));

        // The same reads in runs (as batches between spills), each run folded from empty, then merged
        // in order, every earlier state having been through the table's JSON.
        const bounds = [...new Set(cuts.map((cut) => cut % (reads.length + 1)))].sort((a, b) => a - b);
        let merged: SessionDraft | null = null;
        let start = 0;
        for (const end of [...bounds, reads.length]) {
          if (end < start) continue;
          const part = fresh();
          for (const entry of reads.slice(start, end)) read(part, entry.log, entry.fresh, factsOf(entry.requests));
          if (merged === null) {
            merged = part;
          } else {
            const stored = draftFromJson(draftToJson(merged));
            mergeDraft(stored, part);
            merged = stored;
          }
          start = end;
        }
        expect(draftFromJson(draftToJson(merged!))).toEqual(draftFromJson(draftToJson(whole)));
        expect(merged).toEqual(whole);
      }),
      { numRuns: 500 },
    );
  });

  it("round-trips every field through JSON, Maps included", () => {
    const draft = emptyDraft("id", "source", "codex", "thread", true);
    draft.cwd = "/w";
    draft.subagents.set("a1", { agentType: "Explore", models: ["opus"], startMs: 1, endMs: 2, cwd: null, branch: "main" });
    draft.wholeFacts = factsOf(3);
    draft.fileReads = 1;
    expect(draftFromJson(draftToJson(draft))).toEqual(draft);
  });
});
