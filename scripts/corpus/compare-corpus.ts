/**
 * Compares what `baton scan --json` reported for one repository with the expected values a person wrote
 * by reading its files (corpus/expected.json). Pure: the runner (scripts/corpus.ts) does the I/O.
 */

export type SectionKey =
  | "identity"
  | "goal"
  | "decisions"
  | "state"
  | "next-action"
  | "verification"
  | "resume-pointer"
  | "resume-command";

export interface ExpectedHandoff {
  runtime?: string | null;
  /** Matches when Baton's model contains this text (case-insensitive). */
  model?: string | null;
  sessionId?: string | null;
  branch?: string | null;
  headSha?: string | null;
  timestamp?: string | null;
  previousPath?: string | null;
  sections?: SectionKey[];
}

export interface ExpectedSecret {
  sha256: string;
  files?: number;
}

export interface ExpectedRepo {
  name: string;
  url: string;
  commit: string;
  layout: string;
  language: string;
  /** Which set the repository belongs to (`development`, `held-out`); `--set` picks one. */
  set?: string;
  /** Handoff files present across every branch, counted by reading (distinct paths). */
  present: number;
  notHandoffs?: string[];
  latest?: string;
  latestAnyOf?: string[];
  secrets?: ExpectedSecret[];
  handoffs?: Record<string, ExpectedHandoff>;
}

export interface ScannedLint {
  rule: string;
  severity: string;
  line: number | null;
}

export interface ScannedHandoff {
  path: string;
  runtime: string | null;
  model: string | null;
  sessionId: string | null;
  branch: string | null;
  headSha: string | null;
  timestamp: string | null;
  previousPath: string | null;
  lint: ScannedLint[];
  gone?: boolean;
}

export interface ScanDocument {
  handoffs: ScannedHandoff[];
  latest: string | Record<string, string> | null;
}

export interface FieldMismatch {
  path: string;
  field: string;
  expected: unknown;
  actual: unknown;
}

export interface RepoComparison {
  name: string;
  present: number;
  found: number;
  /** Paths found that the expected file says are not handoffs. */
  falseDiscoveries: string[];
  missingSamples: string[];
  fieldsChecked: number;
  mismatches: FieldMismatch[];
  /** `*-missing` errors on sampled handoffs for something the file does have. */
  falseMissingErrors: { path: string; rule: string }[];
  latest: { expected: string[]; actual: string | null; isRight: boolean } | null;
}

const MISSING_RULE_FIELD: Record<string, keyof ExpectedHandoff> = {
  "head-sha-missing": "headSha",
  "session-id-missing": "sessionId",
};

/** The `*-missing` error rules that contradict what a reader found in the file. */
export function falseMissingRules(expected: ExpectedHandoff, lint: readonly ScannedLint[]): string[] {
  const sections = new Set(expected.sections ?? []);
  const result: string[] = [];
  for (const finding of lint) {
    if (finding.severity !== "error" || !finding.rule.endsWith("-missing")) continue;
    const section = /^section-(.+)-missing$/.exec(finding.rule)?.[1];
    if (section !== undefined && sections.has(section as SectionKey)) {
      result.push(finding.rule);
      continue;
    }
    const field = MISSING_RULE_FIELD[finding.rule];
    if (field !== undefined && expected[field] !== undefined && expected[field] !== null) result.push(finding.rule);
  }
  return result;
}

function sameField(field: keyof ExpectedHandoff, expected: unknown, actual: unknown): boolean {
  if (expected === null) return actual === null;
  if (typeof expected !== "string") return JSON.stringify(expected) === JSON.stringify(actual);
  if (typeof actual !== "string") return false;
  if (field === "model") return actual.toLowerCase().includes(expected.toLowerCase());
  if (field === "headSha") return actual.toLowerCase().startsWith(expected.toLowerCase()) || expected.toLowerCase().startsWith(actual.toLowerCase());
  return actual === expected;
}

const CHECKED_FIELDS = ["runtime", "model", "sessionId", "branch", "headSha", "timestamp", "previousPath"] as const;

/** One handoff content per path is enough: prefer the working-tree / newest version the scan lists first. */
function byPath(handoffs: readonly ScannedHandoff[]): Map<string, ScannedHandoff[]> {
  const map = new Map<string, ScannedHandoff[]>();
  for (const handoff of handoffs) {
    if (handoff.gone === true) continue;
    const list = map.get(handoff.path);
    if (list === undefined) map.set(handoff.path, [handoff]);
    else list.push(handoff);
  }
  return map;
}

export function compareRepo(expected: ExpectedRepo, scan: ScanDocument): RepoComparison {
  const paths = byPath(scan.handoffs);
  const notHandoffs = new Set(expected.notHandoffs ?? []);
  const falseDiscoveries = [...paths.keys()].filter((path) => notHandoffs.has(path)).sort();
  const found = [...paths.keys()].filter((path) => !notHandoffs.has(path)).length;

  const mismatches: FieldMismatch[] = [];
  const missingSamples: string[] = [];
  const falseMissingErrors: RepoComparison["falseMissingErrors"] = [];
  let fieldsChecked = 0;
  for (const [path, want] of Object.entries(expected.handoffs ?? {})) {
    const versions = paths.get(path);
    if (versions === undefined) {
      missingSamples.push(path);
      continue;
    }
    // Several versions of one path (branches): the comparison is of what a reader sees in the newest,
    // which the corpus pins by commit; any version matching counts, the first one is reported otherwise.
    for (const field of CHECKED_FIELDS) {
      if (!(field in want)) continue;
      fieldsChecked += 1;
      const wanted = want[field];
      const match = versions.find((version) => sameField(field, wanted, version[field]));
      if (match === undefined) mismatches.push({ path, field, expected: wanted, actual: versions[0]?.[field] ?? null });
    }
    const newest = versions[0];
    if (newest !== undefined) {
      for (const rule of falseMissingRules(want, newest.lint)) falseMissingErrors.push({ path, rule });
    }
  }

  const wantedLatest = expected.latest !== undefined ? [expected.latest] : (expected.latestAnyOf ?? []);
  const actualLatest = typeof scan.latest === "string" ? scan.latest : scan.latest === null ? null : (Object.values(scan.latest)[0] ?? null);
  return {
    name: expected.name,
    present: expected.present,
    found,
    falseDiscoveries,
    missingSamples,
    fieldsChecked,
    mismatches,
    falseMissingErrors,
    latest: wantedLatest.length === 0 ? null : { expected: wantedLatest, actual: actualLatest, isRight: actualLatest !== null && wantedLatest.includes(actualLatest) },
  };
}

export interface CorpusTotals {
  repos: number;
  present: number;
  found: number;
  falseDiscoveries: number;
  fieldsChecked: number;
  fieldsRight: number;
  falseMissingErrors: number;
  latestChecked: number;
  latestRight: number;
}

export function totals(comparisons: readonly RepoComparison[]): CorpusTotals {
  const sum = (pick: (comparison: RepoComparison) => number) => comparisons.reduce((total, comparison) => total + pick(comparison), 0);
  return {
    repos: comparisons.length,
    present: sum((c) => c.present),
    found: sum((c) => Math.min(c.found, c.present)),
    falseDiscoveries: sum((c) => c.falseDiscoveries.length),
    fieldsChecked: sum((c) => c.fieldsChecked),
    fieldsRight: sum((c) => c.fieldsChecked - c.mismatches.length),
    falseMissingErrors: sum((c) => c.falseMissingErrors.length),
    latestChecked: sum((c) => (c.latest === null ? 0 : 1)),
    latestRight: sum((c) => (c.latest?.isRight === true ? 1 : 0)),
  };
}

/** Whether a comparison has anything to fix (the runner's exit code). */
export function hasFailures(comparison: RepoComparison): boolean {
  return (
    comparison.found < comparison.present ||
    comparison.falseDiscoveries.length > 0 ||
    comparison.missingSamples.length > 0 ||
    comparison.mismatches.length > 0 ||
    comparison.falseMissingErrors.length > 0 ||
    comparison.latest?.isRight === false
  );
}
