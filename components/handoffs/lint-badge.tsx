import { Badge } from "../ui/badge";
import { counted } from "@/lib/core/text/counted";

export function LintBadge({ errors, warnings }: { errors: number; warnings: number }) {
  if (errors > 0) return <Badge tone="red" title={`${errors} lint errors, ${warnings} warnings`}>{counted(errors, "error")}</Badge>;
  if (warnings > 0) return <Badge tone="amber" title={`${warnings} lint warnings`}>{counted(warnings, "warning")}</Badge>;
  return <Badge tone="green">clean</Badge>;
}

export function SeverityBadge({ severity }: { severity: string }) {
  const tone = severity === "error" ? "red" : severity === "warning" ? "amber" : severity === "info" ? "blue" : "neutral";
  return <Badge tone={tone}>{severity}</Badge>;
}
