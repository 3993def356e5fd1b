import { describe, expect, it } from "vitest";
import { groupOrder, nameScore, rankItems } from "./rank-results";

describe("palette ranking", () => {
  it.each([
    ["acme-billing", ["acme-billing"], 3],
    ["Acme Billing", ["acme_billing"], 3],
    ["acme", ["acme-billing"], 2],
    ["billing", ["acme-billing"], 1],
    ["bill", ["acme-billing"], 0],
    ["acme-billing", [null, "acmebilling"], 0],
  ] as const)("%s against %j scores %i", (query, names, score) => {
    expect(nameScore(query, names)).toBe(score);
  });

  it("an exact name first, then names that start with the query, then the rest as found", () => {
    const ranked = rankItems("route-tests", ["wire-routes", "route-tests-2", "route-tests", "other"], (name) => [name]);
    expect(ranked).toEqual({ items: ["route-tests", "route-tests-2", "wire-routes", "other"], best: 3 });
  });

  it("the group with the exact name leads; ties keep handoffs, sessions, repos, branches", () => {
    expect(groupOrder({ handoffs: 0, sessions: 0, repos: 3, branches: 0 })).toEqual(["repos", "handoffs", "sessions", "branches"]);
    expect(groupOrder({ handoffs: 1, sessions: 2, repos: 0, branches: 2 })).toEqual(["sessions", "branches", "handoffs", "repos"]);
    expect(groupOrder({ handoffs: 0, sessions: 0, repos: 0, branches: 0 })).toEqual(["handoffs", "sessions", "repos", "branches"]);
  });
});
