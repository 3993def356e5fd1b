/**
 * Generates a Claude Code projects folder for `npm run bench -- sessions`: ~400 MB over ~1,500
 * sessions with the line mix of real 2.1.x transcripts (marot/spotter, entireio in the public
 * samples): per API response one to three assistant lines (one per content block, early ones with a
 * provisional output count: ~10 % of all lines are such duplicated streaming lines), a tool result
 * repeated in `toolUseResult`, hook and bash progress lines, prompts with file-history snapshots,
 * turn-duration and stop-hook system lines, some compactions, and subagents (their own files, plus
 * `agent_progress` copies and Task results in the main file, which must not be counted twice).
 * Deterministic (seeded), and it knows the exact totals it wrote.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";

export interface CorpusOptions {
  sessions: number;
  /** Median API responses per session (log-normal; the mean is ~1.65× this). */
  medianResponses: number;
  seed: number;
}

export interface CorpusTruth {
  sessions: number;
  files: number;
  bytes: number;
  lines: number;
  duplicatedStreamingLines: number;
  requests: number;
  inputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
  outputTokens: number;
  compactions: number;
}

export const DEFAULT_CORPUS: CorpusOptions = { sessions: 1500, medianResponses: 13, seed: 20261129 };

function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function corpusBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += corpusBytes(full);
    else if (entry.name.endsWith(".jsonl")) total += statSync(full).size;
  }
  return total;
}

export function generateClaudeCorpus(root: string, options: CorpusOptions = DEFAULT_CORPUS): CorpusTruth {
  const marker = path.join(root, ".generated.json");
  if (existsSync(marker)) {
    const stored = JSON.parse(readFileSync(marker, "utf8")) as { options: CorpusOptions; truth: CorpusTruth };
    // A run killed between appending to a transcript and truncating it back leaves it longer.
    if (JSON.stringify(stored.options) === JSON.stringify(options) && corpusBytes(path.join(root, "projects")) === stored.truth.bytes) return stored.truth;
  }
  rmSync(root, { recursive: true, force: true });
  const random = mulberry32(options.seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const normal = () => Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
  const uuid = () => {
    const hex = () => Math.floor(random() * 0x100000000).toString(16).padStart(8, "0");
    const a = hex();
    const b = hex();
    const c = hex();
    const d = hex();
    return `${a}-${b.slice(0, 4)}-4${b.slice(5)}-8${c.slice(1, 4)}-${c.slice(4)}${d}`;
  };

  // Text to cut tool results and messages from: code-ish words, newlines, quotes (escaped by JSON).
  const words = ["const", "return", "function", "import", "export", "await", "value", "items", "index", "error", "result", "string", "number", "=>", "{", "}", "(", ")", ";", "if", "else", "for", "of", "the", "session", "token", "context", "\"quoted\"", "path/to/file.ts", "\n", "  ", "\t", "// comment", "<tag>", "é", "✓"];
  let pool = "";
  while (pool.length < 1_500_000) pool += `${pick(words)} `;
  const text = (length: number) => {
    const start = int(0, pool.length - length - 1);
    return pool.slice(start, start + length);
  };
  const lognormal = (median: number, sigma: number, min: number, max: number) => Math.max(min, Math.min(max, Math.round(median * Math.exp(sigma * normal()))));

  const truth: CorpusTruth = { sessions: 0, files: 0, bytes: 0, lines: 0, duplicatedStreamingLines: 0, requests: 0, inputTokens: 0, cacheWriteTokens: 0, cacheReadTokens: 0, outputTokens: 0, compactions: 0 };
  const projects = Array.from({ length: 40 }, (_, index) => `/home/bench/work/project-${index}`);
  const models = ["claude-sonnet-4-5", "claude-sonnet-4-5", "claude-sonnet-4-5", "claude-opus-4-8", "claude-haiku-4-5"];
  let clock = Date.UTC(2026, 8, 1);

  for (let sessionIndex = 0; sessionIndex < options.sessions; sessionIndex++) {
    const cwd = pick(projects);
    const sessionId = uuid();
    const branch = pick(["main", "main", "feat/ingest", "fix/parser", "feat/charts"]);
    const projectDir = path.join(root, "projects", cwd.replace(/[/.]/g, "-"));
    mkdirSync(projectDir, { recursive: true });
    clock += int(5, 600) * 60_000;
    let time = clock;
    const model = pick(models);
    const responses = lognormal(options.medianResponses, 1.0, 2, 1500);
    const hasSubagents = random() < 0.15;
    const compactAt = random() < 0.1 ? int(1, responses - 1) : -1;

    const main = openSync(path.join(projectDir, `${sessionId}.jsonl`), "w");
    truth.files += 1;
    truth.sessions += 1;
    let parent: string | null = null;
    const write = (fd: number, record: Record<string, unknown>) => {
      const line = `${JSON.stringify(record)}\n`;
      truth.bytes += Buffer.byteLength(line);
      truth.lines += 1;
      writeSync(fd, line);
    };
    const envelope = (extra: Record<string, unknown>, sidechain = false, agentId?: string) => {
      time += int(200, 20_000);
      const uuidValue = uuid();
      const record = { parentUuid: parent, isSidechain: sidechain, userType: "external", cwd, sessionId, version: "2.1.197", gitBranch: branch, ...(agentId ? { agentId } : {}), ...extra, uuid: uuidValue, timestamp: new Date(time).toISOString() };
      parent = uuidValue;
      return record;
    };
    let context = int(12_000, 30_000);

    /** One API response: 1–3 assistant lines, the last with the final usage. */
    const respond = (fd: number, sidechain: boolean, agentId?: string) => {
      const id = `msg_01${uuid().replace(/-/g, "").slice(0, 22)}`;
      const requestId = `req_011${uuid().replace(/-/g, "").slice(0, 21)}`;
      const cacheRead = Math.max(0, context - int(0, 3000));
      const cacheWrite = context - cacheRead + int(50, 2500);
      const input = int(3, 40);
      const output = int(20, 1800);
      context += cacheWrite + int(100, 4000);
      const blocks = random() < 0.55 ? 1 : random() < 0.9 ? 2 : 3;
      for (let block = 0; block < blocks; block++) {
        const last = block === blocks - 1;
        const content =
          block === 0 && blocks > 1
            ? [{ type: "thinking", thinking: text(int(200, 2500)), signature: text(120) }]
            : random() < 0.6
              ? [{ type: "tool_use", id: `toolu_${uuid().slice(0, 20)}`, name: pick(["Read", "Bash", "Edit", "Grep", "Task"]), input: { command: text(int(20, 600)) } }]
              : [{ type: "text", text: text(int(50, 1500)) }];
        write(
          fd,
          envelope(
            {
              message: {
                model,
                id,
                type: "message",
                role: "assistant",
                content,
                stop_reason: last ? "tool_use" : null,
                stop_sequence: null,
                usage: {
                  input_tokens: input,
                  cache_creation_input_tokens: cacheWrite,
                  cache_read_input_tokens: cacheRead,
                  cache_creation: { ephemeral_5m_input_tokens: cacheWrite, ephemeral_1h_input_tokens: 0 },
                  output_tokens: last ? output : int(1, 12),
                  service_tier: "standard",
                },
              },
              requestId,
              type: "assistant",
            },
            sidechain,
            agentId,
          ),
        );
        if (!last) truth.duplicatedStreamingLines += 1;
      }
      truth.requests += 1;
      truth.inputTokens += input;
      truth.cacheWriteTokens += cacheWrite;
      truth.cacheReadTokens += cacheRead;
      truth.outputTokens += output;
      return { id, requestId, input, cacheWrite, cacheRead, output };
    };
    const toolResult = (fd: number, sidechain: boolean, agentId?: string) => {
      const body = text(lognormal(1800, 1.1, 80, 60_000));
      write(
        fd,
        envelope(
          { type: "user", message: { role: "user", content: [{ tool_use_id: `toolu_${uuid().slice(0, 20)}`, type: "tool_result", content: body }] }, toolUseResult: { stdout: body, stderr: "", interrupted: false, isImage: false } },
          sidechain,
          agentId,
        ),
      );
    };
    const hook = (fd: number) => write(fd, envelope({ type: "progress", data: { type: "hook_progress", hookEvent: "PostToolUse", hookName: "PostToolUse:Bash", command: text(int(40, 300)) }, parentToolUseID: uuid(), toolUseID: uuid() }));

    for (let response = 0; response < responses; response++) {
      if (response % 8 === 0) {
        write(main, { type: "file-history-snapshot", messageId: uuid(), snapshot: { messageId: uuid(), trackedFileBackups: {}, timestamp: new Date(time).toISOString() }, isSnapshotUpdate: false });
        write(main, envelope({ type: "user", message: { role: "user", content: text(int(40, 1200)) } }));
      }
      if (response === compactAt) {
        const pre = context;
        context = int(8_000, 20_000);
        write(main, envelope({ type: "system", subtype: "compact_boundary", content: "Conversation compacted", level: "info", compactMetadata: { trigger: random() < 0.8 ? "auto" : "manual", preTokens: pre, postTokens: context } }));
        truth.compactions += 1;
      }
      respond(main, false);
      if (random() < 0.85) toolResult(main, false);
      const hooks = random() < 0.5 ? 1 : random() < 0.6 ? 2 : 3;
      for (let index = 0; index < hooks; index++) hook(main);
      if (random() < 0.3) write(main, envelope({ type: "progress", data: { type: "bash_progress", output: text(int(200, 1500)), elapsedTimeSeconds: int(1, 30) } }));
      if (response % 8 === 7) write(main, envelope({ type: "system", subtype: random() < 0.5 ? "turn_duration" : "stop_hook_summary", durationMs: int(1000, 90_000), level: "info" }));
      if (context > 170_000) context = int(20_000, 60_000);
    }

    if (hasSubagents) {
      const agents = int(1, 3);
      const folder = path.join(projectDir, sessionId, "subagents");
      mkdirSync(folder, { recursive: true });
      for (let agentIndex = 0; agentIndex < agents; agentIndex++) {
        const agentId = uuid().replace(/-/g, "").slice(0, 17);
        const fd = openSync(path.join(folder, `agent-a${agentId}.jsonl`), "w");
        writeFileSync(path.join(folder, `agent-a${agentId}.meta.json`), JSON.stringify({ agentType: pick(["Explore", "general-purpose", "Plan"]) }));
        truth.files += 1;
        const savedParent: string | null = parent;
        parent = null;
        const savedContext = context;
        context = int(8_000, 15_000);
        write(fd, envelope({ type: "user", message: { role: "user", content: text(int(100, 800)) } }, true, `a${agentId}`));
        const agentResponses = int(3, 25);
        let totals = 0;
        for (let index = 0; index < agentResponses; index++) {
          const usage = respond(fd, true, `a${agentId}`);
          totals += usage.input + usage.cacheWrite + usage.cacheRead + usage.output;
          toolResult(fd, true, `a${agentId}`);
          // The main file sees the subagent's messages as agent_progress copies (usage included).
          parent = savedParent;
          write(main, envelope({ type: "progress", data: { type: "agent_progress", agentId: `a${agentId}`, message: { type: "assistant", message: { id: usage.id, role: "assistant", model, usage: { input_tokens: usage.input, cache_creation_input_tokens: usage.cacheWrite, cache_read_input_tokens: usage.cacheRead, output_tokens: usage.output } }, requestId: usage.requestId } } }));
        }
        closeSync(fd);
        context = savedContext;
        parent = savedParent;
        // The Task result repeats the subagent's totals.
        write(main, envelope({ type: "user", message: { role: "user", content: [{ tool_use_id: uuid(), type: "tool_result", content: text(600) }] }, toolUseResult: { status: "completed", agentId: `a${agentId}`, totalTokens: totals, usage: { input_tokens: 1, output_tokens: 1 } } }));
      }
    }
    closeSync(main);
  }
  writeFileSync(marker, JSON.stringify({ options, truth }, null, 2));
  return truth;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = process.argv[2] ?? path.join(import.meta.dirname, ".tmp", "claude-corpus");
  const started = Date.now();
  console.log(JSON.stringify(generateClaudeCorpus(target), null, 2), `${Date.now() - started} ms`);
}

/** The corpus's transcript files (main sessions and subagents), sorted. */
export function corpusFiles(corpus: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".jsonl")) found.push(full);
    }
  };
  walk(path.join(corpus, "projects"));
  return found.sort();
}
