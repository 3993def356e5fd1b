/**
 * Writes the demo workspace's agent logs (demo/sessions.yaml) in each runtime's own on-disk format —
 * Claude Code project JSONL (one line per content block, as the real CLI writes, so de-duplication is
 * exercised), Codex rollouts, Gemini CLI chat JSONL — so `scan --agents` reads them like real logs.
 */
import { RUNTIME } from "../../core/runtimes/runtimes";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { z } from "zod";

const dateString = z.union([z.string(), z.date()]).transform((value) => (value instanceof Date ? value.toISOString() : value));
const sessionSchema = z.object({
  runtime: z.enum([RUNTIME.claudeCode, RUNTIME.codex, RUNTIME.geminiCli]),
  id: z.string(),
  repo: z.string(),
  branch: z.string(),
  model: z.string(),
  window: z.number().optional(),
  start: dateString,
  end: dateString,
  requests: z.number().int().min(2),
  from: z.number(),
  to: z.number(),
  compactAt: z.number().int().optional(),
  subagent: z.boolean().optional(),
  /** The person's first message: what the session is titled by. */
  prompt: z.string().default("Continue the migration described in the handoff."),
});
type DemoSession = z.infer<typeof sessionSchema>;

export interface DemoAgentFolders {
  claudeConfigDir: string;
  codexHome: string;
  geminiDataDir: string;
}

/** Deterministic noise, so the demo is the same on every machine. */
function random(seedText: string) {
  let seed = [...seedText].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, 7);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

interface PlannedRequest {
  t: string;
  context: number;
  cacheRead: number;
  cacheWriteTokens: number;
  input: number;
  output: number;
  reasoning: number;
}

function planRequests(session: DemoSession) {
  const next = random(session.id);
  const start = new Date(session.start).getTime();
  const end = new Date(session.end).getTime();
  const requests: PlannedRequest[] = [];
  let compaction: { index: number; pre: number; post: number; t: string } | null = null;
  let previous = 0;
  for (let index = 0; index < session.requests; index++) {
    const progress = index / (session.requests - 1);
    let context: number;
    if (session.compactAt !== undefined) {
      // Grow to an automatic compaction at ~83.5 % of 200k, drop to a summary, then grow again to `to`.
      const before = index < session.compactAt;
      const span = before ? index / session.compactAt : (index - session.compactAt) / (session.requests - 1 - session.compactAt);
      context = before ? session.from + (167_000 - session.from) * span : 31_000 + (session.to - 31_000) * span;
    } else {
      context = session.from + (session.to - session.from) * Math.pow(progress, 1.15);
    }
    context = Math.round(context * (index === 0 || index === session.requests - 1 ? 1 : 0.985 + next() * 0.03));
    const t = new Date(start + (end - start) * progress).toISOString();
    if (session.compactAt === index) compaction = { index, pre: previous, post: 29_500, t: new Date(new Date(t).getTime() - 20_000).toISOString() };
    const input = 3 + Math.floor(next() * 9);
    const cacheRead = index === 0 || session.compactAt === index ? 0 : Math.min(previous, context - input);
    const cacheWriteTokens = Math.max(0, context - input - cacheRead);
    const output = 80 + Math.floor(next() * 900);
    const reasoning = session.runtime === RUNTIME.claudeCode ? 0 : Math.floor(output * 0.4);
    requests.push({ t, context, cacheRead, cacheWriteTokens, input, output, reasoning });
    previous = context;
  }
  return { requests, compaction };
}

/** Plausible tool output (compiler and test lines) of about `bytes` bytes. */
function demoToolOutput(index: number, bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let line = 0; size < bytes; line++) {
    const text =
      line % 3 === 0
        ? `src/ledger/posting-${(index * 7 + line) % 40}.ts(${(line * 13) % 300 + 1},5): error TS2322: Type 'string | undefined' is not assignable to type 'string'.`
        : line % 3 === 1
          ? `  ✓ ledger > postings > balances account ${(index + line) % 90} (${(line * 3) % 40 + 2} ms)`
          : `    at Object.<anonymous> (src/ledger/reconcile.ts:${(line * 17) % 500 + 1}:${(line % 30) + 1})`;
    lines.push(text);
    size += text.length + 1;
  }
  return lines.length === 0 ? "ok" : lines.join("\n");
}

function encodeClaudeProject(cwd: string): string {
  return cwd.replace(/[^a-zA-Z0-9]/g, "-");
}

function writeClaude(session: DemoSession, cwd: string, folders: DemoAgentFolders) {
  const { requests, compaction } = planRequests(session);
  const lines: string[] = [];
  const base = { sessionId: session.id, cwd, gitBranch: session.branch, version: "2.1.197", userType: "external", isSidechain: false };
  let parentUuid: string | null = null;
  let counter = 0;
  const uuid = () => `${session.id.slice(0, 8)}-0000-4000-8000-${String(++counter).padStart(12, "0")}`;
  requests.forEach((request, index) => {
    if (compaction && compaction.index === index) {
      const boundary = uuid();
      lines.push(JSON.stringify({ ...base, type: "system", subtype: "compact_boundary", uuid: boundary, parentUuid: null, logicalParentUuid: parentUuid, timestamp: compaction.t, content: "Conversation compacted", compactMetadata: { trigger: "auto", preTokens: compaction.pre, postTokens: compaction.post } }));
      parentUuid = boundary;
    }
    const userUuid = uuid();
    const before = new Date(new Date(request.t).getTime() - 4_000).toISOString();
    // About 60 % of what the context grew by since the last request is the tool's output (~4 bytes a token).
    const grew = index === 0 || compaction?.index === index ? 0 : Math.max(0, request.context - requests[index - 1]!.context);
    const output = demoToolOutput(index, Math.round(grew * 0.6 * 4));
    lines.push(JSON.stringify({ ...base, type: "user", uuid: userUuid, parentUuid, timestamp: before, message: { role: "user", content: index === 0 ? session.prompt : [{ type: "tool_result", tool_use_id: `toolu_demo_${index}`, content: output }] } }));
    parentUuid = userUuid;
    const messageId = `msg_demo_${session.id.slice(0, 8)}_${String(index).padStart(4, "0")}`;
    const usage = { input_tokens: request.input, cache_creation_input_tokens: request.cacheWriteTokens, cache_read_input_tokens: request.cacheRead, output_tokens: request.output, service_tier: "standard" };
    // One line per content block with the same message id and the final usage, as Claude Code writes them.
    for (const block of [{ type: "text", text: `Working on step ${index + 1}.` }, { type: "tool_use", id: `toolu_demo_${index + 1}`, name: "Bash", input: { command: "npx tsc --noEmit" } }]) {
      const lineUuid = uuid();
      lines.push(JSON.stringify({ ...base, type: "assistant", uuid: lineUuid, parentUuid, timestamp: request.t, requestId: `req_demo_${session.id.slice(0, 8)}_${index}`, message: { id: messageId, type: "message", role: "assistant", model: session.model, content: [block], stop_reason: null, usage } }));
      parentUuid = lineUuid;
    }
  });
  const folder = path.join(folders.claudeConfigDir, "projects", encodeClaudeProject(cwd));
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, `${session.id}.jsonl`), `${lines.join("\n")}\n`);
  if (session.subagent) {
    const agentId = `a${session.id.slice(0, 7)}`;
    const agentLines = [0, 1, 2].map((index) => {
      const t = new Date(new Date(session.start).getTime() + (index + 5) * 60_000).toISOString();
      return JSON.stringify({ ...base, isSidechain: true, agentId, type: "assistant", uuid: `${agentId}-${index}`, parentUuid: index === 0 ? null : `${agentId}-${index - 1}`, timestamp: t, requestId: `req_demo_agent_${agentId}_${index}`, message: { id: `msg_demo_agent_${agentId}_${index}`, role: "assistant", model: "claude-haiku-4-5", content: [{ type: "text", text: "Searched the repositories." }], usage: { input_tokens: 5, cache_creation_input_tokens: index === 0 ? 9_000 : 600, cache_read_input_tokens: index === 0 ? 0 : 9_000 + (index - 1) * 600, output_tokens: 220 } } });
    });
    const agentFolder = path.join(folder, session.id, "subagents");
    mkdirSync(agentFolder, { recursive: true });
    writeFileSync(path.join(agentFolder, `agent-${agentId}.jsonl`), `${agentLines.join("\n")}\n`);
    writeFileSync(path.join(agentFolder, `agent-${agentId}.meta.json`), JSON.stringify({ agentType: "Explore", description: "Find every repository class" }));
  }
}

function writeCodex(session: DemoSession, cwd: string, folders: DemoAgentFolders) {
  const { requests } = planRequests(session);
  const window = session.window ?? 258_400;
  let ordinal = 0;
  const line = (timestamp: string, type: string, payload: unknown) => JSON.stringify({ timestamp, ordinal: ordinal++, type, payload });
  const lines = [
    line(session.start, "session_meta", { id: session.id, session_id: session.id, timestamp: session.start, cwd, originator: "codex_cli_rs", cli_version: "0.171.0", source: "cli", model_provider: "openai", git: { branch: session.branch } }),
    line(session.start, "turn_context", { cwd, model: session.model, approval_policy: "on-request" }),
    line(session.start, "event_msg", { type: "task_started", model_context_window: window }),
  ];
  // The turn Codex opens with: its own context block, then what the person typed (also as an event).
  lines.push(line(session.start, "response_item", { type: "message", role: "user", content: [{ type: "input_text", text: `<environment_context>\n  <cwd>${cwd}</cwd>\n  <shell>bash</shell>\n</environment_context>` }] }));
  lines.push(line(session.start, "response_item", { type: "message", role: "user", content: [{ type: "input_text", text: session.prompt }] }));
  lines.push(line(session.start, "event_msg", { type: "user_message", message: session.prompt, images: [] }));
  requests.forEach((request, index) => {
    const responseId = `resp_demo_${session.id.slice(-8)}_${index}`;
    const usage = { input_tokens: request.context, cached_input_tokens: request.cacheRead, cache_write_input_tokens: 0, output_tokens: request.output, reasoning_output_tokens: request.reasoning, total_tokens: request.context + request.output };
    if (index > 0) {
      // The previous step's shell call and its output (~60 % of what the context grew by).
      const grew = Math.max(0, request.context - requests[index - 1]!.context);
      lines.push(line(request.t, "response_item", { type: "function_call", name: "shell", arguments: JSON.stringify({ command: ["npm", "test"] }), call_id: `call_demo_${index}` }));
      lines.push(line(request.t, "response_item", { type: "function_call_output", call_id: `call_demo_${index}`, output: demoToolOutput(index, Math.round(grew * 0.6 * 4)) }));
    }
    lines.push(line(request.t, "response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text: `Step ${index + 1}.` }] }));
    lines.push(line(request.t, "token_usage_record", { session_id: session.id, thread_id: session.id, response_id: responseId, usage }));
  });
  const day = session.start.slice(0, 10).split("-");
  const folder = path.join(folders.codexHome, "sessions", ...day);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, `rollout-${session.start.slice(0, 19).replace(/:/g, "-")}-${session.id}.jsonl`), `${lines.join("\n")}\n`);
}

function writeGemini(session: DemoSession, cwd: string, folders: DemoAgentFolders) {
  const { requests } = planRequests(session);
  const project = path.basename(cwd);
  const lines = [JSON.stringify({ sessionId: session.id, projectHash: project, startTime: session.start, lastUpdated: session.end, kind: "main" })];
  requests.forEach((request, index) => {
    lines.push(JSON.stringify({ id: `${session.id.slice(0, 8)}-user-${index}`, timestamp: request.t, type: "user", content: [{ text: index === 0 ? session.prompt : "Continue." }] }));
    lines.push(
      JSON.stringify({
        id: `${session.id.slice(0, 8)}-gemini-${index}`,
        timestamp: request.t,
        type: "gemini",
        content: `Step ${index + 1} done.`,
        tokens: { input: request.context, output: request.output - request.reasoning, cached: request.cacheRead, thoughts: request.reasoning, tool: 0, total: request.context + request.output },
        model: session.model,
        // The shell call this step made; its output (~60 % of what the next prompt grows by) goes into the next request.
        ...(index + 1 < requests.length
          ? {
              toolCalls: [
                {
                  id: `run_shell_command_demo_${index}`,
                  name: "run_shell_command",
                  args: { command: "npm test" },
                  result: [{ functionResponse: { id: `run_shell_command_demo_${index}`, name: "run_shell_command", response: { output: demoToolOutput(index, Math.round(Math.max(0, requests[index + 1]!.context - request.context) * 0.6 * 4)) } } }],
                  status: "success",
                },
              ],
            }
          : {}),
      }),
    );
  });
  const folder = path.join(folders.geminiDataDir, "tmp", project, "chats");
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, `session-${session.start.slice(0, 16).replace(/:/g, "-")}-${session.id.slice(0, 8)}.jsonl`), `${lines.join("\n")}\n`);
  const projectsFile = path.join(folders.geminiDataDir, "projects.json");
  let projects: { projects: Record<string, string> } = { projects: {} };
  try {
    projects = JSON.parse(readFileSync(projectsFile, "utf8")) as typeof projects;
  } catch {
    // first project
  }
  projects.projects[cwd] = project;
  writeFileSync(projectsFile, JSON.stringify(projects, null, 2));
}

/** Writes every demo session under `root`; returns the folders to point the agent scan at. */
export function writeDemoSessions(root: string, repoRoots: Map<string, string>, projectRoot: string): DemoAgentFolders {
  const plan = z.object({ sessions: z.array(sessionSchema) }).parse(parse(readFileSync(path.join(projectRoot, "demo", "sessions.yaml"), "utf8")));
  const folders: DemoAgentFolders = {
    claudeConfigDir: path.join(root, "claude"),
    codexHome: path.join(root, RUNTIME.codex),
    geminiDataDir: path.join(root, "gemini"),
  };
  for (const folder of Object.values(folders)) mkdirSync(folder, { recursive: true });
  for (const session of plan.sessions) {
    const cwd = repoRoots.get(session.repo);
    if (!cwd) throw new Error(`demo/sessions.yaml: unknown repo ${session.repo}`);
    if (session.runtime === RUNTIME.claudeCode) writeClaude(session, cwd, folders);
    else if (session.runtime === RUNTIME.codex) writeCodex(session, cwd, folders);
    else writeGemini(session, cwd, folders);
  }
  return folders;
}
