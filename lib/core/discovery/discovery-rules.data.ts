/**
 * The tables behind default handoff discovery (docs/cli.md, "Where handoffs are looked for"). Names are
 * compared lower-cased. Changing any list changes the discovery fingerprint, so the next scan of every
 * repo re-reads all of its branches with the new rules.
 */

/** A folder with one of these names holds handoffs, at any depth (and everything below it). */
export const HANDOFF_FOLDER_NAMES = [
  "handoff", "handoffs", "hand-off", "hand-offs", "hand_off", "hand_offs",
  // "Handover" is the same document in British English and in many teams' translations (引き継ぎ → handover).
  "handover", "handovers", "hand-over", "hand-overs", "hand_over", "hand_overs",
];

/**
 * "Handoff" as teams write it in their own language, in a folder's name (`docs/passation/`,
 * `引き継ぎ/`) or as a word of a file's name (`passation_codex.md`, `Übergabe-2026-03-01.md`,
 * `交接文档.md`). A folder named so holds handoffs like a handoff folder; a file named so is read and kept
 * only when its content carries a handoff's own marks, as `project_handoff_status.md` is. Words that
 * only mean "passing" or "delivery" in general (passagem, entrega, passaggio) are left out.
 */
export const HANDOFF_WORD_TRANSLATIONS = {
  /** Compared with a whole word of the name (split at `-`, `_`, `.`, blanks, camel case), lower-cased. */
  words: ["passation", "passations", "traspaso", "traspasos", "übergabe", "uebergabe", "übergaben", "overdracht", "överlämning", "overlevering"],
  /** Scripts written without spaces between words: found anywhere in the name. */
  within: ["引き継ぎ", "引継ぎ", "引継", "申し送り", "交接", "交班", "인수인계", "인계"],
} as const;

/**
 * "Session" in the languages teams write, as a word of a folder's or a file's name (`docs/sessions/`,
 * `session-logs/`, `FINE_SESSIONE_2026-03-11.md`, `Sitzung-2026-01-05.md`): where dated notes of work done and
 * to do, kept as a series (two or more, each changed on its own day), are session handoffs
 * (lib/server/ingest/content-evidence.ts). A dated report or plan elsewhere is not one.
 */
export const SESSION_WORDS = {
  /** Compared with a whole word of a path segment (split at `-`, `_`, `.`, blanks, camel case), lower-cased. */
  words: [
    "session", "sessions", "sessione", "sessioni", "sesion", "sesión", "sesiones", "sessao", "sessão", "sessoes", "sessões", "sitzung", "sitzungen",
    "sessie", "sessies", "sessió",
    // A session's checkpoint is its saved state (the context-budget protocol's "save checkpoint"): `CHECKPOINT_2026-06-10.md`.
    "checkpoint", "checkpoints",
  ],
  /** Scripts written without spaces between words: found anywhere in a segment. */
  within: ["セッション", "会话", "會話", "세션"],
} as const;

/**
 * Folders that never hold a project's own handoffs: dependencies, version control, build and tool
 * output, caches. Neither the working-tree walk nor the git tree listing descends into them, whatever
 * the globs say. A folder holding its own `.git` (a nested repository or worktree) is skipped too.
 */
export const EXCLUDED_FOLDER_NAMES = [
  ".git",
  ".hg",
  ".svn",
  "node_modules",
  "bower_components",
  "jspm_packages",
  "vendor",
  "third_party",
  "pods",
  ".venv",
  "venv",
  "site-packages",
  "__pycache__",
  ".tox",
  ".nox",
  ".mypy_cache",
  ".pytest_cache",
  ".ruff_cache",
  ".gradle",
  ".cache",
  ".parcel-cache",
  ".turbo",
  ".yarn",
  ".pnpm-store",
  "dist",
  "build",
  "out",
  "target",
  "coverage",
  ".nyc_output",
  ".next",
  ".nuxt",
  ".svelte-kit",
  ".output",
  ".vercel",
  ".netlify",
  ".terraform",
  "bin",
  "obj",
  // Templates of handoffs are not handoffs (src/templates/skills/handoff.md, docs/templates/handover.md).
  "template",
  "templates",
];

/**
 * A runtime's own configuration: a folder named like one of RUNTIME_CONFIG_NAMES anywhere below one of
 * RUNTIME_FOLDERS (lower-cased). Slash commands, skills, agent definitions and hooks describe how to write
 * a handoff (`.claude/commands/handoff.md`, `.claude/agents/arch-handoff.md`,
 * `.claude/upstream/commands/handoff.md`); they are never one.
 */
export const RUNTIME_FOLDERS = [".claude", ".codex", ".gemini", ".opencode", ".cursor", ".github", ".windsurf", ".agents", ".agent", ".kiro", ".roo", ".clinerules"];
export const RUNTIME_CONFIG_NAMES = [
  "commands", "command", "skills", "skill", "agents", "agent", "hooks", "prompts", "output-styles", "rules", "instructions",
  "chatmodes", "workflows", "steering", "extensions",
];

/**
 * The files in which a repository instructs its agents, as the runtimes document them: `CLAUDE.md`,
 * `AGENTS.md`, `GEMINI.md`, Cursor's, Windsurf's and Cline's rules, Copilot's instructions (any depth), and
 * every file below a runtime's configuration folders (RUNTIME_FOLDERS / RUNTIME_CONFIG_NAMES: commands,
 * skills, agents, workflows, rules …). A living status file these name ("read docs/CURRENT_STATUS.md
 * first", "update .claude/PROGRESO.md at the end of the session") is the repository's own session record
 * (lib/server/ingest/agent-instructions.ts). Compared lower-cased with a file's whole name.
 */
export const AGENT_INSTRUCTION_FILE_NAMES = [
  "claude.md", "claude.local.md", "agents.md", "agent.md", "gemini.md", "codex.md", "copilot-instructions.md",
  ".cursorrules", ".windsurfrules", ".clinerules", ".roorules", ".goosehints",
];

/**
 * Living status files a runtime's own documentation tells its agents to read at the start of every session
 * and rewrite at its end, whatever the repository's instructions say: Cline's (and Roo's, Cursor's) Memory
 * Bank, `memory-bank/activeContext.md` (the current focus, recent changes, next steps) and
 * `memory-bank/progress.md` (what works, what is left). Compared lower-cased with the end of a path. Kept
 * as handoffs when their content has a living status's shape (a state or a next step), as a file the
 * repository's instructions name is (lib/server/ingest/content-evidence.ts).
 */
export const DOCUMENTED_STATE_FILES = ["memory-bank/activecontext.md", "memory-bank/progress.md"];

/**
 * Folders, at any depth and under any parent, that hold slash-command and skill definitions:
 * `engine/commands/handoff.md`, `plugins/x/skills/handoff.md` tell an agent how to write a handoff; they
 * are never one. (`agents` is not here: `docs/agents/Handoff_07.md` is a real handoff.)
 */
export const COMMAND_FOLDER_NAMES = ["commands", "command", "skills", "skill", "slash-commands"];

/**
 * File stems (the name without `.md`) that are never handoffs: indexes and pointers kept beside them.
 * Any stem containing one of TEMPLATE_MARKERS is a template, never a handoff either.
 */
export const NEVER_HANDOFF_STEMS = [
  "readme", "index", "_index", "latest", "current", "changelog", "changes", "history", "license", "contributing",
  // Instructions for agents and their memory, kept beside handoffs by some setups.
  "skill", "agents", "claude", "gemini", "memory",
];
/** A stem containing one of these anywhere is a template, never a handoff (`handoff-template.md`). */
export const TEMPLATE_MARKERS = ["template"];
/**
 * A stem starting or ending with one of these words (split at `-`, `_`, `.` or a blank) is an index or an
 * example, never a handoff: `handoffs-README.md`, `handoff.example.md`; `handoff-2026-06-28-readme-portfolio.md`
 * (a handoff about a README) still is one; `INDEX_SESIONES.md`, `handoffs-index.md` are indexes.
 */
export const EDGE_MARKERS = ["readme", "example", "examples", "sample", "index"];

/**
 * Names of a "latest" pointer in a handoff folder (stem, lower-cased; `.md`, `.txt` or no extension):
 * read as a hint for the latest handoff, never as a handoff.
 */
/**
 * Stems of LATEST_HINT_STEMS that outside a handoff folder also name a living status file an agent
 * rewrites at every session (`.flow/current.md`): read for their content there, and kept only when the
 * repository confirms them (its agent instructions name the file). `latest` stays a pointer everywhere.
 */
export const LIVING_STATUS_STEMS = ["current"];
export const LATEST_HINT_STEMS = ["latest", "current", "latest-handoff", "latest_handoff", "current-handoff", "current_handoff", "head"];

/**
 * The folders scanned before any-depth discovery existed. Every match of these is also matched by
 * the folder rule; they are listed in "where Baton looked" so the old layouts stay named.
 */
export const LEGACY_HANDOFF_GLOBS = ["docs/ai/handoff/**/*.md", ".claude/handoffs/**/*.md", "thoughts/shared/handoffs/**/*.md"];

/**
 * Words in a markdown folder's or file's name, or in a file's first heading, that suggest session
 * notes or handoffs (for the "nothing found" hint only; never used to ingest).
 */
export const SUGGESTION_WORDS = [
  "handoff",
  "hand-off",
  "session",
  "progress",
  "status",
  "notes",
  "continuation",
  "continue",
  "next-steps",
  "next steps",
  "resume",
  "journal",
  "worklog",
  "devlog",
  "checkpoint",
  "standup",
  "summary",
];
