import type { TokenCounts } from "../../tokens";

/**
 * Ground truth for ../shared/fixtures/realcli: the usage the mock LLM returned, copied by hand from
 * the per-request tables in realcli/README.md ("every request the mock answered"), grouped by the
 * session file that recorded each response. Requests the CLI recorded nowhere are listed apart so
 * the exclusions are visible. Mapping to Baton's fields per CONTRACTS.md:
 *   Anthropic: input, cache_creation → cacheWrite, cache_read, output (reasoning 0: not split out)
 *   Responses API (Codex): input − cached, cached, output (reasoning inside), reasoning
 *   Gemini: prompt − cached (+ tool, 0 here), cached, candidates + thoughts, thoughts
 *   Chat Completions (OpenCode): prompt − cached, cached, completion (+ reasoning, 0 here)
 */


export interface ExpectedSession extends TokenCounts {
  sessionId: string;
  requests: number;
  /** README request numbers (n) that make up this session. */
  mockRequests: number[];
  compactions: number;
  peakContextTokens: number;
  subagents?: { agentId: string; requests: number; inputTokens: number; cacheWriteTokens: number; cacheReadTokens: number; outputTokens: number }[];
}

interface AnthropicRow {
  n: number;
  input: number;
  cacheCreation: number;
  cacheRead: number;
  output: number;
}

interface OpenAiRow {
  n: number;
  input: number;
  cached: number;
  output: number;
  reasoning: number;
}

interface GeminiRow {
  n: number;
  prompt: number;
  cached: number;
  candidates: number;
  thoughts: number;
}

/** README "claude — every request the mock answered" (n, input, cache_creation, cache_read, output). */
const CLAUDE_ROWS: AnthropicRow[] = [
  { n: 1, input: 4, cacheCreation: 19185, cacheRead: 0, output: 71 },
  { n: 2, input: 5, cacheCreation: 50, cacheRead: 19143, output: 80 },
  { n: 3, input: 6, cacheCreation: 111, cacheRead: 19198, output: 81 },
  { n: 4, input: 7, cacheCreation: 50, cacheRead: 19239, output: 79 },
  { n: 5, input: 8, cacheCreation: 50, cacheRead: 19138, output: 90 },
  { n: 6, input: 9, cacheCreation: 142, cacheRead: 19196, output: 19 },
  { n: 7, input: 10, cacheCreation: 50, cacheRead: 19337, output: 77 },
  { n: 8, input: 11, cacheCreation: 116, cacheRead: 19397, output: 19 },
  { n: 9, input: 3, cacheCreation: 1525, cacheRead: 19524, output: 19 },
  { n: 10, input: 4, cacheCreation: 19192, cacheRead: 181010, output: 78 },
  { n: 11, input: 5, cacheCreation: 111, cacheRead: 19196, output: 81 },
  { n: 12, input: 6, cacheCreation: 2500, cacheRead: 181012, output: 73 },
  { n: 13, input: 7, cacheCreation: 1521, cacheRead: 19424, output: 96 },
  { n: 14, input: 8, cacheCreation: 50, cacheRead: 18342, output: 84 },
  { n: 15, input: 9, cacheCreation: 19186, cacheRead: 0, output: 105 },
  { n: 16, input: 10, cacheCreation: 50, cacheRead: 11417, output: 46 },
  { n: 17, input: 11, cacheCreation: 7965, cacheRead: 11477, output: 19 },
  { n: 18, input: 3, cacheCreation: 28983, cacheRead: 0, output: 81 },
  { n: 19, input: 4, cacheCreation: 19195, cacheRead: 0, output: 90 },
  { n: 20, input: 5, cacheCreation: 147, cacheRead: 19199, output: 19 },
];

/**
 * Not recorded as usage by Claude Code: n=9 is the `/compact` summarisation call (its text is only
 * quoted inside the compact-summary user line, "(mock reply #9)") and n=13 the auto-compaction call
 * (README: "msg_mock_0013… and msg_mock_0009… appear in no file").
 */
export const CLAUDE_UNRECORDED = [9, 13];

/** README "codex — every request the mock answered". */
const CODEX_ROWS: OpenAiRow[] = [
  { n: 1, input: 9228, cached: 0, output: 98, reasoning: 64 },
  { n: 2, input: 9384, cached: 9216, output: 98, reasoning: 64 },
  { n: 3, input: 9231, cached: 9216, output: 131, reasoning: 64 },
  { n: 4, input: 9391, cached: 9216, output: 17, reasoning: 0 },
  { n: 5, input: 249488, cached: 239344, output: 98, reasoning: 64 },
  // n=6 is the compaction call; Codex records its usage (token_usage_record resp_mock_0006).
  { n: 6, input: 7432, cached: 7424, output: 95, reasoning: 0 },
  { n: 7, input: 9543, cached: 7424, output: 101, reasoning: 64 },
];

/** README "gemini — every request the mock answered" (only the chat model's streamed calls are recorded). */
const GEMINI_ROWS: GeminiRow[] = [
  { n: 2, prompt: 10163, cached: 0, candidates: 37, thoughts: 48 },
  { n: 4, prompt: 10225, cached: 0, candidates: 37, thoughts: 48 },
  { n: 6, prompt: 12071, cached: 7668, candidates: 43, thoughts: 48 },
  { n: 7, prompt: 12217, cached: 9053, candidates: 20, thoughts: 0 },
  { n: 9, prompt: 10165, cached: 0, candidates: 26, thoughts: 48 },
  { n: 10, prompt: 10266, cached: 7623, candidates: 20, thoughts: 0 },
  { n: 12, prompt: 910348, cached: 857699, candidates: 37, thoughts: 48 },
  { n: 14, prompt: 10413, cached: 7761, candidates: 40, thoughts: 48 },
  { n: 16, prompt: 910484, cached: 850000, candidates: 26, thoughts: 48 },
  { n: 19, prompt: 910440, cached: 850000, candidates: 20, thoughts: 0 },
];

/**
 * Not recorded by Gemini CLI: the router/classifier calls (n = 1, 3, 5, 8, 11, 13, 15,
 * gemini-3.5-flash-lite) and the compression calls (n = 17, 18, gemini-3-flash-preview).
 */
export const GEMINI_UNRECORDED = [1, 3, 5, 8, 11, 13, 15, 17, 18];

/** README "opencode — every request the mock answered" (prompt, cached, completion, reasoning). */
const OPENCODE_ROWS: OpenAiRow[] = [
  { n: 2, input: 7932, cached: 0, output: 36, reasoning: 0 },
  { n: 3, input: 7993, cached: 7872, output: 36, reasoning: 0 },
  { n: 5, input: 7934, cached: 7872, output: 36, reasoning: 0 },
  { n: 6, input: 8030, cached: 7872, output: 17, reasoning: 0 },
  { n: 7, input: 8075, cached: 8000, output: 36, reasoning: 0 },
  { n: 8, input: 8191, cached: 8064, output: 17, reasoning: 0 },
  { n: 9, input: 198233, cached: 193128, output: 35, reasoning: 0 },
  // n=10 is the compaction call. The README's "found in" column shows "—" because the summary text
  // carries no request-number marker, but its Field map says the compaction message's tokens ARE
  // recorded, and msg_226684cd6… holds exactly these numbers (input 7 = 775 − 768, cache.read 768).
  { n: 10, input: 775, cached: 768, output: 95, reasoning: 0 },
  { n: 11, input: 8067, cached: 768, output: 48, reasoning: 0 },
  { n: 12, input: 8143, cached: 8064, output: 38, reasoning: 0 },
];

/** Title generation with `small_model` (mock-gpt-mini): usage not stored in any message. */
export const OPENCODE_UNRECORDED = [1, 4];

function anthropic(rows: AnthropicRow[], ns: number[]) {
  const picked = rows.filter((row) => ns.includes(row.n));
  return {
    inputTokens: sum(picked.map((row) => row.input)),
    cacheWriteTokens: sum(picked.map((row) => row.cacheCreation)),
    cacheReadTokens: sum(picked.map((row) => row.cacheRead)),
    outputTokens: sum(picked.map((row) => row.output)),
    reasoningTokens: 0,
    peak: Math.max(...picked.map((row) => row.input + row.cacheCreation + row.cacheRead)),
  };
}

function openai(rows: OpenAiRow[], ns: number[]) {
  const picked = rows.filter((row) => ns.includes(row.n));
  return {
    inputTokens: sum(picked.map((row) => row.input - row.cached)),
    cacheWriteTokens: 0,
    cacheReadTokens: sum(picked.map((row) => row.cached)),
    outputTokens: sum(picked.map((row) => row.output)),
    reasoningTokens: sum(picked.map((row) => row.reasoning)),
    peak: Math.max(...picked.map((row) => row.input)),
  };
}

function gemini(rows: GeminiRow[], ns: number[]) {
  const picked = rows.filter((row) => ns.includes(row.n));
  return {
    inputTokens: sum(picked.map((row) => row.prompt - row.cached)),
    cacheWriteTokens: 0,
    cacheReadTokens: sum(picked.map((row) => row.cached)),
    outputTokens: sum(picked.map((row) => row.candidates + row.thoughts)),
    reasoningTokens: sum(picked.map((row) => row.thoughts)),
    peak: Math.max(...picked.map((row) => row.prompt)),
  };
}

function session(
  sessionId: string,
  mockRequests: number[],
  totals: ReturnType<typeof anthropic>,
  compactions: number,
  peakOverride?: number,
): ExpectedSession {
  const { peak, ...tokens } = totals;
  return { sessionId, requests: mockRequests.length, mockRequests, compactions, peakContextTokens: peakOverride ?? peak, ...tokens };
}

/** Claude sessions: the README's "claude — files" table says which prompts and responses each file holds. */
export const CLAUDE_EXPECTED: ExpectedSession[] = [
  session("a7c8918c-5add-4ec1-a028-1b01f7a65d6b", [1, 4], anthropic(CLAUDE_ROWS, [1, 4]), 0),
  session("d19d2f7a-2e88-4077-98fc-fb98614b95f4", [2, 3], anthropic(CLAUDE_ROWS, [2, 3]), 0),
  // run 7 `/compact` (manual) → 1 compaction; its summarisation call n=9 is not recorded.
  session("8a2921a6-a645-402f-a2ef-84906d3bb180", [5, 6, 7, 8], anthropic(CLAUDE_ROWS, [5, 6, 7, 8]), 1),
  // auto-compaction after the second BIGCTX turn; its call n=13 is not recorded.
  session("9f3d2a6d-710d-4346-a4b9-8ee1c2f0bf7a", [10, 11, 12, 14], anthropic(CLAUDE_ROWS, [10, 11, 12, 14]), 1),
  {
    // n=16 is the subagent's own request (subagents/agent-ae93b9c2561416fb6.jsonl); the peak is over
    // the main session's own requests (n=15, n=17) only.
    ...session("269881a4-6322-42b2-b5b8-ab605f8bd02c", [15, 16, 17], anthropic(CLAUDE_ROWS, [15, 16, 17]), 0, anthropic(CLAUDE_ROWS, [15, 17]).peak),
    subagents: [{ agentId: "ae93b9c2561416fb6", requests: 1, inputTokens: 10, cacheWriteTokens: 50, cacheReadTokens: 11417, outputTokens: 46 }],
  },
  session("3557ae41-bf7f-42bb-994f-b4786ce06d9e", [18], anthropic(CLAUDE_ROWS, [18]), 0),
  session("b9be13e6-8dff-4802-ae37-6770ccb1e955", [19, 20], anthropic(CLAUDE_ROWS, [19, 20]), 0),
];

export const CODEX_EXPECTED: ExpectedSession[] = [
  session("01a22665-b02a-7622-aff2-01af6e1e6e98", [1, 2], openai(CODEX_ROWS, [1, 2]), 0),
  // auto-compaction at the start of run 5 (`compacted` line); its call n=6 is counted.
  session("01a22665-dc4c-76f3-a35f-f69398cbbc28", [3, 4, 5, 6, 7], openai(CODEX_ROWS, [3, 4, 5, 6, 7]), 1),
];

export const GEMINI_EXPECTED: ExpectedSession[] = [
  session("8125fb28-8740-4f53-85ef-fe6a3bafdad7", [2, 4], gemini(GEMINI_ROWS, [2, 4]), 0),
  session("7035cede-97eb-498f-bdda-b554dbb165f1", [6, 7], gemini(GEMINI_ROWS, [6, 7]), 0),
  // `--resume latest` sent runs 5–7 to this session; compression (state snapshot) before n=19.
  session("83e3e635-55c7-454c-8b82-e3794b27e919", [9, 10, 12, 14, 16, 19], gemini(GEMINI_ROWS, [9, 10, 12, 14, 16, 19]), 1),
];

export const OPENCODE_EXPECTED: ExpectedSession[] = [
  session("ses_dd9987b45ffeTjVvgt1Szp5Lxl", [2, 3], openai(OPENCODE_ROWS, [2, 3]), 0),
  // auto-compaction inside the BIGCTX run: one `compaction` part; the compaction call n=10 counts.
  session("ses_dd99815b6ffeUMApMf6mNDSpog", [5, 6, 7, 8, 9, 10, 11, 12], openai(OPENCODE_ROWS, [5, 6, 7, 8, 9, 10, 11, 12]), 1),
];

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** The token fields of a summary, for toEqual against an expectation. */
export function tokenFields(value: TokenCounts): TokenCounts {
  return {
    inputTokens: value.inputTokens,
    cacheWriteTokens: value.cacheWriteTokens,
    cacheReadTokens: value.cacheReadTokens,
    outputTokens: value.outputTokens,
    reasoningTokens: value.reasoningTokens,
  };
}
