/**
 * The words handoffs use for their identity fields, as data (documented in docs/lint-rules.md).
 *
 * Keys are compared after normalisation (lowercase; `_`, `-`, `.`, `/`, `:` and parentheses turned into
 * blanks), so `Session ID`, `session_id` and `**session-id**` are all `session id`.
 *
 * - `anywhere`: specific enough to be read wherever the label appears.
 * - `whenValueFits`: generic words read anywhere only when the value has the field's shape (`head: abc1234`
 *   is a sha, `agent: Codex` names a runtime, `time: 2026-02-17 13:45` is a time, `session: ses_01J…` is an
 *   id); "Head: of the team" is not read.
 * - `inIdentityContext`: read only inside an identity section, YAML front matter, or a paragraph, list,
 *   table or line holding two or more `anywhere` keys ("Commit: abc1234" alone is often the handoff's own
 *   commit line, not HEAD).
 */
export interface IdentityLabelTiers {
  anywhere: readonly string[];
  whenValueFits: readonly string[];
  inIdentityContext: readonly string[];
}

export const IDENTITY_LABELS = {
  runtime: {
    anywhere: [
      "runtime", "runtime name", "agent runtime", "ai runtime", "coding agent", "agent cli", "runtime cli", "from agent",
      "runtime agent", "ai agent", "agent name", "coding tool", "ai tool", "agent harness", "runtime harness",
      "런타임", "ランタイム", "运行时", "運行時",
    ],
    whenValueFits: [
      "agent", "tool", "harness", "cli", "client", "assistant", "platform", "ai", "written by", "author", "by",
      "agente", "ferramenta", "herramienta", "werkzeug", "outil", "에이전트", "도구", "エージェント", "ツール", "代理", "智能体", "工具",
      // The sender of a relay handoff (`From: codex_gpt` / `To: claude_code`, `**De:** Névoa (Claude Code)`):
      // the writer, when its value names a runtime. The receiver's label never is.
      "from", "sender", "de", "remetente", "remitente", "von", "absender", "expéditeur", "da", "mittente", "発信者", "送信者", "发送方", "보낸 사람",
    ],
    inIdentityContext: [],
  },
  model: {
    anywhere: [
      "model", "model id", "model name", "llm", "ai model", "model version", "agent model", "model used", "llm model",
      "modelo", "modell", "modèle", "modele", "모델", "モデル", "模型",
    ],
    whenValueFits: [],
    inIdentityContext: [],
  },
  sessionId: {
    anywhere: [
      "session id", "sessionid", "session uuid", "conversation id", "session conversation id", "session or conversation id",
      "conversation session id", "thread id", "chat id", "saved by session", "session key", "session identifier",
      "id da sessão", "id da sessao", "id de sesión", "id de sesion", "sitzungs id", "sitzungsid", "id de session", "id sesi",
      "세션 id", "세션 아이디", "セッション id", "セッションid", "会话 id", "会话id", "會話 id", "會話id",
    ],
    whenValueFits: ["session", "conversation", "thread", "chat", "sessão", "sesión", "sitzung", "sesi", "세션", "セッション", "会话", "會話"],
    inIdentityContext: ["run id", "id"],
  },
  timestamp: {
    anywhere: [
      "timestamp", "created", "created at", "date", "datetime", "date time", "date and time", "saved at", "written at",
      "handoff time", "handoff date", "generated at", "updated", "updated at", "last updated", "last update", "session date",
      "ended at",
      "fecha", "fecha y hora", "datum", "zeitpunkt", "horodatage", "date et heure", "tanggal", "waktu", "criado em",
      "atualizado em", "creado", "actualizado", "erstellt", "aktualisiert", "날짜", "일시", "작성일", "日付", "日時",
      "作成日", "日期", "时间", "時間",
      // "Last updated" in the other languages: the time a rolling handoff was last written.
      "última atualização", "última actualización", "zuletzt aktualisiert", "letzte aktualisierung", "dernière mise à jour",
      "mis à jour", "terakhir diperbarui", "최종 업데이트", "최종 수정", "최종 수정일", "수정일", "업데이트", "最終更新", "最終更新日",
      "更新日", "更新日時", "最后更新", "最后更新时间", "更新时间", "更新日期", "最後更新", "更新時間",
    ],
    // "Data:" is the date in Portuguese (and Indonesian/Italian), but a data set in English: read when it holds a time.
    whenValueFits: ["time", "when", "at", "written", "saved", "session end", "data", "hora", "zeit", "heure"],
    inIdentityContext: [],
  },
  branch: {
    anywhere: [
      "branch", "git branch", "current branch", "working branch", "branch name", "active branch", "branch at handoff",
      "handoff branch",
      "rama", "zweig", "branche", "cabang", "브랜치", "ブランチ", "分支",
    ],
    whenValueFits: [],
    inIdentityContext: [],
  },
  headSha: {
    anywhere: [
      "head sha", "git head", "git head sha", "head commit", "head commit sha", "head at handoff", "commit at head",
      "head sha at handoff", "head hash", "head commit hash", "head ref",
    ],
    whenValueFits: ["head"],
    inIdentityContext: [
      "sha", "commit", "git sha", "commit sha", "last commit", "current commit", "base commit", "commit base", "git commit", "hash", "commit hash",
      "git hash", "커밋", "コミット", "提交",
    ],
  },
} as const satisfies Record<string, IdentityLabelTiers>;

/**
 * Words that make a parenthesised note after a runtime a model name: `Codex (gpt-5.2)`, `Claude Code (Opus 4.5)`.
 * A note with a digit also counts; `Codex (CLI)` does not.
 */
export const MODEL_FAMILIES: readonly string[] = [
  "gpt", "o1", "o3", "o4", "codex-mini", "claude", "opus", "sonnet", "haiku", "gemini", "gemma", "llama", "qwen", "deepseek",
  "mistral", "codestral", "devstral", "grok", "kimi", "glm", "minimax", "phi",
];

/**
 * Words that say a hex value beside them is a commit (identity-candidates.ts): `HEAD: 1a2b3c4`,
 * `última confirmação 1a2b3c4`, `コミット 1a2b3c4`. A sha in the same line as one of these, in a handoff's
 * identity area, is a HEAD candidate for the scan to confirm against the repository.
 */
export const COMMIT_WORDS: readonly string[] = [
  "commit", "commits", "committed", "head", "sha", "hash", "rev", "revision", "checkout", "checked out",
  "confirmação", "confirmacion", "confirmación", "revisión", "revisão", "versão", "stand", "révision",
  "커밋", "リビジョン", "コミット", "提交", "修订", "修訂", "版本",
];

/**
 * Qualified labels: a label whose head word is one of a field's single-word labels, with qualifiers
 * around it, names that field (`Arbeitsbranch`, `Integrations-Branch`, `Rama de trabajo`, `Modelo
 * utilizado`, `Aktueller verifizierter Code-Head`). The head word is the last word (English, German) or
 * the first (Spanish, French, Portuguese); German glues it to its qualifier (`Prüfbranch`), so a last
 * word that ends with one of `compoundHeads` counts too. The value must then have the field's shape
 * (read-identity.ts: a valid ref name, a model family, a sha), and labels written exactly win.
 */
export const QUALIFIED_IDENTITY_LABELS = {
  fields: ["branch", "model", "headSha"],
  compoundHeads: ["branch"],
  /**
   * Head words that come first (Spanish, French, Portuguese, Indonesian: `Rama de trabajo`, `Branche en
   * cours`, `Modelo utilizado`); English and German put the head last (`Branch state notes` is notes).
   */
  headFirstWords: ["rama", "branche", "ramo", "cabang", "modelo", "modèle", "modele"],
  /** Qualifiers that name another branch or commit than the one the handoff is on. */
  otherThanOwn: [
    "base", "target", "parent", "source", "upstream", "default", "main", "merge", "release", "feature", "remote", "old", "new",
    "ziel", "basis", "quell", "destino", "origen", "principal", "cible", "origine", "alvo", "destination", "to", "para", "reviewer",
  ],
} as const;

/**
 * Labels whose date is not when the handoff was written (a deadline, a plan): a label whose value starts
 * with a date is otherwise read as the handoff's timestamp when no timestamp label gives one
 * (written-day.ts: `Stand: 16.08.2026 – Tagesabschluss`).
 */
export const NOT_WRITTEN_DATE_WORDS: readonly string[] = [
  "deadline", "due", "until", "till", "by", "eta", "target", "expires", "expiry", "valid", "planned", "next", "start", "end", "release",
  "frist", "bis", "fällig", "termin", "geplant", "plazo", "hasta", "vence", "prazo", "até", "échéance", "jusqu", "prochain",
  "期限", "期日", "마감", "截止",
];

/**
 * Words for a branch, as they stand in a sentence before the branch's name in a code span (`Branch
 * \`feature/x\`, Arbeitsbaum sauber`, `on branch \`fix/y\``); a German compound ending in one
 * (`Arbeitsbranch`) counts. The name is a candidate the scan confirms (a ref of that name exists).
 */
export const BRANCH_WORDS: readonly string[] = ["branch", "rama", "branche", "zweig", "ramo", "cabang", "브랜치", "ブランチ", "分支"];
