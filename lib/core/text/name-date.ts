/**
 * A calendar date written in a file name: `2026-03-06-auth.md`, `HANDOVER_2026_03_06.md`,
 * `handoff-20260306-1420.md`, `26022026.md` (the protocol's DDMMYYYY), `session_260306.md` is not one
 * (six digits say too little). Only real dates count; the first one wins.
 */
export function fileNameDate(path: string): string | null {
  const name = path.slice(path.lastIndexOf("/") + 1);
  for (const match of name.matchAll(/(?<!\d)((?:19|20)\d{2})[-_.]?([01]\d)[-_.]?([0-3]\d)(?!\d)/g)) {
    const day = realDay(match[1]!, match[2]!, match[3]!);
    if (day !== null) return day;
  }
  for (const match of name.matchAll(/(?<!\d)([0-3]\d)[-_.]?([01]\d)[-_.]?((?:19|20)\d{2})(?!\d)/g)) {
    const day = realDay(match[3]!, match[2]!, match[1]!);
    if (day !== null) return day;
  }
  return null;
}

function realDay(year: string, month: string, day: string): string | null {
  const value = Date.UTC(Number(year), Number(month) - 1, Number(day));
  const text = `${year}-${month}-${day}`;
  return Number.isFinite(value) && new Date(value).toISOString().slice(0, 10) === text ? text : null;
}
