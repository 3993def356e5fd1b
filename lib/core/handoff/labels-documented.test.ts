import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { FIXED_ZONES, REGION_ZONES } from "../text/time-zones.data";
import { IDENTITY_LABELS, MODEL_FAMILIES } from "./identity/identity-labels.data";
import { PREVIOUS_POINTER_LABELS } from "./pointers/pointer-labels.data";
import { OTHER_AGENT_NAMES } from "./runtime-names.data";

const DOCS = path.resolve(import.meta.dirname, "../../../docs/lint-rules.md");

/** The label tables are data; docs/lint-rules.md shows them so a user can see why a label matched. */
describe.skipIf(!existsSync(DOCS))("docs/lint-rules.md lists every label the reader uses", () => {
  const docs = existsSync(DOCS) ? readFileSync(DOCS, "utf8") : "";
  const tables: [string, readonly string[]][] = [
    ...Object.entries(IDENTITY_LABELS).flatMap(([field, tiers]) =>
      Object.entries(tiers).map(([tier, labels]): [string, readonly string[]] => [`${field} ${tier}`, labels]),
    ),
    ...Object.entries(PREVIOUS_POINTER_LABELS).map(([language, labels]): [string, readonly string[]] => [`previous (${language})`, labels]),
    ["zone abbreviations", Object.keys(FIXED_ZONES)],
    ["region zones", Object.keys(REGION_ZONES)],
    ["model families", MODEL_FAMILIES],
    ["other agents", OTHER_AGENT_NAMES],
  ];
  test.each(tables)("%s", (_name, labels) => {
    for (const label of labels) expect(docs, label).toContain(`\`${label}\``);
  });
});
