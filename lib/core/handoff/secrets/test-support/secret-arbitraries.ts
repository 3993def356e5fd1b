/**
 * fast-check generators for the secret properties: a random secret of each supported shape, the places
 * people put one in a handoff, and the non-secrets that must never be masked. Prefixes are joined at
 * run time so no credential-looking literal sits in the repo.
 */
import fc from "fast-check";
import { randomish } from "./fake-secrets";

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const ALNUM = `${UPPER}${LOWER}${DIGITS}`;
const HEX = "0123456789abcdef";
const B64URL = `${ALNUM}-_`;

/**
 * Uniform random draws (from a seed fast-check picks), as a generated key is: fast-check's own string
 * generators favour repetitive values (`AAAA…`), which are placeholders, not keys.
 */
const chars = (alphabet: string, length: number) => fc.integer({ min: 1, max: 0x7fffffff }).map((seed) => randomish(length, alphabet, seed));
const random = chars;

const p = (...parts: string[]) => parts.join("");

export interface SecretShape {
  name: string;
  value: fc.Arbitrary<string>;
  /** True when only a label (or a repeat of a labelled occurrence) identifies it. */
  needsLabel: boolean;
}

export const SECRET_SHAPES: SecretShape[] = [
  { name: "aws-access-key", value: random(`${UPPER}234567`, 16).map((tail) => p("AK", "IA", tail)), needsLabel: false },
  { name: "github-token", value: random(ALNUM, 36).map((tail) => p("gh", "p_", tail)), needsLabel: false },
  { name: "github-pat", value: fc.tuple(random(ALNUM, 22), random(ALNUM, 59)).map(([a, b]) => p("github", "_pat_", a, "_", b)), needsLabel: false },
  { name: "anthropic-key", value: random(B64URL, 93).map((tail) => p("sk-", "ant-", "api03-", tail)), needsLabel: false },
  { name: "openai-key", value: random(B64URL, 64).map((tail) => p("sk-", "proj-", tail)), needsLabel: false },
  { name: "stripe-key", value: random(ALNUM, 24).map((tail) => p("sk", "_live_", tail)), needsLabel: false },
  { name: "google-api-key", value: random(B64URL, 35).map((tail) => p("AI", "za", tail)), needsLabel: false },
  { name: "slack-token", value: random(ALNUM, 24).map((tail) => p("xo", "xb-", "1234567890-", "1234567890123-", tail)), needsLabel: false },
  { name: "npm-token", value: random(ALNUM, 36).map((tail) => p("np", "m_", tail)), needsLabel: false },
  { name: "gitlab-token", value: random(B64URL, 20).map((tail) => p("gl", "pat-", tail)), needsLabel: false },
  { name: "huggingface-token", value: random(ALNUM, 34).map((tail) => p("h", "f_", tail)), needsLabel: false },
  {
    name: "jwt",
    value: random(B64URL, 43).map((tail) => p("ey", "JhbGciOiJIUzI1NiJ9", ".", "ey", "JzdWIiOiIxMjM0NTY3ODkwIn0", ".", tail)),
    needsLabel: false,
  },
  {
    name: "project key <word>_<kind>_<random>",
    value: fc
      .tuple(fc.constantFrom("aw", "acme", "app", "billing", "widget"), fc.constantFrom("live", "test", "prod", "sk"), random(HEX, 32))
      .map(([word, kind, tail]) => p(word, "_", kind, "_", tail)),
    needsLabel: false,
  },
  { name: "sendgrid-key", value: fc.tuple(random(B64URL, 22), random(B64URL, 43)).map(([a, b]) => p("S", "G.", a, ".", b)), needsLabel: false },
  { name: "digitalocean-token", value: random(HEX, 64).map((tail) => p("do", "p_v1_", tail)), needsLabel: false },
  { name: "linear-key", value: random(ALNUM, 40).map((tail) => p("lin", "_api_", tail)), needsLabel: false },
  { name: "groq-key", value: random(ALNUM, 52).map((tail) => p("gs", "k_", tail)), needsLabel: false },
  { name: "labelled: random base62", value: random(ALNUM, 24), needsLabel: true },
  { name: "labelled: random hex", value: random(HEX, 32), needsLabel: true },
  { name: "labelled: base64 with symbols", value: random(`${ALNUM}+/`, 40), needsLabel: true },
];

/** Labels as people write them, each followed by its separator. */
export const LABELS = [
  "API key: ",
  "API key ",
  "Operator credential: ",
  "The token is ",
  "**Secret:** ",
  "access token for staging: ",
  "client_secret = ",
  "X_API_KEY=",
  "senha: ",
  "Passwort: ",
  "clé API : ",
];

export type Placement = "line" | "table" | "code" | "label" | "twice";
export const PLACEMENTS: Placement[] = ["line", "table", "code", "label", "twice"];

/** A handoff with no secret in it (lines of every section kind). */
export const BASE_HANDOFF = [
  "# Handoff: billing migration",
  "",
  "## Session identity",
  "| Field | Value |",
  "|---|---|",
  "| Runtime | claude-code |",
  "| Session id | 3f2a9c1e-4b5d-4e6f-8a7b-9c0d1e2f3a4b |",
  "| Timestamp | 2026-11-20T10:00:00Z |",
  "| Branch | feat/billing |",
  "| HEAD | 0f3c2a1b9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a |",
  "",
  "## Goal",
  'Move billing to the new client. User: "keep the API stable".',
  "",
  "## Key decisions",
  "- One client per process.",
  "",
  "## State",
  "- [x] Moved `src/billing/client.ts` (commit `abc1234`)",
  "- [ ] `src/billing/retry.ts:20` fails to compile",
  "",
  "## Next action",
  "Run `npx tsc --noEmit` and fix `src/billing/retry.ts:20`.",
  "",
  "## Verification commands",
  "| Command | Last known result |",
  "|---|---|",
  "| `npx tsc --noEmit` | 3 errors |",
  "",
  "## Resume pointer",
  "- This file: `docs/ai/handoff/claude-code/20112026/handoff_billing.md`",
  "- Previous: none",
].join("\n");

/** Inserts `secret` into the base handoff at line `at` the way `placement` says. */
export function placeSecret(secret: string, shape: SecretShape, placement: Placement, at: number, label: string, otherAt: number): string {
  const lines = BASE_HANDOFF.split("\n");
  const labelled = `${label}\`${secret}\``;
  const insert = (index: number, text: string) => lines.splice(Math.min(index, lines.length), 0, text);
  switch (placement) {
    case "line":
      insert(at, shape.needsLabel ? `Note: ${labelled} for now.` : `Note: use ${secret} for now.`);
      break;
    case "table":
      insert(at, shape.needsLabel ? `| credential | \`${secret}\` |` : `| service | ${secret} |`);
      break;
    case "code":
      insert(at, ["```sh", shape.needsLabel ? `export SERVICE_API_KEY=${secret}` : `curl -d ${secret} https://api.example.com`, "```"].join("\n"));
      break;
    case "label":
      insert(at, labelled);
      break;
    case "twice":
      insert(at, labelled);
      insert(otherAt, `Retry with ${secret} if the call fails.`);
      break;
  }
  return lines.join("\n");
}

export const placedSecret = fc
  .record({
    shape: fc.constantFrom(...SECRET_SHAPES),
    placement: fc.constantFrom(...PLACEMENTS),
    at: fc.nat({ max: 40 }),
    otherAt: fc.nat({ max: 40 }),
    label: fc.constantFrom(...LABELS),
  })
  .chain((setup) => setup.shape.value.map((secret) => ({ ...setup, secret, text: placeSecret(secret, setup.shape, setup.placement, setup.at, setup.label, setup.otherAt) })));

const word = fc.constantFrom("billing", "client", "retry", "module", "config", "handoff", "server", "docs", "lib", "app", "token", "secret");
const hexOf = (length: number) => chars(HEX, length);

/** Values that are plainly not secrets, each in a context that names a credential or an id. */
export const NON_SECRETS: { name: string; line: fc.Arbitrary<string> }[] = [
  { name: "boolean or empty word", line: fc.tuple(fc.constantFrom("token", "api_key", "secret", "password"), fc.constantFrom("true", "false", "null", "none")).map(([name, value]) => `${name}: ${value}`) },
  { name: "permission enum", line: fc.constantFrom("git_credentials=read_write", "token_permissions: read-only", "credential.helper=store", "TOKEN_SCOPE=write") },
  { name: "UUID named as an id", line: fc.tuple(fc.uuid(), fc.constantFrom("idempotency key", "Session id", "request id", "Idempotency-Key")).map(([uuid, name]) => `${name}: ${uuid}`) },
  { name: "git sha", line: fc.tuple(hexOf(40), fc.constantFrom("HEAD: ", "commit ", "The token fix landed in ", "sha ")).map(([sha, lead]) => `${lead}${sha}`) },
  { name: "short sha", line: hexOf(7).map((sha) => `API key rotation commit \`${sha}\``) },
  { name: "file path", line: fc.tuple(fc.array(word, { minLength: 1, maxLength: 3 }), word, fc.constantFrom("ts", "md", "json", "yml")).map(([folders, name, ext]) => `API key file: \`${folders.join("/")}/${name}.${ext}\``) },
  { name: "version", line: fc.tuple(fc.nat(20), fc.nat(20), fc.nat(99)).map(([a, b, c]) => `token format v${a}.${b}.${c}`) },
  {
    name: "env-var name without a value",
    line: fc.tuple(fc.constantFrom("OPENAI", "GITHUB", "STRIPE", "BILLING"), fc.constantFrom("API_KEY", "TOKEN", "SECRET")).map(([vendor, kind]) => `token: ${vendor}_${kind}`),
  },
  { name: "placeholder", line: fc.constantFrom("API key: `<your-key>`", "token: xxx", "password: ***", "token: ${TOKEN}", "apiKey: process.env.OPENAI_API_KEY", "secret: YOUR_SECRET_HERE") },
  { name: "URL without credentials", line: fc.tuple(word, word).map(([a, b]) => `token endpoint https://auth.example.com/${a}/${b}`) },
  { name: "number", line: fc.nat().map((count) => `Tokens used: ${count}`) },
];

export const placedNonSecret = fc
  .record({ kind: fc.constantFrom(...NON_SECRETS), at: fc.nat({ max: 40 }) })
  .chain(({ kind, at }) =>
    kind.line.map((line) => {
      const lines = BASE_HANDOFF.split("\n");
      lines.splice(Math.min(at, lines.length), 0, line);
      return { name: kind.name, line, text: lines.join("\n") };
    }),
  );
