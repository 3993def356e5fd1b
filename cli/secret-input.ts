/**
 * Reads a password or token without echoing it: piped stdin is read whole (one trailing newline
 * dropped), a terminal gets a prompt on stderr whose typing is not shown. Never an argument: an
 * argument is visible to every user of the machine in the process list and lands in shell history.
 */
import { Writable } from "node:stream";
import readline from "node:readline";

export type SecretReader = (prompt: string) => Promise<string>;

async function readPiped(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").replace(/\r?\n$/, "");
}

function readHidden(prompt: string): Promise<string> {
  process.stderr.write(prompt);
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = readline.createInterface({ input: process.stdin, output: muted, terminal: true });
  return new Promise((resolve) => {
    rl.once("line", (line) => {
      rl.close();
      process.stderr.write("\n");
      resolve(line);
    });
  });
}

export const readSecret: SecretReader = (prompt) => (process.stdin.isTTY ? readHidden(prompt) : readPiped());
