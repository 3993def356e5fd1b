import { REVIEW_STATE_LABELS } from "@/lib/core/reviews/review-format";

const tones: Record<string, string> = {
  pending: "bg-zinc-100 text-zinc-700 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-600",
  in_progress: "bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-800",
  blocked: "bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800",
  completed: "bg-emerald-50 text-emerald-700 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800",
  failed: "bg-red-50 text-red-700 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800",
};

/** A review's state as a small badge (also on handoff lists, chain nodes and the overview). */
export function ReviewStateBadge({ state, claimed, title }: { state: string; claimed?: boolean; title?: string }) {
  return (
    <span
      title={title}
      data-testid="review-state-badge"
      data-state={state}
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[state] ?? tones.pending}`}
    >
      {REVIEW_STATE_LABELS[state] ?? state}
      {claimed && <span aria-label="claimed">· claimed</span>}
    </span>
  );
}
