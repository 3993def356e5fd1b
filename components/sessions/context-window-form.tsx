"use client";

import { useActionState } from "react";
import { setContextWindowAction, type SetContextWindowState } from "@/lib/server/actions/set-context-window";

export function ContextWindowForm({ sessionId, current, source }: { sessionId: string; current: number | null; source: string }) {
  const [state, action, pending] = useActionState<SetContextWindowState, FormData>(setContextWindowAction, { error: null, saved: false });
  return (
    <form action={action} className="flex flex-wrap items-center gap-2 text-xs">
      <input type="hidden" name="sessionId" value={sessionId} />
      <label className="text-zinc-500 dark:text-zinc-400" htmlFor="context-window">Context window</label>
      <input
        id="context-window"
        name="tokens"
        inputMode="numeric"
        defaultValue={source === "user" && current ? String(current) : ""}
        placeholder={current ? current.toLocaleString("en") : "e.g. 200000"}
        className="w-32 rounded border border-zinc-300 dark:border-zinc-700 px-2 py-1 tabular-nums"
      />
      <button type="submit" disabled={pending} className="rounded border border-zinc-300 dark:border-zinc-700 bg-white dark:bg-zinc-900 px-2 py-1 font-medium hover:bg-zinc-50 dark:hover:bg-zinc-800/40 disabled:opacity-50">
        {pending ? "Saving…" : "Override"}
      </button>
      {state.error && <span className="text-red-600 dark:text-red-400">{state.error}</span>}
      {state.saved && !state.error && <span className="text-emerald-700 dark:text-emerald-300">Saved</span>}
      <span className="text-zinc-500 dark:text-zinc-400">empty + Override clears your value</span>
    </form>
  );
}
