/**
 * A chain's one name, used everywhere it is listed or chosen (chain list, the graph page's dropdown and
 * title): the phase of its head (the newest handoff, where work resumes), else that file's name. A chain
 * with several open heads (a fork) is named after the first, newest-first.
 */
export function chainName(head: { phase: string | null; path: string } | undefined, fallback: string): string {
  if (!head) return fallback;
  if (head.phase) return head.phase;
  const file = head.path.split("/").pop() ?? head.path;
  return file.replace(/\.md$/i, "") || head.path;
}
