/**
 * The files a repository's agent instructions name (discovery-rules.data.ts `AGENT_INSTRUCTION_FILE_NAMES`
 * and the runtimes' configuration folders): "read `docs/CURRENT_STATUS.md` first", "update
 * `.claude/PROGRESO.md` at the end of the session". A living status file that the repository tells its
 * agents to read or write at every session is its session record, whatever its name
 * (content-evidence.ts): the instruction is the repository's own word, not a word list's guess.
 *
 * Read from the tips of HEAD and the default branch (`git grep` over their trees, no checkout needed).
 */
import { AGENT_INSTRUCTION_FILE_NAMES, DOCUMENTED_STATE_FILES, RUNTIME_CONFIG_NAMES, RUNTIME_FOLDERS } from "../../core/discovery/discovery-rules.data";
import { git } from "../git";

/** What the instructions name, lower-cased: repo-relative paths (`docs/current_status.md`) and names written with no folder (`current.md`). */
export interface InstructedNames {
  paths: Set<string>;
  bareNames: Set<string>;
}

/** Every file under a runtime's configuration folder, and the instruction files by name, at any depth. */
function instructionPathspecs(): string[] {
  const byName = AGENT_INSTRUCTION_FILE_NAMES.map((name) => `:(glob,icase)**/${name}`);
  const inConfig = RUNTIME_FOLDERS.flatMap((folder) => RUNTIME_CONFIG_NAMES.map((name) => `:(glob,icase)**/${folder}/**/${name}/**`));
  return [...byName, ...inConfig];
}

/** A markdown file's name as written in prose, a link or a path (`D:\\AIDA\\.flow\\current.md`, `./docs/x.md`). */
const MARKDOWN_REFERENCE = /[\p{L}\p{N}_.\-/\\]*[\p{L}\p{N}_-]\.(?:md|markdown)\b/giu;

/** The names in one instruction text (exported for tests). */
export function namesIn(text: string, into: InstructedNames = { paths: new Set(), bareNames: new Set() }): InstructedNames {
  for (const match of text.matchAll(MARKDOWN_REFERENCE)) {
    const reference = match[0].replace(/\\/g, "/").toLowerCase().replace(/^(?:\.{0,2}\/)+/, "");
    if (reference.includes("/")) into.paths.add(reference);
    else into.bareNames.add(reference);
  }
  return into;
}

/**
 * Whether the instructions name `filePath`: by its path (or an absolute path ending in it), or by its bare
 * file name (`read current.md`), which names the file wherever it is; or the runtime's own documentation
 * does (discovery-rules.data.ts `DOCUMENTED_STATE_FILES`).
 */
export function isInstructed(filePath: string, names: InstructedNames): boolean {
  const path = filePath.toLowerCase();
  // The runtime's own documentation instructs its agents about these (`memory-bank/activeContext.md`).
  if (DOCUMENTED_STATE_FILES.some((file) => path === file || path.endsWith(`/${file}`))) return true;
  if (names.paths.has(path) || names.bareNames.has(path.slice(path.lastIndexOf("/") + 1))) return true;
  // An absolute path ending in it, or a path relative to the instruction's own folder (`./sessions/x.md` in `docs/CLAUDE.md`).
  for (const named of names.paths) if (named.endsWith(`/${path}`) || path.endsWith(`/${named}`)) return true;
  return false;
}

/** The names the agent instructions of `revisions` (HEAD, the default branch) hold. */
export async function instructedNames(repoPath: string, revisions: readonly string[]): Promise<InstructedNames> {
  const names: InstructedNames = { paths: new Set(), bareNames: new Set() };
  for (const revision of [...new Set(revisions)]) {
    const output = await git(repoPath, ["grep", "-I", "-h", "-i", "-E", "\\.(md|markdown)", revision, "--", ...instructionPathspecs()], {
      allowExitCodes: [1, 128],
      maxBuffer: 16 * 1024 * 1024,
    }).catch(() => "");
    namesIn(output, names);
  }
  return names;
}
