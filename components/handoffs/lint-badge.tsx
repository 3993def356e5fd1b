import { Badge } from "../ui/badge";

export function LintBadge({ errors, warnings }: { errors: number; warnings: number }) {
  if (errors > 0) return <Badge tone="red" title={`${errors} lint errors, ${warnings} warnings`}>{errors} error{errors === 1 ? "" : "s"}</Badge>;
  if (warnings > 0) return <Badge tone="amber" title={`${warnings} lint warnings`}>{warnings} warning{warnings === 1 ? "" : "s"}</Badge>;
  return <Badge tone="green">clean</Badge>;
}

export function SeverityBadge({ severity }: { severity: string }) {
  const tone = severity === "error" ? "red" : severity === "warning" ? "amber" : severity === "info" ? "blue" : "neutral";
  return <Badge tone={tone}>{severity}</Badge>;
}
