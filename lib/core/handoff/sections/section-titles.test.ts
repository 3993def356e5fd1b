import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parseHandoffPath } from "../handoff-path";
import { expandOptionalParts, parseAnchor } from "./keyword-index";
import { lintHandoff } from "../lint-handoff";
import { maskSecrets } from "../secrets/mask-secrets";
import { parseHandoff } from "../parse-handoff";
import { SECTION_SYNONYMS } from "./section-synonyms/index.data";
import type { LanguageSynonyms, Synonyms } from "./section-synonyms/types";
import { classifyLabel, classifyTitle, explainLabel, explainTitle, normaliseTitle, statusFromTitle } from "./section-titles";
import type { SectionKey, StateStatus } from "../types";

type Key = SectionKey | "other";
type Case = [title: string, key: Key, status?: StateStatus | null];

/** `expected` is `key` or `key/status`; checks one heading. */
function expectHeading(title: string, key: Key, status: StateStatus | null = null): void {
  const result = classifyTitle(title);
  expect(result, title).not.toBeNull();
  expect(`${result?.key}/${result?.status ?? ""}`, title).toBe(`${key}/${status ?? ""}`);
}

describe("headings people write, per language and section", () => {
  const english: Case[] = [
    ["Session identity", "identity"],
    ["Session Metadata", "identity"],
    ["Metadata", "identity"],
    ["Goal", "goal"],
    ["Objective", "goal"],
    ["Original user request", "goal"],
    ["Key decisions", "decisions"],
    ["What Was Decided", "decisions"],
    ["Decisions Made", "decisions"],
    ["Current State", "state"],
    ["Current State Summary", "state"],
    ["Where we are", "state"],
    ["Where things stand", "state"],
    ["What's done", "state", "done"],
    ["Done", "state", "done"],
    ["Work Completed", "state", "done"],
    ["What Was Implemented", "state", "done"],
    ["In progress", "state", "in-progress"],
    ["Not started", "state", "not-started"],
    ["Pending Work", "state", "not-started"],
    ["Recent changes", "state", "done"],
    ["Recent Work", "state", "done"],
    ["Remaining work", "state", "not-started"],
    ["What's left", "state", "not-started"],
    ["Deferred Items", "state", "not-started"],
    ["Exit Criteria", "state", "not-started"],
    ["Next action", "next-action"],
    ["Next Steps", "next-action"],
    ["Next Active Step", "next-action"],
    ["Next Safe Step", "next-action"],
    ["Next exact work", "next-action"],
    ["Next recommended step", "next-action"],
    ["Immediate Next Task", "next-action"],
    ["Recommended Next Task", "next-action"],
    ["What to do next", "next-action"],
    ["Next session", "next-action"],
    ["Up next", "next-action"],
    ["Blockers and next steps", "next-action"],
    ["Verification commands", "verification"],
    ["Tests and proof", "verification"],
    ["Local proof summary", "verification"],
    ["Test plan", "verification"],
    ["Current Test Baselines", "verification"],
    ["Validation Steps (Ordered)", "verification"],
    ["Verified so far", "verification"],
    ["Sanity checks", "verification"],
    ["Test / Verification Status", "verification"],
    ["Last known good", "verification"],
    ["Resume pointer", "resume-pointer"],
    ["Handoff Chain", "resume-pointer"],
    ["Previous handoff", "resume-pointer"],
    ["Resume command", "resume-command"],
    ["How to resume", "resume-command"],
    ["Opening Prompt For Next Session", "resume-command"],
    ["Constraints", "goal"],
    ["Context", "other"],
    ["Files", "other"],
    ["Notes", "other"],
    ["Summary", "other"],
    ["Overview", "other"],
    ["Blockers/Open Questions", "other"],
  ];
  const portuguese: Case[] = [
    ["Identidade da sessão", "identity"],
    ["Objetivo", "goal"],
    ["Objetivo e restrições", "goal"],
    ["Decisões", "decisions"],
    ["Decisoes", "decisions"],
    ["Decisões tomadas", "decisions"],
    ["Estado atual", "state"],
    ["O que foi feito", "state", "done"],
    ["Concluído", "state", "done"],
    ["Em andamento", "state", "in-progress"],
    ["Não iniciado", "state", "not-started"],
    ["Pendências", "state", "not-started"],
    ["Próximo passo", "next-action"],
    ["Próximos passos", "next-action"],
    ["Proximo passo exato", "next-action"],
    ["Próxima etapa", "next-action"],
    ["Comandos de verificação", "verification"],
    ["Validação", "verification"],
    ["Testes", "verification"],
    ["Ponteiro de retomada", "resume-pointer"],
    ["Comando de retomada", "resume-command"],
    ["Ambiente e baseline técnico", "other"],
    ["Riscos", "other"],
  ];
  const spanish: Case[] = [
    ["Identidad de la sesión", "identity"],
    ["Objetivo", "goal"],
    ["Restricciones", "goal"],
    ["Decisiones ya tomadas (no re-discutir)", "decisions"],
    ["Estado actual", "state"],
    ["Qué se hizo en esta sesión", "state", "done"],
    ["Hecho", "state", "done"],
    ["En progreso", "state", "in-progress"],
    ["Pendiente", "state", "not-started"],
    ["Próximos pasos", "next-action"],
    ["Siguientes pasos", "next-action"],
    ["Para la próxima sesión", "next-action"],
    ["Verificación", "verification"],
    ["Pruebas", "verification"],
    ["Puntero de reanudación", "resume-pointer"],
    ["Cómo reanudar", "resume-command"],
    ["Archivos clave para la próxima sesión", "other"],
  ];
  const german: Case[] = [
    ["Sitzungsinformationen", "identity"],
    ["Ziel", "goal"],
    ["Ziele und Randbedingungen", "goal"],
    ["Bewusst getroffene Entscheidungen", "decisions"],
    ["Aktueller Stand", "state"],
    ["Stand der Dinge", "state"],
    ["Erledigt", "state", "done"],
    ["In Arbeit", "state", "in-progress"],
    ["Offen", "state", "not-started"],
    ["Offene Punkte", "state", "not-started"],
    ["Nächste Schritte", "next-action"],
    ["Nächster Schritt", "next-action"],
    ["Naechste Schritte", "next-action"],
    ["Als Nächstes", "next-action"],
    ["Verifikation", "verification"],
    ["Wie man den Stand verifiziert", "verification"],
    ["Prüfbefehle", "verification"],
    ["Wiederaufnahme-Zeiger", "resume-pointer"],
    ["Fortsetzungsbefehl", "resume-command"],
    ["Umgebung", "other"],
    ["Hinweise", "other"],
  ];
  const french: Case[] = [
    ["Identité", "identity"],
    ["Objectif", "goal"],
    ["Contraintes", "goal"],
    ["Décisions", "decisions"],
    ["Contexte et décisions", "decisions"],
    ["État actuel", "state"],
    ["Etat actuel", "state"],
    ["Où on en est", "state"],
    ["Ce qui a été fait", "state", "done"],
    ["En cours", "state", "in-progress"],
    ["À faire", "state", "not-started"],
    ["Prochaines étapes", "next-action"],
    ["Prochaine étape", "next-action"],
    ["Étapes suivantes", "next-action"],
    ["Vérification", "verification"],
    ["Lancer / tester", "verification"],
    ["Pointeur de reprise", "resume-pointer"],
    ["Commande de reprise", "resume-command"],
    ["Fichiers modifiés", "other"],
  ];
  const korean: Case[] = [
    ["세션 정보", "identity"],
    ["목표", "goal"],
    ["목표 및 제약", "goal"],
    ["주요 결정 사항", "decisions"],
    ["현재 상태", "state"],
    ["현재 상태 요약", "state"],
    ["전체 플랜 현황", "state"],
    ["완료된 작업", "state", "done"],
    ["진행 중", "state", "in-progress"],
    ["미착수", "state", "not-started"],
    ["미완료 작업", "state", "not-started"],
    ["남은 작업", "state", "not-started"],
    ["다음 단계", "next-action"],
    ["즉시 다음 단계", "next-action"],
    ["다음단계", "next-action"],
    ["다음 세션", "next-action"],
    ["다음 세션 — Phase B-network", "next-action"],
    ["미완 / 다음 작업", "next-action"],
    ["검증", "verification"],
    ["검증 명령", "verification"],
    ["재개 포인터", "resume-pointer"],
    ["재개 명령", "resume-command"],
    ["중요 컨텍스트", "other"],
    ["주의사항", "other"],
    ["환경 상태", "other"],
  ];
  const japanese: Case[] = [
    ["セッション情報", "identity"],
    ["目標", "goal"],
    ["目的と制約", "goal"],
    ["5. 重要な決定・ハマりどころ（必読）", "decisions"],
    ["現在の状態", "state"],
    ["現在地 — 2026-07-27", "state"],
    ["4. 進捗（AI-DLC / Construction）", "state"],
    ["完了", "state", "done"],
    ["進行中", "state", "in-progress"],
    ["未着手", "state", "not-started"],
    ["未完了のタスク", "state", "not-started"],
    ["6. 残作業（優先順）", "state", "not-started"],
    ["次のステップ", "next-action"],
    ["次にやること", "next-action"],
    ["次回のセッション", "next-action"],
    ["検証コマンド", "verification"],
    ["8. 動作確認の要点（apply後）", "verification"],
    ["テスト", "verification"],
    ["再開ポインタ", "resume-pointer"],
    ["再開コマンド", "resume-command"],
    ["環境", "other"],
    ["備考", "other"],
  ];
  const chinese: Case[] = [
    ["会话信息", "identity"],
    ["會話資訊", "identity"],
    ["目标", "goal"],
    ["目標", "goal"],
    ["关键决策", "decisions"],
    ["關鍵決策", "decisions"],
    ["当前状态", "state"],
    ["當前狀態", "state"],
    ["3. 已完成的修复：工具链目录泄漏", "state", "done"],
    ["进行中", "state", "in-progress"],
    ["進行中", "state", "in-progress"],
    ["未开始", "state", "not-started"],
    ["未完成", "state", "not-started"],
    ["待办事项", "state", "not-started"],
    ["待辦事項", "state", "not-started"],
    ["下一步", "next-action"],
    ["下一步建议", "next-action"],
    ["后续步骤", "next-action"],
    ["後續步驟", "next-action"],
    ["验证记录", "verification"],
    ["驗證命令", "verification"],
    ["测试", "verification"],
    ["恢复指针", "resume-pointer"],
    ["恢復指標", "resume-pointer"],
    ["恢复命令", "resume-command"],
    ["恢復命令", "resume-command"],
    ["5. 环境约束（重要）", "other"],
    ["已知问题", "other"],
  ];
  const indonesian: Case[] = [
    ["Identitas sesi", "identity"],
    ["Tujuan", "goal"],
    ["Keputusan Approved / Hasil", "decisions"],
    ["Status Selesai", "state", "done"],
    ["Sedang berjalan", "state", "in-progress"],
    ["Belum dimulai", "state", "not-started"],
    ["Belum selesai", "state", "not-started"],
    ["Masih Terbuka", "state", "not-started"],
    ["Langkah Selanjutnya", "next-action"],
    ["Langkah berikutnya", "next-action"],
    ["Verifikasi", "verification"],
    ["Pengujian", "verification"],
    ["Penunjuk lanjutan", "resume-pointer"],
    ["Perintah lanjutan", "resume-command"],
    ["Catatan", "other"],
  ];

  const rows = (language: string, cases: Case[]) => cases.map(([title, key, status]) => [language, title, key, status ?? ""] as const);
  test.each([
    ...rows("en", english),
    ...rows("pt", portuguese),
    ...rows("es", spanish),
    ...rows("de", german),
    ...rows("fr", french),
    ...rows("ko", korean),
    ...rows("ja", japanese),
    ...rows("zh", chinese),
    ...rows("id", indonesian),
  ])("%s: %s → %s %s", (_language, title, key, status) => {
    expectHeading(title, key, status === "" ? null : status);
  });
});

describe("headings that must not open a protocol section", () => {
  test.each([
    // Words that contain a keyword are not that keyword.
    "Contest results",
    "Attestation service",
    "Toolchain setup",
    "Checklist",
    // State words only where they head the title: a game's state is not the handoff's state.
    "Capability 4: Read-Only Game State Inspection",
    "Game status",
    "Complete Admin Endpoint Inventory",
    // Prose-like headings.
    "Critical Finding: Missing Endpoints",
    "UI Layout Specification",
    "Tools/Services Used",
    "Worker Instructions",
    "Next big thing",
    "Next.js migration steps",
    "state.json layout",
    "Resume Mode",
    // A word written with accents matches only the same accents: the French summary is not "resume".
    "Résumé",
    // CJK headings that only look alike.
    "探针能否移除（已评估：不建议）",
    "1. リポジトリ構成 / デプロイ",
    "저장된 기준",
    "",
    "   ",
    "## ---",
  ])("%j is no section", (title) => {
    expect(classifyTitle(title)).toBeNull();
  });

  test.each<[string, Key]>([
    ["Historical Recommended Next Task", "other"],
    ["Historical Test / Verification Status", "other"],
    ["Next steps (archived)", "other"],
    ["Session Log", "other"],
    ["Environment State", "other"],
    ["Files Modified", "other"],
    ["Critical Files", "other"],
    ["Open questions to resolve from evidence", "other"],
    ["Proof of concept", "other"],
    ["Test accounts", "other"],
    ["Which branch the command checks out", "other"],
    ["Required Reading Next Session", "other"],
    ["Context for Resuming Agent", "other"],
    ["Arbeitsweise-Hinweise (aus früheren Runden verifiziert)", "other"],
    ["이전 세션 기록", "other"],
    ["変更履歴", "other"],
    ["历史记录", "other"],
    ["Sesiones anteriores", "other"],
  ])("%j is %s, not a protocol section", (title, key) => {
    expect(classifyTitle(title)?.key).toBe(key);
  });

  test("the first title a heading matches decides, in precedence order", () => {
    expect(classifyTitle("Key Decisions and Next Steps")?.key).toBe("next-action");
    expect(classifyTitle("Decisions (do not revisit)")?.key).toBe("decisions");
    expect(classifyTitle("Work (done)")).toBeNull();
    expect(classifyTitle("Immédiat (validation architecte)")).toBeNull();
    expect(classifyTitle("Done (2 items pending)")).toEqual({ key: "state", status: "done", isConstraints: false });
    expect(classifyTitle("Current state (partially migrated)")).toEqual({ key: "state", status: "in-progress", isConstraints: false });
    expect(classifyTitle("Hints (verified in earlier rounds)")?.key).toBe("other");
    expect(classifyTitle("Status summary")?.key).toBe("state");
    expect(classifyTitle("즉시 다음단계")?.key).toBe("next-action");
    expect(classifyTitle("ＮＥＸＴ ＳＴＥＰＳ")?.key).toBe("next-action");
    // Goal keeps "Task …" titles, as before: "Task status" is the goal's status line.
    expect(classifyTitle("Task status")?.key).toBe("goal");
  });
});

describe("constraints and work still to do", () => {
  test.each<[string, boolean]>([
    ["Constraints", true],
    ["Known Constraints", true],
    ["User instructions", true],
    ["Restrições", true],
    ["제약", true],
    ["制約", true],
    ["Goal & constraints", false],
    ["Objetivo e restrições", false],
    ["目標", false],
  ])("%j: isConstraints %s", (title, isConstraints) => {
    expect(classifyTitle(title)?.key).toBe("goal");
    expect(classifyTitle(title)?.isConstraints).toBe(isConstraints);
  });

  test.each(["Remaining work", "Residual work", "What's left", "To do", "Pending work", "À faire", "Trabajo restante", "Offene Punkte", "남은 작업", "残作業", "待办", "剩餘工作", "Sisa pekerjaan"])(
    "%j is State, not started, and stands in for a missing next action",
    (title) => {
      expect(classifyTitle(title)).toEqual({ key: "state", status: "not-started", isConstraints: false, standsInFor: "next-action" });
    },
  );

  test.each(["Done", "Not started", "Current state", "Backlog"])("%j does not stand in for the next action", (title) => {
    expect(classifyTitle(title)?.standsInFor).toBeUndefined();
  });
});

describe("status words", () => {
  test.each<[string, StateStatus | null]>([
    ["Done", "done"],
    ["Not done", "not-started"],
    ["Completed", "done"],
    ["Partially done", "in-progress"],
    ["concluído", "done"],
    ["não concluído", "not-started"],
    ["em andamento", "in-progress"],
    ["hecho", "done"],
    ["en progreso", "in-progress"],
    ["pendiente", "not-started"],
    ["erledigt", "done"],
    ["in Arbeit", "in-progress"],
    ["offen", "not-started"],
    ["fait", "done"],
    ["en cours", "in-progress"],
    ["à faire", "not-started"],
    ["완료", "done"],
    ["진행 중", "in-progress"],
    ["미착수", "not-started"],
    ["미완료", "not-started"],
    ["부분 완료", "in-progress"],
    ["完了", "done"],
    ["進行中", "in-progress"],
    ["未着手", "not-started"],
    ["未完了", "not-started"],
    ["已完成", "done"],
    ["进行中", "in-progress"],
    ["未开始", "not-started"],
    ["未完成", "not-started"],
    ["selesai", "done"],
    ["sedang berjalan", "in-progress"],
    ["belum dimulai", "not-started"],
    ["belum selesai", "not-started"],
    ["✅ MERGED (#216)", "done"],
    ["Architecture", null],
  ])("%j → %s", (text, status) => {
    expect(statusFromTitle(text)).toBe(status);
  });
});

describe("labels", () => {
  test.each<[string, SectionKey]>([
    ["Next action", "next-action"],
    ["Next steps", "next-action"],
    ["DONE", "state"],
    ["Verification commands", "verification"],
    ["Resume", "resume-command"],
    ["Próximo passo", "next-action"],
    ["Proximo passo", "next-action"],
    ["Decisões", "decisions"],
    ["Estado atual", "state"],
    ["Comandos de verificação", "verification"],
    ["Ponteiro de retomada", "resume-pointer"],
    ["Próximos pasos", "next-action"],
    ["Nächste Schritte", "next-action"],
    ["Prochaine étape", "next-action"],
    ["다음 단계", "next-action"],
    ["다음단계", "next-action"],
    ["검증", "verification"],
    ["次のステップ", "next-action"],
    ["未着手", "state"],
    ["下一步", "next-action"],
    ["验证命令", "verification"],
    ["驗證命令", "verification"],
    ["Langkah selanjutnya", "next-action"],
    ["Next steps (in order)", "next-action"],
    ["下一步（依序）", "next-action"],
  ])("label %j opens %s", (label, key) => {
    expect(classifyLabel(label)?.key).toBe(key);
  });

  test.each(["Verify guardrails", "Branch", "Previous", "Note", "Decision rationale for the cache", "Próximo passo técnico importante", "다음 단계에서 할 일 목록"])(
    "label %j opens nothing: only exact titles do",
    (label) => {
      expect(classifyLabel(label)).toBeNull();
    },
  );

  test("state labels carry their status, goal labels their constraints", () => {
    expect(classifyLabel("Em andamento")).toEqual({ key: "state", status: "in-progress", isConstraints: false });
    expect(classifyLabel("미완료")).toEqual({ key: "state", status: "not-started", isConstraints: false });
    expect(classifyLabel("Restrições")).toEqual({ key: "goal", status: null, isConstraints: true });
    expect(classifyLabel("Goals and constraints")).toEqual({ key: "goal", status: null, isConstraints: false });
  });
});

describe("explainTitle says why", () => {
  test("the keyword and language that decided", () => {
    expect(explainTitle("## 3. Next Active Step:")).toEqual({
      key: "next-action",
      status: null,
      isConstraints: false,
      matchedKeyword: "next … step(s)",
      language: "en",
      statusKeyword: null,
    });
    expect(explainTitle("현재 상태 요약")).toMatchObject({ key: "state", matchedKeyword: "현재 상태", language: "ko" });
    expect(explainTitle("Decisoes")).toMatchObject({ key: "decisions", matchedKeyword: "decisões", language: "pt" });
    expect(explainTitle("Historical Recommended Next Task")).toMatchObject({ key: "other", matchedKeyword: "historical" });
    expect(explainTitle("미완료 작업")).toMatchObject({ key: "state", status: "not-started", statusKeyword: "미완료", standsInFor: "next-action" });
    expect(explainLabel("Próximo passo")).toMatchObject({ key: "next-action", matchedKeyword: "próximo passo", language: "pt" });
    expect(explainTitle("UI Layout Specification")).toBeNull();
  });

  test("a shared word is credited to the first language listed", () => {
    expect(explainTitle("決定事項")?.language).toBe("ja");
    expect(explainTitle("Status")?.language).toBe("en");
  });

  test("repeated calls give equal, independent answers", () => {
    const first = explainTitle("Next steps");
    if (first !== null) first.key = "other";
    expect(explainTitle("Next steps")?.key).toBe("next-action");
  });
});

describe("the tables themselves", () => {
  const roles: [string, Key, (language: LanguageSynonyms) => Synonyms][] = [
    ["history", "other", (l) => l.history],
    ["context", "other", (l) => l.context],
    ["resume command", "resume-command", (l) => l.resumeCommand],
    ["next action", "next-action", (l) => l.nextAction],
    ["verification", "verification", (l) => l.verification],
    ["decisions", "decisions", (l) => l.decisions],
    ["resume pointer", "resume-pointer", (l) => l.resumePointer],
    ["identity", "identity", (l) => l.identity],
    ["goal", "goal", (l) => l.goal],
    ["constraints", "goal", (l) => l.constraints],
    ["state", "state", (l) => l.state],
    ["remaining", "state", (l) => l.remaining],
    ["other", "other", (l) => l.other],
  ];

  /** Each spelling a keyword allows, as a heading of its own ("next … step(s)" → "next step", "next steps"). */
  const spellings = (keyword: string) =>
    expandOptionalParts(parseAnchor(keyword).body).map((variant) => variant.replace(/…/g, " ").replace(/\s+/g, " ").trim());

  test("every keyword, written alone as a heading, opens its own section (no keyword is shadowed by another table)", () => {
    const shadowed: string[] = [];
    for (const language of SECTION_SYNONYMS) {
      for (const [role, key, table] of roles) {
        for (const keyword of table(language)) {
          for (const heading of spellings(keyword)) {
            const explanation = explainTitle(heading);
            if (explanation?.key !== key) shadowed.push(`${language.language} ${role} "${heading}" → ${explanation?.key} (${explanation?.matchedKeyword})`);
          }
        }
      }
    }
    expect(shadowed).toEqual([]);
  });

  test("every label opens its own section, and every status word gives its status", () => {
    const wrong: string[] = [];
    const labels: [SectionKey, (language: LanguageSynonyms) => Synonyms][] = [
      ["identity", (l) => l.labels.identity],
      ["goal", (l) => l.labels.goal],
      ["decisions", (l) => l.labels.decisions],
      ["state", (l) => l.labels.state],
      ["next-action", (l) => l.labels.nextAction],
      ["verification", (l) => l.labels.verification],
      ["resume-pointer", (l) => l.labels.resumePointer],
      ["resume-command", (l) => l.labels.resumeCommand],
    ];
    const statuses: [StateStatus, (language: LanguageSynonyms) => Synonyms][] = [
      ["done", (l) => l.status.done],
      ["in-progress", (l) => l.status.inProgress],
      ["not-started", (l) => l.status.notStarted],
      ["not-started", (l) => l.remaining],
    ];
    for (const language of SECTION_SYNONYMS) {
      for (const [key, table] of labels) {
        for (const label of table(language).flatMap(spellings)) {
          if (classifyLabel(label)?.key !== key) wrong.push(`${language.language} label "${label}" → ${classifyLabel(label)?.key}`);
        }
      }
      for (const [status, table] of statuses) {
        for (const word of table(language).flatMap(spellings)) {
          if (statusFromTitle(word) !== status) wrong.push(`${language.language} status "${word}" → ${statusFromTitle(word)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  test("every language has words for every section and status", () => {
    for (const language of SECTION_SYNONYMS) {
      for (const [role, , table] of roles) expect(table(language).length, `${language.language} ${role}`).toBeGreaterThan(0);
      for (const list of Object.values(language.labels)) expect(list.length, language.language).toBeGreaterThan(0);
      for (const list of Object.values(language.status)) expect(list.length, language.language).toBeGreaterThan(0);
    }
    expect(SECTION_SYNONYMS.map((language) => language.language)).toEqual(["en", "pt", "es", "de", "fr", "it", "ca", "ko", "ja", "zh-Hans", "zh-Hant", "id"]);
  });

  test("normaliseTitle strips decoration but keeps the words", () => {
    expect(normaliseTitle("## 3. ✅ State:")).toBe("state");
    expect(normaliseTitle("**Step 2 —** Next steps")).toBe("next steps");
    // The numbering words of one procedure in any language (PROCEDURE_STEP_WORDS), one home with log-entries.ts.
    expect(normaliseTitle("Paso 2: Próximos pasos")).toBe("próximos pasos");
    expect(normaliseTitle("Schritt 3 – Nächste Schritte")).toBe("nächste schritte");
    // Full-width digits and brackets are folded when matching, not by normaliseTitle.
    expect(classifyTitle("６．残作業（優先順）")?.key).toBe("state");
  });
});

describe("whole handoffs in other languages", () => {
  const fixtures = path.join(import.meta.dirname, "..", "__fixtures__", "languages");
  test.each([
    ["ko", "docs/ai/handoff/claude-code/08082026/handoff_payment-repository.md"],
    ["pt", "docs/ai/handoff/codex/09082026/handoff_faturamento.md"],
    ["ja", "docs/ai/handoff/gemini-cli/10082026/handoff_search-paging.md"],
    ["de", "docs/ai/handoff/opencode/11082026/handoff_csv-export.md"],
  ])("%s: every section is found, no section-*-missing finding", (language, filePath) => {
    const text = readFileSync(path.join(fixtures, `${language}.md`), "utf8");
    const masked = maskSecrets(text);
    const parsed = parseHandoff(masked.text);
    expect(parsed.issues).toEqual([]);
    const handoff = parsed.value;
    const findings = lintHandoff(handoff, {
      path: filePath,
      pathInfo: parseHandoffPath(filePath),
      secrets: masked.secrets,
      isCommitted: true,
      headShaExists: true,
      previousResolves: true,
    });
    expect(findings.filter((finding) => /^section-.*-missing$|^decisions-missing$|^resume-command-missing$/.test(finding.rule))).toEqual([]);
    expect(new Set(handoff.sections.map((section) => section.key))).toEqual(
      new Set(["identity", "goal", "decisions", "state", "next-action", "verification", "resume-pointer", "resume-command"]),
    );
    expect(handoff.goal?.constraints.length).toBe(1);
    expect(new Set(handoff.state.map((item) => item.status))).toEqual(new Set(["done", "in-progress", "not-started"]));
    expect(handoff.verification.length).toBeGreaterThan(0);
    expect(handoff.nextAction?.commands.length).toBeGreaterThan(0);
  });
});

describe("headings of the round of 2026-12-07: a word meaning next or pending, compounds split", () => {
  test.each([
    ["Nächster verbindlicher Arbeitsschritt", "next-action"],
    ["Nächster Entwicklungsschritt nach dem Smoke-Test", "next-action"],
    ["다음에 할 작업", "next-action"],
    ["🚀 立即行动步骤", "next-action"],
    ["Suggested next role", "next-action"],
    ["STAGE 3 PLAN (NEXT)", "next-action"],
    ["Aktueller RCBO-/FI-LS-Endstand", "state"],
    ["Repository-Stand nach dem Merge", "state"],
    ["Pendiente", "state"],
    ["ペンディング・今後の実装予定", "state"],
  ])("%s → %s", (title, key) => {
    expect(classifyTitle(title)?.key).toBe(key);
  });

  test.each([["Pendiente"], ["ペンディング・今後の実装予定"]])("%s stands in for a next action", (title) => {
    expect(classifyTitle(title)?.standsInFor).toBe("next-action");
  });

  test.each([["Stand"], ["Understanding the bug"], ["Next.js migration notes"]])("look-alike: %s is no next action", (title) => {
    expect(classifyTitle(title)?.key).not.toBe("next-action");
  });
});

describe("Italian headings", () => {
  test.each([
    ["STEP 2: LAVORO SVOLTO", "state"],
    ["Prossimi passi", "next-action"],
    ["TODO prossima sessione", "next-action"],
    ["Decisioni prese", "decisions"],
    ["Obiettivo della sessione", "goal"],
  ])("%s → %s", (title, key) => {
    expect(classifyTitle(title)?.key).toBe(key);
  });
});

describe("Catalan headings", () => {
  test.each([
    ["Propera Sessió (Objectius)", "next-action"],
    ["Prioritats Immediates", "next-action"],
    ["Tasques Pendents", "next-action"],
    ["Feina feta", "state"],
    ["Decisions preses", "decisions"],
    ["Verificació", "verification"],
  ])("%s → %s", (title, key) => {
    expect(classifyTitle(title)?.key).toBe(key);
  });
});
