/**
 * One fetch per mirror across processes: the server's scheduler and `baton remote fetch` (or `add`)
 * may reach the same mirror at once, and two `git fetch`es into one repository fail on git's ref locks.
 * A lock file beside the mirror (`<id>.git.lock`, created exclusively) is held for the fetch and scan;
 * a second process waits for it. A lock older than the longest a fetch may take is left over from a
 * process that died, and is taken over.
 */
import { mkdir, open, rm, stat } from "node:fs/promises";
import path from "node:path";

export async function withMirrorLock<T>(mirror: string, staleAfterMs: number, work: () => Promise<T>, pollMs = 250): Promise<T> {
  const lockPath = `${mirror}.lock`;
  const deadline = Date.now() + staleAfterMs + pollMs;
  await mkdir(path.dirname(mirror), { recursive: true });
  for (;;) {
    try {
      const handle = await open(lockPath, "wx");
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age = await stat(lockPath).then((info) => Date.now() - info.mtimeMs, () => 0);
      if (age > staleAfterMs || Date.now() > deadline) await rm(lockPath, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lockPath, { force: true });
  }
}
