import { describe, expect, test } from "vitest";
import { repoRelativeReference } from "./readiness";

describe("repoRelativeReference", () => {
  test.each([
    ["src/a.ts", "src/a.ts"],
    ["./src/a.ts", "src/a.ts"],
    ["src/./lib/../a.ts", "src/a.ts"],
    ["src\\win\\a.ts", "src/win/a.ts"],
    ["/work/repo/src/a.ts", "src/a.ts"],
    // Outside the repo: another checkout, the home folder, or `..` out of the root.
    ["/work/repo-other/src/a.ts", null],
    ["/etc/passwd.ts", null],
    ["~/notes/a.md", null],
    ["../escape/a.ts", null],
    ["src/../../escape.ts", null],
    // A bare name does not say which folder the file is in.
    ["app.ts", null],
    ["./app.ts", null],
  ])("%s → %s", (reference, expected) => {
    expect(repoRelativeReference(reference, "/work/repo")).toBe(expected);
  });
});
