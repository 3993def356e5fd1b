/**
 * Reads a repo's `.baton.json` (lib/core/discovery/repo-config.ts): from the checkout when there is
 * one (what the team has, plus what someone is editing), else from HEAD's tree (a repo without a
 * working tree). A file that cannot be read or is not valid is a finding, and the defaults apply.
 */
import { lstat } from "node:fs/promises";
import path from "node:path";
import { finding } from "../../core/findings";
import { parseRepoConfig, REPO_CONFIG_FILE, REPO_CONFIG_MAX_BYTES, type RepoConfigResult } from "../../core/discovery/repo-config";
import { git } from "../git";
import { readWorktreeFile } from "./worktree";

export { REPO_CONFIG_FILE };

const decoder = new TextDecoder("utf-8", { fatal: true });

function unreadable(message: string): RepoConfigResult {
  return { config: { handoffs: [], ignore: [] }, file: REPO_CONFIG_FILE, issues: [finding("config-invalid", "error", null, `${REPO_CONFIG_FILE} ${message}; its settings are not used until it is fixed`)] };
}

function decode(bytes: Uint8Array): RepoConfigResult {
  try {
    return parseRepoConfig(decoder.decode(bytes));
  } catch {
    return unreadable("is not valid UTF-8");
  }
}

export async function readRepoConfig(repoRoot: string, options: { hasWorktree: boolean }): Promise<RepoConfigResult> {
  if (options.hasWorktree) {
    try {
      await lstat(path.join(repoRoot, REPO_CONFIG_FILE));
    } catch {
      return parseRepoConfig(null);
    }
    try {
      const { bytes, size } = await readWorktreeFile(repoRoot, REPO_CONFIG_FILE, REPO_CONFIG_MAX_BYTES);
      if (!bytes) return unreadable(`is ${size} bytes, over the ${REPO_CONFIG_MAX_BYTES}-byte limit`);
      return decode(bytes);
    } catch (error) {
      return unreadable(`could not be read (${(error as Error).message})`);
    }
  }
  const sizeText = (await git(repoRoot, ["cat-file", "-s", `HEAD:${REPO_CONFIG_FILE}`], { allowExitCodes: [128] })).trim();
  if (!sizeText) return parseRepoConfig(null);
  if (Number(sizeText) > REPO_CONFIG_MAX_BYTES) return unreadable(`is ${sizeText} bytes, over the ${REPO_CONFIG_MAX_BYTES}-byte limit`);
  const text = await git(repoRoot, ["cat-file", "blob", `HEAD:${REPO_CONFIG_FILE}`], { allowExitCodes: [128] });
  return decode(Buffer.from(text, "utf8"));
}
