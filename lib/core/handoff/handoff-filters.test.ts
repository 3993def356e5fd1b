import { expect, it } from "vitest";
import { handoffFiltersSearch, parseHandoffFilters } from "./handoff-filters";

it("writes filters into an address and reads them back unchanged", () => {
  const filters = parseHandoffFilters({ q: "token bucket", lint: "errors", from: "2026-11-01", runtime: "codex", page: "3" });
  const search = handoffFiltersSearch(filters);
  expect(search).toBe("runtime=codex&from=2026-11-01&lint=errors&q=token+bucket&page=3");
  expect(parseHandoffFilters(Object.fromEntries(new URLSearchParams(search)))).toEqual(filters);
});

it("leaves defaults out of the address and drops bad values instead of failing", () => {
  expect(handoffFiltersSearch(parseHandoffFilters({}))).toBe("");
  expect(parseHandoffFilters({ lint: "sometimes", from: "yesterday", page: "0", q: ["first", "second"], repo: "" })).toEqual({ q: "first", page: 1, pageSize: 50 });
});
