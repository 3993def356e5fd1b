/**
 * `baton mcp` spoken to by the official SDK's client over stdio, as an agent runtime would start it:
 * the six tools with the contract's names and arguments, in a repo Baton never scanned.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateFolder } from "../../core/agent-loop/handoff-instruction";
import { GitFixture, handoffMarkdown } from "../test-support/git-fixture";

const FIRST = "docs/ai/handoff/codex/01122026/handoff_start.md";
const SECOND = "docs/ai/handoff/claude-code/02122026/handoff_next.md";

describe("baton mcp over stdio", () => {
  let client: Client;
  let repo: GitFixture;
  let transcript: string;

  beforeAll(async () => {
    repo = new GitFixture("mcp-repo");
    repo.write("README.md", "x\n").commit("init");
    repo.write(FIRST, handoffMarkdown({ phase: "start", runtime: "codex", path: FIRST })).commit("first");
    repo.write(SECOND, handoffMarkdown({ phase: "next", path: SECOND, previous: FIRST })).commit("second");
    const base = mkdtempSync(path.join(os.tmpdir(), "baton-mcp-"));
    transcript = path.join(base, "session.jsonl");
    writeFileSync(transcript, `${JSON.stringify({ type: "assistant", uuid: "u", timestamp: "2026-12-07T10:00:00Z", requestId: "r", message: { id: "m", model: "claude-sonnet-4-5", usage: { input_tokens: 3, cache_creation_input_tokens: 497, cache_read_input_tokens: 183_000, output_tokens: 5 } } })}\n`);
    mkdirSync(path.join(base, "data"));
    client = new Client({ name: "baton-test", version: "1" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [path.resolve(import.meta.dirname, "../../../bin/baton.mjs"), "mcp"],
        env: { PATH: process.env.PATH ?? "", HOME: base, BATON_DATA_DIR: path.join(base, "data") },
        stderr: "ignore",
      }),
    );
  }, 120_000);
  afterAll(async () => {
    await client?.close();
  });

  const call = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as { content: { type: string; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };
    return { text: result.content.map((part) => part.text).join("\n"), structured: result.structuredContent, isError: result.isError === true };
  };

  it("lists exactly the contract's six tools with their arguments", async () => {
    const { tools } = await client.listTools();
    const shapes = Object.fromEntries(tools.map((tool) => [tool.name, Object.keys((tool.inputSchema as { properties?: object }).properties ?? {}).sort()]));
    expect(shapes).toEqual({
      list_handoffs: ["repo"],
      latest_handoff: ["repo"],
      resume_prompt: ["repo", "runtime"],
      lint_handoff: ["text"],
      draft_handoff: ["phase", "repo", "runtime"],
      context_status: ["transcript_path"],
    });
  });

  it("lists the handoffs and names the latest open one by its repo-relative path", async () => {
    expect((await call("list_handoffs", { repo: repo.root })).text).toContain(`* ${SECOND} (open)`);
    const latest = await call("latest_handoff", { repo: repo.root });
    expect(latest.text).toContain(`Latest open handoff in`);
    expect(latest.text).toContain(SECOND);
  });

  it("gives the resume prompt", async () => {
    const prompt = await call("resume_prompt", { repo: path.join(repo.root, "docs"), runtime: "gemini-cli" });
    expect(prompt.text).toMatch(/^Resume work from a handoff file\./);
    expect(prompt.text).toContain(SECOND);
  });

  it("lints a draft with baton lint's rule ids", async () => {
    const lint = await call("lint_handoff", { text: "# Handoff\n\nNothing here. Token ghp_abcdefghijklmnopqrstuvwxyz0123456789\n" });
    expect(lint.text).toContain("section-next-action-missing");
    expect(lint.text).toContain("secret-present");
    expect(lint.text).not.toContain("ghp_abcdefghijklmnopqrstuvwxyz0123456789");
  });

  it("drafts the protocol's handoff with path, HEAD, previous pointer and an unknown session id, writing nothing", async () => {
    const draft = await call("draft_handoff", { repo: repo.root, runtime: "codex", phase: "wire-hooks" });
    expect(draft.text).toContain(`docs/ai/handoff/codex/${dateFolder(new Date())}/handoff_wire-hooks.md`);
    expect(draft.text).toContain(repo.git("rev-parse", "HEAD").trim());
    expect(draft.text).toContain(`- Previous: \`${SECOND}\``);
    expect(draft.text).toContain("- Session id: unknown");
    expect(repo.git("status", "--porcelain").trim()).toBe("");
  });

  it("reads a transcript's context position", async () => {
    const status = await call("context_status", { transcript_path: transcript });
    expect(status.text).toContain("91.7 % of 200,000 tokens");
    expect(status.structured).toMatchObject({ tokens: 183_500, window: 200_000 });
  });

  it("answers a bad argument with an error, and keeps serving", async () => {
    expect(await call("latest_handoff", { repo: "relative/path" })).toMatchObject({ isError: true });
    expect((await call("resume_prompt", { repo: repo.root, runtime: "opencode" })).text).toContain("runtime must be one of");
    expect(await call("context_status", { transcript_path: "/nonexistent.jsonl" })).toMatchObject({ isError: true });
    expect((await call("list_handoffs", { repo: os.tmpdir() })).text).toContain("is not inside a git repository");
    expect((await client.listTools()).tools).toHaveLength(6);
  });
});
