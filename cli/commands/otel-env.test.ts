import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { otelSetup } from "../../lib/core/otlp/otel-setup";
import { otelEnvCommand } from "./otel-env";

const capture = async (argv: string[], env: Record<string, string> = {}) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await otelEnvCommand(argv, { out: (line: string) => out.push(line), err: (line: string) => err.push(line) } as never, { HOME: "/nonexistent", ...env } as unknown as NodeJS.ProcessEnv);
  return { code, out: out.join("\n"), err: err.join("\n") };
};

describe("baton otel-env", () => {
  it("prints Claude Code's variables, quoted so a shell reads them back exactly (a hostile token included)", async () => {
    const token = `btn_a'b"c$(touch /tmp/x)`;
    const { code, out } = await capture(["--runtime", "claude-code", "--server", "https://baton.example.com/", "--token", token]);
    expect(code).toBe(0);
    expect(out).toContain("export CLAUDE_CODE_ENABLE_TELEMETRY='1'");
    expect(out).toContain("export OTEL_LOGS_EXPORTER='otlp'");
    expect(out).toContain("export OTEL_EXPORTER_OTLP_PROTOCOL='http/protobuf'");
    const script = `${out.split("\n").filter((line) => line.startsWith("export")).join("\n")}\nprintf '%s\\n%s' "$OTEL_EXPORTER_OTLP_ENDPOINT" "$OTEL_EXPORTER_OTLP_HEADERS"`;
    expect(execFileSync("sh", ["-c", script], { encoding: "utf8" })).toBe(`https://baton.example.com\nAuthorization=Bearer ${token}`);
  });

  it("prints the Codex [otel] table as TOML and the Gemini telemetry settings as JSON", async () => {
    const codex = otelSetup("codex", "https://baton.example.com", 'btn_"x\\');
    expect(codex.file).toBe("~/.codex/config.toml");
    expect(codex.text).toContain('[otel.exporter."otlp-http"]');
    expect(codex.text).toContain('endpoint = "https://baton.example.com/v1/logs"');
    expect(codex.text).toContain('"Authorization" = "Bearer btn_\\"x\\\\"');
    expect(codex.text).toContain("log_user_prompt = false");
    const gemini = otelSetup("gemini-cli", "https://baton.example.com", "btn_1/2");
    expect(JSON.parse(gemini.text)).toEqual({ telemetry: { enabled: true, target: "local", otlpEndpoint: "https://baton.example.com/otlp/btn_1%2F2", otlpProtocol: "http", logPrompts: false } });
  });

  it("leaves every token setting out for a single-user Baton, which takes telemetry without one", () => {
    const claude = otelSetup("claude-code", "http://127.0.0.1:3000", null, { tokenNeeded: false });
    expect(claude.text).not.toMatch(/Authorization|token/i);
    expect(claude.text).toContain("export OTEL_EXPORTER_OTLP_ENDPOINT='http://127.0.0.1:3000'");
    expect(otelSetup("codex", "http://127.0.0.1:3000", null, { tokenNeeded: false }).text).not.toContain("Authorization");
    expect(JSON.parse(otelSetup("gemini-cli", "http://127.0.0.1:3000", null, { tokenNeeded: false }).text).telemetry.otlpEndpoint).toBe("http://127.0.0.1:3000");
  });

  it("uses the stored token for the server, else a placeholder, and refuses a missing runtime or server", async () => {
    const stored = await capture(["--runtime", "codex"], { BATON_SERVER: "https://team.example.com", BATON_TOKEN: "btn_stored" });
    expect(stored.out).toContain("Bearer btn_stored");
    const placeholder = await capture(["--runtime", "codex", "--server", "https://other.example.com"]);
    expect(placeholder.out).toContain("<your token");
    await expect(capture(["--server", "https://x.example.com"])).rejects.toThrow(/--runtime/);
    await expect(capture(["--runtime", "codex"])).rejects.toThrow(/--server/);
  });
});
