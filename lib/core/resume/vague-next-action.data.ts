/**
 * Word lists for vague-next-action.ts. Data only; lower case; matched against whole words (as
 * Intl.Segmenter splits them, so Korean, Japanese and Chinese work too).
 */

/** Verbs that say "go on" without saying with what: as the first word of a step, they need a concrete object. */
export const VAGUE_VERBS: readonly string[] = [
  // en
  "continue", "proceed", "resume", "keep", "carry", "finish", "complete", "wrap", "work", "go", "do", "look", "investigate",
  "explore", "review", "think", "consider", "figure", "handle", "deal", "pick", "polish", "improve", "iterate", "follow",
  "tackle", "address", "revisit", "progress",
  // pt / es
  "continuar", "prosseguir", "seguir", "terminar", "finalizar", "concluir", "revisar", "verificar", "melhorar", "mejorar", "avançar", "avanzar",
  // de
  "weitermachen", "fortsetzen", "fortfahren", "abschließen", "beenden", "prüfen", "weiter",
  // fr
  "continuer", "poursuivre", "terminer", "finir", "reprendre", "vérifier", "améliorer",
  // ko / ja / zh
  "계속", "진행", "마무리", "続ける", "続行", "継続", "完了", "继续", "完成", "处理",
];

/** Nouns that name no particular thing ("the remaining work"); they do not count as an object. */
export const GENERIC_NOUNS: readonly string[] = [
  "work", "task", "tasks", "thing", "things", "stuff", "it", "this", "that", "these", "those", "rest", "remaining", "remainder", "next", "step",
  "steps", "item", "items", "plan", "implementation", "changes", "change", "progress", "effort", "same", "above", "below", "before",
  "previous", "current", "existing", "other", "everything", "anything", "whatever", "etc", "todo", "todos", "as", "usual", "needed", "necessary",
  "trabalho", "tarefa", "tarefas", "resto", "trabajo", "arbeit", "aufgabe", "rest", "travail", "tâche", "tâches", "reste",
  "작업", "作業", "工作", "任务",
];

/** Words that carry no meaning of their own. */
export const STOP_WORDS: readonly string[] = [
  "e.g", "i.e", "etc", "the", "a", "an", "and", "or", "with", "on", "of", "to", "for", "in", "at", "from", "by", "into", "onto", "up", "down", "out", "off",
  "is", "are", "be", "then", "all", "any", "some", "more", "again", "further", "still", "also", "just", "now", "please", "we", "i",
  "you", "our", "my", "its", "their", "there", "here", "so", "if", "when", "once", "after", "until", "where", "what", "how", "which",
  "o", "os", "as", "um", "uma", "e", "de", "do", "da", "dos", "das", "com", "em", "no", "na", "para", "el", "la", "los", "las", "y", "con",
  "en", "del", "der", "die", "das", "und", "mit", "den", "dem", "zu", "le", "les", "un", "une", "et", "avec", "des", "du", "au", "aux",
];

/** Whole next actions that are placeholders, after lower-casing and trimming punctuation. */
export const PLACEHOLDERS: readonly string[] = [
  "tbd", "tba", "todo", "to do", "n/a", "na", "none", "nothing", "unknown", "?", "see above", "see below", "same as before", "as before",
  "as above", "see plan", "see the plan", "see state", "see notes", "see todo", "continue", "keep going", "carry on", "next steps",
  "follow the plan", "continue as planned", "as planned",
];
