import { execFileSync } from "node:child_process";
import { mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
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
  repos: { repo: string; limits: string[]; otherBranches: { handoffs: number; branches: string[] }; handoffs: { path: string; branches?: string[]; lint: { rule: string; severity: string; line: number | null }[] }[] }[];
  summary: { files: number; handoffs: number; error: number; warning: number; info: number; notChecked: number };
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
    // A full clone: the first handoff, only on feat/x, is linted too (read from git, as scan reads it).
    const onlyOnFeature = result.repos[0]!.handoffs.find((handoff) => handoff.path === first);
    expect(onlyOnFeature).toMatchObject({ branches: ["feat/x"] });
    expect(onlyOnFeature!.lint.some((finding) => finding.severity === "error")).toBe(false);
    expect(result.repos[0]!.otherBranches).toEqual({ handoffs: 0, branches: [] });
    expect(result.repos[0]!.limits).toEqual([]);
    expect(result.summary).toMatchObject({ handoffs: 3 });
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
    // One line says lint read the working tree only.
    expect(result.repos[0]!.limits.filter((limit) => limit.startsWith("working tree only"))).toEqual([
      `working tree only (shallow clone): handoffs on branches not fetched here are not linted; on a full clone baton lint reads every branch, as baton scan ${result.repos[0]!.repo} does`,
    ]);
    expect(result.repos[0]!.handoffs.some((handoff) => handoff.path === first)).toBe(false);
    expect(result.summary.notChecked).toBeGreaterThan(0);
    // No error-severity finding comes from facts the clone lacks, so a clean repo would pass its own CI.
    expect(code).toBe(result.summary.error > 0 ? 1 : 0);
  });

  it("prints file:line findings and a summary without --json", async () => {
    const { io, stdout, stderr } = fakeIo();
    await main(["lint", repo.root], io);
    expect(stdout()).toMatch(new RegExp(`${onFeature.replace(/[.]/g, "\\.")}:\\d+: error \\[previous-pointer-broken\\]`));
    expect(stdout()).toMatch(/\d+ handoffs: \d+ errors?, \d+ warnings?/);
    expect(stdout()).toMatch(/^3 handoffs: /m);
    expect(stderr()).not.toMatch(/not linted/);
  });
});

describe("baton lint discovery", () => {
  it("finds handoffs in any layout in a shallow single-branch clone, and skips READMEs, LATEST and templates", async () => {
    const repo = new GitFixture("lint-layouts");
    const files = ["docs/handoffs/2026-03-01.md", "docs/x/handoff/a.md", "HANDOFF.md", "notes/y_handoff.md"];
    for (const file of files) repo.write(file, handoffMarkdown({ phase: "p", path: file }));
    repo.write("docs/handoffs/README.md", "# About\n").write("docs/handoffs/TEMPLATE.md", "# T\n").write("docs/handoffs/LATEST.md", "[latest](2026-03-01.md)\n");
    repo.commit("layouts");
    const clone = path.join(mkdtempSync(path.join(os.tmpdir(), "baton-lint-layouts-")), "clone");
    execFileSync("git", ["clone", "-q", "--depth", "1", "--single-branch", `file://${repo.root}`, clone]);
    const { io, stdout } = fakeIo();
    await main(["lint", clone, "--json"], io);
    const result = JSON.parse(stdout()) as LintJson & { repos: { discovery: { latestHint: unknown; nothingFound: unknown } }[] };
    const leftOut = (handoff: { lint: { rule: string }[] }) => handoff.lint.some((finding) => finding.rule === "not-a-handoff-name");
    expect(result.repos[0]!.handoffs.filter((handoff) => !leftOut(handoff)).map((handoff) => handoff.path).sort()).toEqual([...files].sort());
    // Left out by name, never read, but listed with the reason: nothing dropped silently.
    expect(result.repos[0]!.handoffs.filter(leftOut).map((handoff) => handoff.path).sort()).toEqual(["docs/handoffs/LATEST.md", "docs/handoffs/README.md", "docs/handoffs/TEMPLATE.md"]);
    expect(result.repos[0]!.discovery).toMatchObject({ latestHint: { source: "docs/handoffs/LATEST.md", path: "docs/handoffs/2026-03-01.md" }, nothingFound: null });
  });

  it("when nothing is found, says where it looked and what to add; exit 0", async () => {
    const repo = new GitFixture("lint-empty");
    for (const day of ["01", "02", "03"]) repo.write(`docs/status/2026-03-${day}.md`, `# Status ${day}\n`);
    repo.commit("notes");
    const json = fakeIo();
    expect(await main(["lint", repo.root, "--json"], json.io)).toBe(0);
    const result = JSON.parse(json.stdout()) as { repos: { handoffs: unknown[]; discovery: { nothingFound: { looked: { rules: string[] }; suggestions: { glob: string; command: string }[] } } }[]; summary: { handoffs: number } };
    expect(result.summary.handoffs).toBe(0);
    expect(result.repos[0]!.discovery.nothingFound.suggestions).toEqual([expect.objectContaining({ glob: "docs/status/*.md", command: `baton lint '${repo.root}' --glob 'docs/status/*.md'` })]);
    const text = fakeIo();
    expect(await main(["lint", repo.root], text.io)).toBe(0);
    expect(text.stdout()).toMatch(/no handoffs found\. Baton looked for:/);
    expect(text.stdout()).toContain(`.baton.json: {"handoffs":["docs/status/*.md"]}`);
    expect(text.stdout()).toMatch(/0 handoffs: 0 errors/);
  });

  it("uses a valid .baton.json, reports a bad one as an error (exit 1), and reports links it does not follow", async () => {
    const repo = new GitFixture("lint-config");
    repo.write("journal/2026-03-01.md", handoffMarkdown({ phase: "j", path: "journal/2026-03-01.md" }));
    repo.write(".baton.json", '{ "handoffs": ["journal/*.md"] }\n');
    repo.commit("config");
    symlinkSync("/etc/passwd", path.join(repo.root, "journal/2026-03-02.md"));
    const good = fakeIo();
    await main(["lint", repo.root, "--json"], good.io);
    const goodResult = JSON.parse(good.stdout()) as LintJson;
    expect(goodResult.repos[0]!.handoffs.map((handoff) => [handoff.path, handoff.lint.map((finding) => finding.rule).filter((rule) => rule.startsWith("worktree"))])).toEqual([
      ["journal/2026-03-01.md", []],
      ["journal/2026-03-02.md", ["worktree-symlink-not-followed"]],
    ]);
    writeFileSync(path.join(repo.root, ".baton.json"), '{ "handoffs": ["journal/*.md"], "colour": "blue" }\n');
    const bad = fakeIo();
    expect(await main(["lint", repo.root], bad.io)).toBe(1);
    expect(bad.stdout()).toMatch(/^\.baton\.json: error \[config-invalid\] .*colour/m);
  });
});
