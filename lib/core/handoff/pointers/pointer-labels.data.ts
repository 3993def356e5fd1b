/**
 * Labels of the resume pointer, the handoff's own commit and its resume command, as data (documented in
 * docs/lint-rules.md). Compared after the same normalisation as identity labels (lowercase, `_-./:` and
 * parentheses as blanks), so `**Previous handoff:**`, `previous_handoff:` and `| Previous Handoff |` match.
 */

/**
 * Labels of the previous-handoff pointer. A pointer is read only from a value after one of these labels
 * (`Previous: x.md`, `Picked up from \`x.md\``, `| Predecessor | x.md |`, `previous: x.md` in front matter),
 * never from a path that merely appears near the word "previous" in prose.
 */
export const PREVIOUS_POINTER_LABELS: Record<string, readonly string[]> = {
  en: [
    "previous", "previous file", "previous handoff", "previous handoff file", "previous handoff path", "previous path",
    "previous pointer", "previous session", "previous session handoff", "previous doc", "prev", "prev handoff", "continues",
    "continues from", "continued from", "continuing from", "continuation of", "resumed from", "resumes from", "resuming from",
    "picked up from", "picking up from", "picks up from", "chained from", "predecessor", "parent", "parent handoff",
    "last handoff", "prior handoff", "prior", "preceded by", "follows", "follows from", "builds on",
    "previous session's handoff", "handoff from", "ingested handoff from",
  ],
  pt: [
    "anterior", "handoff anterior", "arquivo anterior", "documento anterior", "sessão anterior", "passagem anterior",
    "continua de", "continuação de", "retomado de", "retomada de", "predecessor", "antecessor", "handoff prévio",
  ],
  es: [
    "anterior", "handoff anterior", "archivo anterior", "documento anterior", "sesión anterior", "traspaso anterior",
    "continúa de", "continuación de", "retomado de", "reanudado desde", "predecesor", "antecesor",
  ],
  de: [
    "vorherige", "vorheriger", "vorheriges", "vorherige übergabe", "vorheriger handoff", "vorheriges handoff",
    "vorherige datei", "letzte übergabe", "vorgänger", "fortsetzung von", "fortgesetzt von", "übernommen von", "knüpft an",
  ],
  fr: [
    "précédent", "précédente", "handoff précédent", "passation précédente", "fichier précédent", "document précédent",
    "session précédente", "suite de", "reprise de", "repris de", "prédécesseur", "fait suite à",
  ],
  ko: ["이전", "이전 핸드오프", "이전 파일", "이전 문서", "이전 세션", "이전 인수인계", "이어서", "선행 핸드오프"],
  ja: ["前回", "前回のハンドオフ", "前のハンドオフ", "前回の引き継ぎ", "前の引き継ぎ", "引き継ぎ元", "継続元", "前回ファイル"],
  zh: ["上一个", "上一个交接", "上次交接", "前一个交接", "上一份交接", "之前的交接", "上一个 handoff", "继续自", "接续自", "前序"],
  id: [
    "sebelumnya", "handoff sebelumnya", "berkas sebelumnya", "file sebelumnya", "sesi sebelumnya", "dilanjutkan dari",
    "melanjutkan dari", "lanjutan dari", "pendahulu",
  ],
};

/** Labels of the this-file pointer, read anywhere in the document. */
export const THIS_POINTER_LABELS: readonly string[] = [
  "this file", "this handoff", "this handoff file", "this handoff path", "handoff path", "current handoff",
];

/** Generic labels of the this-file pointer, read only in the resume-pointer section or front matter. */
export const THIS_POINTER_LABELS_IN_SECTION: readonly string[] = [
  "handoff file", "current file", "this", "self", "this path", "path", "file", "location", "current",
];

/** Labels of the line that records the handoff's own commit. */
export const OWN_COMMIT_LABELS: readonly string[] = [
  "handoff commit", "handoff commit sha", "handoff commit hash", "handoff sha", "this commit", "own commit",
  "commit of this handoff", "this handoff commit", "this handoff s commit", "committed as", "committed in", "final commit",
  "final commit sha", "final sha", "handoff committed", "saved in commit", "handoff committed in", "handoff committed as",
  "commit sha of this handoff", "committed at",
];

/** Labels of the resume command. */
export const RESUME_COMMAND_LABELS: readonly string[] = [
  "resume command", "resume with", "to resume", "resume", "how to resume", "resume prompt", "command to resume",
  "resume cmd", "resume instruction", "resume instructions",
];
