import { describe, expect, it } from "vitest";
import { parseClaudeLog } from "../../core/sessions/parse-claude-log";
import type { RequestSample } from "../../core/sessions/types";
import { packedRequests } from "./parse-agent-file";
import { WARMUP_LINES, warmOnce } from "./parser-warmup";

describe("parser warm-up", () => {
  it("takes the branches a real transcript can take", () => {
    const log = parseClaudeLog(new TextEncoder().encode(WARMUP_LINES));
    expect(log.compactions.map((compaction) => compaction.trigger)).toEqual(["auto", "manual"]);
    expect(log.requests.some((request) => request.isSidechain)).toBe(true);
    expect(log.requests.some((request) => request.toolResultTokens === null)).toBe(true);
    expect(log.requests.some((request) => request.model === null)).toBe(true);
    expect(log.models).toEqual(["claude-sonnet-4-5", "claude-opus-4-1"]);
    expect(log.unknownTypes).toEqual({ "some-future-type": 1 });
    expect(log.badLines.length).toBeGreaterThanOrEqual(3);
    // The cwd with a backslash went through the escaped-string path.
    expect(log.cwd).toBe("/home/warm/project");
    // msg_w1 was written three times (a provisional count first): it counts once, with 40 output tokens.
    expect(log.requests.filter((request) => request.responseId === "msg_w1").map((request) => request.outputTokens)).toEqual([40]);
  });

  it("parses and packs in the buffer it is lent, as a subagent too", () => {
    const packed: RequestSample[][] = [];
    const lent: number[] = [];
    warmOnce(
      (size) => {
        lent.push(size);
        return new Uint8Array(size + 64);
      },
      (requests) => {
        packed.push(requests);
        return packedRequests("claude-code", requests);
      },
    );
    expect(lent).toEqual([Buffer.byteLength(WARMUP_LINES)]);
    expect(packed.length).toBeGreaterThanOrEqual(2);
    expect(packed.some((requests) => requests.every((request) => request.agentId === "warmup"))).toBe(true);
  });
});
