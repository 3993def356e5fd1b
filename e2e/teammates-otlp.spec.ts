/**
 * Issue 17, a teammate's session over OpenTelemetry (single-user mode: the token is not checked): the
 * real Claude Code 2.1.197 bodies captured in lib/core/otlp/__fixtures__/captured go to /v1/logs as
 * Claude Code sent them; the session is in /api/sessions (origin otlp) and on the sessions list; the
 * connect page shows each runtime's settings. Named to run after sessions.spec.ts, which counts the
 * demo's sessions (files run in name order).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, oncePerDatabase } from "./fixtures/test";
import { shot } from "./screenshot";

oncePerDatabase(test);

const CAPTURE = path.resolve(import.meta.dirname, "../lib/core/otlp/__fixtures__/captured/claude-code-2.1.197");
const SESSION = "e40b49f3-edfe-463a-ae79-87acb23380ee";

test("a Claude Code session streamed over OTLP appears in /api/sessions and on the sessions list", async ({ page, request }) => {
  for (const file of readdirSync(CAPTURE).filter((name) => name.endsWith(".bin")).sort()) {
    const response = await request.post("/v1/logs", { data: readFileSync(path.join(CAPTURE, file)), headers: { "Content-Type": "application/x-protobuf" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/x-protobuf");
  }
  // The path-token form reaches the same receiver; an unknown signal is a 404.
  const traces = await request.post("/otlp/btn_anything/v1/traces", { data: "{}", headers: { "Content-Type": "application/json" } });
  expect(traces.status()).toBe(200);
  expect((await request.post("/otlp/btn_anything/v1/nothing", { data: "{}", headers: { "Content-Type": "application/json" } })).status()).toBe(404);
  expect((await request.post("/v1/logs", { data: "x", headers: { "Content-Type": "text/plain" } })).status()).toBe(415);

  const listed = await request.get(`/api/sessions?sessionId=${SESSION}`);
  expect(listed.status()).toBe(200);
  expect((await listed.json()).sessions).toMatchObject([{ sessionId: SESSION, runtime: "claude-code", origin: "otlp", requests: 3, outputTokens: 158 }]);

  await page.goto("/sessions");
  await page.getByRole("table", { name: "Sessions" }).getByRole("link", { name: SESSION }).click();
  // Its page: telemetry's three requests (the log, once it arrives, replaces them).
  await expect(page.getByRole("heading", { level: 1, name: SESSION })).toBeVisible();
  await expect(page.getByText("de-duplicated, subagents included").locator("..")).toContainText("3");
  await expect(page.getByTestId("burn-chart")).toBeVisible();
  await shot(page, "session-over-otlp");
});

test("the connect page shows the settings for Claude Code, Codex and Gemini CLI", async ({ page }) => {
  await page.goto("/settings/connect");
  await expect(page.getByRole("heading", { level: 1, name: "Connect your agents" })).toBeVisible();
  for (const name of ["Claude Code", "Codex CLI", "Gemini CLI"]) await expect(page.getByRole("region", { name })).toBeVisible();
  await expect(page.getByRole("region", { name: "Claude Code" })).toContainText("export OTEL_EXPORTER_OTLP_PROTOCOL='http/protobuf'");
  await expect(page.getByRole("region", { name: "Codex CLI" })).toContainText('[otel.exporter."otlp-http"]');
  await expect(page.getByRole("region", { name: "Gemini CLI" })).toContainText('"otlpProtocol": "http"');
  await expect(page.getByText("Prompts, responses, tool inputs and outputs are dropped")).toBeVisible();
  // Single-user Baton takes telemetry without a token (the Tokens page says none is needed): none is asked for.
  await expect(page.getByText("<your token>")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Claude Code" })).not.toContainText("Authorization");
  await shot(page, "settings-connect");
});
