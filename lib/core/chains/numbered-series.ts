/**
 * Handoffs named as a numbered series in one folder (`LS-024-…`, `LS-031-…`; `T-035-result`, `T-036-spec`;
 * `session-89-…`, `session-90-…`): where none of them writes a time or a date, the number says which came
 * last, better than commit times (a series is often committed several at a time, and an old one edited
 * later). Used by build-chains.ts `chooseLatest`.
 */
import { fileNameDate } from "../text/name-date";

export interface SeriesPosition {
  /** The folder and the text before the number, lower-cased: what the members share. */
  series: string;
  number: number;
}

/** The series a path belongs to and its number in it, or null (a dated name is no series: its date orders it). */
export function seriesPosition(filePath: string): SeriesPosition | null {
  const slash = filePath.lastIndexOf("/");
  const name = filePath.slice(slash + 1);
  if (fileNameDate(name) !== null) return null;
  const stem = name.replace(/\.(md|markdown|txt)$/i, "");
  const match = /^([^\d]{0,16}?)(\d{1,6})(?!\d)/.exec(stem);
  if (match === null) return null;
  return { series: `${filePath.slice(0, slash + 1)}${match[1]!.toLowerCase()}`, number: Number(match[2]) };
}

/**
 * Among `nodes`, the members of `chosen`'s series with the highest number, when the series has three or more
 * members; else null. The caller decides between several of the highest number.
 */
export function lastOfSeries<T extends { path: string }>(chosen: T, nodes: readonly T[]): T[] | null {
  const position = seriesPosition(chosen.path);
  if (position === null) return null;
  const members = nodes.map((node) => ({ node, at: seriesPosition(node.path) })).filter((entry) => entry.at !== null && entry.at.series === position.series);
  if (members.length < 3) return null;
  const top = Math.max(...members.map((entry) => entry.at!.number));
  return members.filter((entry) => entry.at!.number === top).map((entry) => entry.node);
}
