/** Display helpers shared by handoff components. Dates are shown as stored: the date folder is a day, not an instant. */
export function formatDay(date: string | null): string {
  if (!date) return "no date";
  const parsed = new Date(`${date}T00:00:00Z`);
  return parsed.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

export function formatInstant(iso: string | null): string {
  if (!iso) return "—";
  const parsed = new Date(iso);
  return `${parsed.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function shortSha(sha: string | null | undefined): string {
  return sha ? sha.slice(0, 8) : "—";
}

export function truncate(text: string | null | undefined, length: number): string {
  if (!text) return "";
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}
