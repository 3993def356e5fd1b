/**
 * The one name of each commit a handoff involves, shown the same way on the handoff page, its Git card
 * and in the resume prompt (issue 26 item 7):
 *
 * - the **work commit**: the HEAD the handoff recorded when it was written (`HEAD: abc1234`), i.e. the
 *   state of the code the work had reached;
 * - the **handoff commit**: the commit that added the handoff file (Handoff.commitSha, or the trailing
 *   `Commit: …` line the handoff wrote about itself when Baton has not seen the commit).
 */
export const WORK_COMMIT = { name: "work commit", label: "Work commit", meaning: "the HEAD the handoff recorded when it was written" } as const;
export const HANDOFF_COMMIT = { name: "handoff commit", label: "Handoff commit", meaning: "the commit that added the handoff file" } as const;
