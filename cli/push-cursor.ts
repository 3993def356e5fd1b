/**
 * What `baton push` last sent to each server: per local session, the fingerprint of what the server
 * acknowledged. Kept beside the credentials (`$XDG_CONFIG_HOME/baton/push-state.json`, mode 0600), so
 * the next push sends only sessions that changed, and a server that lost nothing gets nothing twice.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { credentialsPath } from "./credentials";

type Environment = Record<string, string | undefined>;

interface PushState {
  servers: Record<string, Record<string, string>>;
}

export function pushStatePath(env: Environment = process.env): string {
  return path.join(path.dirname(credentialsPath(env)), "push-state.json");
}

function readState(file: string): PushState {
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<PushState>;
    return { servers: typeof parsed.servers === "object" && parsed.servers !== null ? parsed.servers : {} };
  } catch {
    // Missing or unreadable: the next push sends everything again, which the server takes idempotently.
    return { servers: {} };
  }
}

export function readPushCursor(server: string, env: Environment = process.env): Record<string, string> {
  return { ...(readState(pushStatePath(env)).servers[server] ?? {}) };
}

export function writePushCursor(server: string, cursor: Record<string, string>, env: Environment = process.env): void {
  const file = pushStatePath(env);
  const state = readState(file);
  state.servers[server] = cursor;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}
