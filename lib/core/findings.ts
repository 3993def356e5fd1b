/**
 * A finding is anything Baton wants a person to see about one input: a lint
 * rule that failed, a line that could not be parsed, a file that was skipped.
 * Parsers return findings instead of throwing.
 */
export type Severity = "error" | "warning" | "info" | "not-checked";

export interface Finding {
  /** Stable rule id, kebab-case, documented in docs/lint-rules.md (lint) or docs/cli.md (ingest). */
  rule: string;
  severity: Severity;
  /** 1-based line in the file, or null for a file-level finding. */
  line: number | null;
  message: string;
}

export interface Parsed<T> {
  value: T;
  issues: Finding[];
}

export function finding(rule: string, severity: Severity, line: number | null, message: string): Finding {
  return { rule, severity, line, message };
}
