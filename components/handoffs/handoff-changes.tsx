import Link from "next/link";
import type { ProseRow, TextDiffPart } from "@/lib/core/chains/diff-handoffs";
import type { ChangesSincePrevious } from "@/lib/server/queries/handoffs";
import { Badge } from "../ui/badge";
import { Card } from "../ui/card";

/** A sentence's words, the changed ones marked (only for a sentence reworded in place). */
function Words({ parts }: { parts: TextDiffPart[] }) {
  return parts.map((part, index) =>
    part.kind === "same" ? (
      <span key={index}>{part.text}</span>
    ) : (
      <mark key={index} className={`rounded px-0.5 ${part.kind === "added" ? "bg-emerald-200/70 text-emerald-950 dark:bg-emerald-700/50 dark:text-emerald-50" : "bg-red-200/70 text-red-950 dark:bg-red-700/50 dark:text-red-50"}`}>
        {part.text}
      </mark>
    ),
  );
}

const rowStyle = {
  same: { sign: " ", label: "unchanged", className: "text-zinc-600 dark:text-zinc-400" },
  removed: { sign: "−", label: "before", className: "bg-red-50 text-red-900 dark:bg-red-950/40 dark:text-red-200" },
  added: { sign: "+", label: "after", className: "bg-emerald-50 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200" },
} as const;

/** Prose before and after, sentence by sentence: what went (−), what came (+), what stayed. */
function ProseDiff({ rows, label }: { rows: ProseRow[]; label: string }) {
  return (
    <ol className="space-y-0.5 text-sm leading-relaxed" aria-label={label}>
      {rows.map((row, index) => {
        const style = rowStyle[row.kind];
        return (
          <li key={index} data-diff={row.kind} className={`flex gap-2 rounded px-2 py-0.5 ${style.className}`}>
            <span aria-label={style.label} className="w-3 shrink-0 select-none font-mono text-xs leading-relaxed opacity-70">{style.sign}</span>
            <span className="min-w-0 break-words">{row.words ? <Words parts={row.words} /> : row.text}</span>
          </li>
        );
      })}
    </ol>
  );
}

const trendTone = { better: "green", worse: "red", same: "neutral", changed: "amber" } as const;
const statusLabel = { done: "done", "in-progress": "in progress", "not-started": "not started" } as const;

export function HandoffChanges({ changes }: { changes: ChangesSincePrevious }) {
  const { diff, previous } = changes;
  return (
    <Card title="Changes since the previous handoff" label="Changes since the previous handoff" id="changes">
      <p className="mb-3 text-xs text-zinc-500 dark:text-zinc-400">
        Compared with <Link href={`/handoffs/${previous.id}`} className="font-mono text-sky-700 dark:text-sky-300 hover:underline">{previous.path}</Link>
      </p>
      {!diff.hasChanges ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Nothing changed in goal, state, next action or verification results.</p>
      ) : (
        <div className="space-y-4">
          {diff.verification.results.some((result) => result.trend !== "same") && (
            <div>
              <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Verification results</h3>
              <table className="w-full text-sm" aria-label="Verification result changes">
                <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                  {diff.verification.results
                    .filter((result) => result.trend !== "same")
                    .map((result) => (
                      <tr key={result.command} className="align-top">
                        <td className="py-1 pr-3 font-mono text-xs">{result.command}</td>
                        <td className="py-1 pr-2 text-zinc-500 dark:text-zinc-400 line-through decoration-zinc-300 dark:decoration-zinc-600">{result.before ?? "—"}</td>
                        <td className="py-1 pr-2">→ {result.after ?? "—"}</td>
                        <td className="py-1"><Badge tone={trendTone[result.trend]}>{result.trend}</Badge></td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </div>
          )}
          {diff.state.moved.length + diff.state.added.length + diff.state.removed.length > 0 && (
            <div>
              <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">State</h3>
              <ul className="space-y-1 text-sm">
                {diff.state.moved.map((move, index) => (
                  <li key={`m${index}`} data-diff="moved">
                    <Badge tone={move.direction === "forward" ? "green" : "red"}>
                      {statusLabel[move.after.status]} (was {statusLabel[move.before.status]})
                    </Badge>{" "}
                    {move.after.text}
                    {move.before.text !== move.after.text && (
                      <span className="block pl-1 text-xs text-zinc-500 dark:text-zinc-400">was worded: {move.before.text}</span>
                    )}
                  </li>
                ))}
                {diff.state.added.map((item, index) => (
                  <li key={`a${index}`} data-diff="new-item"><Badge tone="blue">new · {statusLabel[item.status]}</Badge> {item.text}</li>
                ))}
                {diff.state.removed.map((item, index) => (
                  <li key={`r${index}`} data-diff="dropped-item" className="text-zinc-500 dark:text-zinc-400"><Badge>dropped · was {statusLabel[item.status]}</Badge> <span className="line-through">{item.text}</span></li>
                ))}
              </ul>
            </div>
          )}
          {diff.nextAction.isChanged && (
            <div>
              <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Next action</h3>
              <ProseDiff rows={diff.nextAction.rows} label="Next action, before and after" />
            </div>
          )}
          {diff.goal.isChanged && (
            <div>
              <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Goal</h3>
              <ProseDiff rows={diff.goal.rows} label="Goal, before and after" />
            </div>
          )}
          {(diff.decisions.added.length > 0 || diff.decisions.removed.length > 0) && (
            <div>
              <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Key decisions</h3>
              <ul className="space-y-1 text-sm">
                {diff.decisions.added.map((decision, index) => <li key={`a${index}`} className="text-emerald-800 dark:text-emerald-200">+ {decision}</li>)}
                {diff.decisions.removed.map((decision, index) => <li key={`r${index}`} className="text-red-700 dark:text-red-300 line-through">− {decision}</li>)}
              </ul>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
