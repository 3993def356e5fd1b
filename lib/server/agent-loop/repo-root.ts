import { realpath } from "node:fs/promises";
import { readRepoInfo, type RepoInfo } from "../git";

/** The repository root holding `folder` (real path), or null when it is not inside a git work tree. */
export async function repoRootOf(folder: string): Promise<{ root: string; info: RepoInfo } | null> {
  try {
    const info = await readRepoInfo(await realpath(folder));
    return { root: await realpath(info.topLevel), info };
  } catch {
    return null;
  }
}
