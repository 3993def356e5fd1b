/**
 * The settings that make an agent CLI send its telemetry to a Baton team server, per runtime, as text
 * to paste (`baton otel-env` prints it; the /settings/connect page shows it). Sources of each setting
 * (read 2026-12-02) are in docs/cli.md, "baton push and baton otel-env":
 * - Claude Code: environment variables (code.claude.com/docs/en/monitoring-usage): telemetry on,
 *   the OTLP logs exporter over HTTP/protobuf, the server as the base endpoint (the SDK adds
 *   /v1/logs), the token as an Authorization header; metrics off (Baton does not use them).
 * - Codex: `~/.codex/config.toml` `[otel]` (openai/codex docs/config.md): the `otlp-http` exporter
 *   with the full logs URL, protocol "binary", the header; `log_user_prompt = false`.
 * - Gemini CLI: `~/.gemini/settings.json` `telemetry` (gemini-cli docs/cli/telemetry.md): the
 *   settings file has no header option, so the token rides in the path (`/otlp/<token>`), protocol
 *   "http", prompts not logged.
 * Every value is quoted for where it goes (POSIX shell, TOML basic strings, JSON).
 */
import { shellQuote } from "../text/shell-quote";
import { RUNTIME, type TelemetryRuntime } from "../runtimes/runtimes";

export interface OtelSetup {
  runtime: TelemetryRuntime;
  /** "env": lines for a POSIX shell profile; "file": a snippet for `file`. */
  kind: "env" | "file";
  file: string | null;
  text: string;
  notes: string[];
}

/** The placeholder shown when no token is given (the page, `otel-env` without --token). */
export const TOKEN_PLACEHOLDER = "<your token>";

/**
 * `token`: the token to write in, or null for the placeholder. `options.tokenNeeded: false` (a
 * single-user Baton, which has no sign-in and takes telemetry without a token) leaves every token
 * setting out.
 */
export function otelSetup(runtime: TelemetryRuntime, server: string, token: string | null, options: { tokenNeeded?: boolean } = {}): OtelSetup {
  const base = server.replace(/\/+$/, "");
  const secret = token ?? TOKEN_PLACEHOLDER;
  const tokenNeeded = options.tokenNeeded ?? true;
  const dropNote = "Baton keeps only session ids, models, times and token counts; prompts, responses and tool details are dropped on arrival whatever is sent.";
  if (runtime === RUNTIME.claudeCode) {
    const variables: [string, string][] = [
      ["CLAUDE_CODE_ENABLE_TELEMETRY", "1"],
      ["OTEL_LOGS_EXPORTER", "otlp"],
      ["OTEL_METRICS_EXPORTER", "none"],
      ["OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"],
      ["OTEL_EXPORTER_OTLP_ENDPOINT", base],
      ...(tokenNeeded ? [["OTEL_EXPORTER_OTLP_HEADERS", `Authorization=Bearer ${secret}`] as [string, string]] : []),
    ];
    return {
      runtime,
      kind: "env",
      file: null,
      text: variables.map(([name, value]) => `export ${name}=${shellQuote(value)}`).join("\n"),
      notes: ["Add these lines to your shell profile (or to the env block of Claude Code's settings.json), then start a new session.", dropNote],
    };
  }
  if (runtime === RUNTIME.codex) {
    const toml = (value: string) => JSON.stringify(value);
    return {
      runtime,
      kind: "file",
      file: "~/.codex/config.toml",
      text: [
        "[otel]",
        "log_user_prompt = false",
        "",
        '[otel.exporter."otlp-http"]',
        `endpoint = ${toml(`${base}/v1/logs`)}`,
        'protocol = "binary"',
        ...(tokenNeeded ? ["", '[otel.exporter."otlp-http".headers]', `"Authorization" = ${toml(`Bearer ${secret}`)}`] : []),
      ].join("\n"),
      notes: ["Merge this into ~/.codex/config.toml (replace an existing [otel] table), then start a new session.", dropNote],
    };
  }
  return {
    runtime,
    kind: "file",
    file: "~/.gemini/settings.json",
    text: JSON.stringify({ telemetry: { enabled: true, target: "local", otlpEndpoint: tokenNeeded ? `${base}/otlp/${token === null ? TOKEN_PLACEHOLDER : encodeURIComponent(token)}` : base, otlpProtocol: "http", logPrompts: false } }, null, 2),
    notes: [
      tokenNeeded
        ? "Merge the telemetry object into ~/.gemini/settings.json. Gemini CLI's settings take no headers, so the token is part of the address: keep the file private."
        : "Merge the telemetry object into ~/.gemini/settings.json.",
      dropNote,
    ],
  };
}
