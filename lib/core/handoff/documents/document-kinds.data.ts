/**
 * Words in a file's name that say it is another kind of project document (lower-cased, compared with
 * the words of the file's stem split at `-`, `_`, `.`, a blank or a camel-case hump). A file inside a
 * handoff folder whose own name is not a handoff name, carries no date and contains one of these words is
 * read as such a document, not as a handoff, unless its content carries a handoff's own marks (a writer
 * identity, a previous pointer, a resume command): see handoff-signals.ts. Handoffs themselves are named
 * by date, number, session or topic; "log", "notes", "session" and "summary" are left out on purpose
 * (a Q/A log or session notes are how some teams write their handoffs).
 */
export const OTHER_DOCUMENT_WORDS = [
  // Lists of work to come, kept and updated across sessions.
  "backlog", "todo", "todos", "roadmap", "park", "parking", "parked", "icebox", "wishlist",
  // How-tos and standing references.
  "runbook", "runbooks", "playbook", "usage", "faq", "glossary", "checklist", "rubric", "rules", "conventions", "policy",
  "standards", "workflow", "workflows", "onboarding",
  // Instructions for agents.
  "prompt", "prompts", "instructions", "persona",
  // Prototypes and specifications.
  "spec", "specs", "specification", "prototype", "rfc", "adr", "research",
  // Standing status boards and context pages.
  "status", "context", "dashboard", "changelog", "releases",
] as const;
// Left out though they name other documents elsewhere: "plan" (a plan written for the next agent is a
// handoff of sorts), "guide" and "design" (handed to another team or repository, and kept in a handoff
// folder's done/ when taken up), "tasks".

/**
 * Text an agent leaves in a template for someone to fill in: read as nothing. Compared after markdown marks
 * and list markers are dropped. A line holding one of these tokens (`YYYY-MM-DD`, `<one line>`) is template
 * text as a whole.
 */
export const PLACEHOLDER_TOKENS = [/\bYYYY\b/i, /\bHH:MM\b/, /<[^<>\n]{1,80}>/, /\{\{[^{}\n]*\}\}/] as const;
/** A value that is only one of these is a placeholder. */
export const PLACEHOLDER_WORDS = ["tbd", "todo", "tba", "xxx", "xx", "...", "…", "???", "?", "fill in", "fill me", "placeholder"] as const;

/**
 * Words in a file's name that make it a session log (compared like OTHER_DOCUMENT_WORDS). In a handoff
 * folder, a file so named that is not itself named as a handoff and carries no handoff marks of its own is
 * a companion of the handoffs beside it (judge-document.ts): listed, never read as a handoff or the latest.
 */
export const COMPANION_WORDS = ["log", "logs", "journal", "transcript", "transcripts", "worklog", "devlog", "chatlog", "conversation", "history"] as const;

/**
 * Front-matter keys of a runtime's command, skill or agent definition (`allowed-tools`, `argument-hint`):
 * such a file tells an agent how to write a handoff, wherever it is kept.
 */
export const COMMAND_FRONT_MATTER_KEYS = ["allowed-tools", "argument-hint", "disable-model-invocation", "tools", "user-invocable"] as const;

/**
 * Words that number the steps of one procedure, not the entries of a log (log-entries.ts): `STEP 1: BRANCH`
 * … `STEP 5: RIEPILOGO` is one end-of-session checklist, read as the handoff's own sections; `Entrada 048`
 * and `Session 12` are entries written one after another. Compared lower-cased with the word before the
 * number.
 */
export const PROCEDURE_STEP_WORDS = ["step", "steps", "schritt", "paso", "passo", "étape", "etape", "etapa", "fase", "phase", "ステップ", "手順", "步骤", "단계"] as const;
