/**
 * Words that mark a handoff as no longer current, per language, and the field names that carry such a
 * status. Data only: the rules that decide where a word counts (title, heading, status field, never
 * prose) are in deprecation.ts.
 *
 * Forms are lower case and matched case-insensitively as whole words (Latin scripts) or as written
 * (Korean, Japanese, Chinese, which have no case and no spaces between words).
 */
export const DEPRECATION_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: ["deprecated", "superseded", "obsolete", "outdated", "archived", "replaced", "retired", "moved"],
  pt: ["obsoleto", "obsoleta", "descontinuado", "descontinuada", "substituído", "substituída", "substituido", "arquivado", "arquivada", "depreciado", "depreciada", "desatualizado", "desatualizada"],
  es: ["obsoleto", "obsoleta", "reemplazado", "reemplazada", "sustituido", "sustituida", "archivado", "archivada", "descontinuado", "descontinuada", "deprecado", "deprecada", "desactualizado", "desactualizada"],
  de: ["veraltet", "ersetzt", "archiviert", "überholt", "abgelöst", "obsolet"],
  fr: ["obsolète", "remplacé", "remplacée", "archivé", "archivée", "déprécié", "dépréciée", "périmé", "périmée"],
  ko: ["폐기됨", "폐기", "대체됨", "보관됨", "사용 중단"],
  ja: ["非推奨", "廃止", "置き換え済み", "アーカイブ済み", "旧版"],
  zh: ["已弃用", "已废弃", "弃用", "废弃", "已被取代", "已取代", "已归档", "已过时", "過時", "已棄用"],
};

/** Words that mean "replaced by a newer document" when followed by "by" (or "in favour of"). */
export const REPLACED_BY_WORDS: readonly string[] = ["deprecated", "superseded"];

/** Field names whose value is a document status ("Status: superseded", front matter `status: deprecated`). */
export const STATUS_KEYS: readonly string[] = [
  "status",
  "state",
  "document status",
  "handoff status",
  "doc status",
  "estado",
  "situação",
  "situacao",
  "situación",
  "statut",
  "état",
  "etat",
  "zustand",
  "상태",
  "状態",
  "ステータス",
  "状态",
];

/** Field names whose non-empty value names the replacement ("Superseded by: docs/…"), so their presence marks it. */
export const REPLACEMENT_KEYS: readonly string[] = [
  "superseded by",
  "superseded_by",
  "superseded-by",
  "supersededby",
  "replaced by",
  "replaced_by",
  "replaced-by",
  "replacedby",
  "deprecated by",
  "deprecated in favour of",
  "deprecated in favor of",
  "moved to",
  "moved_to",
  "substituído por",
  "reemplazado por",
  "ersetzt durch",
  "remplacé par",
];

/** Front-matter booleans (`deprecated: true`). */
export const FLAG_KEYS: readonly string[] = ["deprecated", "superseded", "obsolete", "archived"];

/** Values of a replacement field that name nothing. */
export const EMPTY_VALUES: readonly string[] = ["", "none", "null", "nil", "~", "n/a", "na", "-", "—", "no", "false", "nothing", "nenhum", "ninguno", "keine", "aucun"];

/** Nouns a handoff uses for itself ("This handoff is superseded", "# Handoff archived"). */
export const DOCUMENT_NOUNS: readonly string[] = ["handoff", "hand-off", "handover", "document", "doc", "note", "notes", "file", "plan"];

/** Words of a heading whose section holds document metadata, where a status field counts (besides the part before the first section). */
export const METADATA_HEADING_WORDS: readonly string[] = ["identity", "metadata", "meta", "header", "document", "status", "info", "information", "identidade", "identidad", "identität", "identité", "메타데이터", "メタデータ", "元数据"];
