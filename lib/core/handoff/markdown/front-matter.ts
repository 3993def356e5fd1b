import { parse as parseYaml } from "yaml";
import { finding, type Finding } from "../../findings";
import { normaliseKey } from "../sections/handoff-labels";
import type { KeyValue } from "../sections/section-model";

/** YAML front matter as data and as key-value pairs (`session: { id }` also gives "session id"). */
export function frontMatterKeyValues(raw: string, firstLine: number, issues: Finding[]): { data: Record<string, unknown> | null; keyValues: KeyValue[] } {
  let data: unknown;
  try {
    // logLevel "error": yaml's warnings (e.g. a `{{template}}` key) go to process.emitWarning, i.e. onto
    // the terminal of whoever runs `baton scan`; the front matter is read as well as it can be either way.
    data = parseYaml(raw, { maxAliasCount: 50, logLevel: "error" });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : "invalid YAML";
    issues.push(finding("front-matter-invalid", "warning", firstLine - 1, `Front matter is not valid YAML: ${reason}`));
    return { data: null, keyValues: [] };
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) return { data: null, keyValues: [] };
  const record = data as Record<string, unknown>;
  const lines = raw.split("\n");
  const lineOfKey = (key: string) => {
    const index = lines.findIndex((line) => line.trimStart().startsWith(`${key}:`));
    return index === -1 ? firstLine : firstLine + index;
  };
  const keyValues: KeyValue[] = [];
  const push = (name: string, value: unknown, line: number) => {
    if (value === null || value === undefined) return;
    const text = value instanceof Date ? value.toISOString() : typeof value === "object" ? "" : String(value);
    if (text === "") return;
    keyValues.push({ name, key: normaliseKey(name), value: text, codes: [], line, group: -1, section: null, fromFrontMatter: true });
  };
  for (const [key, value] of Object.entries(record)) {
    if (value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date)) {
      // session: { id: …, model: … } → "session id", "session model" (and the inner name alone).
      for (const [innerKey, innerValue] of Object.entries(value as Record<string, unknown>)) {
        push(`${key} ${innerKey}`, innerValue, lineOfKey(key));
        push(innerKey, innerValue, lineOfKey(key));
      }
    } else {
      push(key, value, lineOfKey(key));
    }
  }
  return { data: record, keyValues };
}
