/**
 * How much of one handoff its page draws, so a handoff of any size renders in bounded time (issue 15):
 * every element costs the server's thread and the browser alike, and a 1 MiB handoff can hold 500,000
 * lines or items. What is past a limit is counted on the page and is in the source view.
 */
export const HANDOFF_PAGE_LIMITS = {
  /** Numbered lines in the source view; the rest is one block of plain text. */
  sourceLines: 1_000,
  /** Entries in each list of the structure view (constraints, decisions, each state column, commands, checks) and of the lint findings. */
  listItems: 100,
  /** Commit and file badges under one state item. */
  badgesPerItem: 8,
  /** Characters of one text in the structure view (a goal, an item, a command); the source view has all of it. */
  textCharacters: 4_000,
  /** Characters of a handoff shown as plain text when it is not rendered; the source view beside it has all of it. */
  plainCharacters: 20_000,
} as const;
