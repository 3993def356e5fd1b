import Link from "next/link";
import type { TextDiffPart } from "@/lib/core/chains/diff-handoffs";
import type { ChangesSincePrevious } from "@/lib/server/queries/handoffs";
import { Badge } from "../ui/badge";
import { Card } from "../ui/card";

function DiffText({ parts }: { parts: TextDiffPart[] }) {
  return (
    <p className="whitespace-pre-wrap text-sm leading-relaxed">
      {parts.map((part, index) =>
        part.kind === "same" ? (
          <span key={index}>{part.text}</span>
        ) : part.kind === "added" ? (
          <ins key={index} className="rounded bg-emerald-100 dark:bg-emerald-900/40 text-emerald-900 dark:text-emerald-200 no-underline">{part.text}</ins>
        ) : (
          <del key={index} className="rounded bg-red-100 dark:bg-red-900/40 text-red-800 dark:text-red-200">{part.text}</del>
        ),
      )}
    </p>
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
                  <li key={`m${index}`}>
                    <Badge tone={move.direction === "forward" ? "green" : "red"}>
                      {statusLabel[move.before.status]} → {statusLabel[move.after.status]}
                    </Badge>{" "}
                    {move.after.text}
                  </li>
                ))}
                {diff.state.added.map((item, index) => (
                  <li key={`a${index}`}><Badge tone="blue">new · {statusLabel[item.status]}</Badge> {item.text}</li>
                ))}
                {diff.state.removed.map((item, index) => (
                  <li key={`r${index}`} className="text-zinc-500 dark:text-zinc-400"><Badge>dropped · was {statusLabel[item.status]}</Badge> <span className="line-through">{item.text}</span></li>
                ))}
              </ul>
            </div>
          )}
          {diff.nextAction.isChanged && (
            <div>
              <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Next action</h3>
              <DiffText parts={diff.nextAction.parts} />
            </div>
          )}
          {diff.goal.isChanged && (
            <div>
              <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Goal</h3>
              <DiffText parts={diff.goal.parts} />
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
