import { describe, expect, it } from "vitest";
import { chainName, handoffName } from "./chain-name";

describe("handoffName (issue 30 item 8: the title where the file name is only a file name)", () => {
  it.each([
    ["the protocol's phase, over the title", { phase: "route-tests", title: "Handoff: adding route tests", path: "docs/ai/handoff/codex/01122026/handoff_route-tests.md" }, "route-tests"],
    ["a dated file's title, not its stem", { phase: "2026-12-01-auth-refactor", title: "Handoff: auth refactor", path: "docs/handoffs/2026-12-01-auth-refactor.md" }, "auth refactor"],
    ["the title without its Handoff word and dash", { phase: "notes", title: "Handoff — billing cut-over", path: "notes.md" }, "billing cut-over"],
    ["a title that is only the word", { phase: "HANDOFF", title: "Handoff", path: "notes/HANDOFF.md" }, "HANDOFF"],
    ["no title: the file name without .md", { phase: null, title: null, path: "notes/HANDOFF.md" }, "HANDOFF"],
  ])("%s", (_case, handoff, name) => {
    expect(handoffName(handoff)).toBe(name);
  });
});

describe("chainName", () => {
  it("is the head's name, else the fallback", () => {
    expect(chainName({ phase: "route-tests", path: "docs/ai/handoff/x/handoff_route-tests.md" }, "c1")).toBe("route-tests");
    expect(chainName({ phase: null, path: "notes/HANDOFF.md" }, "c1")).toBe("HANDOFF");
    expect(chainName(undefined, "c1")).toBe("c1");
  });
});
