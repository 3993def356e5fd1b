import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { decodeText } from "../text/decode";
import { parseHandoffPath } from "./handoff-path";
import { lintHandoff } from "./lint-handoff";
import { maskSecrets } from "./secrets/mask-secrets";
import { parseHandoff } from "./parse-handoff";
import { resolvePointerDetailed } from "./pointers/resolve-pointer";
import { fakeSecrets, pemBlock } from "./secrets/test-support/fake-secrets";
import type { ParsedHandoff } from "./types";

const OWN_FIXTURES = path.join(import.meta.dirname, "__fixtures__");
const PUBLIC_FIXTURES = "/work/shared/fixtures/public/handoff";

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith(".md") ? [full] : [];
  });
}

/** The same pipeline ingest runs: bytes → decode → mask → parse. */
function pipeline(bytes: Uint8Array) {
  const decoded = decodeText(bytes, { maxBytes: 1024 * 1024 });
  expect(decoded.issues).toEqual([]);
  const masked = maskSecrets(decoded.value ?? "");
  const parsed = parseHandoff(masked.text);
  return { text: decoded.value ?? "", masked, parsed };
}

/** Invariants every parse result must hold, whatever the input looked like. */
function expectSaneFields(value: ParsedHandoff, lineCount: number): void {
  const inRange = (line: number | null | undefined) => {
    if (line === null || line === undefined) return;
    expect(line).toBeGreaterThanOrEqual(1);
    expect(line).toBeLessThanOrEqual(lineCount);
  };
  for (const section of value.sections) inRange(section.line);
  for (const item of value.state) {
    inRange(item.line);
    for (const sha of item.commitShas) expect(sha).toMatch(/^[0-9a-f]{7,40}$/);
    for (const ref of item.fileRefs) expect(ref.line === null || ref.line > 0).toBe(true);
  }
  for (const command of value.verification) {
    inRange(command.line);
    expect(command.command.trim()).not.toBe("");
  }
  for (const decision of value.decisions) inRange(decision.line);
  inRange(value.goal?.line);
  inRange(value.nextAction?.line);
  inRange(value.pointers.thisLine);
  inRange(value.pointers.previousLine);
  if (value.identity.headSha !== null) expect(value.identity.headSha).toMatch(/^[0-9a-f]{7,40}$/);
  if (value.ownCommitSha !== null) expect(value.ownCommitSha).toMatch(/^[0-9a-f]{7,40}$/);
  if (value.identity.timestamp !== null) expect(value.identity.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{3})?Z?)?$/);
  if (value.identity.sessionId !== null) expect(value.identity.sessionId.toLowerCase()).not.toBe("unknown");
}

describe.skipIf(!existsSync(PUBLIC_FIXTURES))(
  `public handoff samples (${existsSync(PUBLIC_FIXTURES) ? PUBLIC_FIXTURES : `skipped: ${PUBLIC_FIXTURES} is absent`})`,
  () => {
    const files = existsSync(PUBLIC_FIXTURES) ? markdownFiles(PUBLIC_FIXTURES) : [];

    test("there are samples to read", () => {
      expect(files.length).toBeGreaterThan(0);
    });

    test.each(files.map((file) => [path.relative(PUBLIC_FIXTURES, file), file]))("%s parses with sane fields", (_name, file) => {
      const bytes = readFileSync(file);
      const { text, parsed } = pipeline(bytes);
      expect(parsed.issues.filter((issue) => issue.rule === "parse-internal-error")).toEqual([]);
      expectSaneFields(parsed.value, text.split("\n").length);
      const relative = path.relative(PUBLIC_FIXTURES, file);
      const findings = lintHandoff(parsed.value, { path: relative, pathInfo: parseHandoffPath(relative), secrets: [] });
      for (const finding of findings) expect(finding.message).not.toBe("");
    });

    const sample = (name: string) => path.join(PUBLIC_FIXTURES, name);
    const choiros = sample("real-agent-written/choiros-rs__2026-02-05-144456-chat-tool-streaming-ui-next-steps.md");
    test.skipIf(!existsSync(choiros))("softaworks-template handoff (choiros): metadata, chain, work completed", () => {
      const { value } = pipeline(readFileSync(choiros)).parsed;
      expect(value.title).toBe("Handoff: Chat Tool Streaming + UI Architecture Reconciliation");
      expect(value.identity).toMatchObject({ branch: "main", timestamp: "2026-02-05T14:44:56", sessionId: null, headSha: null });
      expect(value.pointers.previousPath).toBe("./2026-02-05-123043-axum-refactor.md");
      expect(resolvePointerDetailed(value.pointers.previousPath ?? "", "docs/handoffs/2026-02-05-144456-chat.md").path).toBe(
        "docs/handoffs/2026-02-05-123043-axum-refactor.md",
      );
      expect(value.state.filter((item) => item.status === "done").length).toBeGreaterThanOrEqual(6);
      expect(value.decisions.length).toBe(3);
      expect(value.decisions[0]?.text).toContain("Stream tool events from EventStore");
      expect(value.nextAction?.text).toContain("architecture reconciliation note");
    });

    const playoff = sample("real-agent-written/PlayoffChallenge__docs_ai_handoff.md");
    test.skipIf(!existsSync(playoff))("free-form handoff (PlayoffChallenge): objective and exit criteria", () => {
      const { value } = pipeline(readFileSync(playoff)).parsed;
      expect(value.goal?.text).toContain("Establish a strict, safe admin UI surface");
      expect(value.state.length).toBe(6);
      expect(value.state.every((item) => item.status === "not-started")).toBe(true);
    });

    const stayFocused = sample("real-agent-written/stay-focused-v2__docs_ai_handoff.md");
    test.skipIf(!existsSync(stayFocused))("rolling 1,800-line handoff (stay-focused): branch, next task, baselines", () => {
      const started = performance.now();
      const { value } = pipeline(readFileSync(stayFocused)).parsed;
      expect(performance.now() - started).toBeLessThan(3000);
      expect(value.identity.branch).toBe("main");
      expect(value.nextAction?.line).toBe(518);
      expect(value.verification.some((command) => command.command === "git diff --check")).toBe(true);
    });
  },
);

describe("own fixtures", () => {
  const read = (name: string) => readFileSync(path.join(OWN_FIXTURES, name));

  test.each(markdownFiles(OWN_FIXTURES).map((file) => [path.basename(file), file]))("%s parses with sane fields", (_name, file) => {
    const { text, parsed } = pipeline(readFileSync(file));
    expect(parsed.issues).toEqual([]);
    expectSaneFields(parsed.value, text.split("\n").length);
  });

  test("protocol headings: every required section and field", () => {
    const { value } = pipeline(read("protocol-headings.md")).parsed;
    expect(value.sections.map((section) => section.key)).toEqual(
      expect.arrayContaining(["identity", "goal", "decisions", "state", "next-action", "verification", "resume-pointer", "resume-command"]),
    );
    expect(value.identity).toMatchObject({ runtime: "claude-code", headSha: "3e9f1c2", timestamp: "2026-08-08T12:32:00.000Z" });
    expect(value.state.map((item) => item.status)).toEqual(["done", "done", "in-progress", "not-started", "not-started"]);
    expect(value.verification.map((command) => command.lastResult)).toEqual([
      "72 errors (all in src/app/lib/repositories)",
      "0 errors, 3 warnings",
      "51 passed, 0 failed",
    ]);
    expect(value.ownCommitSha).toBe("4c5d6e7f8a9b");
  });

  test("bold labels: codex runtime, unknown session id, labels for state", () => {
    const { value } = pipeline(read("bold-labels.md")).parsed;
    expect(value.identity).toMatchObject({ runtime: "codex", runtimeRaw: "OpenAI Codex CLI", sessionId: null, sessionIdRaw: "unknown" });
    expect(value.state.map((item) => [item.status, item.commitShas, item.fileRefs.map((ref) => ref.line)])).toEqual([
      ["done", ["5e6f7a8b"], []],
      ["in-progress", [], [42]],
      ["not-started", [], []],
    ]);
    expect(value.verification.map((command) => command.command)).toEqual(["npm test -- bff", "npm run typecheck", "npm run build", "npm run e2e -- --grep bff"]);
    expect(value.pointers.previousPath).toBeNull();
    expect(value.ownCommitSha).toBe("6a7b8c9d");
  });

  test("tables and front matter: identity merged from both", () => {
    const { value } = pipeline(read("tables-frontmatter.md")).parsed;
    expect(value.title).toBe("Migrate chart preparers");
    expect(value.identity).toMatchObject({ runtime: "gemini-cli", branch: "refactor/chart-preparers", headSha: "b7c8d9e0f1a2" });
    expect(value.frontMatter).toMatchObject({ model: "gemini-2.5-pro" });
    expect(value.pointers).toMatchObject({
      thisPath: "docs/ai/handoff/gemini-cli/01032026/handoff_migrate-chart-preparers.md",
      previousPath: null,
    });
  });

  test("hostile content stays inert data: nothing resolves to a script URL", () => {
    const { value } = pipeline(read("hostile-content.md")).parsed;
    const from = "docs/ai/handoff/opencode/05052026/handoff_sanitise.md";
    for (const pointer of [value.pointers.thisPath, value.pointers.previousPath]) {
      const resolved = resolvePointerDetailed(pointer ?? "", from);
      expect(resolved.path).toBeNull();
      expect(resolved.finding?.rule).toBe("pointer-unresolvable");
    }
    expect(value.identity.headSha).toBeNull();
    expect(value.identity.headShaRaw).toBe("javascript:alert(3)");
    expect(value.nextAction?.commands).toEqual(["npm test -- sanitise"]);
    const findings = lintHandoff(value, { path: from, pathInfo: parseHandoffPath(from), secrets: [] });
    expect(findings.filter((finding) => finding.rule === "head-sha-malformed")).toHaveLength(1);
  });

  test("secrets: masked before parsing, counted, reported per occurrence", () => {
    const githubToken = fakeSecrets.githubToken();
    const template = read("with-secrets.md").toString("utf8");
    const text = template
      .replaceAll("{{GITHUB_TOKEN}}", githubToken)
      .replace("{{AWS_ACCESS_KEY}}", fakeSecrets.awsAccessKey())
      .replace("{{AWS_SECRET_KEY}}", fakeSecrets.awsSecretKey())
      .replace("{{OPENAI_KEY}}", fakeSecrets.openaiKey())
      .replace("{{DB_PASSWORD}}", "s3cr3t-Passw0rd")
      .replace("{{PEM_BLOCK}}", pemBlock());
    const { masked, parsed } = pipeline(new TextEncoder().encode(text));
    expect(masked.secrets.map((secret) => secret.type)).toEqual([
      "github-token",
      "aws-access-key",
      "aws-secret-key",
      "openai-key",
      "url-password",
      "private-key",
      "github-token",
    ]);
    expect(masked.distinctCount).toBe(6);
    expect(masked.text.split("\n")).toHaveLength(text.split("\n").length);
    expect(masked.text).not.toContain(githubToken);
    expect(masked.text).not.toContain("BEGIN RSA PRIVATE KEY");
    expect(JSON.stringify(parsed.value)).not.toContain(githubToken.slice(4, 20));
    const path = "docs/ai/handoff/claude-code/02042026/handoff_deploy-pipeline.md";
    const findings = lintHandoff(parsed.value, { path, pathInfo: parseHandoffPath(path), secrets: masked.secrets });
    const secretFindings = findings.filter((finding) => finding.rule === "secret-present");
    expect(secretFindings).toHaveLength(7);
    expect(secretFindings.map((finding) => finding.line)).toEqual(masked.secrets.map((secret) => secret.line));
    expect(parsed.value.nextAction?.commands).toEqual(["gh workflow run deploy.yml"]);
  });
});
