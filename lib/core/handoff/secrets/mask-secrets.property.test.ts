/**
 * Properties of secret masking over random secrets of every supported shape, placed where people put
 * them (a line of prose, a table cell, a code block, after a label, twice): the secret never reaches
 * the masked text, the parsed structure Baton stores, or the resume prompt built from it; and the
 * plainly-not-secret values are never masked. The database and `scan --json` side is
 * lib/server/ingest/scan-secrets.property.test.ts.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { buildResume } from "../../resume/build-resume";
import type { ResumeInput } from "../../resume/resume-input";
import { maskSecrets } from "./mask-secrets";
import { parseHandoff } from "../parse-handoff";
import { BASE_HANDOFF, placedNonSecret, placedSecret } from "./test-support/secret-arbitraries";

function resumeInput(parsed: ResumeInput["parsed"]): ResumeInput {
  return {
    repoPath: "/work/repo",
    handoffPath: "docs/ai/handoff/claude-code/20112026/handoff_billing.md",
    branch: "feat/billing",
    branchIsRemoteOnly: false,
    remote: "origin",
    headSha: parsed.identity.headSha,
    ownCommitSha: parsed.ownCommitSha,
    sessionId: parsed.identity.sessionId,
    handoffRuntime: "claude-code",
    parsed,
  };
}

describe("secret masking properties", () => {
  test("the base handoff has no secret and nothing masked (so the properties below test the placed value)", () => {
    expect(maskSecrets(BASE_HANDOFF).text).toBe(BASE_HANDOFF);
  });

  test("a random secret placed anywhere never reaches the masked text, the parsed JSON or the resume prompt", () => {
    fc.assert(
      fc.property(placedSecret, ({ secret, text }) => {
        expect(text).toContain(secret);
        const masked = maskSecrets(text);
        expect(masked.text).not.toContain(secret);
        expect(masked.secrets.length).toBeGreaterThan(0);
        const parsed = parseHandoff(masked.text).value;
        expect(JSON.stringify(parsed)).not.toContain(secret);
        for (const runtime of ["claude-code", "codex", "generic"] as const) {
          expect(JSON.stringify(buildResume(resumeInput(parsed), runtime))).not.toContain(secret);
        }
      }),
      { numRuns: Number(process.env.BATON_PROPERTY_RUNS ?? 400) },
    );
  });

  test("each distinct secret is counted once however often it is placed", () => {
    fc.assert(
      fc.property(placedSecret, ({ text }) => {
        const masked = maskSecrets(text);
        expect(masked.distinctCount).toBe(1);
      }),
      { numRuns: 200 },
    );
  });

  test("masking is idempotent: masked text has nothing left to mask", () => {
    fc.assert(
      fc.property(placedSecret, ({ text }) => {
        const once = maskSecrets(text).text;
        expect(maskSecrets(once)).toMatchObject({ text: once, secrets: [] });
      }),
      { numRuns: 200 },
    );
  });

  test("plainly-not-secret values are never masked", () => {
    fc.assert(
      fc.property(placedNonSecret, ({ text }) => {
        const masked = maskSecrets(text);
        expect(masked.secrets).toEqual([]);
        expect(masked.text).toBe(text);
      }),
      { numRuns: Number(process.env.BATON_PROPERTY_RUNS ?? 400) },
    );
  });
});
