"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { counted } from "@/lib/core/text/counted";

interface Summary {
  repos: number;
  handoffsNew: number;
  branchesRead: number;
  agentFilesRead: number;
  sessionsTouched: number;
  durationMs: number;
  missing: string[];
  notices: string[];
}

function describe(summary: Summary): string {
  const parts = [
    counted(summary.handoffsNew, "new handoff"),
    `${counted(summary.agentFilesRead, "agent log file")} read`,
    `${counted(summary.sessionsTouched, "session")} updated`,
  ];
  const missing = summary.missing.length > 0 ? `; ${summary.missing.length} registered repo${summary.missing.length === 1 ? " is" : "s are"} missing on disk` : "";
  return `Rescanned ${counted(summary.repos, "repo")} in ${(summary.durationMs / 1000).toFixed(1)} s: ${parts.join(", ")}${missing}.`;
}

/** Runs the same incremental scan as `baton scan` over everything registered, then reloads the page's data. */
export function RescanButton() {
  const router = useRouter();
  const [state, setState] = useState<{ kind: "idle" } | { kind: "running" } | { kind: "done"; text: string; notices: string[] } | { kind: "failed"; text: string }>({ kind: "idle" });
  const [, startTransition] = useTransition();

  const run = async () => {
    setState({ kind: "running" });
    try {
      const response = await fetch("/api/scan", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      const body = (await response.json()) as Summary | { error: string };
      if (!response.ok || "error" in body) throw new Error("error" in body ? body.error : `HTTP ${response.status}`);
      setState({ kind: "done", text: describe(body), notices: body.notices });
      startTransition(() => router.refresh());
    } catch (error) {
      setState({ kind: "failed", text: `Rescan failed: ${error instanceof Error ? error.message : String(error)}` });
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={run}
        disabled={state.kind === "running"}
        className="rounded-md border border-zinc-300 dark:border-zinc-700 bg-white dark:bg-zinc-900 px-3 py-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200 shadow-sm hover:bg-zinc-50 dark:hover:bg-zinc-800/40 disabled:cursor-wait disabled:opacity-60"
      >
        {state.kind === "running" ? "Rescanning…" : "Rescan now"}
      </button>
      <p role="status" aria-live="polite" className={`text-xs ${state.kind === "failed" ? "text-red-700 dark:text-red-300" : "text-zinc-500 dark:text-zinc-400"}`}>
        {state.kind === "done" || state.kind === "failed" ? state.text : "Reads what changed in every registered repo and agent log folder; baton serve --watch does this on a timer."}
      </p>
      {state.kind === "done" && state.notices.length > 0 && (
        <ul className="w-full space-y-1 text-xs text-amber-800 dark:text-amber-200" aria-label="Scan notices">
          {state.notices.map((notice) => (
            <li key={notice} className="[overflow-wrap:anywhere]">
              {notice}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
