/**
 * How full a context window may get: the thresholds the burn chart draws (a repo's budget config
 * replaces them) and the tone a peak shows with on the lists and badges, from the same numbers. The
 * protocol's handoff zone is where an agent should be writing its handoff.
 */
export const CONTEXT_THRESHOLDS = { monitorPercent: 60, warningPercent: 75, emergencyPercent: 85 } as const;

/** The burn chart's default lines, ascending (monitor, warning, emergency). */
export const DEFAULT_THRESHOLDS_PERCENT = [CONTEXT_THRESHOLDS.monitorPercent, CONTEXT_THRESHOLDS.warningPercent, CONTEXT_THRESHOLDS.emergencyPercent];

export const HANDOFF_ZONE = { fromPercent: 90, toPercent: 95 };
