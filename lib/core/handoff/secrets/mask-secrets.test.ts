import { describe, expect, test } from "vitest";
import { expectLinear } from "../../test-support/expect-linear";
import { maskSecrets } from "./mask-secrets";
import { fakeSecrets, pemBlock } from "./test-support/fake-secrets";

const s = fakeSecrets;

describe("maskSecrets: detects", () => {
  test.each([
    ["AWS access key", () => `aws key ${s.awsAccessKey()} in use`, "aws-access-key"],
    ["AWS secret key (by name)", () => `aws_secret_access_key = ${s.awsSecretKey()}`, "aws-secret-key"],
    ["GitHub classic token", () => `token ${s.githubToken()}`, "github-token"],
    ["GitHub OAuth token", () => `(${s.githubOauth()})`, "github-token"],
    ["GitHub fine-grained PAT", () => `pat: ${s.githubPat()}`, "github-token"],
    ["Anthropic key", () => `key ${s.anthropicKey()}`, "anthropic-key"],
    ["OpenAI legacy key", () => `"${s.openaiKey()}"`, "openai-key"],
    ["OpenAI project key", () => `use ${s.openaiProjectKey()} here`, "openai-key"],
    ["Google API key", () => `maps ${s.googleKey()}`, "google-api-key"],
    ["Slack bot token", () => `slack ${s.slackToken()}`, "slack-token"],
    ["Stripe live key", () => `stripe ${s.stripeKey()}`, "stripe-key"],
    ["npm token", () => `//registry.npmjs.org/:_authToken=${s.npmToken()}`, "npm-token"],
    ["JWT", () => `cookie=${s.jwt()};`, "jwt"],
    ["Bearer token", () => `Authorization: Bearer abcDEF1234567890ghiJKL`, "bearer-token"],
    ["URL password", () => `DATABASE_URL=postgres://baton:Sup3rS3cretPw@db.internal:5432/baton`, "url-password"],
    ["dotenv assignment", () => `OPENAI_API_KEY=abc123def456ghi789`, "env-assignment"],
    ["export with quotes", () => `export DB_PASSWORD="hunter2-but-longer"`, "env-assignment"],
    ["YAML token", () => `  token: 9f8e7d6c5b4a3210fedcba`, "env-assignment"],
    ["bullet with bold label", () => `- **API key:** \`k3y-v4lue-0987654321\``, "env-assignment"],
    ["JSON key", () => `{"client_secret": "cs_0123456789abcdef"}`, "env-assignment"],
    ["inline in a command", () => "run `STRIPE_SECRET=abc123xyz789 npm test`", "env-assignment"],
    ["weak name with a random value", () => `SUPABASE_KEY=${"a1B2".repeat(6)}`, "env-assignment"],
  ])("%s", (_name, build, type) => {
    const text = build();
    const result = maskSecrets(text);
    expect(result.secrets.map((secret) => secret.type)).toEqual([type]);
    expect(result.text).toContain(`[secret:${type}`);
    expect(result.distinctCount).toBe(1);
  });

  test("masked text keeps only the type and last 4 characters", () => {
    const token = s.githubToken();
    const result = maskSecrets(`GITHUB_TOKEN=${token}\n`);
    expect(result.text).toBe(`GITHUB_TOKEN=[secret:github-token …${token.slice(-4)}]\n`);
    expect(result.text).not.toContain(token.slice(0, 10));
    expect(result.secrets).toEqual([{ type: "github-token", last4: token.slice(-4), line: 1, distinctId: 1 }]);
  });

  test("short values reveal nothing", () => {
    const result = maskSecrets("DB_PASSWORD=hunter22\n");
    expect(result.text).toBe("DB_PASSWORD=[secret:env-assignment]\n");
    expect(result.secrets[0]?.last4).toBe("");
  });

  test("URL passwords: only the password is masked", () => {
    const result = maskSecrets("postgres://u:correct-horse-battery@h:5432/db");
    expect(result.text).toBe("postgres://u:[secret:url-password …tery]@h:5432/db");
  });

  test("PEM private key block across lines keeps the line count", () => {
    const text = `before\n${pemBlock()}\nafter: line 8`;
    const result = maskSecrets(text);
    expect(result.secrets).toMatchObject([{ type: "private-key", line: 2 }]);
    expect(result.text.split("\n")).toHaveLength(text.split("\n").length);
    expect(result.text.split("\n")[7]).toBe("after: line 8");
    expect(result.text).not.toContain("PRIVATE KEY-----\n");
  });

  test.each(["", "OPENSSH ", "EC ", "ENCRYPTED "])("PEM kind %s", (kind) => {
    expect(maskSecrets(pemBlock(kind)).secrets.map((x) => x.type)).toEqual(["private-key"]);
  });

  test("PEM block without END (truncated paste) masks the base64 lines", () => {
    const text = `-----BEGIN PRIVATE KEY-----\n${s.pemBody()}\n\nnext paragraph`;
    const result = maskSecrets(text);
    expect(result.text.endsWith("\n\nnext paragraph")).toBe(true);
    expect(result.text).not.toContain(s.pemBody().slice(0, 20));
  });

  test("line numbers point at each occurrence; distinct values are counted once", () => {
    const token = s.githubToken();
    const other = s.openaiKey();
    const text = [`# Handoff`, `a ${token}`, `b`, `c ${token}`, `d ${other}`].join("\n");
    const result = maskSecrets(text);
    expect(result.secrets.map((secret) => [secret.line, secret.type, secret.distinctId])).toEqual([
      [2, "github-token", 1],
      [4, "github-token", 1],
      [5, "openai-key", 2],
    ]);
    expect(result.distinctCount).toBe(2);
  });

  test("a more specific type wins over the assignment around it", () => {
    const result = maskSecrets(`ANTHROPIC_API_KEY=${s.anthropicKey()}`);
    expect(result.secrets.map((secret) => secret.type)).toEqual(["anthropic-key"]);
  });

  test("masking is idempotent", () => {
    const once = maskSecrets(`OPENAI_API_KEY=${s.openaiKey()}\nDB_PASSWORD="hunter2-but-longer"`).text;
    const twice = maskSecrets(once);
    expect(twice.text).toBe(once);
    expect(twice.secrets).toEqual([]);
  });
});

describe("maskSecrets: leaves alone", () => {
  test.each([
    ["placeholder in angle brackets", "OPENAI_API_KEY=<your-key>"],
    ["x placeholder", "GITHUB_TOKEN=xxx"],
    ["long x placeholder in a token shape", "sk-proj-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"],
    ["changeme", "DB_PASSWORD=changeme"],
    ["shell variable", 'export API_KEY="${API_KEY}"'],
    ["bare variable", "API_TOKEN=$API_TOKEN"],
    ["GitHub Actions secret", "token: ${{ secrets.GITHUB_TOKEN }}"],
    ["empty", "API_KEY="],
    ["empty quoted", 'API_KEY=""'],
    ["env var names only", "- `OPENAI_API_KEY`, `ZAI_API_KEY`"],
    ["token counts", "max_tokens: 4096\ninput_tokens=120000"],
    ["token budget prose", "**Token budget:** 92% used"],
    ["prose after a colon", "Password: stored in 1Password, never in the repo"],
    ["path values", "GOOGLE_APPLICATION_CREDENTIALS=/home/me/creds.json\nPWD=/work/repo"],
    ["reference values", "apiKey: process.env.OPENAI_API_KEY"],
    ["code assignment", "const token = getToken();"],
    ["URL without password", "https://user@github.com/org/repo.git"],
    ["URL with placeholder password", "postgres://user:${DB_PASSWORD}@localhost/db"],
    ["URL with a placeholder word as password", "https://user:token@github.com/org/repo.git"],
    ["git shas", "HEAD: 0f3c2a1b9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a\ncommit `abc1234`"],
    ["words that start like prefixes", "the sk-learn model and task-list and risk-based review"],
    ["already masked", "GITHUB_TOKEN=[secret:github-token …abcd]"],
    ["AKIA-like but wrong length", "AKIA123"],
    ["key names for non-secrets", "primary_key: user_id\nsort_key=created_at"],
    ["token type", "TOKEN_TYPE=bearer_access_token_v2"],
    ["numbers", "SESSION_SECRET=123456789"],
    ["my-key placeholder", "OPENAI_API_KEY=sk-my-key-here"],
  ])("%s", (_name, text) => {
    const result = maskSecrets(text);
    expect(result.secrets).toEqual([]);
    expect(result.text).toBe(text);
  });
});

describe("maskSecrets: linear time on adversarial input", () => {
  test.each([
    ["repeated JWT prefix", "eyJ"],
    ["repeated JWT prefix with dots", "eyJa."],
    ["repeated sk- prefix", "sk-"],
    ["repeated GitHub prefix", "ghp_"],
    ["repeated URL scheme", "a://"],
    ["repeated URL user", "a://b:"],
    ["repeated assignment", "API_KEY="],
    ["repeated quote assignment", "a='"],
    ["repeated JSON key", '"token":'],
    ["repeated BEGIN", "-----BEGIN "],
    ["repeated BEGIN PRIVATE KEY", "-----BEGIN PRIVATE KEY-----"],
    ["repeated Bearer", "Bearer "],
    ["letters only", "a"],
    ["spaces", " "],
    ["colon-heavy bullet", "- **API key"],
    ["hooks", "hooks.slack.com/services/"],
    ["AKIA", "AKIA"],
    ["words with spaces", "a b "],
  ])("%s on a 1 MB line", (_name, unit) => {
    expectLinear(
      (bytes) => {
        const line = unit.repeat(Math.ceil(bytes / unit.length));
        maskSecrets(`API key: ${line}`);
        maskSecrets(line);
      },
      { size: 1024 * 1024 },
    );
  });

  test("many short lines", () => {
    expectLinear((bytes) => maskSecrets("export API_KEY=abc\n- token: x\n".repeat(Math.ceil(bytes / 30))), { size: 1_200_000 });
  });
});
