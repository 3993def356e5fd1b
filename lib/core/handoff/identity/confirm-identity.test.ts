import { describe, expect, test } from "vitest";
import { parseHandoff } from "../parse-handoff";
import { confirmIdentity, SHA_UNCONFIRMED_RULE, type IdentityFacts } from "./confirm-identity";

const facts = (commits: Record<string, boolean | undefined>, refs: string[] = []): IdentityFacts => ({
  commitExists: (sha) => commits[sha],
  refExists: (name) => refs.includes(name),
});
const confirm = (markdown: string, repo: IdentityFacts) => confirmIdentity(parseHandoff(markdown).value.identity, repo);

describe("confirmIdentity: candidates need the repository's word", () => {
  test("a sha beside a commit word that is a commit of the repo is HEAD, with its evidence", () => {
    const { identity, findings } = confirm("# Handoff\n\nÚltima confirmação: 77aa3f1\n", facts({ "77aa3f1": true }));
    expect(identity).toMatchObject({ headSha: "77aa3f1", evidence: { headSha: "near-commit-word" }, lines: { headSha: 3 } });
    expect(findings).toEqual([]);
  });

  test("a sha that is not a commit of the repo is not read, and the reader is told", () => {
    const { identity, findings } = confirm("# Handoff\n\nCommit: 77aa3f1\n", facts({ "77aa3f1": false }));
    expect(identity.headSha).toBeNull();
    expect(findings).toEqual([expect.objectContaining({ rule: SHA_UNCONFIRMED_RULE, severity: "info", line: 3 })]);
  });

  test("where git cannot tell (shallow clone), a sha beside a commit word is taken, a sha alone is not", () => {
    expect(confirm("# Handoff\n\nHEAD now 77aa3f1\n", facts({})).identity.headSha).toBe("77aa3f1");
    expect(confirm("# Handoff\n\n`77aa3f1`\n", facts({})).identity.headSha).toBeNull();
    expect(confirm("# Handoff\n\n`77aa3f1`\n", facts({ "77aa3f1": true })).identity.headSha).toBe("77aa3f1");
  });

  test("branch @ sha: a valid ref name, taken when the ref exists or the sha is a commit", () => {
    expect(confirm("# H\n\n> feat/retries @ 9c41e2b\n", facts({ "9c41e2b": true })).identity).toMatchObject({ branch: "feat/retries", headSha: "9c41e2b" });
    expect(confirm("# H\n\n> feat/retries @ 9c41e2b\n", facts({ "9c41e2b": false }, ["feat/retries"])).identity).toMatchObject({ branch: "feat/retries", headSha: null });
    expect(confirm("# H\n\n> feat/retries @ 9c41e2b\n", facts({ "9c41e2b": false })).identity.branch).toBeNull();
    expect(confirm("# H\n\n> x..y @ 9c41e2b\n", facts({ "9c41e2b": true }, ["x..y"])).identity.branch).toBeNull();
  });

  test("labels stay: a candidate never replaces a labelled value", () => {
    const { identity } = confirm("# H\n\nBranch: main\nHEAD: abc1234\n\n> feat/x @ 9c41e2b\n", facts({ "9c41e2b": true, abc1234: true }, ["feat/x"]));
    expect(identity).toMatchObject({ branch: "main", headSha: "abc1234", evidence: { branch: "label", headSha: "label" } });
  });

  test("one session id in the identity area is the session; two different ones decide nothing", () => {
    const one = "3f2a9c1e-5b7d-4e2a-9c1e-5b7d4e2a9c1e";
    expect(confirm(`# H\n\n> session ${one}\n`, facts({})).identity.sessionId).toBe(one);
    expect(confirm(`# H\n\n> session ${one}\n> request 11111111-2222-4333-8444-555555555555\n`, facts({})).identity.sessionId).toBeNull();
    // "unknown" written under a label stays the protocol's "not known".
    expect(confirm(`# H\n\nSession ID: unknown\n\n> ${one}\n`, facts({})).identity.sessionId).toBeNull();
  });

  test("a runtime (model) pair fills runtime and model when the model names a family of the model table", () => {
    expect(confirm("# H\n\nWritten by Claude Code (Opus 4.6).\n", facts({})).identity).toMatchObject({ runtime: "claude-code", model: "Opus 4.6", evidence: { runtime: "runtime-model" } });
    expect(confirm("# H\n\nWritten by Codex (build 42).\n", facts({})).identity).toMatchObject({ runtime: null, model: null });
  });

  test("a sha under a label that only ends in a HEAD word, and is no commit, gives way to one that is", () => {
    const markdown = "# Handover Status\n\n| Item | Value |\n|---|---|\n| Source commit inspected | `6d8ef48972022291962946a8bdba087edb91508a` |\n| Current Alembic head | `4e1f2a3b5c84` |\n";
    const { identity, findings } = confirm(markdown, facts({ "4e1f2a3b5c84": false, "6d8ef48972022291962946a8bdba087edb91508a": true }));
    expect(identity.headSha).toBe("6d8ef48972022291962946a8bdba087edb91508a");
    expect(findings.filter((entry) => entry.rule === SHA_UNCONFIRMED_RULE)).toHaveLength(1);
    // Where git cannot tell, the label stays as written.
    expect(confirm(markdown, facts({})).identity.headSha).toBe("4e1f2a3b5c84");
  });
});
