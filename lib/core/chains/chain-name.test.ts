import { describe, expect, it } from "vitest";
import { chainName } from "./chain-name";

describe("chainName", () => {
  it("is the head's phase, else its file name without .md, else the fallback", () => {
    expect(chainName({ phase: "route-tests", path: "docs/ai/handoff/x/handoff_route-tests.md" }, "c1")).toBe("route-tests");
    expect(chainName({ phase: null, path: "notes/HANDOFF.md" }, "c1")).toBe("HANDOFF");
    expect(chainName(undefined, "c1")).toBe("c1");
  });
});
