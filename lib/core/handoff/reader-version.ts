/**
 * The version of everything that turns a handoff's bytes into stored fields: secret masking, parsing
 * and the lint rules that run on the parsed structure. Every stored handoff records the version that
 * produced it (`Handoff.readerVersion`), and a scan re-reads from git or the working tree, then
 * re-masks, re-parses and re-lints, every content stored with an older one, so upgrading Baton cleans
 * an existing database (a secret a new detector catches is removed from every stored column).
 *
 * BUMP THIS NUMBER in the same commit as any change to mask-secrets*, parse-handoff*, the section or
 * label tables, or lint rules. Forgetting leaves databases with what the old code stored.
 *
 * 1: label-driven and prefix-shaped secret detection, every occurrence masked, per-repo fingerprints.
 * 2: identity labels in any case and several per line, written time zones, headings in nine languages,
 *    verification from any fence, labelled previous pointers only, "Remaining work" as the next action.
 * 3: a state item's heading decides its status over its checkbox; "nothing" / "none" / "n/a" (and their
 *    translations) are no state item or decision.
 * 4: previous pointers inside a sentence before a markdown file; a label hyphen-joined to a word is no
 *    secret label; a "Model:" sentence outside identity context is no model; a note attached to a branch
 *    name is cut; "last updated" labels in eight languages; what the real-handoff corpus showed (docs/corpus.md).
 * 5: a file with nothing filled in, or one named as another kind of document in a handoff folder with no
 *    handoff marks, is not a handoff (handoff-signals.ts): a stored one read again is removed and reported.
 * 6: a label whose value is a run of `key=value` pairs (`Meta: branch=main commit=abc1234`) gives each pair
 *    as a label, all of them trusted as identity (a tool wrote the record).
 * 7: evidence over vocabulary (issue 26): a previous pointer under its own heading (`## Previous handoff` over
 *    the path or `none`), weak pointer candidates kept for the scan to confirm, identity candidates by shape
 *    confirmed with the repository, append-only logs read as their newest entry, what is a handoff judged by
 *    content and name together (instructions, name-word files), the day a person sees (`day`), the
 *    deprecation mark read with the content (no longer checked later from the stored markdown).
 * 8: the round of 2026-12-07 (docs/corpus.md): a log's longer run of entry headings wins and headings that
 *    group entries or sit inside them are part of the log, slashed dates by the file's convention, quoted
 *    dated entries; a label that ends its line takes the next line's code span or one-line block; qualified
 *    labels (`Arbeitsbranch`, `Rama de trabajo`, `Modelo utilizado`); a fenced `key: value` block under a git
 *    heading; a runtime named by an identity label's value; the day from a dated label or the title; month
 *    names; next-action and state headings by a "next" word and compound heads; a purpose section's file
 *    name as a pointer mention; files with values of their own are no instructions.
 * 9: a writer named by a heading alone (a log entry's `- Agent: Codex GPT`, a title `— Claude Code`); a log
 *    entry's heading time and zone; entries of one day ordered by their times; a journal of one entry dated
 *    by its first heading; handoffs found by their content (judge-document.ts `judgeByContent`) and by
 *    "handoff" in other languages.
 * 10: a living status file the repository's agent instructions name (`CLAUDE.md`: "read
 *    docs/CURRENT_STATUS.md first"); session notes in a series pushed days after they were written, and one
 *    file of dated session entries as a series by itself; a session note that records only results and
 *    decisions; a next step that is a blank to copy is no work; a relay's sender as its writer (`From:`,
 *    `Claude Code → GPT Codex`); a table header over three or more columns is no key and value; Italian
 *    headings; the numbered steps of one checklist are no log.
 * 11: rounds 5-9 (docs/corpus.md): a file named after handoffs by a word of its name whose title calls it
 *    one, dated; a status committed together with the repository's handoffs; an agent journal's entries as
 *    its substance; runtime and model inside a parenthesis, and a model followed by its runtime; `HEAD
 *    master`; a branch label of up to three words; a session id then a note; the day of a byline under the
 *    title or at the end of the first heading; a file named by a top label or by a front-matter value's stem
 *    as a previous-pointer mention; the numbering words of any language before a title; Catalan headings; a log
 *    entry that only lists what its session did gives its items as the state; a qualified label's sha that is no
 *    commit gives way to a candidate that is one.
 */
export const READER_VERSION = 11;
