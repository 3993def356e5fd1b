/**
 * `baton mcp`: Baton's handoffs as MCP tools over stdio, with the official SDK. Tool names and
 * arguments are the contract's; each answers text (and the same facts as structured content), and a
 * bad argument is an `isError` answer, never a crashed server.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { contextStatusTool, draftHandoffTool, latestHandoffTool, lintHandoffTool, listHandoffsTool, resumePromptTool, ToolInputError, type ToolAnswer } from "./mcp-tools";

const repo = z.string().describe("Absolute path of a folder inside a git repository");
const runtime = z.string().describe("Runtime slug: claude-code, codex or gemini-cli");

async function answer(work: () => Promise<ToolAnswer> | ToolAnswer) {
  try {
    const result = await work();
    return { content: [{ type: "text" as const, text: result.text }], structuredContent: result.structured, ...(result.isError ? { isError: true } : {}) };
  } catch (error) {
    const message = error instanceof ToolInputError ? error.message : `Baton could not answer: ${(error as Error).message}`;
    return { content: [{ type: "text" as const, text: message }], isError: true };
  }
}

export function createBatonMcpServer(version: string): McpServer {
  const server = new McpServer({ name: "baton", version });
  server.registerTool(
    "list_handoffs",
    { description: "Every handoff in a repository (all branches and the working tree), marking the open ones and the latest open one.", inputSchema: { repo } },
    ({ repo: folder }) => answer(() => listHandoffsTool(folder)),
  );
  server.registerTool(
    "latest_handoff",
    { description: "The repository's latest open handoff (the one `baton resume <repo>` resumes): its repo-relative path, identity and next action.", inputSchema: { repo } },
    ({ repo: folder }) => answer(() => latestHandoffTool(folder)),
  );
  server.registerTool(
    "resume_prompt",
    { description: "The self-contained prompt that resumes the repository's latest open handoff in a runtime (as `baton resume <repo> --runtime <runtime>`).", inputSchema: { repo, runtime } },
    ({ repo: folder, runtime: target }) => answer(() => resumePromptTool(folder, target)),
  );
  server.registerTool(
    "lint_handoff",
    { description: "Lint a handoff draft before writing it: the same rule ids as `baton lint`.", inputSchema: { text: z.string().describe("The handoff's markdown") } },
    ({ text }) => answer(() => lintHandoffTool(text)),
  );
  server.registerTool(
    "draft_handoff",
    {
      description: "The protocol's handoff template for today with the path, identity (branch, HEAD, UTC time; `unknown` for what is not known) and previous-handoff pointer filled in. Writes nothing.",
      inputSchema: { repo, runtime, phase: z.string().describe("Short kebab-case name of the phase in flight") },
    },
    ({ repo: folder, runtime: target, phase }) => answer(() => draftHandoffTool(folder, target, phase)),
  );
  server.registerTool(
    "context_status",
    { description: "A session's context position from its transcript: percent, tokens, window.", inputSchema: { transcript_path: z.string().describe("Absolute path of the session's transcript (Claude Code JSONL, Codex rollout, Gemini CLI chat file)") } },
    ({ transcript_path: file }) => answer(() => contextStatusTool(file)),
  );
  return server;
}

export async function serveMcpOverStdio(version: string): Promise<void> {
  const server = createBatonMcpServer(version);
  const transport = new StdioServerTransport();
  await server.connect(transport);
  await new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.on("end", () => resolve());
  });
}
