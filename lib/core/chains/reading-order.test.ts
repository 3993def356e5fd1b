import { describe, expect, it } from "vitest";
import { chainReadingOrder, type OrderNode } from "./reading-order";

const node = (id: string, date: string | null, chainId = "c"): OrderNode => ({ id, chainId, date, path: `${id}.md` });

describe("chainReadingOrder", () => {
  it("oldest first, each handoff after the one it resumes, whatever the input order", () => {
    const order = chainReadingOrder([node("c3", "2026-03-03"), node("c1", "2026-03-01"), node("c2", "2026-03-02")], [
      { source: "c1", target: "c2" },
      { source: "c2", target: "c3" },
    ]);
    expect(order.get("c")!.map((entry) => entry.id)).toEqual(["c1", "c2", "c3"]);
  });

  it("a fork: each branch read through before the next (earlier one first); chains apart", () => {
    const order = chainReadingOrder(
      [node("root", "2026-01-01"), node("b2", "2026-01-05"), node("a1", "2026-01-02"), node("a2", "2026-01-03"), node("b1", "2026-01-04"), node("x", null, "other")],
      [
        { source: "root", target: "a1" },
        { source: "a1", target: "a2" },
        { source: "root", target: "b1" },
        { source: "b1", target: "b2" },
      ],
    );
    expect(order.get("c")!.map((entry) => entry.id)).toEqual(["root", "a1", "a2", "b1", "b2"]);
    expect(order.get("other")!.map((entry) => entry.id)).toEqual(["x"]);
  });

  it("a cycle or a self-pointer ends, every node listed once", () => {
    const order = chainReadingOrder([node("p", "2026-01-02"), node("q", "2026-01-01")], [
      { source: "p", target: "q" },
      { source: "q", target: "p" },
      { source: "p", target: "p" },
    ]);
    expect(order.get("c")!.map((entry) => entry.id)).toEqual(["q", "p"]);
  });
});
