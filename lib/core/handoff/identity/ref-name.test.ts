import { describe, expect, test } from "vitest";
import { isValidBranchName } from "./ref-name";

describe("isValidBranchName: git check-ref-format --branch", () => {
  test.each(["main", "feat/auth", "release-1.2", "user/jo/fix_x", "功能/登录", "v2.0.1"])("%s is valid", (name) => {
    expect(isValidBranchName(name)).toBe(true);
  });
  test.each(["", "@", "-x", "/x", "x/", "x.", "a..b", "a//b", "a@{1}", "a b", "a~1", "a^", "a:b", "a?", "a*", "a[b", "a\\b", ".hidden", "x/.y", "x.lock", "x/y.lock/z", "a\tb"])(
    "%j is not",
    (name) => {
      expect(isValidBranchName(name)).toBe(false);
    },
  );
});
