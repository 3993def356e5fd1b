"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";

interface Added {
  remote: { name: string; url: string };
  webhook: { url: string; secret: string };
}

const inputClass = "w-full rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 text-sm shadow-sm focus:border-zinc-500 focus:outline-none";

/**
 * Adds a remote (POST /api/remotes, admins only) and shows its webhook URL and secret once: the secret is
 * never shown again, so the form says so and keeps it on screen until the next add.
 */
export function AddRemoteForm() {
  const router = useRouter();
  const [state, setState] = useState<{ kind: "idle" } | { kind: "running" } | { kind: "added"; added: Added } | { kind: "failed"; text: string }>({ kind: "idle" });
  const [, startTransition] = useTransition();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (key: string) => String(form.get(key) ?? "").trim();
    const body = { url: text("url"), ...(text("name") ? { name: text("name") } : {}), ...(text("branches") ? { branches: text("branches") } : {}) };
    setState({ kind: "running" });
    try {
      const response = await fetch("/api/remotes", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const answer = (await response.json()) as Added | { error: string };
      if (!response.ok || "error" in answer) throw new Error("error" in answer ? answer.error : `HTTP ${response.status}`);
      setState({ kind: "added", added: answer });
      (event.target as HTMLFormElement).reset();
      startTransition(() => router.refresh());
    } catch (error) {
      setState({ kind: "failed", text: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900" aria-label="Add a remote repository">
      <h3 className="text-sm font-semibold">Add a remote repository</h3>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <label className="space-y-1 text-xs text-zinc-600 dark:text-zinc-400">
          <span>URL (https://, ssh:// or git@host:path, git://)</span>
          <input name="url" required className={inputClass} placeholder="https://github.com/team/project.git" autoComplete="off" spellCheck={false} />
        </label>
        <label className="space-y-1 text-xs text-zinc-600 dark:text-zinc-400">
          <span>Name (optional)</span>
          <input name="name" className={inputClass} placeholder="project" autoComplete="off" spellCheck={false} />
        </label>
        <label className="space-y-1 text-xs text-zinc-600 dark:text-zinc-400">
          <span>Branches (glob)</span>
          <input name="branches" className={inputClass} placeholder="*" autoComplete="off" spellCheck={false} />
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={state.kind === "running"}
          className="rounded-md bg-zinc-900 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-zinc-700 disabled:cursor-wait disabled:opacity-60 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
        >
          {state.kind === "running" ? "Adding…" : "Add remote"}
        </button>
        <p role={state.kind === "failed" ? "alert" : undefined} className={`text-xs ${state.kind === "failed" ? "text-red-700 dark:text-red-400" : "text-zinc-500 dark:text-zinc-400"}`}>
          {state.kind === "failed"
            ? `Not added: ${state.text}`
            : "A token in an https URL is kept for fetching and never shown. Loopback and private hosts need BATON_GIT_ALLOWED_HOSTS."}
        </p>
      </div>
      {state.kind === "added" && (
        <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:bg-amber-950/40" data-testid="webhook-once">
          <p className="font-medium text-amber-900 dark:text-amber-200">
            Added {state.added.remote.name}; its first fetch is running. Copy the webhook secret now: it is shown only this once.
          </p>
          <dl className="grid gap-1 text-xs sm:grid-cols-[auto_1fr]">
            <dt className="text-zinc-600 dark:text-zinc-400">Payload URL</dt>
            <dd className="break-all font-mono">{state.added.webhook.url}</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Content type</dt>
            <dd className="font-mono">application/json</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Secret</dt>
            <dd className="break-all font-mono" data-testid="webhook-secret">
              {state.added.webhook.secret}
            </dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Events</dt>
            <dd>Just the push event</dd>
          </dl>
        </div>
      )}
    </form>
  );
}
