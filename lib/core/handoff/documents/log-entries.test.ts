import { describe, expect, test } from "vitest";
import { parseHandoff } from "../parse-handoff";

const read = (markdown: string) => parseHandoff(markdown).value;

describe("append-only logs are read entry by entry", () => {
  test("dated entries, newest at the bottom (en): the newest gives the next action, the date and the branch", () => {
    const parsed = read(
      "# Handoff log\n\n## 2026-03-18 — importer\nBranch: feat/importer\n\n### Next\nWrite the parser.\n\n## 2026-03-20 — parser\nBranch: feat/parser\n\n### Next\nWire the parser into the importer.\n",
    );
    expect(parsed.nextAction?.text).toBe("Wire the parser into the importer.");
    expect(parsed.identity).toMatchObject({ branch: "feat/parser", timestamp: "2026-03-20T00:00:00.000Z", timestampZone: null });
    expect(parsed.log).toMatchObject({ newest: 1, order: "oldest-first" });
    expect(parsed.log?.entries.map((entry) => entry.day)).toEqual(["2026-03-18", "2026-03-20"]);
    // Line numbers stay the file's.
    expect(parsed.nextAction?.line).toBe(12);
  });

  test("entries of one day are ordered by the times their headings write, read with their zone and writer (fr)", () => {
    const parsed = read(
      "# Journal de passation — Claude Code\n\n## 2025-11-30 07:30 CET — Documentation\n\n### Prochaines actions\n1. Relire SYNC_STATUS.md\n\n## 2025-11-30 07:15 CET — Audit\n\n### Prochaines actions\n1. Corriger le CORS\n",
    );
    expect(parsed.log).toMatchObject({ newest: 0, order: "newest-first" });
    expect(parsed.identity).toMatchObject({ timestamp: "2025-11-30T06:30:00.000Z", timestampZone: "CET", runtime: "claude-code" });
    expect(parsed.nextAction?.text).toMatch(/SYNC_STATUS/);
  });

  test("a journal of one entry so far: the first heading's stamp dates it, with its time when a zone is written", () => {
    const parsed = read("# Journal de passation — Gemini Pro\n\n## 2025-11-30 07:30 CET — Initialisation\n\n### Prochaines actions\n1. Lire SYNC_STATUS.md\n");
    expect(parsed.identity).toMatchObject({ timestamp: "2025-11-30T06:30:00.000Z", runtime: "gemini-cli" });
  });

  test("numbered entries, newest at the top (pt)", () => {
    const parsed = read(
      "# Registro de passagens\n\n## Entrada 048\nPróximo passo: publicar a versão 2.\n\n## Entrada 047\nPróximo passo: revisar os testes.\n\n## Entrada 046\nPróximo passo: corrigir o build.\n",
    );
    expect(parsed.log).toMatchObject({ newest: 0, order: "newest-first" });
    expect(parsed.nextAction?.text).toMatch(/publicar a versão 2/);
  });

  test("dates written with slashes (ja), the entry's own time wins over its heading's day", () => {
    const parsed = read("# 引き継ぎログ\n\n## 2026/03/19 作業\n次のステップ: テストを書く\n\n## 2026/03/21 作業\n日時: 2026-03-21 18:30 +09:00\n次のステップ: リリースする\n");
    expect(parsed.log?.newest).toBe(1);
    expect(parsed.identity.timestamp).toBe("2026-03-21T09:30:00.000Z");
    expect(parsed.nextAction?.text).toMatch(/リリース/);
  });

  test("look-alike: a handoff with its own next action above a dated session log is no log", () => {
    const parsed = read("# Handoff\n\n## Next action\nShip the importer.\n\n## Session log\n### 2026-03-18\n- parser\n### 2026-03-20\n- importer\n");
    expect(parsed.log).toBeUndefined();
    expect(parsed.nextAction?.text).toBe("Ship the importer.");
  });

  test("look-alike: numbered sections are no numbered entries", () => {
    const parsed = read("# Handoff\n\n## 1. Goal\nShip it.\n\n## 2. State\n- done: parser\n\n## 3. Next action\nRelease.\n");
    expect(parsed.log).toBeUndefined();
    expect(parsed.nextAction?.text).toBe("Release.");
  });

  test("look-alike: one dated heading is no log", () => {
    expect(read("# Handoff\n\n## 2026-03-20 release\n\nNext: tag it.\n").log).toBeUndefined();
  });

  test("the longer run wins: many numbered entries, a few of them dated, with template sections inside (pt)", () => {
    const entry = (number: string, title = "") =>
      `## Entrada ${number}${title}\n### 1) Contexto\nBranch: \`feat/e${number}\`\n### 2) Objetivo\nEntregar ${number}.\n### 3) Próximo passo\nFazer ${number}.\n\n`;
    const parsed = read(
      `# Handoff log\n\n${entry("001")}${entry("002", " — 2026-03-10")}${entry("003", " — 2026-03-11")}${entry("004")}${entry("005")}`,
    );
    expect(parsed.log?.entries).toHaveLength(5);
    expect(parsed.log?.newest).toBe(4);
    expect(parsed.identity.branch).toBe("feat/e005");
    expect(parsed.nextAction?.text).toMatch(/Fazer 005/);
  });

  test("a heading that groups the newest entries (a session with a range of days) is part of the log (fr)", () => {
    const parsed = read(
      "# Handoff\n\n## Session en cours (16–17/01/2026 - soir)\n\n### 2026-01-17 — limites\nBranche : `fix/limit-counter-ux`\n\n### 2026-01-16 — compteur\nBranche : `fix/counter`\n\n## Sessions précédentes\n\n### 2026-01-10 — init\nBranche : `main`\n",
    );
    expect(parsed.log?.newest).toBe(0);
    expect(parsed.identity).toMatchObject({ branch: "fix/limit-counter-ux", timestamp: "2026-01-17T00:00:00.000Z" });
  });

  test("slashed dates read by the file's own convention: 31/12 says day first, so 02/01 is the 2nd of January (fr)", () => {
    const parsed = read(
      "# Handoff\n\n## Dernière session (02/01/2026 - après-midi)\n### Branche en cours\n- `fix/limit-counter-ux`\n\n## Dernière session (02/01/2026)\n### Tâches\n- a\n\n## Dernière session (31/12/2025)\n### Tâches\n- b\n",
    );
    expect(parsed.log?.entries.map((entry) => entry.day)).toEqual(["2026-01-02", "2026-01-02", "2025-12-31"]);
    expect(parsed.identity).toMatchObject({ timestamp: "2026-01-02T00:00:00.000Z", branch: "fix/limit-counter-ux" });
  });

  test("newest on top: sections after the oldest entry and undated sessions between entries belong to the log", () => {
    const parsed = read(
      "# Handoff\n\n## Session en cours (16–17/01/2026)\n### Branche en cours\n- `feat/b`\n\n## Suite (Option A)\n- more\n\n## Session précédente (14/01/2026)\n- a\n\n### Tests\n- ok\n### Prochaines étapes\n- old\n",
    );
    expect(parsed.log?.newest).toBe(0);
    expect(parsed.identity).toMatchObject({ timestamp: "2026-01-17T00:00:00.000Z", branch: "feat/b" });
  });

  test("look-alike: ambiguous slashed dates with nothing to settle them give no day", () => {
    const parsed = read("# Log\n\n## Session (02/01/2026)\n- a\n\n## Session (03/01/2026)\n- b\n");
    expect(parsed.log?.entries.map((entry) => entry.day)).toEqual([null, null]);
  });

  test("quoted entries led by a dated bold title, newest on top (es)", () => {
    const entry = (day: string, n: number) => `> **Sesión ${day} (cont. ${n}) — trabajo ${n}.** Rama \`dev\`.\n> - **Pendiente:** desplegar ${n}.\n\n`;
    const parsed = read(`# Bitácora\n\n> **Este es el LOG append-only.**\n\n${entry("2026-06-25", 14)}${entry("2026-06-25", 13)}${entry("2026-06-24", 12)}# Handoff técnico antiguo\n\n## Tests\n- ok\n`);
    expect(parsed.log).toMatchObject({ newest: 0, order: "newest-first" });
    expect(parsed.log?.entries).toHaveLength(3);
    expect(parsed.identity.timestamp).toBe("2026-06-25T00:00:00.000Z");
  });
});

describe("the numbered steps of one checklist are no log", () => {
  test("STEP 1 … STEP 4 of an end-of-session checklist are the handoff's own sections", () => {
    const text = [
      "# FINE SESSIONE — 11 Marzo 2026",
      "",
      "## STEP 1: BRANCH",
      "Branch: `dev`",
      "",
      "## STEP 2: LAVORO SVOLTO",
      "- export PDF sistemato",
      "",
      "## STEP 3: TEST BUILD",
      "`npm run build` ok",
      "",
      "## STEP 4: PROSSIMI PASSI",
      "- collegare il tour",
      "",
    ].join("\n");
    const parsed = parseHandoff(text).value;
    expect(parsed.log).toBeUndefined();
    expect(parsed.identity.branch).toBe("dev");
  });

  test("numbered sessions still are", () => {
    const text = "# Log\n\n## Session 1\n- a\n\n## Session 2\n- b\n\n## Session 3\n- c\n\n### Next\n- d\n";
    expect(parseHandoff(text).value.log?.entries).toHaveLength(3);
  });
});

describe("the phases of one audit are no log", () => {
  test("Checkpoint Phase 0 … Checkpoint Phase 3 under the phases' own sections", () => {
    const text = "# Rapport d'Audit\n\n## Phase 0\n\n### Checkpoint Phase 0\n- ok\n\n## Phase 1\n\n### Checkpoint Phase 1\n- ok\n\n## Phase 2\n\n### Checkpoint Phase 2\n- ok\n\n## Phase 3\n\n### Checkpoint Phase 3\n- Nouveau code analyse\n";
    const parsed = parseHandoff(text).value;
    expect(parsed.log ?? null).toBeNull();
    expect(parsed.state).toEqual([]);
  });
});

describe("a log entry that only lists what its session did", () => {
  test("its items are the state, done unless a box says otherwise", () => {
    const text = "# Project Progress\n\n## Session 1\n- Fixed the editor\n\n## Session 2\n- Added drag and drop\n\n## Session 3\n- Modularized the graph\n  - moved `src/graph.ts`\n- [ ] Deploy the web version\n";
    const parsed = parseHandoff(text).value;
    expect(parsed.state.map(({ status, text: itemText }) => [status, itemText])).toEqual([
      ["done", "Modularized the graph"],
      ["not-started", "Deploy the web version"],
    ]);
    expect(parsed.sections.some((section) => section.key === "state")).toBe(true);
  });
  test("look-alike: an entry with sections of its own keeps them", () => {
    const text = "# Log\n\n## Session 1\n- a\n\n## Session 2\n- b\n\n## Session 3\n\n### Next steps\n- ship it\n";
    const parsed = parseHandoff(text).value;
    expect(parsed.state).toEqual([]);
    expect(parsed.nextAction?.text).toContain("ship it");
  });
});
