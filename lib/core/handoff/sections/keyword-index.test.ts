import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { expandOptionalParts, foldText, foldTitle, KeywordIndex, parseAnchor } from "./keyword-index";
import { classifyTitle, explainTitle, statusFromTitle } from "./section-titles";

const index = (...keywords: string[]) => new KeywordIndex(keywords.map((keyword) => ({ keyword, payload: keyword })));
const found = (keywords: string[], title: string) => index(...keywords).find(foldTitle(title)).map((match) => match.payload);

describe("keyword syntax", () => {
  test.each<[string, string[]]>([
    ["next step(s)", ["next step", "next steps"]],
    ["nächste(r|n) Schritt(e)", ["nächste Schritt", "nächste Schritte", "nächster Schritt", "nächster Schritte", "nächsten Schritt", "nächsten Schritte"]],
    ["^(the |current )state", ["^state", "^the state", "^current state"]],
    ["plain", ["plain"]],
  ])("%s expands to every spelling", (keyword, spellings) => {
    expect(new Set(expandOptionalParts(keyword))).toEqual(new Set(spellings));
  });

  test("anchors", () => {
    expect(parseAnchor("=next")).toEqual({ anchor: "whole", body: "next" });
    expect(parseAnchor("^status")).toEqual({ anchor: "start", body: "status" });
    expect(parseAnchor("status")).toEqual({ anchor: "anywhere", body: "status" });
    expect(found(["=next"], "Next")).toEqual(["=next"]);
    expect(found(["=next"], "Next steps")).toEqual([]);
    expect(found(["^status"], "Status of the build")).toEqual(["^status"]);
    expect(found(["^status"], "Build status")).toEqual([]);
    expect(found(["^상태"], "상태 변경")).toEqual(["^상태"]);
    expect(found(["^상태"], "작업 상태")).toEqual([]);
  });

  test("… stands for zero to two words, no more", () => {
    const keywords = ["next … step(s)"];
    expect(found(keywords, "Next steps")).toHaveLength(1);
    expect(found(keywords, "Next active step")).toHaveLength(1);
    expect(found(keywords, "Next very safe step")).toHaveLength(1);
    expect(found(keywords, "Next of the many steps")).toEqual([]);
    expect(() => index("… step")).toThrow(/must start with a word/);
  });
});

describe("folding", () => {
  test("full-width forms, case and Latin accents fold; kana voicing marks and Hangul stay", () => {
    expect(foldText("ＮＥＸＴ Ｓｔｅｐｓ")).toBe("next steps");
    expect(foldText("Próximo Passo — Décisions, Maßnahmen")).toBe("proximo passo — decisions, massnahmen");
    expect(foldText("ドキュメント")).toBe("ドキュメント");
    expect(foldText("다음 단계")).toBe("다음 단계");
  });

  test("Latin keywords match whole words only", () => {
    expect(found(["test(s)"], "Tests and proof")).toEqual(["test(s)"]);
    expect(found(["test(s)"], "Contest results")).toEqual([]);
    expect(found(["test(s)"], "Attestation")).toEqual([]);
    expect(found(["what's left"], "What’s left?")).toEqual(["what's left"]);
    expect(found(["in progress"], "in-progress")).toEqual(["in progress"]);
  });

  test("an unaccented word matches an accented keyword, an accented word only the same accents", () => {
    expect(found(["decisões"], "Decisoes")).toEqual(["decisões"]);
    expect(found(["decisões"], "DECISÕES")).toEqual(["decisões"]);
    expect(found(["resume"], "Résumé")).toEqual([]);
    expect(found(["résumé"], "Résumé")).toEqual(["résumé"]);
  });

  test("CJK keywords match anywhere, spaces ignored, and inside mixed-script titles", () => {
    expect(found(["다음 단계"], "즉시 다음단계")).toEqual(["다음 단계"]);
    expect(found(["残作業"], "6. 残作業（優先順）")).toEqual(["残作業"]);
    expect(found(["验证"], "Phase 2 验证记录 (CI)")).toEqual(["验证"]);
    expect(found(["next … step(s)", "下一步"], "Next steps / 下一步")).toEqual(["next … step(s)", "下一步"]);
  });
});

describe("classification is total", () => {
  test("any string gives a classification or null, never an exception, and the same answer twice", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 120 }), (title) => {
        const first = classifyTitle(title);
        expect(classifyTitle(title)).toEqual(first);
        expect(() => statusFromTitle(title)).not.toThrow();
        if (first !== null) expect(explainTitle(title)?.key).toBe(first.key);
      }),
      { numRuns: 500 },
    );
  });

  test("titles over 80 characters are prose, not headings", () => {
    expect(classifyTitle(`Next steps ${"and more ".repeat(10)}`)).toBeNull();
  });
});
