/**
 * The shapes of a handoff's sections and of the `key: value` pairs found in them: apart from
 * section-model.ts (which builds them) so that the readers it calls (hidden-labels.ts) can name them
 * without importing it back.
 */
import type { Unit } from "../markdown/markdown-units";
import type { SectionKey, StateStatus } from "../types";

export type SectionSource = "heading" | "label" | "item-label" | "preamble";

export interface Section {
  key: SectionKey | "other" | null;
  status: StateStatus | null;
  isConstraints: boolean;
  /** "Remaining work": a State section that stands in for a missing Next action section. */
  standsInFor?: "next-action";
  title: string;
  line: number;
  source: SectionSource;
  /** True when an enclosing heading is a non-protocol section (history, notes, session log). */
  isUnderOther: boolean;
  units: Unit[];
}

export interface KeyValue {
  name: string;
  key: string;
  value: string;
  codes: string[];
  line: number;
  group: number;
  section: Section | null;
  fromFrontMatter: boolean;
  /** True when the line holds several labels (`**Date:** … · **Branch:** … · **HEAD:** …`). */
  sharesLine?: boolean;
  /**
   * Read from a record: a run of `key=value` pairs (`Meta: branch=main commit=abc1234`) or a table whose
   * header row names its columns (`| Branch | Commit |`). Every identity key of a record counts.
   */
  fromPairs?: boolean;
}
