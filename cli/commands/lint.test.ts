import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { GitFixture, handoffMarkdown } from "../../lib/server/test-support/git-fixture";
import { main } from "../baton";
import type { Io } from "../io";

function fakeIo() {
  let out = "";
  let err = "";
  const io: Io = { out: (text) => (out += `${text}\n`), err: (text) => (err += `${text}\n`), isTty: false };
  return { io, stdout: () => out, stderr: () => err };
}

const first = "docs/ai/handoff/claude-code/20112026/handoff_first.md";
const onFeature = "docs/ai/handoff/codex/21112026/handoff_feature.md";
const onMain = "docs/ai/handoff/codex/22112026/handoff_main.md";

interface LintJson {
  repos: { repo: string; limits: string[]; handoffs: { path: string; lint: { rule: string; severity: string; line: number | null }[] }[] }[];
  summary: { files: number; error: number; warning: number; info: number; notChecked: number };
}

describe("baton lint", () => {
  let repo: GitFixture;
  let oldHead: string;

  beforeAll(() => {
    repo = new GitFixture("lint-fixture");
    repo.write("README.md", "# lint\n");
    oldHead = repo.commit("init");
    repo.checkout("feat/x", true);
    repo.write(first, handoffMarkdown({ phase: "first", path: first, head: oldHead }));
    repo.commit("handoff on a feature branch");
    repo.checkout("main");
    for (let index = 0; index < 3; index++) repo.commit(`later ${index}`);
    const head = repo.git("rev-parse", "HEAD");
    repo.write(onMain, handoffMarkdown({ phase: "main", path: onMain, head: oldHead, previous: first, runtime: "codex" }));
    repo.write(onFeature, handoffMarkdown({ phase: "feature", path: onFeature, head, previous: "docs/ai/handoff/codex/01012026/handoff_nowhere.md", runtime: "codex" }));
    repo.commit("handoffs on main");
  });

  it("in a full checkout, a pointer to a handoff on another branch resolves and a missing one is an error (exit 1)", async () => {
    const { io, stdout } = fakeIo();
    const code = await main(["lint", repo.root, "--json"], io);
    const result = JSON.parse(stdout()) as LintJson;
    expect(code).toBe(1);
    const byPath = new Map(result.repos[0]!.handoffs.map((handoff) => [handoff.path, handoff.lint]));
    expect(byPath.get(onMain)!.some((finding) => finding.rule === "previous-pointer-broken")).toBe(false);
    expect(byPath.get(onFeature)!.find((finding) => finding.rule === "previous-pointer-broken")?.severity).toBe("error");
    expect(result.repos[0]!.limits).toEqual([]);
  });

  it("in a shallow single-branch clone, what it cannot see is not-checked instead of an error", async () => {
    const clone = path.join(mkdtempSync(path.join(os.tmpdir(), "baton-lint-clone-")), "clone");
    execFileSync("git", ["clone", "-q", "--depth", "1", "--single-branch", "--branch", "main", `file://${repo.root}`, clone]);
    const { io, stdout } = fakeIo();
    const code = await main(["lint", clone, "--json"], io);
    const result = JSON.parse(stdout()) as LintJson;
    const byPath = new Map(result.repos[0]!.handoffs.map((handoff) => [handoff.path, handoff.lint]));
    // The previous handoff lives on feat/x, which this clone never fetched; the old HEAD is beyond the depth.
    const mainFindings = byPath.get(onMain)!;
    expect(mainFindings.find((finding) => finding.rule === "previous-pointer-broken")?.severity).toBe("not-checked");
    expect(mainFindings.find((finding) => finding.rule === "head-sha-not-in-repo")?.severity).toBe("not-checked");
    expect(mainFindings.some((finding) => finding.rule === "not-committed")).toBe(false);
    expect(result.repos[0]!.limits.join(" ")).toMatch(/shallow/);
    expect(result.repos[0]!.limits.join(" ")).toMatch(/single-branch/);
    expect(result.summary.notChecked).toBeGreaterThan(0);
    // No error-severity finding comes from facts the clone lacks, so a clean repo would pass its own CI.
    expect(code).toBe(result.summary.error > 0 ? 1 : 0);
  });

  it("prints file:line findings and a summary without --json", async () => {
    const { io, stdout } = fakeIo();
    await main(["lint", repo.root], io);
    expect(stdout()).toMatch(new RegExp(`${onFeature.replace(/[.]/g, "\\.")}:\\d+: error \\[previous-pointer-broken\\]`));
    expect(stdout()).toMatch(/\d+ handoffs: \d+ errors, \d+ warnings/);
  });

  it("exits 2 with a usage message for a path that is not there", async () => {
    const { io, stderr } = fakeIo();
    expect(await main(["lint", path.join(os.tmpdir(), "baton-no-such-dir")], io)).toBe(2);
    expect(stderr()).toMatch(/cannot lint/);
  });
});
