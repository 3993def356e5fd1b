/**
 * The chain pages' reads (lib/server/queries/chain-graph.ts) over the demo workspace: the graph holds
 * every stored resume pointer as an edge (broken ones from a "missing" node), one latest handoff, heads
 * and forks as the chain summaries count them, the linked sessions' peaks and usage, and positions in
 * which every edge runs left to right (and top to bottom for phones). On SQLite, and on PostgreSQL when
 * BATON_TEST_DATABASE_URL is set.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BulkWriter } from "../db/bulk";
import type { Db } from "../db/client";
import { seedDemoWorkspace } from "../demo/demo-workspace";
import { useProviderDatabase } from "../test-support/provider-database";
import { POSTGRES_SKIP_MESSAGE, testProviders } from "../test-support/test-database";
import { getChainGraph, listRepoChains, type ChainGraph, type GraphHandoffNode } from "./chain-graph";

const scratch = mkdtempSync(path.join(os.tmpdir(), "baton-chain-graph-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`chain graphs over the demo workspace (${provider.name})${provider.skip ? ` — ${POSTGRES_SKIP_MESSAGE}` : ""}`, () => {
    let db: Db;
    let bulk: BulkWriter;
    useProviderDatabase(provider, (handle) => {
      ({ db, bulk } = handle);
    });
    const graphs = new Map<string, ChainGraph>();
    beforeAll(async () => {
      await seedDemoWorkspace(bulk, path.join(scratch, provider.name));
      for (const repo of await db.repo.findMany({ select: { id: true } })) graphs.set(repo.id, (await getChainGraph(db, { repoId: repo.id }))!);
    }, 240_000);

    it("answers null for a repo it does not know", async () => {
      expect(await getChainGraph(db, { repoId: "no-such-repo" })).toBeNull();
    });

    it("draws every stored resume pointer as an edge, a broken one from its missing node", async () => {
      const edges = await db.chainEdge.findMany({ select: { repoId: true, fromId: true, toId: true, missingPath: true } });
      expect(edges.length).toBeGreaterThan(0);
      for (const edge of edges) {
        const graph = graphs.get(edge.repoId)!;
        if (edge.toId !== null) {
          expect(graph.edges).toContainEqual(expect.objectContaining({ source: edge.toId, target: edge.fromId, kind: "pointer" }));
        } else {
          const broken = graph.edges.find((candidate) => candidate.kind === "broken" && candidate.target === edge.fromId);
          expect(broken, `broken pointer of ${edge.fromId}`).toBeDefined();
          expect(graph.nodes.find((node) => node.id === broken!.source)).toMatchObject({ kind: "missing", path: edge.missingPath });
        }
      }
      for (const graph of graphs.values()) {
        const ids = new Set(graph.nodes.map((node) => node.id));
        expect(ids.size).toBe(graph.nodes.length);
        for (const edge of graph.edges) expect(ids.has(edge.source) && ids.has(edge.target)).toBe(true);
      }
    });

    it("marks one latest handoff per repo, and heads and forks as the summaries count them", () => {
      let repos = 0;
      for (const graph of graphs.values()) {
        const handoffs = graph.nodes.filter((node): node is GraphHandoffNode => node.kind === "handoff");
        if (handoffs.length === 0) continue;
        repos += 1;
        expect(handoffs.filter((node) => node.isLatest)).toHaveLength(1);
        for (const chain of graph.chains) {
          const members = handoffs.filter((node) => node.chainId === chain.id);
          expect(members).toHaveLength(chain.size);
          expect(members.filter((node) => node.isHead)).toHaveLength(chain.heads);
          expect(members.filter((node) => node.isForkPoint)).toHaveLength(chain.forks);
          expect(graph.nodes.filter((node) => node.kind === "missing" && node.chainId === chain.id).length).toBeLessThanOrEqual(chain.broken);
          expect([...chain.runtimes].sort()).toEqual([...new Set(members.map((node) => node.runtime ?? "unknown"))].sort());
          expect(chain.name.length).toBeGreaterThan(0);
        }
      }
      expect(repos).toBe(graphs.size);
    });

    it("lays every edge out left to right, and top to bottom for a phone", () => {
      for (const graph of graphs.values()) {
        expect(graph.hasVerticalLayout).toBe(true);
        const byId = new Map(graph.nodes.map((node) => [node.id, node]));
        for (const node of graph.nodes) expect(Number.isFinite(node.x) && Number.isFinite(node.y) && node.down !== null).toBe(true);
        for (const edge of graph.edges) {
          const [source, target] = [byId.get(edge.source)!, byId.get(edge.target)!];
          expect(source.x).toBeLessThan(target.x);
          expect(source.down!.y).toBeLessThan(target.down!.y);
        }
      }
    });

    it("shows the peak of a linked session on its handoff, and each chain's linked sessions once in its usage", async () => {
      const links = await db.sessionHandoffLink.findMany({ select: { handoffId: true, sessionId: true, handoff: { select: { repoId: true } }, session: { select: { peakContextTokens: true, contextWindow: true } } } });
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        const node = graphs.get(link.handoff.repoId)!.nodes.find((candidate) => candidate.id === link.handoffId) as GraphHandoffNode | undefined;
        if (node === undefined || !link.session.contextWindow) continue;
        expect(node.peakContextPercent).toBeGreaterThanOrEqual((link.session.peakContextTokens / link.session.contextWindow) * 100 - 1e-9);
      }
      for (const graph of graphs.values()) {
        for (const chain of graph.chains) {
          const members = new Set(graph.nodes.filter((node) => node.kind === "handoff" && node.chainId === chain.id).map((node) => node.id));
          const sessions = new Set(links.filter((link) => members.has(link.handoffId)).map((link) => link.sessionId));
          if (sessions.size === 0) expect(chain.usage).toBeNull();
          else expect(chain.usage).toMatchObject({ sessions: sessions.size });
        }
      }
    });

    it("narrows the graph to one chain when asked", async () => {
      const [repoId, graph] = [...graphs].find(([, candidate]) => candidate.chains.length > 1) ?? [...graphs][0]!;
      const chain = graph.chains[0]!;
      const one = (await getChainGraph(db, { repoId, chainId: chain.id }))!;
      expect(one.selectedChainId).toBe(chain.id);
      // Every chain is still summarised (the page's chain list); only the drawing narrows.
      expect(one.chains).toEqual(graph.chains);
      expect(one.nodes.every((node) => node.chainId === chain.id)).toBe(true);
      expect(one.nodes.filter((node) => node.kind === "handoff")).toHaveLength(chain.size);
    });

    it("lists every repo's chains, by repo name, as the graphs summarise them", async () => {
      const list = await listRepoChains(db);
      expect(list.map((entry) => entry.repo.name)).toEqual([...list.map((entry) => entry.repo.name)].sort());
      expect(list).toHaveLength(graphs.size);
      for (const entry of list) {
        const graph = graphs.get(entry.repo.id)!;
        expect(entry.chains.map((chain) => [chain.id, chain.name, chain.size, chain.heads.length, chain.forks, chain.broken, chain.usage])).toEqual(
          graph.chains.map((chain) => [chain.id, chain.name, chain.size, chain.heads, chain.forks, chain.broken, chain.usage]),
        );
        expect(entry.handoffs).toBeGreaterThanOrEqual(graph.nodes.filter((node) => node.kind === "handoff").length);
      }
    });
  });
}
