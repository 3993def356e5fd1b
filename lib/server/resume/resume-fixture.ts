/**
 * A repo for the resume tests: a handoff on the branch it names with work after it, one only on
 * origin, one only in the working tree, one on a branch that gets deleted, and one committed
 * separately on two branches.
 */
import path from "node:path";
import { GitFixture, handoffMarkdown } from "../test-support/git-fixture";

export const H = (runtime: string, date: string, phase: string) => `docs/ai/handoff/${runtime}/${date}/handoff_${phase}.md`;

export const PATHS = {
  /** On main (which it names) and every branch made from main later. */
  start: H("claude-code", "20112026", "start"),
  /** On feat/x (which it names) and feat/z (newer); two commits after it on feat/x delete src/old.ts. */
  continued: H("codex", "21112026", "continue"),
  /** Only on origin/feat/remote. */
  remote: H("codex", "22112026", "remote"),
  /** On feat/gone, deleted after the first scan by the tests that need it. */
  gone: H("opencode", "23112026", "gone"),
  /** The same bytes committed separately on feat/dup1 (first) and feat/dup2 (which it names). */
  duplicate: H("gemini-cli", "19112026", "duplicate"),
  /** Uncommitted, in the working tree of feat/x; resumes `continued`. */
  draft: H("claude-code", "25112026", "draft"),
} as const;

export const DRAFT_SESSION_ID = "0b7c5a52-3f8e-4d7a-9a51-6f2d8c1e4b90";

export interface ResumeFixture {
  repo: GitFixture;
  root: string;
  shas: { init: string; start: string; continued: string; work1: string; work2: string; remote: string; dup1: string; dup2: string };
}

function handoff(options: Parameters<typeof handoffMarkdown>[0] & { branch: string; sessionId?: string }): string {
  let text = handoffMarkdown(options).replace("- Branch: main", `- Branch: ${options.branch}`);
  if (options.sessionId) text = text.replace("- Session id: unknown", `- Session id: ${options.sessionId}`);
  return text;
}

export function buildResumeRepo(name = "resume-fixture"): ResumeFixture {
  const repo = new GitFixture(name);
  repo.write("README.md", "# fixture\n").write("src/app.ts", "export const app = 1;\n").write("src/old.ts", "export const old = 1;\n");
  const init = repo.commit("init");

  repo.write(PATHS.start, handoff({ phase: "start", path: PATHS.start, head: init, branch: "main" }));
  const start = repo.commit("handoff start");

  repo.checkout("feat/x", true);
  repo.write(
    PATHS.continued,
    handoff({
      phase: "continue",
      runtime: "codex",
      path: PATHS.continued,
      previous: PATHS.start,
      head: start,
      branch: "feat/x",
      next: "Fix `src/old.ts:3` and `src/app.ts:20`; ignore `../escape.ts:1`, `/etc/elsewhere.ts:2` and `app.ts:5`.",
    }),
  );
  const continued = repo.commit("handoff continue");
  repo.write("src/app.ts", "export const app = 2;\n");
  const work1 = repo.commit("work 1");
  repo.git("rm", "-q", "src/old.ts");
  const work2 = repo.commit("work 2: remove old.ts");

  repo.checkout("feat/z", true);
  repo.write("src/z.ts", "export const z = 1;\n");
  repo.commit("z work");

  repo.checkout("feat/gone", true, "main");
  repo.write(PATHS.gone, handoff({ phase: "gone", runtime: "opencode", path: PATHS.gone, previous: PATHS.start, branch: "feat/gone" }));
  repo.commit("handoff gone");

  const duplicate = handoff({ phase: "duplicate", runtime: "gemini-cli", path: PATHS.duplicate, branch: "feat/dup2" });
  repo.checkout("feat/dup1", true, "main");
  repo.write(PATHS.duplicate, duplicate);
  const dup1 = repo.commit("duplicate on dup1");
  repo.checkout("feat/dup2", true, "main");
  repo.write(PATHS.duplicate, duplicate);
  const dup2 = repo.commit("duplicate on dup2");

  const origin = path.join(path.dirname(repo.root), "origin.git");
  repo.git("init", "-q", "--bare", origin);
  repo.git("remote", "add", "origin", origin);
  repo.checkout("feat/remote", true, "main");
  repo.write(PATHS.remote, handoff({ phase: "remote", runtime: "codex", path: PATHS.remote, previous: PATHS.start, branch: "feat/remote" }));
  const remote = repo.commit("handoff remote");
  repo.git("push", "-q", "origin", "feat/remote", "main");
  repo.git("fetch", "-q", "origin");
  repo.checkout("feat/x");
  repo.git("branch", "-q", "-D", "feat/remote");

  repo.write(
    PATHS.draft,
    handoff({
      phase: "draft",
      path: PATHS.draft,
      previous: PATHS.continued,
      head: work1,
      branch: "feat/x",
      sessionId: DRAFT_SESSION_ID,
      next: "Create `src/new-file.ts:4`, then run `npx tsc --noEmit`.",
    }),
  );
  return { repo, root: repo.root, shas: { init, start, continued, work1, work2, remote, dup1, dup2 } };
}
