import { expect, it } from "vitest";
import { counted } from "./counted";

it("puts the noun in the number the count asks for", () => {
  expect(counted(0, "handoff")).toBe("0 handoffs");
  expect(counted(1, "handoff")).toBe("1 handoff");
  expect(counted(2, "branch", "branches")).toBe("2 branches");
  expect(counted(1, "branch", "branches")).toBe("1 branch");
  expect(counted(12_345, "line")).toBe("12,345 lines");
});
