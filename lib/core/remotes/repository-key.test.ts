import { expect, test } from "vitest";
import { repositoryKey } from "./repository-key";

test.each([
  ["https://github.com/Owner/Repo.git", "github.com/Owner/Repo"],
  ["https://x-access-token:tok@GitHub.com/Owner/Repo", "github.com/Owner/Repo"],
  ["git@github.com:Owner/Repo.git", "github.com/Owner/Repo"],
  ["ssh://git@github.com:22/Owner/Repo.git", "github.com/Owner/Repo"],
  ["git://github.com/Owner/Repo.git", "github.com/Owner/Repo"],
  ["git://127.0.0.1:3232/origin.git", "127.0.0.1/origin"],
  ["https://github.com/", null],
  ["nonsense", null],
])("%s → %s", (url, key) => {
  expect(repositoryKey(url)).toBe(key);
});
