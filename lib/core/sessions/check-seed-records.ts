import { finding, type Finding } from "../findings";
import { cleanText, describeRemoved, finiteOrNull, tokenCountProblem } from "../text/safe-values";
import { previewValue } from "./json-values";
import type { SeedRecord } from "./types";

/** A percent past this is no reading of a context window (a config may allow some headroom over 100). */
const MAX_PERCENT = 10_000;

/**
 * The one check seed / MoAI records (checkpoints, budget configs, session metadata…) meet before
 * they are stored, by the rules of lib/core/text/safe-values.ts: text loses NULs and lone
 * surrogates; a token figure is a whole number from 0 to 10^8, a percent a finite number from 0 to
 * 10,000, else it is not recorded (null; dropped from a list). Every change is a finding naming the
 * record and the field. Records are changed in place.
 */
export function checkSeedRecords(records: SeedRecord[]): Finding[] {
  const findings: Finding[] = [];
  for (const record of records) {
    const where = record.kind;
    record.value = checkValue(record.value, where, null, findings) as never;
  }
  return findings;
}

function checkValue(value: unknown, path: string, key: string | null, findings: Finding[]): unknown {
  if (typeof value === "string") {
    const cleaned = cleanText(value);
    if (cleaned === null) return value;
    findings.push(finding("seed-bad-value", "warning", null, `${path} held ${describeRemoved(cleaned)}: removed`));
    return cleaned.text;
  }
  if (typeof value === "number") return checkNumber(value, path, key, findings);
  if (Array.isArray(value)) {
    const items = value.map((item, index) => checkValue(item, `${path}[${index}]`, key, findings));
    // A list of numbers loses what is not recorded; other lists keep their places.
    return items.filter((item) => item !== null || !value.some((original) => typeof original === "number"));
  }
  if (typeof value === "object" && value !== null) {
    const object = value as Record<string, unknown>;
    const checked: Record<string, unknown> = {};
    for (const [name, member] of Object.entries(object)) {
      const cleanName = cleanText(name)?.text ?? name;
      checked[cleanName] = checkValue(member, `${path}.${cleanName}`, cleanName, findings);
    }
    return checked;
  }
  return value;
}

function checkNumber(value: number, path: string, key: string | null, findings: Finding[]): number | null {
  if (key !== null && /percent/i.test(key)) {
    const finite = finiteOrNull(value);
    if (finite !== null && finite >= 0 && finite <= MAX_PERCENT) return finite;
    findings.push(finding("seed-bad-value", "warning", null, `${path} is ${previewValue(value)}, not a percent from 0 to ${MAX_PERCENT}: not recorded`));
    return null;
  }
  const problem = tokenCountProblem(value);
  if (problem === null) return value;
  findings.push(finding("seed-bad-value", "warning", null, `${path} is ${previewValue(value)} (${problem}): not recorded`));
  return null;
}
