import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { maskSecrets } from "./mask-secrets";
import { fakeSecrets } from "./test-support/fake-secrets";

const fingerprint = (value: string) => createHash("sha256").update(`salt\0${value}`).digest("hex");
const hex = fakeSecrets.hex32();

describe("secrets known from other files of the repo", () => {
  test("a value detected in one file is masked in another where nothing labels it", () => {
    const first = maskSecrets(`Operator credential: \`${hex}\``, { fingerprint });
    expect(first.fingerprints).toEqual([{ hash: fingerprint(hex), type: "env-assignment", last4: hex.slice(-4), length: hex.length }]);
    const plain = `# Notes\n\nRetry the call with ${hex} if it fails.`;
    expect(maskSecrets(plain, { fingerprint }).text).toContain(hex);
    const second = maskSecrets(plain, { fingerprint, known: first.fingerprints });
    expect(second.text).toBe(`# Notes\n\nRetry the call with [secret:env-assignment …${hex.slice(-4)}] if it fails.`);
    expect(second.secrets).toEqual([{ type: "env-assignment", last4: hex.slice(-4), line: 3, distinctId: 1 }]);
    expect(second.fingerprints).toEqual(first.fingerprints);
  });

  test("a short password (no last 4 shown) is matched as a whole token", () => {
    const first = maskSecrets("DB_PASSWORD=hunter22", { fingerprint });
    expect(first.fingerprints).toEqual([{ hash: fingerprint("hunter22"), type: "env-assignment", last4: "", length: 8 }]);
    const second = maskSecrets("psql with hunter22, not hunter222", { fingerprint, known: first.fingerprints });
    expect(second.text).toBe("psql with [secret:env-assignment], not hunter222");
  });

  test("a fingerprint never matches a different value with the same last 4", () => {
    const other = `${"0".repeat(28)}${hex.slice(-4)}`;
    const known = maskSecrets(`API key: \`${hex}\``, { fingerprint }).fingerprints;
    const result = maskSecrets(`checksum ${other}`, { fingerprint, known });
    expect(result.secrets).toEqual([]);
  });

  test("fingerprints hold no part of the value beyond the last 4 the mask shows", () => {
    const { fingerprints } = maskSecrets(`token: ${hex}\nDB_PASSWORD=hunter22`, { fingerprint });
    const serialised = JSON.stringify(fingerprints);
    expect(serialised).not.toContain(hex.slice(0, 8));
    expect(serialised).not.toContain("hunter");
  });

  test("without a fingerprint function nothing is hashed or matched", () => {
    const known = maskSecrets(`API key: \`${hex}\``, { fingerprint }).fingerprints;
    const result = maskSecrets(`again ${hex}`, { known });
    expect(result.text).toContain(hex);
    expect(result.fingerprints).toEqual([]);
  });

  test("masks already in stored text count as secrets when re-processing it", () => {
    const stored = maskSecrets(`a: ${fakeSecrets.githubToken()}\nb`).text;
    expect(maskSecrets(stored).secrets).toEqual([]);
    const recounted = maskSecrets(stored, { countExistingMasks: true });
    expect(recounted.text).toBe(stored);
    expect(recounted.secrets).toMatchObject([{ type: "github-token", line: 1 }]);
    expect(recounted.distinctCount).toBe(1);
  });
});
