import { LogEntries } from "@/components/handoffs/log-entries";
import { HANDOFF_COMMIT, WORK_COMMIT } from "@/lib/core/handoff/commit-names";
import Link from "next/link";
import type { ReactNode } from "react";
import type { StateItem } from "@/lib/core/handoff/types";
import type { HandoffDetail } from "@/lib/server/queries/handoffs";
import { Badge } from "../ui/badge";
import { Card } from "../ui/card";
import { capped, clipped, MoreItems } from "./capped";
import { shortSha } from "./format";
import { When } from "../ui/when";
import { HANDOFF_PAGE_LIMITS } from "./page-limits.data";
import { RuntimeBadge } from "./runtime-badge";

function Missing({ what }: { what: string }) {
  return <p className="text-sm italic text-zinc-500 dark:text-zinc-400">No {what} recorded.</p>;
}

function LineLink({ line }: { line: number | null | undefined }) {
  if (!line) return null;
  return (
    <a href={`#L${line}`} className="ml-1 font-mono text-[10px] text-zinc-500 dark:text-zinc-400 hover:text-zinc-700 dark:hover:text-zinc-300" title={`line ${line}`}>
      L{line}
    </a>
  );
}

function Field({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400" title={hint}>{label}</dt>
      <dd className="min-w-0 break-words text-sm text-zinc-800 dark:text-zinc-200">{children}</dd>
    </>
  );
}

const stateColumns: { status: StateItem["status"]; label: string; tone: string }[] = [
  { status: "done", label: "Done", tone: "border-emerald-200 dark:border-emerald-900 bg-emerald-50/50 dark:bg-emerald-950/40" },
  { status: "in-progress", label: "In progress", tone: "border-amber-200 dark:border-amber-900 bg-amber-50/50 dark:bg-amber-950/40" },
  { status: "not-started", label: "Not started", tone: "border-zinc-200 dark:border-zinc-800 bg-zinc-50 dark:bg-zinc-800/40" },
];

/** A file reference: one line, cut with an ellipsis when longer than the card, the full path on hover. */
function FileChip({ text }: { text: string }) {
  return (
    <span title={text} className="inline-flex min-w-0 max-w-full rounded-md bg-sky-50 px-1.5 py-0.5 font-mono text-xs text-sky-800 ring-1 ring-inset ring-sky-200 dark:bg-sky-950/40 dark:text-sky-200 dark:ring-sky-800">
      <span className="truncate">{text}</span>
    </span>
  );
}

/** A state item's commit and file badges, at most HANDOFF_PAGE_LIMITS.badgesPerItem of them. */
function ItemBadges({ item }: { item: StateItem }) {
  const shas = capped(item.commitShas, HANDOFF_PAGE_LIMITS.badgesPerItem);
  const refs = capped(item.fileRefs, Math.max(0, HANDOFF_PAGE_LIMITS.badgesPerItem - shas.shown.length));
  const hidden = shas.hidden + refs.hidden;
  return (
    <div className="mt-1 flex min-w-0 flex-wrap gap-1">
      {shas.shown.map((sha) => (
        <Badge key={sha} tone="violet" title={sha}>{shortSha(sha)}</Badge>
      ))}
      {refs.shown.map((ref, refIndex) => (
        <FileChip key={refIndex} text={`${ref.path}${ref.line ? `:${ref.line}` : ""}`} />
      ))}
      {hidden > 0 && <Badge>+{hidden.toLocaleString("en")} more</Badge>}
    </div>
  );
}

/** A text of the structure view, at most HANDOFF_PAGE_LIMITS.textCharacters of it. */
const clip = (text: string) => clipped(text, HANDOFF_PAGE_LIMITS.textCharacters);

export function HandoffStructure({ handoff }: { handoff: HandoffDetail }) {
  const { parsed } = handoff.analysis;
  const identity = parsed.identity;
  const limit = HANDOFF_PAGE_LIMITS.listItems;
  const constraints = capped(parsed.goal?.constraints ?? [], limit);
  const decisions = capped(parsed.decisions, limit);
  const commands = capped(parsed.nextAction?.commands ?? [], limit);
  const verification = capped(parsed.verification, limit);
  return (
    <div className="space-y-4">
      <Card title="Session identity">
        <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-1.5">
          <Field label="Runtime">
            <RuntimeBadge runtime={handoff.runtime} />
            {identity.runtimeRaw && identity.runtimeRaw !== handoff.runtime && <span className="ml-2 text-xs text-zinc-500 dark:text-zinc-400">written as “{identity.runtimeRaw}”</span>}
          </Field>
          <Field label="Model">{identity.model ?? <span className="text-zinc-500 dark:text-zinc-400">—</span>}</Field>
          <Field label="Session id">
            {identity.sessionId ? <code className="font-mono text-xs">{identity.sessionId}</code> : <span className="text-zinc-500 dark:text-zinc-400">{identity.sessionIdRaw ? `“${identity.sessionIdRaw}” (none given)` : "not given in the handoff"}</span>}
          </Field>
          <Field label="Timestamp">
            {/* A day written alone (`Date: 2026-02-17`) is shown as that day, never as a made-up 00:00. */}
            {identity.timestamp ? (
              /^\d{4}-\d{2}-\d{2}$/.test(identity.timestamp) ? <When day={identity.timestamp} /> : <When instant={identity.timestamp} />
            ) : (
              (identity.timestampRaw ?? <span className="text-zinc-500 dark:text-zinc-400">—</span>)
            )}
            {/* The zone as the agent wrote it (PST, +09:00 …): the UTC time alone hides what the writer saw. */}
            {identity.timestamp && identity.timestampRaw && identity.timestampRaw !== identity.timestamp && (
              <span className="ml-2 text-xs text-zinc-500 dark:text-zinc-400">written as “{identity.timestampRaw}”</span>
            )}
          </Field>
          <Field label="Branch">{identity.branch ? <code className="font-mono text-xs">{identity.branch}</code> : <span className="text-zinc-500 dark:text-zinc-400">—</span>}</Field>
          <Field label={WORK_COMMIT.label} hint={`${WORK_COMMIT.meaning} (HEAD)`}>{identity.headSha ? <code className="font-mono text-xs">{identity.headSha}</code> : <span className="text-zinc-500 dark:text-zinc-400">—</span>}</Field>
        </dl>
      </Card>

      {parsed.log && (
        <Card title="Append-only log">
          <LogEntries log={parsed.log} lineHref={(line) => `#L${line}`} />
        </Card>
      )}
      <Card title={<>Goal <LineLink line={parsed.goal?.line} /></>} label="Goal">
        {parsed.goal ? (
          <>
            <p className="whitespace-pre-wrap text-sm text-zinc-800 dark:text-zinc-200">{clip(parsed.goal.text)}</p>
            {parsed.goal.constraints.length > 0 && (
              <div className="mt-3 space-y-1.5">
                <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">User constraints</h3>
                {constraints.shown.map((constraint, index) => (
                  <blockquote key={index} className="border-l-2 border-sky-400 dark:border-sky-700 pl-3 text-sm italic text-zinc-700 dark:text-zinc-300">
                    {clip(constraint)}
                  </blockquote>
                ))}
                <MoreItems hidden={constraints.hidden} noun="constraint" />
              </div>
            )}
          </>
        ) : (
          <Missing what="goal" />
        )}
      </Card>

      <Card title="Key decisions">
        {parsed.decisions.length > 0 ? (
          <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-800 dark:text-zinc-200">
            {decisions.shown.map((decision, index) => (
              <li key={index}>
                {clip(decision.text)}
                <LineLink line={decision.line} />
              </li>
            ))}
          </ul>
        ) : (
          <Missing what="key decisions" />
        )}
        <MoreItems hidden={decisions.hidden} noun="decision" />
      </Card>

      <Card title="State">
        <div className="grid grid-cols-1 gap-3 lg:grid-cols-3">
          {stateColumns.map((column) => {
            const items = parsed.state.filter((item) => item.status === column.status);
            const shownItems = capped(items, limit);
            return (
              <div key={column.status} className={`rounded-lg border p-3 ${column.tone}`} data-state={column.status}>
                <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
                  {column.label} <span className="text-zinc-500 dark:text-zinc-400">{items.length}</span>
                </h3>
                {items.length === 0 ? (
                  <p className="text-xs italic text-zinc-500 dark:text-zinc-400">none</p>
                ) : (
                  <ul className="space-y-2 text-sm text-zinc-800 dark:text-zinc-200 [overflow-wrap:anywhere]">
                    {shownItems.shown.map((item, index) => (
                      <li key={index}>
                        {clip(item.text)}
                        <LineLink line={item.line} />
                        {(item.commitShas.length > 0 || item.fileRefs.length > 0) && <ItemBadges item={item} />}
                      </li>
                    ))}
                  </ul>
                )}
                <MoreItems hidden={shownItems.hidden} noun="item" />
              </div>
            );
          })}
        </div>
      </Card>

      <Card title={<>Next action <LineLink line={parsed.nextAction?.line} /></>} label="Next action" className="border-sky-300 dark:border-sky-800 ring-1 ring-sky-100 dark:ring-sky-900/60">
        {parsed.nextAction ? (
          <>
            <p className="whitespace-pre-wrap text-sm font-medium text-zinc-900 dark:text-zinc-100">{clip(parsed.nextAction.text)}</p>
            {parsed.nextAction.commands.length > 0 && (
              <ul className="mt-2 space-y-1">
                {commands.shown.map((command, index) => (
                  <li key={index}>
                    <code className="block rounded bg-zinc-900 dark:bg-zinc-700 px-2 py-1 font-mono text-xs text-zinc-100">{clip(command)}</code>
                  </li>
                ))}
              </ul>
            )}
            <MoreItems hidden={commands.hidden} noun="command" />
          </>
        ) : (
          <Missing what="next action" />
        )}
      </Card>

      <Card title="Verification commands">
        {parsed.verification.length > 0 ? (
          <table className="w-full text-sm">
            <thead className="text-left text-xs uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
              <tr>
                <th className="pb-1.5 font-medium">Command</th>
                <th className="pb-1.5 font-medium">Last known result</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {verification.shown.map((check, index) => (
                <tr key={index} className="align-top">
                  <td className="py-1.5 pr-3">
                    <code className="font-mono text-xs">{clip(check.command)}</code>
                    <LineLink line={check.line} />
                  </td>
                  <td className="py-1.5 text-zinc-700 dark:text-zinc-300">{check.lastResult !== null ? clip(check.lastResult) : <span className="italic text-amber-700 dark:text-amber-300">no result recorded</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <Missing what="verification commands" />
        )}
        <MoreItems hidden={verification.hidden} noun="command" />
      </Card>

      <Card title="Resume pointer">
        <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-1.5">
          <Field label="This file">
            {parsed.pointers.thisPath ? <code className="font-mono text-xs">{parsed.pointers.thisPath}</code> : <span className="text-zinc-500 dark:text-zinc-400">not written</span>}
          </Field>
          <Field label="Previous">
            {handoff.previous.length === 0 && !handoff.previousPath && <span className="text-zinc-500 dark:text-zinc-400">none (first of its chain)</span>}
            {handoff.previous.map((edge, index) =>
              edge.handoff ? (
                <span key={index} className="flex flex-wrap items-center gap-2">
                  <Link href={`/handoffs/${edge.handoff.id}`} className="font-mono text-xs text-sky-700 dark:text-sky-300 hover:underline">{edge.handoff.path}</Link>
                  <Badge>{edge.resolution}</Badge>
                </span>
              ) : (
                <span key={index} className="flex flex-wrap items-center gap-2">
                  <code className="font-mono text-xs text-red-700 dark:text-red-300">{edge.missingPath}</code>
                  <Badge tone="red">missing — broken chain</Badge>
                </span>
              ),
            )}
          </Field>
          <Field label="Resumed by">
            {handoff.next.length === 0 ? (
              <span className="text-zinc-500 dark:text-zinc-400">nobody yet — this is an open head</span>
            ) : (
              <span className="flex flex-col gap-1">
                {handoff.next.map((edge) => (
                  <Link key={edge.handoff!.id} href={`/handoffs/${edge.handoff!.id}`} className="font-mono text-xs text-sky-700 dark:text-sky-300 hover:underline">{edge.handoff!.path}</Link>
                ))}
              </span>
            )}
          </Field>
          {parsed.ownCommitSha && <Field label={`${HANDOFF_COMMIT.label} (as written)`} hint={HANDOFF_COMMIT.meaning}><code className="font-mono text-xs">{parsed.ownCommitSha}</code></Field>}
          {parsed.resumeCommand && (
            <Field label="Resume command">
              <code className="block whitespace-pre-wrap rounded bg-zinc-100 dark:bg-zinc-800 px-2 py-1 font-mono text-xs">{clip(parsed.resumeCommand)}</code>
            </Field>
          )}
        </dl>
      </Card>
    </div>
  );
}
