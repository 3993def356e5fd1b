/**
 * The shape of one language's heading synonyms (the tables themselves are the `*.data.ts` files beside
 * this one). Every entry is a keyword written the way users write it, accents and case included; the
 * matcher (section-titles.ts) folds both sides the same way.
 *
 * Keyword syntax, shown as is in docs/lint-rules.md:
 * - `next step(s)`: `(…)` is optional letters or words, `(r|n)` one optional choice among several.
 * - `next … step(s)`: `…` stands for up to two words ("Next Active Step", "Next safe step").
 * - `=next`: the whole heading must be exactly this. `^status`: the heading must start with it.
 * - `~stand`: a word that ends with this after three letters or more, the head of a compound (German
 *   `Endstand`, `Zwischenstand`); one word only.
 * - A keyword in Latin (or any spaced) script matches whole words; a keyword in Chinese, Japanese or
 *   Korean script matches anywhere in the heading, spaces ignored ("다음단계" = "다음 단계").
 */
export type Synonyms = readonly string[];

export interface LanguageSynonyms {
  /** BCP 47 tag shown in docs and in `explainTitle`. */
  readonly language: string;
  /** Name shown in the docs. */
  readonly name: string;
  /** Old material (history, archives, session logs): always a non-protocol section, checked first. */
  readonly history: Synonyms;
  /** Context that borrows a section's words ("Environment state", "Files modified", "Open questions"). */
  readonly context: Synonyms;
  readonly resumeCommand: Synonyms;
  readonly nextAction: Synonyms;
  readonly verification: Synonyms;
  readonly decisions: Synonyms;
  readonly resumePointer: Synonyms;
  readonly identity: Synonyms;
  readonly goal: Synonyms;
  /** Goal-section words that mean constraints only ("Constraints", "Guardrails"). */
  readonly constraints: Synonyms;
  readonly state: Synonyms;
  /** State words for work not yet done that also name what to do next ("Remaining work", "残作業"). */
  readonly remaining: Synonyms;
  /** Words giving a State section (or a table cell) its status. Not-started is checked first, then in-progress. */
  readonly status: {
    readonly done: Synonyms;
    readonly inProgress: Synonyms;
    readonly notStarted: Synonyms;
  };
  /** Known non-protocol sections (notes, files, risks): they stop a parent section from continuing. */
  readonly other: Synonyms;
  /** Exact titles that open a section when written as a label (`**Próximo passo:** …`). */
  readonly labels: {
    readonly identity: Synonyms;
    readonly goal: Synonyms;
    readonly decisions: Synonyms;
    readonly state: Synonyms;
    readonly nextAction: Synonyms;
    readonly verification: Synonyms;
    readonly resumePointer: Synonyms;
    readonly resumeCommand: Synonyms;
  };
}
