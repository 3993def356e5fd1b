/**
 * Secret-shaped test values, built at run time so no credential-looking literal sits in the repo
 * (secret scanners and push protection would flag it). Deterministic, so failures reproduce.
 */
const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const UPPER_ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const BASE64URL = `${ALPHANUMERIC}-_`;
const HEX = "0123456789abcdef";

export function randomish(length: number, alphabet = ALPHANUMERIC, seed = 7): string {
  // mulberry32: a small generator whose output looks random in every bit (an LCG's low bits cycle,
  // which made hex draws like `0000000b000…`).
  let state = (seed * 2654435761) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  let out = "";
  for (let index = 0; index < length; index += 1) out += alphabet[Math.floor(next() * alphabet.length)];
  // Guarantee a digit and a letter (from the alphabet) so "has digits and letters" checks always see both.
  const digit = [..."7250"].find((character) => alphabet.includes(character));
  const letter = [..."qQaAfF"].find((character) => alphabet.includes(character));
  return digit && letter ? `${out.slice(0, -2)}${digit}${letter}` : out;
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
  hex32: (seed = 15) => randomish(32, HEX, seed),
  base62: (length = 24, seed = 16) => randomish(length, ALPHANUMERIC, seed),
  /** A project key shaped like `aw_live_<32 hex>` (the example). */
  projectKey: (seed = 17, word = "aw", kind = "live") => join(word, "_", kind, "_", randomish(32, HEX, seed)),
  stripeRestricted: (seed = 18) => join("rk", "_test_", randomish(24, ALPHANUMERIC, seed)),
  sendgridKey: (seed = 19) => join("S", "G.", randomish(22, BASE64URL, seed), ".", randomish(43, BASE64URL, seed + 1)),
  googleOauthSecret: (seed = 20) => join("GOC", "SPX-", randomish(28, BASE64URL, seed)),
  digitaloceanToken: (seed = 21) => join("do", "p_v1_", randomish(64, HEX, seed)),
  shopifyToken: (seed = 22) => join("shp", "at_", randomish(32, HEX, seed)),
  linearKey: (seed = 23) => join("lin", "_api_", randomish(40, ALPHANUMERIC, seed)),
  groqKey: (seed = 24) => join("gs", "k_", randomish(52, ALPHANUMERIC, seed)),
  replicateToken: (seed = 25) => join("r8", "_", randomish(37, ALPHANUMERIC, seed)),
  dockerToken: (seed = 26) => join("dckr", "_pat_", randomish(27, BASE64URL, seed)),
  databricksToken: (seed = 27) => join("da", "pi", randomish(32, HEX, seed)),
  telegramToken: (seed = 28) => join("1234567890", ":", "AA", randomish(33, BASE64URL, seed)),
  ageKey: (seed = 29) => join("AGE-", "SECRET-KEY-1", randomish(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", seed)),
  postmanKey: (seed = 30) => join("PM", "AK-", randomish(24, HEX, seed), "-", randomish(34, HEX, seed + 1)),
  openrouterKey: (seed = 31) => join("sk-", "or-v1-", randomish(64, HEX, seed)),
  gitlabDeployToken: (seed = 32) => join("gl", "dt-", randomish(20, BASE64URL, seed)),
  supabaseKey: (seed = 33) => join("sb", "p_", randomish(40, HEX, seed)),
  tailscaleKey: (seed = 34) => join("tskey", "-auth-", randomish(17, ALPHANUMERIC, seed), "-", randomish(32, ALPHANUMERIC, seed + 1)),
  basicAuth: (seed = 35) => randomish(28, `${ALPHANUMERIC}+/`, seed) + "==",
};

export function pemBlock(kind = "RSA ", seed = 13): string {
  return [`-----BEGIN ${kind}PRIVATE KEY-----`, fakeSecrets.pemBody(seed), `-----END ${kind}PRIVATE KEY-----`].join("\n");
}
