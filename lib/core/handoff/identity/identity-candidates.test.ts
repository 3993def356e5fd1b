import { describe, expect, test } from "vitest";
import { parseHandoff } from "../parse-handoff";
import type { IdentityCandidate } from "../types";

const candidatesOf = (markdown: string): Omit<IdentityCandidate, "line">[] =>
  (parseHandoff(markdown).value.identity.candidates ?? []).map(({ field, value, evidence }) => ({ field, value, evidence }));

describe("identity candidates by shape, wherever they stand in the identity area", () => {
  test.each([
    ["a runtime and its model in a parenthesis (en)", "# Handoff\n\nWritten by Claude (Sonnet 4.6) this morning.\n", [["runtime", "Claude"], ["model", "Sonnet 4.6"]]],
    ["a runtime, then its model after a comma", "# Handoff\n\n> Claude Code, Opus 4.6\n", [["runtime", "Claude Code"], ["model", "Opus 4.6"]]],
    ["Codex with a model id (de)", "# Übergabe\n\nGeschrieben mit Codex (gpt-5.2-codex).\n", [["runtime", "Codex"], ["model", "gpt-5.2-codex"]]],
    ["branch @ sha in a quote", "# Handoff\n\n> feat/retries @ `9c41e2b`\n", [["branch", "feat/retries"], ["headSha", "9c41e2b"]]],
    ["a sha beside a commit word (pt)", "# Passagem\n\nÚltima confirmação: 77aa3f1 (testes ok)\n", [["headSha", "77aa3f1"]]],
    ["a sha beside a commit word (ja)", "# 引き継ぎ\n\n最新コミット 1a2b3c4d\n", [["headSha", "1a2b3c4d"]]],
    ["a sha beside a commit word (ko)", "# 핸드오프\n\n현재 커밋은 9f8e7d6 입니다\n", [["headSha", "9f8e7d6"]]],
    ["a sha alone on its line", "# Handoff\n\n`5e6f7a8b`\n", [["headSha", "5e6f7a8b"]]],
    ["a sha in a table row that names a commit", "# Handoff\n\n| Field | Value |\n|---|---|\n| Commit | `ab12cd3` |\n", [["headSha", "ab12cd3"]]],
    ["a sha under a column named HEAD", "# Handoff\n\n| Branch | HEAD |\n|---|---|\n| main | 1a2b3c4 |\n", [["headSha", "1a2b3c4"]]],
    ["a UUID (zh)", "# 交接\n\n会话 3f2a9c1e-5b7d-4e2a-9c1e-5b7d4e2a9c1e\n", [["sessionId", "3f2a9c1e-5b7d-4e2a-9c1e-5b7d4e2a9c1e"]]],
    ["a session_ id (es)", "# Traspaso\n\nsesión session_01JX9ABCDEF\n", [["sessionId", "session_01JX9ABCDEF"]]],
    ["branch names equated to a sha (es)", "# Traspaso\n\nTips: `dev` = `main` = **`c998ca4`**\n", [["branch", "dev"], ["branch", "main"], ["headSha", "c998ca4"]]],
    ["a runtime and its model inside a parenthesis after a session id (pt)", "# Handoff\n\n**Sessao de origem:** session_01Hj1yX6KsVL (Claude Code, Opus 4.6)\n", [["sessionId", "session_01Hj1yX6KsVL"], ["runtime", "Claude Code"], ["model", "Opus 4.6"]]],
    ["a model, then its runtime in a parenthesis (pt)", "# Diario\n\n**Agente IA:** Claude Opus 4.6 (Claude Code CLI, via Claude Agent SDK)\n", [["runtime", "Claude Code CLI"], ["model", "Claude Opus 4.6"]]],
    ["a branch label of two words, then the name in a code span (pt)", "# Handoff\n\n**Branch Principal:** `claude/integracao-parte-i`\n", [["branch", "claude/integracao-parte-i"]]],
    ["a table row whose key names the branch", "# Handover Status\n\n| Item | Value |\n|---|---|\n| Repository branch inspected | `experiment/live-scada` |\n", [["branch", "experiment/live-scada"]]],
    ["HEAD, then the branch it is on (de)", "# Handoff\n\n**Commit-Stand:** `bbde130` (HEAD master, gepusht nach origin/master)\n", [["branch", "master"], ["headSha", "bbde130"]]],
    ["a branch word in a sentence, then the name in a code span (de)", "# Übergabe\n\nStand: fertig. Branch `feature/kurs-termin-buchung`, Arbeitsbaum sauber.\n", [["branch", "feature/kurs-termin-buchung"]]],
  ])("%s", (_name, markdown, expected) => {
    expect(candidatesOf(markdown).map(({ field, value }) => [field, value])).toEqual(expected);
  });

  test.each([
    ["a hex word is no sha", "# Handoff\n\nThe commit defaced the cache.\n"],
    ["digits alone are no sha", "# Handoff\n\nCommit 2026031 of the plan.\n"],
    ["a table header is never a value", "| Commit | 1a2b3c4 |\n|---|---|\n| ok | fine |\n"],
    ["a sha in a content section is no identity", "# Handoff\n\n## State\n- done: retries, commit 1234abc\n"],
    ["an npm scope is no branch", "# Handoff\n\nInstalled @types/node@1a2b3c4 for the commit.\n"],
    ["an e-mail is no branch @ sha", "# Handoff\n\nMail jo@deadbee1.example\n"],
    ["a runtime with a note that is no model", "# Handoff\n\nClaude (the assistant) wrote this.\n"],
    ["another agent running a Claude model is no runtime Baton knows", "# Handoff\n\nCursor (Claude Sonnet 4) wrote this.\n"],
    ["a sha among words, no commit word", "# Handoff\n\nSee 1a2b3c4 for details.\n"],
  ])("look-alike: %s", (_name, markdown) => {
    expect(candidatesOf(markdown).filter((candidate) => candidate.field !== "sessionId")).toEqual([]);
  });
});

test("a pasted blob in the identity area costs milliseconds, not seconds (shapes look at a line's start)", () => {
  const started = performance.now();
  for (const blob of ["ab=".repeat(20000), "ab = ".repeat(20000), `${"Arbeitsbranch".repeat(5000)} \`x\``]) parseHandoff(`# H\n\n${blob}\n`);
  expect(performance.now() - started).toBeLessThan(3000);
});

describe("a UUID is a session id only near the top or beside a session word", () => {
  const far = "\n".repeat(60);
  test.each([
    ["near the top", "# Handoff\n\n`3f2a9c1e-5b7d-4e2a-9c1e-5b7d4e2a9c1e`\n", ["3f2a9c1e-5b7d-4e2a-9c1e-5b7d4e2a9c1e"]],
    ["further on, beside a session word (es)", `# Handoff\n${far}Sesión: 3f2a9c1e-5b7d-4e2a-9c1e-5b7d4e2a9c1e\n`, ["3f2a9c1e-5b7d-4e2a-9c1e-5b7d4e2a9c1e"]],
    ["look-alike: further on, an announcement's id", `# Handoff\n${far}**ID:** \`a097f550-0225-4f8a-8299-dab4dff6a38c\` (anuncio 8 de 8)\n`, []],
  ])("%s", (_name, markdown, expected) => {
    expect(candidatesOf(markdown).filter((candidate) => candidate.field === "sessionId").map((candidate) => candidate.value)).toEqual(expected);
  });
});
