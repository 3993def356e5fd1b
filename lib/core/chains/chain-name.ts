/**
 * A handoff's one name, wherever it is listed, linked or titled: the protocol's phase when the file is
 * `handoff_<phase>.md` (a slug the writer chose), else the handoff's own title without its "Handoff:"
 * word ("2026-12-01-auth-refactor.md" titled "# Handoff: auth refactor" is "auth refactor"), else the
 * file name without `.md`.
 */
export function handoffName(handoff: { phase: string | null; title?: string | null; path: string }): string {
  const file = handoff.path.split("/").pop() ?? handoff.path;
  if (handoff.phase && /^handoff_/i.test(file)) return handoff.phase;
  const title = (handoff.title ?? "").replace(/^\s*hand-?off\b\s*[:—–-]?\s*/i, "").trim();
  if (title) return title;
  return handoff.phase || file.replace(/\.md$/i, "") || handoff.path;
}

/**
 * A chain's one name, used everywhere it is listed or chosen (chain list, the graph page's dropdown and
 * title): its head's name (the newest handoff, where work resumes; handoffName above). A chain
 * with several open heads (a fork) is named after the first, newest-first.
 */
export function chainName(head: { phase: string | null; title?: string | null; path: string } | undefined, fallback: string): string {
  if (!head) return fallback;
  return handoffName(head);
}
