/**
 * All of stdin as text, for commands a runtime feeds JSON (`baton hook`, `baton statusline`): nothing
 * when stdin is a terminal (run by hand), at most `maxBytes` (the rest is dropped), and what arrived
 * by `timeoutMs` when the writer never closes it.
 */
export function readStdin(maxBytes: number, timeoutMs = 10_000): Promise<string> {
  if (process.stdin.isTTY) return Promise.resolve("");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => {
      clearTimeout(timer);
      process.stdin.removeAllListeners();
      process.stdin.pause();
      resolve(Buffer.concat(chunks).toString("utf8"));
    };
    const timer = setTimeout(finish, timeoutMs);
    timer.unref();
    process.stdin.on("data", (chunk: Buffer) => {
      if (size >= maxBytes) return;
      chunks.push(chunk.subarray(0, maxBytes - size));
      size += chunk.length;
    });
    process.stdin.on("end", finish);
    process.stdin.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
