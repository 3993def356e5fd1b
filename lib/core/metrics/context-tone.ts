import { CONTEXT_THRESHOLDS } from "./context-thresholds.data";

export type ContextTone = "red" | "amber" | "green" | "neutral";

/** A peak's colour: red from the emergency threshold, amber from the monitor one, neutral when unknown. */
export function contextTone(percent: number | null): ContextTone {
  if (percent === null) return "neutral";
  if (percent >= CONTEXT_THRESHOLDS.emergencyPercent) return "red";
  if (percent >= CONTEXT_THRESHOLDS.monitorPercent) return "amber";
  return "green";
}
