import { describe, expect, test } from "vitest";
import { expectLinear } from "../test-support/expect-linear";
import { buildChains, type ChainNode } from "./build-chains";

const base = "docs/ai/handoff";

function node(id: string, overrides: Partial<ChainNode> = {}): ChainNode {
  return {
    id,
    path: `${base}/claude-code/01012026/handoff_${id}.md`,
    previousPath: null,
    branches: ["main"],
    inWorkingTree: false,
    date: "2026-01-01",
    fileTime: null,
    ...overrides,
  };
}

const pathOf = (id: string) => `${base}/claude-code/01012026/handoff_${id}.md`;

describe("buildChains", () => {
  test("a linear chain, oldest first", () => {
    const result = buildChains([
      node("c", { previousPath: pathOf("b"), fileTime: 3 }),
      node("a", { fileTime: 1 }),
      node("b", { previousPath: pathOf("a"), fileTime: 2 }),
    ]);
    expect(result.chains).toHaveLength(1);
    expect(result.chains[0]).toMatchObject({
      id: "a",
      nodeIds: ["a", "b", "c"],
      forks: [],
      broken: [],
      heads: ["c"],
    });
    expect(result.edges).toEqual([
      { from: "b", to: "a", resolution: "same-branch" },
      { from: "c", to: "b", resolution: "same-branch" },
    ]);
    expect(result.latestId).toBe("c");
    expect(result.findings).toEqual([]);
  });

  test("separate components are separate chains", () => {
    const result = buildChains([node("a"), node("b", { previousPath: pathOf("a") }), node("x")]);
    expect(result.chains.map((chain) => chain.nodeIds)).toEqual([["a", "b"], ["x"]]);
  });

  test("fork: two handoffs resume from the same one", () => {
    const result = buildChains([
      node("a", { fileTime: 1 }),
      node("b2", { previousPath: pathOf("a"), fileTime: 3 }),
      node("b1", { previousPath: pathOf("a"), fileTime: 2 }),
    ]);
    const [chain] = result.chains;
    expect(chain?.forks).toEqual([{ at: "a", children: ["b1", "b2"] }]);
    expect(chain?.heads).toEqual(["b1", "b2"]);
    expect(chain?.nodeIds).toEqual(["a", "b1", "b2"]);
  });

  test("broken pointer is recorded on the pointing node", () => {
    const result = buildChains([node("b", { previousPath: `${base}/codex/01012026/handoff_gone.md` })]);
    expect(result.chains[0]?.broken).toEqual([{ from: "b", missing: `${base}/codex/01012026/handoff_gone.md` }]);
  });

  test("pointer paths are compared normalised", () => {
    const result = buildChains([node("a"), node("b", { previousPath: `./${base}//claude-code/01012026/handoff_a.md` })]);
    expect(result.edges).toHaveLength(1);
  });

  test("self-pointer becomes a finding, not an edge", () => {
    const result = buildChains([node("a", { previousPath: pathOf("a") })]);
    expect(result.edges).toEqual([]);
    expect(result.findings.map((entry) => [entry.nodeId, entry.finding.rule])).toEqual([["a", "chain-self-pointer"]]);
    expect(result.chains[0]?.nodeIds).toEqual(["a"]);
  });

  test("cycle is cut at its oldest member and reported once", () => {
    const result = buildChains([
      node("a", { previousPath: pathOf("c"), fileTime: 1 }),
      node("b", { previousPath: pathOf("a"), fileTime: 2 }),
      node("c", { previousPath: pathOf("b"), fileTime: 3 }),
      node("d", { previousPath: pathOf("c"), fileTime: 4 }),
    ]);
    expect(result.findings.map((entry) => [entry.nodeId, entry.finding.rule])).toEqual([["a", "chain-cycle"]]);
    expect(result.chains).toHaveLength(1);
    expect(result.chains[0]?.nodeIds).toEqual(["a", "b", "c", "d"]);
    expect(result.chains[0]?.forks).toEqual([]);
    expect(result.edges.some((edge) => edge.from === "a" && edge.to === "c")).toBe(false);
  });

  describe("several versions at one path", () => {
    const previousPath = pathOf("a");
    const onMain = node("a-main", { path: previousPath, branches: ["main"], fileTime: 10 });
    const onFeature = node("a-feature", { path: previousPath, branches: ["feat/x", "origin/feat/x"], fileTime: 20 });
    const inWorkingTree = node("a-wt", { path: previousPath, branches: [], inWorkingTree: true, fileTime: 30 });
    const onOther = node("a-other", { path: previousPath, branches: ["other"], fileTime: 40 });

    test.each([
      ["same branch wins over newer versions", ["feat/x"], [onMain, onFeature, inWorkingTree], "a-feature", "same-branch"],
      ["remote-tracking name counts as shared", ["origin/feat/x"], [onMain, onFeature], "a-feature", "same-branch"],
      ["then the working tree", ["release"], [onMain, inWorkingTree], "a-wt", "working-tree"],
      ["then the newest on any branch", ["release"], [onMain, onFeature, onOther], "a-other", "other-branch"],
    ])("%s", (_name, branches, versions, expected, resolution) => {
      const pointing = node("b", { previousPath, branches, fileTime: 100 });
      const result = buildChains([...versions, pointing]);
      expect(result.edges.find((edge) => edge.from === "b")).toEqual({ from: "b", to: expected, resolution });
    });
  });

  test("latest: date folder first, then file time, across runtime folders", () => {
    const result = buildChains([
      node("old-date-new-mtime", { path: `${base}/codex/01012026/handoff_x.md`, date: "2026-01-01", fileTime: 9_999 }),
      node("new-date", { path: `${base}/gemini-cli/02012026/handoff_y.md`, date: "2026-01-02", fileTime: 1 }),
      node("new-date-later", { path: `${base}/opencode/02012026/handoff_z.md`, date: "2026-01-02", fileTime: 5 }),
      node("no-date", { path: ".claude/handoffs/z.md", date: null, fileTime: 99_999 }),
    ]);
    expect(result.latestId).toBe("new-date-later");
  });

  test("empty input", () => {
    expect(buildChains([])).toEqual({ chains: [], edges: [], findings: [], latestId: null, latestHint: null, resumableHeads: [] });
  });

  test("latest: a handoff without a date folder is compared by the day of its time, then the time", () => {
    const day = (iso: string) => Date.parse(iso);
    const result = buildChains([
      node("folder", { path: `${base}/codex/02012026/handoff_x.md`, date: "2026-01-02", timestamp: day("2026-01-02T10:00:00Z") }),
      node("flat-same-day-later", { path: "docs/handoffs/y.md", date: null, timestamp: day("2026-01-02T11:00:00Z") }),
      node("flat-earlier-day-late-time", { path: "docs/handoffs/z.md", date: null, fileTime: day("2026-01-01T23:59:00Z") }),
    ]);
    expect(result.latestId).toBe("flat-same-day-later");
  });

  test("latest: the identity timestamp outranks the file time", () => {
    const result = buildChains([
      node("old-stamp-new-commit", { path: "h/a.md", date: null, timestamp: 1_000, fileTime: 9_000 }),
      node("new-stamp", { path: "h/b.md", date: null, timestamp: 2_000, fileTime: 1 }),
    ]);
    expect(result.latestId).toBe("new-stamp");
  });

  describe("deprecated or superseded handoffs", () => {
    const nodes = [
      node("a", { fileTime: 1 }),
      node("b", { previousPath: pathOf("a"), fileTime: 2 }),
      node("old-head", { path: "h/old.md", date: null, fileTime: 3 }),
      node("superseded", { path: "h/newest.md", date: "2026-02-01", fileTime: 9, isDeprecated: true }),
    ];

    test("never win latest, even when newest", () => {
      const result = buildChains(nodes);
      expect(result.latestId).toBe("b");
    });

    test("are still in their chain and still structural heads, but not resumable heads", () => {
      const result = buildChains(nodes);
      expect(result.chains.flatMap((chain) => chain.heads).sort()).toEqual(["b", "old-head", "superseded"]);
      expect(result.resumableHeads).toEqual(["b", "old-head"]);
    });

    test("when every handoff is deprecated there is no latest and nothing to resume", () => {
      const result = buildChains([node("x", { isDeprecated: true }), node("y", { path: "h/y.md", isDeprecated: true })]);
      expect(result.latestId).toBeNull();
      expect(result.resumableHeads).toEqual([]);
    });
  });

  describe("handoffs without the structure one resumes from", () => {
    test("a newer note with no next action, identity or pointer loses to a handoff", () => {
      const result = buildChains([
        node("session", { path: "handover/sessions/2026-02-26.md", date: null, fileTime: 1_000 }),
        node("design-note", { path: "handover/v2/layer-refactor.md", date: null, timestamp: 5_000, fileTime: 9_000, hasStructure: false }),
      ]);
      expect(result.latestId).toBe("session");
    });

    test("when none has it, the newest of them is still the latest", () => {
      const result = buildChains([
        node("older", { path: "n/a.md", date: null, fileTime: 1, hasStructure: false }),
        node("newer", { path: "n/b.md", date: null, fileTime: 2, hasStructure: false }),
      ]);
      expect(result.latestId).toBe("newer");
    });
  });

  describe("LATEST hint", () => {
    const nodes = [
      node("older", { path: "docs/handoffs/older.md", date: null, fileTime: 1_000 }),
      node("tie-a", { path: "docs/handoffs/a.md", date: null, fileTime: 5_000 }),
      node("tie-b", { path: "docs/handoffs/b.md", date: null, fileTime: 5_000 }),
      node("gone-stale", { path: "docs/handoffs/dep.md", date: null, fileTime: 6_000, isDeprecated: true }),
    ];

    test.each<[string, string | null, string, { path: string; status: string } | null]>([
      ["no hint: newest, ties by path", null, "tie-b", null],
      ["the hint settles a tie", "docs/handoffs/a.md", "tie-a", { path: "docs/handoffs/a.md", status: "chosen" }],
      ["a hint with ./ and backslashes is normalised", ".\\docs\\handoffs\\a.md", "tie-a", { path: "docs/handoffs/a.md", status: "chosen" }],
      ["a stale hint does not hide newer work", "docs/handoffs/older.md", "tie-b", { path: "docs/handoffs/older.md", status: "newer-exists" }],
      ["a hint to a deprecated handoff is ignored", "docs/handoffs/dep.md", "tie-b", { path: "docs/handoffs/dep.md", status: "deprecated" }],
      ["a hint to nothing is ignored", "docs/handoffs/none.md", "tie-b", { path: "docs/handoffs/none.md", status: "not-found" }],
      ["an empty hint is no hint", "  ", "tie-b", null],
    ])("%s", (_name, latestHint, expected, outcome) => {
      const result = buildChains(nodes, { latestHint });
      expect(result.latestId).toBe(expected);
      expect(result.latestHint).toEqual(outcome);
    });

    test("several versions at the hinted path: the newest of them", () => {
      const result = buildChains(
        [node("v1", { path: "h/x.md", date: null, fileTime: 10, branches: ["a"] }), node("v2", { path: "h/x.md", date: null, fileTime: 20, branches: ["b"] })],
        { latestHint: "h/x.md" },
      );
      expect(result.latestId).toBe("v2");
    });
  });

  test("duplicate ids are ignored after the first", () => {
    const result = buildChains([node("a"), node("a", { path: "other.md" })]);
    expect(result.chains).toHaveLength(1);
  });
});

describe("buildChains at scale", () => {
  const size = 10_000;
  const chainOf = (count: number, closeCycle: boolean) =>
    Array.from({ length: count }, (_, index) =>
      node(`n${index}`, {
        path: `${base}/codex/01012026/handoff_n${index}.md`,
        previousPath:
          index === 0
            ? closeCycle
              ? `${base}/codex/01012026/handoff_n${count - 1}.md`
              : null
            : `${base}/codex/01012026/handoff_n${index - 1}.md`,
        fileTime: index,
      }),
    );

  test("a 10,000-node chain", () => {
    const started = performance.now();
    const result = buildChains(chainOf(size, false).reverse());
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result.chains).toHaveLength(1);
    expect(result.chains[0]?.nodeIds[0]).toBe("n0");
    expect(result.chains[0]?.nodeIds[size - 1]).toBe(`n${size - 1}`);
    expect(result.latestId).toBe(`n${size - 1}`);
  });

  test("a 10,000-node cycle terminates and is reported", () => {
    const started = performance.now();
    const result = buildChains(chainOf(size, true));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result.findings.map((entry) => entry.finding.rule)).toEqual(["chain-cycle"]);
    expect(result.chains[0]?.nodeIds).toHaveLength(size);
  });

  test("100,000 nodes in many short chains stays near-linear", () => {
    const nodesOf = (count: number) =>
      Array.from({ length: count }, (_, index) =>
        node(`m${index}`, {
          path: `p/${index}.md`,
          previousPath: index % 10 === 0 ? null : `p/${index - 1}.md`,
          fileTime: index,
        }),
      );
    expect(buildChains(nodesOf(100_000)).chains).toHaveLength(10_000);
    const inputs = new Map([25_000, 100_000].map((count) => [count, nodesOf(count)]));
    expectLinear((count) => buildChains(inputs.get(count) ?? nodesOf(count)), { size: 100_000, absoluteMs: 3000 });
  });
});

describe("the latest between handoffs (issue 26, round of 2026-12-07)", () => {
  test("a handoff named so with a newer written time outranks an older one with more structure", () => {
    const result = buildChains([
      node("note", { path: "conductor/handover/20260204_handover_note.md", date: null, timestamp: 1_000, fileTime: 1_000 }),
      node("project", { path: "PROJECT_HANDOFF.md", date: null, timestamp: 9_000, fileTime: 9_500, hasStructure: false, hasLabelledTime: true }),
    ]);
    expect(result.latestId).toBe("project");
  });

  test("look-alike: a time inferred from another dated label (Sync date: …) does not outrank structure", () => {
    const result = buildChains([
      node("session", { path: "handover/sessions/2026-02-26_end.md", date: null, timestamp: 1_000, fileTime: 1_000 }),
      node("legacy", { path: "handover/LEGACY_HANDOVER_SYNC_2026-02-21.md", date: null, timestamp: 9_000, fileTime: 1_000, hasStructure: false }),
    ]);
    expect(result.latestId).toBe("session");
  });

  test("a file named as a log yields to the handoff beside it when their times are the same", () => {
    const result = buildChains([
      node("handoff", { path: "HANDOFF.md", date: null, fileTime: 5_000 }),
      node("log", { path: "HANDOFF_LOG.md", date: null, fileTime: 5_000 }),
    ]);
    expect(result.latestId).toBe("handoff");
  });

  test("a log with a newer time is still the latest", () => {
    const result = buildChains([
      node("handoff", { path: "HANDOFF.md", date: null, fileTime: 5_000 }),
      node("log", { path: "HANDOFF_LOG.md", date: null, fileTime: 9_000 }),
    ]);
    expect(result.latestId).toBe("log");
  });

  test("the handoff a log belongs to wins when only the log has a time", () => {
    const result = buildChains([
      node("handoff", { path: "HANDOFF.md", date: null, fileTime: null }),
      node("log", { path: "HANDOFF_LOG.md", date: null, timestamp: 9_000, fileTime: null }),
    ]);
    expect(result.latestId).toBe("handoff");
  });
});
