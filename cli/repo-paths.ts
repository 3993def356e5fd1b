import { stat } from "node:fs/promises";
import path from "node:path";
import { git, GitError } from "../lib/server/git";
import { UsageError } from "./io";

/**
 * Checks the folders a command was given before it does any work (or touches the database), so a
 * typo reads "… does not exist" rather than a git or file-system error half-way through.
 */
export async function requireRepoFolders(paths: readonly string[], cwd = process.cwd()): Promise<void> {
  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    let isDirectory: boolean;
    try {
      isDirectory = (await stat(absolute)).isDirectory();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") throw new UsageError(`${given} does not exist`);
      if (code === "EACCES" || code === "EPERM") throw new UsageError(`${given} cannot be read (permission denied)`);
      throw new UsageError(`${given} cannot be read: ${(error as Error).message}`);
    }
    if (!isDirectory) throw new UsageError(`${given} is a file; give the folder of a git repository`);
    try {
      await git(absolute, ["rev-parse", "--git-dir"]);
    } catch (error) {
      if (error instanceof GitError) throw new UsageError(`${given} is not a git repository (nor inside one); run "git init" there, or give a repository's folder`);
      throw error;
    }
  }
}
