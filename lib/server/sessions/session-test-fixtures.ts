/**
 * Test support for session ingest: private copies of the realcli homes (never read or write inside
 * the shared fixtures folder during a scan), and synthetic Claude Code transcript lines.
 */
import { cpSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { REALCLI } from "../../core/test-support/shared-fixtures";

export const REALCLI_PRESENT = existsSync(path.join(REALCLI, "claude", ".claude", "projects"));

/** A fake HOME holding copies of the four CLIs' folders in their default places. */
export function copyRealcliHome(scratch: string): { home: string; env: Record<string, string> } {
  const home = path.join(scratch, "home");
  mkdirSync(home, { recursive: true });
  cpSync(path.join(REALCLI, "claude", ".claude", "projects"), path.join(home, ".claude", "projects"), { recursive: true });
  cpSync(path.join(REALCLI, "codex", ".codex", "sessions"), path.join(home, ".codex", "sessions"), { recursive: true });
  cpSync(path.join(REALCLI, "gemini", ".gemini", "tmp"), path.join(home, ".gemini", "tmp"), { recursive: true });
  cpSync(path.join(REALCLI, "gemini", ".gemini", "projects.json"), path.join(home, ".gemini", "projects.json"));
  mkdirSync(path.join(home, ".local", "share", "opencode"), { recursive: true });
  cpSync(path.join(REALCLI, "opencode", ".local", "share", "opencode", "opencode.db"), path.join(home, ".local", "share", "opencode", "opencode.db"));
  return {
    home,
    env: {
      CLAUDE_CONFIG_DIR: path.join(home, ".claude"),
      CODEX_HOME: path.join(home, ".codex"),
      GEMINI_DATA_DIR: path.join(home, ".gemini"),
      OPENCODE_DATA_DIR: path.join(home, ".local", "share", "opencode"),
    },
  };
}

export interface ClaudeTurn {
  /** ISO time of the assistant response. */
  at: string;
  messageId: string;
  input: number;
  cacheWrite: number;
  cacheRead: number;
  output: number;
  model?: string;
  /** Write the response as this many lines (one per content block); early ones carry output 1. */
  blocks?: number;
}

/** A Claude Code 2.x transcript: a user line, then each turn's assistant lines. */
export function claudeTranscript(options: { sessionId: string; cwd: string; branch: string; start: string; turns: ClaudeTurn[] }): string {
  const lines: string[] = [];
  const envelope = (timestamp: string) => ({ cwd: options.cwd, gitBranch: options.branch, sessionId: options.sessionId, version: "2.1.197", timestamp });
  lines.push(JSON.stringify({ type: "user", uuid: `u-${options.sessionId}`, ...envelope(options.start), message: { role: "user", content: "start" } }));
  for (const turn of options.turns) {
    const blocks = turn.blocks ?? 1;
    for (let block = 0; block < blocks; block++) {
      const output = block === blocks - 1 ? turn.output : 1;
      lines.push(
        JSON.stringify({
          type: "assistant",
          uuid: `a-${turn.messageId}-${block}`,
          requestId: `req-${turn.messageId}`,
          ...envelope(turn.at),
          message: {
            id: turn.messageId,
            role: "assistant",
            model: turn.model ?? "claude-sonnet-4-5",
            content: [{ type: "text", text: `block ${block}` }],
            usage: { input_tokens: turn.input, cache_creation_input_tokens: turn.cacheWrite, cache_read_input_tokens: turn.cacheRead, output_tokens: output },
          },
        }),
      );
    }
  }
  return `${lines.join("\n")}\n`;
}
