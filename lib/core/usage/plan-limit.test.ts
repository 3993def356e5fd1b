import { describe, expect, it } from "vitest";
import { parsePlanLimit } from "./plan-limit";

describe("parsePlanLimit", () => {
  it.each([
    ["$50", { kind: "cost", amount: 50 }],
    ["$12.5", { kind: "cost", amount: 12.5 }],
    ["50usd", { kind: "cost", amount: 50 }],
    ["12.5 USD", { kind: "cost", amount: 12.5 }],
    ["$50 usd", { kind: "cost", amount: 50 }],
    ["5000000", { kind: "tokens", amount: 5_000_000 }],
    ["5M", { kind: "tokens", amount: 5_000_000 }],
    [" 750k ", { kind: "tokens", amount: 750_000 }],
    ["1.5b", { kind: "tokens", amount: 1_500_000_000 }],
  ])("reads %j", (written, limit) => {
    expect(parsePlanLimit(written)).toEqual(limit);
  });

  it.each([[""], [undefined], [null], ["$"], ["50 euros"], ["-5"], ["5 MB"], ["$5M"]])("takes %j as no limit", (written) => {
    expect(parsePlanLimit(written)).toBeNull();
  });
});
