"use client";

/** The signed-in person in the navigation column (team server only): name, role, account, tokens, team, sign out. */
import Link from "next/link";
import { useState } from "react";
import { useActor } from "./actor-context";

export function UserMenu() {
  const actor = useActor();
  const [busy, setBusy] = useState(false);
  if (actor === null || actor.kind === "local") return null;
  const signOut = async () => {
    setBusy(true);
    await fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }).catch(() => null);
    window.location.assign("/sign-in");
  };
  return (
    <details className="relative ml-auto shrink-0 md:ml-0 md:mt-3 md:px-1" data-testid="user-menu">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800">
        <span aria-hidden className="grid h-6 w-6 place-items-center rounded-full bg-zinc-200 text-xs font-semibold text-zinc-700 dark:bg-zinc-700 dark:text-zinc-100">
          {(actor.name ?? actor.email ?? "?").slice(0, 1).toUpperCase()}
        </span>
        <span className="hidden min-w-0 flex-col md:flex">
          <span className="truncate font-medium text-zinc-800 dark:text-zinc-100">{actor.name ?? actor.email}</span>
          <span className="text-xs text-zinc-500 dark:text-zinc-400">{actor.role}</span>
        </span>
      </summary>
      <div className="absolute right-0 top-full z-30 mt-1 w-56 rounded-lg border border-zinc-200 bg-white p-1 text-sm shadow-lg md:bottom-full md:left-3 md:right-auto md:top-auto md:mb-1 dark:border-zinc-700 dark:bg-zinc-900">
        <p className="px-2 py-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          Signed in as <span className="font-medium text-zinc-800 dark:text-zinc-100">{actor.email}</span> ({actor.role})
        </p>
        <Link href="/settings/account" className="block rounded px-2 py-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800">Account</Link>
        <Link href="/settings/tokens" className="block rounded px-2 py-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800">API tokens</Link>
        {actor.role === "admin" && <Link href="/settings/team" className="block rounded px-2 py-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800">Team</Link>}
        <button type="button" onClick={signOut} disabled={busy} className="block w-full rounded px-2 py-1.5 text-left text-red-700 hover:bg-red-50 disabled:opacity-60 dark:text-red-400 dark:hover:bg-red-950">
          {busy ? "Signing out…" : "Sign out"}
        </button>
      </div>
    </details>
  );
}
