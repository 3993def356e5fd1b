import { expect, it } from "vitest";
import { layoutGraph } from "./layout-graph";

const chain = {
  nodes: ["a", "b", "c"].map((id) => ({ id, width: 248, height: 104 })),
  edges: [
    { id: "a->b", source: "a", target: "b" },
    { id: "b->c", source: "b", target: "c" },
  ],
};

it("lays a chain out left to right by default, and top to bottom when asked, each cached on its own", async () => {
  const right = await layoutGraph(chain);
  const down = await layoutGraph(chain, "DOWN");
  const a = right.get("a")!, b = right.get("b")!, c = right.get("c")!;
  expect(a.x).toBeLessThan(b.x);
  expect(b.x).toBeLessThan(c.x);
  expect(new Set([a.y, b.y, c.y]).size).toBe(1);
  const da = down.get("a")!, db = down.get("b")!, dc = down.get("c")!;
  expect(da.y).toBeLessThan(db.y);
  expect(db.y).toBeLessThan(dc.y);
  expect(new Set([da.x, db.x, dc.x]).size).toBe(1);
  // Nodes never overlap along the flow: each starts after the previous one ends.
  expect(db.y - da.y).toBeGreaterThanOrEqual(104);
  expect(b.x - a.x).toBeGreaterThanOrEqual(248);
  // The cache answers each direction with its own layout.
  expect(await layoutGraph(chain)).toBe(right);
  expect(await layoutGraph(chain, "DOWN")).toBe(down);
});
