/**
 * Words an agent writes where a list has nothing in it ("### In progress\n- nothing"), per language the
 * heading tables cover (section-synonyms/). Compared after lower-casing and dropping markdown and
 * surrounding punctuation; an entry also matches when a separator and a remark follow it ("none —
 * all merged"), never when more words follow without one ("none of the tests pass" is an item).
 */
export const EMPTY_MARKERS: Record<string, readonly string[]> = {
  en: [
    "nothing", "none", "n/a", "na", "nil", "no items", "nothing yet", "none yet", "nothing so far", "none so far",
    "nothing left", "nothing else", "nothing in progress", "none in progress", "nothing started", "nothing open",
    "no open items", "nothing to do", "nothing to report", "not applicable", "empty", "-", "—", "–",
  ],
  de: ["nichts", "keine", "keiner", "kein", "entfällt", "k. a.", "nichts offen", "noch nichts", "nicht zutreffend"],
  es: ["nada", "ninguno", "ninguna", "no aplica", "n/d", "nada aún", "nada todavía", "ninguno todavía"],
  fr: ["rien", "aucun", "aucune", "néant", "sans objet", "rien pour l'instant", "rien encore"],
  pt: ["nada", "nenhum", "nenhuma", "não se aplica", "n/d", "nada ainda", "nenhum ainda"],
  id: ["tidak ada", "belum ada", "nihil", "kosong", "tidak ada apa-apa"],
  ja: ["なし", "無し", "特になし", "該当なし", "まだなし", "ありません"],
  ko: ["없음", "해당 없음", "해당없음", "아직 없음", "없습니다"],
  "zh-hans": ["无", "没有", "暂无", "尚无", "不适用"],
  "zh-hant": ["無", "沒有", "暫無", "尚無", "不適用"],
};
