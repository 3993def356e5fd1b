/**
 * Each secret form people write in handoffs (prose, tables, code, vendor shapes) is masked, and each
 * plainly-not-secret value next to the same words is left alone.
 */
import { describe, expect, test } from "vitest";
import { maskSecrets } from "./mask-secrets";
import { fakeSecrets } from "./test-support/fake-secrets";

const s = fakeSecrets;
const hex = s.hex32();
const b62 = s.base62();
const uuid = "3f2a9c1e-4b5d-4e6f-8a7b-9c0d1e2f3a4b";
const sha = "0f3c2a1b9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a";

function expectMasked(text: string, value: string, type?: string) {
  const result = maskSecrets(text);
  expect(result.text).not.toContain(value);
  expect(result.secrets.length).toBeGreaterThan(0);
  if (type) expect(result.secrets.map((secret) => secret.type)).toContain(type);
  return result;
}

describe("masks label-driven secrets", () => {
  test.each([
    ["prose: API key in backticks", `The API key \`${hex}\` is for staging.`],
    ["prose: operator credential", `Operator credential: \`${hex}\``],
    ["prose: token is", `The token is ${b62}.`],
    ["prose: access token with words between", `Use the access token for staging ${b62} until Friday.`],
    ["prose: bold label", `**Secret:** ${b62}`],
    ["prose: bearer word", `bearer ${b62}`],
    ["prose: auth", `auth: ${b62}`],
    ["prose: client secret in parentheses", `client secret (prod) = ${b62}`],
    ["prose: private key inline", `private key ${s.basicAuth()}`],
    ["prose: Portuguese", `A chave de API é \`${hex}\``],
    ["prose: Portuguese password", `senha: Tr0ub4dor&3x`],
    ["prose: Spanish", `Contraseña: \`Tr0ub4dor&3x\``],
    ["prose: German", `API-Schlüssel: ${b62}`],
    ["prose: German password", `Passwort ist \`Tr0ub4dor&3x\``],
    ["prose: French", `Clé API : \`${hex}\``],
    ["prose: French password", `mot de passe : \`Tr0ub4dor&3x\``],
    ["table row: credential", `| credential | \`${hex}\` |`],
    ["table row: API key bare", `| API key | ${b62} |`],
    ["table row: bold label", `| **Token** | \`${b62}\` | rotate monthly |`],
    ["table column: Token", `| Service | Token |\n|---|---|\n| billing | ${b62} |`],
    ["table column: Secret (prod)", `| Env | Secret (prod) |\n| :-- | --: |\n| prod | \`${hex}\` |`],
    ["table column: Password", `| User | Password |\n|---|---|\n| admin | Tr0ub4dor&3x |`],
    ["table column: plain Key with a random value", `| Service | Key |\n|---|---|\n| maps | ${b62} |`],
    ["code: env assignment", `X_API_KEY=${hex}`],
    ["code: JSON", `{"token": "${b62}"}`],
    ["code: JS object, camelCase name", `const client = new Client({ apiKey: "${b62}" });`],
    ["code: Ruby hash", `client_secret => '${b62}'`],
    ["code: Go", `accessToken := "${b62}"`],
    ["code: header in curl", `curl -H "X-Api-Key: ${b62}" https://api.example.com`],
    ["code: Basic auth header", `Authorization: Basic ${s.basicAuth()}`],
    ["code: bearer header", `Authorization: Bearer ${b62}`],
    ["code: CLI flag", `gh auth login --token ${b62}`],
    ["code: query string", `https://api.example.com/v1?api_key=${hex}&q=1`],
    ["code: YAML", `  password: "Tr0ub4dor&3x"`],
    ["sha-shaped value right after a token label", `GITHUB_TOKEN: ${sha}`],
    ["UUID right after an API key label", `HEROKU_API_KEY=${uuid}`],
    ["UUID right after a session token label", `Session token: ${uuid}`],
  ])("%s", (_name, text) => {
    const value = [hex, b62, uuid, sha, "Tr0ub4dor&3x", s.basicAuth()].find((candidate) => text.includes(candidate))!;
    expectMasked(text, value);
  });
});

test("a URL password with a digit is a password, even when it holds the word", () => {
  expectMasked("postgresql://postgres:Senha2026x@db.example.co/p", "Senha2026x", "url-password");
});

test("a label joined to a random value by a hyphen is still a label", () => {
  expectMasked(`the token-${b62} leaked`, b62);
});

describe("masks prefix-shaped and vendor keys", () => {
  test.each([
    ["project key aw_live_<32 hex>", s.projectKey(), "api-key"],
    ["project key in prose", s.projectKey(40, "acme", "prod"), "api-key"],
    ["project key, sk kind", s.projectKey(41, "app", "sk"), "api-key"],
    ["project key, test", s.projectKey(42, "widget", "test"), "api-key"],
    ["Stripe restricted key", s.stripeRestricted(), "stripe-key"],
    ["SendGrid", s.sendgridKey(), "sendgrid-key"],
    ["Google OAuth client secret", s.googleOauthSecret(), "google-oauth-secret"],
    ["DigitalOcean", s.digitaloceanToken(), "digitalocean-token"],
    ["Shopify", s.shopifyToken(), "shopify-token"],
    ["Linear", s.linearKey(), "linear-key"],
    ["Groq", s.groqKey(), "groq-key"],
    ["Replicate", s.replicateToken(), "replicate-token"],
    ["Docker Hub", s.dockerToken(), "docker-token"],
    ["Databricks", s.databricksToken(), "databricks-token"],
    ["Telegram bot", s.telegramToken(), "telegram-bot-token"],
    ["age", s.ageKey(), "age-secret-key"],
    ["Postman", s.postmanKey(), "postman-key"],
    ["OpenRouter", s.openrouterKey(), "openrouter-key"],
    ["GitLab deploy token", s.gitlabDeployToken(), "gitlab-token"],
    ["Supabase", s.supabaseKey(), "supabase-key"],
    ["Tailscale", s.tailscaleKey(), "tailscale-key"],
  ])("%s", (_name, value, type) => {
    const result = expectMasked(`Deployed with ${value} yesterday.`, value, type);
    expect(result.secrets).toHaveLength(1);
    expect(result.text).toBe(`Deployed with [secret:${type} …${value.slice(-4)}] yesterday.`);
  });

  test("Stripe publishable keys are public by design", () => {
    const text = `publishable ${["pk", "live", s.base62(24, 50)].join("_")}`;
    expect(maskSecrets(text).text).toBe(text);
  });
});

describe("does not mask what is plainly not a secret", () => {
  test.each([
    ["permission enum", "git_credentials=read_write"],
    ["permission enum, dashed", "token_permissions: read-only"],
    ["booleans and nulls", "api_key: null\ntoken: false\nsecret: true\npassword: none\nSECRET=None"],
    ["UUID named as an id (idempotency key)", `idempotency key: ${uuid}`],
    ["UUID named as an id (bold label)", `- **Idempotency key:** \`${uuid}\``],
    ["UUID as a request id after a token word", `token request ${uuid} failed`],
    ["session id", `Session id: ${uuid}`],
    ["git sha as HEAD", `HEAD: ${sha}`],
    ["git sha after words", `The token fix landed in ${sha}.`],
    ["short sha", "token rotation commit `abc1234`"],
    ["file path", "API key file: `config/keys/prod.json`"],
    ["home path", "token stored in `~/.config/gh/hosts.yml`"],
    ["source path", "secret store in `src/lib/secret-store.ts`"],
    ["version", "token format v2.3.1"],
    ["version in backticks", "API key `v1.2.3`"],
    ["env-var name without a value", "Set `OPENAI_API_KEY` before running."],
    ["env-var name as the value", "token: GITHUB_TOKEN"],
    ["env-var name in a table", "| Secret | Where |\n|---|---|\n| `OPENAI_API_KEY` | CI settings |"],
    ["placeholder in angle brackets", "API key: `<your-key>`"],
    ["x placeholder", "token: xxx"],
    ["stars", "password: ***"],
    ["shell variable", "token: ${TOKEN}"],
    ["process.env", "apiKey: process.env.OPENAI_API_KEY"],
    ["token counts", "max_tokens: 4096\nTokens used: 123456\n**Token budget:** 92% used"],
    ["git credential helper", "credential.helper=store"],
    ["prose after a label", "The API key was rotated yesterday.\nPassword policy: 12 characters minimum."],
    ["label then a URL", "See the token docs at https://example.com/docs/tokens"],
    ["label then a URL without credentials", "token endpoint https://auth.example.com/oauth/token"],
    ["key name", "API key name: billing-prod"],
    ["identifier after a label", "the token `sessionTokenV2` is renamed; secret `module_42_config_v2` too"],
    ["number after a label", "token 123456789012345"],
    ["date after a label", "secret rotated 2026-11-02T10:00:00Z"],
    ["email after a label", "credentials: ops@example.com"],
    ["password manager", "Password: see 1Password"],
    ["secret scanning setting", "Secret scanning: enabled"],
    ["key-value table", "| Key | Value |\n|---|---|\n| Runtime | codex |\n| HEAD | `abc1234` |"],
    ["token column with counts", "| Model | Tokens |\n|---|---|\n| gpt-5 | 123456 |"],
    ["words that start like prefixes", "the sk-learn model, task_live_preview_mode and a risk_test_suite"],
    ["label inside a word", "OAuth is fine; tokenizer `bert-base-uncased-v2` too"],
    ["label as the first part of a hyphenated ticket name", "owner: the assistant under `AUTH-SR-WORK-FOLLOWUP-20260101`"],
    ["the word for password in a URL (pt)", "DATABASE_URL=postgresql://postgres:SENHA@db.example.co:5432/postgres"],
    ["a possessive and the word for password in a URL", "mysql://root:TuContraseña@localhost/db and redis://:YourPassword@cache:6379"],
    ["label joined to a word by a hyphen", "token-based login, password-protected zip, SECRET-ROTATION-PLAN-2026Q3"],
  ])("%s", (_name, text) => {
    const result = maskSecrets(text);
    expect(result.secrets).toEqual([]);
    expect(result.text).toBe(text);
  });
});

describe("every occurrence", () => {
  test("a value caught after its label on one line is masked on every other line", () => {
    const text = [`API key: \`${hex}\``, "", `curl -H 'x: ${hex}' …`, `retry with ${hex}`].join("\n");
    const result = maskSecrets(text);
    expect(result.text).not.toContain(hex);
    expect(result.secrets.map((secret) => secret.line)).toEqual([1, 3, 4]);
    expect(result.distinctCount).toBe(1);
  });

  test("every occurrence of a value shows the same type, the most specific one found", () => {
    const token = s.githubToken();
    const result = maskSecrets(`API key: \`${token}x\`\nGITHUB_TOKEN=${token}\nagain ${token}`);
    expect(new Set(result.secrets.filter((secret) => secret.last4 === token.slice(-4)).map((secret) => secret.type))).toEqual(new Set(["github-token"]));
    const value = s.base62(30, 60);
    const mixed = maskSecrets(`The token is ${value}\nSERVICE_TOKEN=${value}`);
    expect(mixed.secrets.map((secret) => secret.type)).toEqual(["env-assignment", "env-assignment"]);
  });

  test("a short password repeats only as a whole token", () => {
    const text = "DB_PASSWORD=hunter22\nlogin with hunter22 works; hunter223 is another word";
    const result = maskSecrets(text);
    expect(result.text).toBe("DB_PASSWORD=[secret:env-assignment]\nlogin with [secret:env-assignment] works; hunter223 is another word");
    expect(result.distinctCount).toBe(1);
  });

  test("distinct values are counted once each, however often they appear", () => {
    const text = `token ${b62}\n${b62}\nAPI key ${hex}\n${hex} ${b62}`;
    const result = maskSecrets(text);
    expect(result.secrets).toHaveLength(5);
    expect(result.distinctCount).toBe(2);
  });

  test("overlapping detections are masked as one span, nothing of either left", () => {
    const token = s.githubToken();
    const text = `TOKEN=prefix-${token}`;
    const result = maskSecrets(text);
    expect(result.text).not.toContain(token.slice(4, 30));
    expect(result.secrets).toHaveLength(1);
  });

  test("the finding names the rule's type and line, and the mask keeps type and last 4", () => {
    const result = maskSecrets(`# Handoff\n\nDeploy with the operator credential \`${hex}\` today.`);
    expect(result.secrets).toEqual([{ type: "credential", last4: hex.slice(-4), line: 3, distinctId: 1 }]);
    expect(result.text).toBe(`# Handoff\n\nDeploy with the operator credential \`[secret:credential …${hex.slice(-4)}]\` today.`);
  });
});
