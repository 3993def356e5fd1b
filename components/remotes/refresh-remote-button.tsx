"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

/** Fetches one remote now (POST /api/remotes/:id/refresh) and reloads the page's data when it is done. */
export function RefreshRemoteButton({ id, name }: { id: string; name: string }) {
  const router = useRouter();
  const [state, setState] = useState<"idle" | "running" | "failed">("idle");
  const [, startTransition] = useTransition();
  const run = async () => {
    setState("running");
    try {
      const response = await fetch(`/api/remotes/${encodeURIComponent(id)}/refresh`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      setState(response.ok ? "idle" : "failed");
      startTransition(() => router.refresh());
    } catch {
      setState("failed");
    }
  };
  return (
    <button
      type="button"
      onClick={run}
      disabled={state === "running"}
      aria-label={`Refresh ${name}`}
      className="rounded-md border border-zinc-300 bg-white px-2.5 py-1 text-xs font-medium text-zinc-800 shadow-sm hover:bg-zinc-50 disabled:cursor-wait disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800"
    >
      {state === "running" ? "Fetching…" : state === "failed" ? "Retry" : "Refresh"}
    </button>
  );
}
