/**
 * Secret-shaped test values, built at run time so no credential-looking literal sits in the repo
 * (secret scanners and push protection would flag it). Deterministic, so failures reproduce.
 */
const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const UPPER_ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const BASE64URL = `${ALPHANUMERIC}-_`;

export function randomish(length: number, alphabet = ALPHANUMERIC, seed = 7): string {
  let state = seed * 2654435761;
  let out = "";
  for (let index = 0; index < length; index += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    out += alphabet[(state >>> 8) % alphabet.length];
  }
  // Guarantee a digit and a letter so "has digits and letters" checks always see both.
  return `${out.slice(0, -2)}7q`;
}

const join = (...parts: string[]) => parts.join("");

export const fakeSecrets = {
  awsAccessKey: (seed = 1) => join("AK", "IA", randomish(16, UPPER_ALPHANUMERIC, seed).toUpperCase()),
  awsSecretKey: (seed = 2) => randomish(40, `${ALPHANUMERIC}/+`, seed),
  githubToken: (seed = 3) => join("gh", "p_", randomish(36, ALPHANUMERIC, seed)),
  githubOauth: (seed = 4) => join("gh", "o_", randomish(36, ALPHANUMERIC, seed)),
  githubPat: (seed = 5) => join("github", "_pat_", randomish(22, ALPHANUMERIC, seed), "_", randomish(59, ALPHANUMERIC, seed + 1)),
  anthropicKey: (seed = 6) => join("sk-", "ant-", "api03-", randomish(93, BASE64URL, seed), "AA"),
  openaiKey: (seed = 7) => join("sk-", randomish(48, ALPHANUMERIC, seed)),
  openaiProjectKey: (seed = 8) => join("sk-", "proj-", randomish(120, BASE64URL, seed)),
  googleKey: (seed = 9) => join("AI", "za", randomish(35, BASE64URL, seed)),
  slackToken: (seed = 10) => join("xo", "xb-", "1234567890", "-", "1234567890123", "-", randomish(24, ALPHANUMERIC, seed)),
  stripeKey: (seed = 11) => join("sk", "_live_", randomish(24, ALPHANUMERIC, seed)),
  jwt: (seed = 12) =>
    join(
      "ey",
      "JhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9",
      ".",
      "ey",
      "JzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkJhdG9uIn0",
      ".",
      randomish(43, BASE64URL, seed),
    ),
  pemBody: (seed = 13) =>
    Array.from({ length: 4 }, (_, index) => randomish(64, `${ALPHANUMERIC}+/`, seed + index)).join("\n"),
  npmToken: (seed = 14) => join("np", "m_", randomish(36, ALPHANUMERIC, seed)),
};

export function pemBlock(kind = "RSA ", seed = 13): string {
  return [`-----BEGIN ${kind}PRIVATE KEY-----`, fakeSecrets.pemBody(seed), `-----END ${kind}PRIVATE KEY-----`].join("\n");
}
