"use client";

import { queryKeys } from "@/lib/core/events/query-keys";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import type { ResumeOptions } from "@/lib/server/resume/resume-options";
import { resumeTargetName } from "@/lib/core/runtimes/resume-commands";
import { RUNTIME } from "@/lib/core/runtimes/runtimes";
import { Badge } from "../ui/badge";
import { CopyButton } from "../ui/copy-button";
import { TabList } from "../ui/tabs";
import { counted } from "@/lib/core/text/counted";
import { ResumeClaimButton } from "../reviews/resume-claim-button";

async function fetchResume(handoffId: string): Promise<ResumeOptions> {
  const response = await fetch(`/api/handoffs/${encodeURIComponent(handoffId)}/resume`);
  if (!response.ok) throw new Error(`Could not build the resume prompt (HTTP ${response.status})`);
  return response.json() as Promise<ResumeOptions>;
}


export function ResumeDialog({ handoffId, onClose }: { handoffId: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const copyPrompt = useRef<HTMLButtonElement>(null);
  const { data, error, isLoading } = useQuery({ queryKey: queryKeys.handoffResume(handoffId), queryFn: () => fetchResume(handoffId) });
  const [runtime, setRuntime] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // Never on "Resume & claim" (the first button): a second Enter would claim the handoff. Close
    // until the prompt is there, then Copy prompt (below).
    closeButton.current?.focus();
    return () => element?.close();
  }, []);

  const active = runtime ?? data?.defaultRuntime ?? null;
  const plan = data?.plans.find((candidate) => candidate.runtime === active) ?? null;
  const readiness = data?.readiness;
  const hasPlan = plan !== null;

  // Once the prompt is built: focus on Copy prompt, unless the user already moved elsewhere.
  const movedToCopy = useRef(false);
  useEffect(() => {
    if (!hasPlan || movedToCopy.current) return;
    movedToCopy.current = true;
    const focused = document.activeElement;
    if (focused === closeButton.current || focused === dialog.current || focused === document.body) copyPrompt.current?.focus();
  }, [hasPlan]);

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      onClick={(event) => event.target === dialog.current && dialog.current?.close()}
      aria-labelledby="resume-title"
      className="m-auto w-[min(60rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-900/40 dark:bg-zinc-900 dark:text-zinc-100 dark:backdrop:bg-black/60"
    >
      <div className="flex max-h-[90vh] flex-col">
        <header className="flex items-start justify-between gap-4 border-b border-zinc-200 dark:border-zinc-800 px-5 py-3">
          <div>
            <h2 id="resume-title" className="text-base font-semibold">Resume this handoff</h2>
            {data && <p className="break-all font-mono text-xs text-zinc-500 dark:text-zinc-400">{data.handoff.path}</p>}
          </div>
          <ResumeClaimButton handoffId={handoffId} />
          <button ref={closeButton} type="button" onClick={() => dialog.current?.close()} className="rounded-lg px-2 py-1 text-sm text-zinc-500 dark:text-zinc-400 hover:bg-zinc-100 dark:hover:bg-zinc-800" aria-label="Close">
            ✕
          </button>
        </header>
        <div className="overflow-y-auto px-5 py-4">
          {isLoading && <p className="text-sm text-zinc-500 dark:text-zinc-400" role="status">Building the resume prompt…</p>}
          {error && <p className="text-sm text-red-600 dark:text-red-400" role="alert">{(error as Error).message}</p>}
          {data && plan && (
            <div className="space-y-4">
              {data.warnings.length > 0 && (
                <section aria-label="Before you resume" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200" data-testid="resume-warnings">
                  <h3 className="mb-1 font-semibold">Check before you copy</h3>
                  <ul className="space-y-1">
                    {data.warnings.map((warning) => (
                      <li key={warning.rule}>⚠ {warning.message}</li>
                    ))}
                  </ul>
                </section>
              )}
              <TabList
                label="Runtime"
                idPrefix="resume"
                panelId="resume-tabpanel"
                selected={plan.runtime}
                onSelect={setRuntime}
                tabs={data.plans.map((candidate) => ({
                  id: candidate.runtime,
                  label: (
                    <>
                      {resumeTargetName(candidate.runtime)}
                      {candidate.runtime === data.defaultRuntime && <span className="ml-1 text-[11px] text-zinc-500 dark:text-zinc-400">(wrote it)</span>}
                    </>
                  ),
                }))}
                className="flex flex-wrap gap-1 border-b border-zinc-200 dark:border-zinc-800"
                tabClassName={(isSelected) =>
                  `-mb-px border-b-2 px-3 py-1.5 text-sm font-medium ${isSelected ? "border-zinc-900 dark:border-zinc-200 text-zinc-900 dark:text-zinc-100" : "border-transparent text-zinc-600 dark:text-zinc-400 hover:text-zinc-800 dark:hover:text-zinc-200"}`
                }
              />

              {/* Keyed by runtime: a new tab starts with fresh copy buttons, so "Copied" stays with the tab
                  and the button that copied. */}
              <div key={plan.runtime} id="resume-tabpanel" role="tabpanel" aria-labelledby={`resume-tab-${plan.runtime}`} className="space-y-4">
                <section aria-label="Command" className="space-y-1.5">
                  <div className="flex items-center justify-between">
                    <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Command</h3>
                    {plan.command && <CopyButton text={plan.command} label="Copy command" />}
                  </div>
                  {plan.command ? (
                    <pre tabIndex={0} aria-label="Command" className="max-h-40 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-zinc-900 p-3 font-mono text-xs text-zinc-100 dark:bg-black/50 dark:ring-1 dark:ring-zinc-700" data-testid="resume-command">{plan.command}</pre>
                  ) : (
                    <p className="rounded-lg bg-amber-50 dark:bg-amber-950/40 p-3 text-sm text-amber-900 dark:text-amber-200">
                      {plan.runtime === RUNTIME.antigravity ? "Antigravity has no command line: copy the prompt and paste it into a new Agent Manager conversation." : "No command for this target: copy the prompt and paste it as the agent's first message."}
                    </p>
                  )}
                  {plan.nativeCommand && (
                    <div className="rounded-lg border border-zinc-200 dark:border-zinc-800 p-3">
                      <div className="flex items-center justify-between gap-2">
                        <span className="text-xs font-semibold text-zinc-600 dark:text-zinc-400">
                          Native resume {plan.preferred === "native" ? <Badge tone="green">preferred</Badge> : <Badge>alternative</Badge>}
                        </span>
                        <CopyButton text={plan.nativeCommand} label="Copy native command" />
                      </div>
                      <pre className="mt-2 whitespace-pre-wrap break-all font-mono text-xs text-zinc-800 dark:text-zinc-200">{plan.nativeCommand}</pre>
                    </div>
                  )}
                  <p className="text-xs text-zinc-500 dark:text-zinc-400">{plan.reason}</p>
                </section>

                <section aria-label="Prompt" className="space-y-1.5">
                  <div className="flex items-center justify-between">
                    <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
                      Prompt <span className="ml-1 font-normal normal-case text-zinc-500 dark:text-zinc-400">≈ {plan.promptTokens.tokens.toLocaleString("en")} tokens (estimate)</span>
                    </h3>
                    <CopyButton text={plan.prompt} label="Copy prompt" buttonRef={copyPrompt} />
                  </div>
                  <pre tabIndex={0} aria-label="Prompt" className="max-h-80 overflow-auto whitespace-pre-wrap rounded-lg border border-zinc-200 dark:border-zinc-800 bg-zinc-50 dark:bg-zinc-800/40 p-3 font-mono text-xs text-zinc-800 dark:text-zinc-200" data-testid="resume-prompt">{plan.prompt}</pre>
                </section>
                {plan.issues.length > 0 && (
                  <ul className="space-y-1 text-xs text-amber-800 dark:text-amber-200">
                    {plan.issues.map((issue, index) => (
                      <li key={index}>⚠ {issue.message}</li>
                    ))}
                  </ul>
                )}
              </div>

              {readiness && (
                <section aria-label="Readiness" className="space-y-2 rounded-lg border border-zinc-200 dark:border-zinc-800 p-3 text-sm">
                  <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Since the handoff</h3>
                  <ul className="space-y-1">
                    <li>
                      {data.checkout.branch === null ? (
                        <span className="text-amber-800 dark:text-amber-200">No branch holds this handoff (not committed): the command stays on the current checkout.</span>
                      ) : (
                        <>
                          Branch <code className="font-mono text-xs">{data.checkout.branch}</code>:{" "}
                          {readiness.branchExists ? <span className="text-emerald-700 dark:text-emerald-300">exists</span> : <span className="text-red-700 dark:text-red-300">no longer exists</span>}
                          {data.checkout.branchIsRemoteOnly && <span className="text-zinc-500 dark:text-zinc-400"> (only on {data.checkout.remote}; the command creates the local branch)</span>}
                        </>
                      )}
                    </li>
                    <li>
                      {readiness.commitsSince === null ? (
                        <span className="text-zinc-500 dark:text-zinc-400">Commits since the handoff: not known</span>
                      ) : readiness.commitsSince.count === 0 ? (
                        <span className="text-emerald-700 dark:text-emerald-300">No commits since the handoff: the tree should match it.</span>
                      ) : (
                        <span className="text-amber-800 dark:text-amber-200">
                          {counted(readiness.commitsSince.count, "commit")} since the handoff
                          {readiness.commitsSince.subjects.length > 0 && `: ${readiness.commitsSince.subjects.slice(0, 3).join("; ")}`}
                        </span>
                      )}
                    </li>
                    {readiness.missingFiles.length > 0 && (
                      <li className="text-amber-800 dark:text-amber-200">
                        Referenced files gone: {readiness.missingFiles.map((file) => `${file.path}${file.line ? `:${file.line}` : ""}`).join(", ")}
                      </li>
                    )}
                    {readiness.resumedBy.length > 0 && (
                      <li className="text-amber-800 dark:text-amber-200">
                        Already resumed by{" "}
                        {readiness.resumedBy.map((later, index) => (
                          <span key={later.id}>
                            {index > 0 && ", "}
                            <Link className="font-mono text-xs underline" href={`/handoffs/${later.id}`}>{later.path}</Link>
                          </span>
                        ))}
                      </li>
                    )}
                    {readiness.warnings.map((warning, index) => (
                      <li key={index} className="text-zinc-500 dark:text-zinc-400">{warning}</li>
                    ))}
                  </ul>
                </section>
              )}
            </div>
          )}
        </div>
      </div>
    </dialog>
  );
}

export function ResumeButton({ handoffId }: { handoffId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="rounded-lg bg-zinc-900 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300">
        Resume…
      </button>
      {open && <ResumeDialog handoffId={handoffId} onClose={() => setOpen(false)} />}
    </>
  );
}
