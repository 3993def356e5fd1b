"use client";

import { useState, type FormEvent } from "react";

/** Sets up the account an invitation allows, then signs in with it. */
export function InviteForm({ token, role }: { token: string; role: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    if (password !== String(form.get("confirm") ?? "")) {
      setError("The two passwords differ.");
      setBusy(false);
      return;
    }
    const response = await fetch("/api/invitations/accept", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, email, name: String(form.get("name") ?? ""), password }),
    }).catch(() => null);
    const body = (await response?.json().catch(() => null)) as { error?: string } | null;
    if (!response?.ok) {
      setError(body?.error ? `${body.error.charAt(0).toUpperCase()}${body.error.slice(1)}.` : "The server could not be reached. Try again.");
      setBusy(false);
      return;
    }
    const signIn = await fetch("/api/auth/sign-in/email", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
    window.location.assign(signIn.ok ? "/" : "/sign-in");
  };

  const input = "mt-1 block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-zinc-500 focus:outline-none focus:ring-1 focus:ring-zinc-500 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100";
  const label = "block text-sm font-medium text-zinc-700 dark:text-zinc-200";
  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-300">
        You are invited as a <strong>{role}</strong>. Choose how you sign in.
      </p>
      <label className={label}>
        Name
        <input name="name" autoComplete="name" required maxLength={100} className={input} />
      </label>
      <label className={label}>
        Email
        <input name="email" type="email" autoComplete="username" required className={input} />
      </label>
      <label className={label}>
        Password <span className="font-normal text-zinc-500 dark:text-zinc-400">(at least 10 characters)</span>
        <input name="password" type="password" autoComplete="new-password" required minLength={10} className={input} />
      </label>
      <label className={label}>
        Password again
        <input name="confirm" type="password" autoComplete="new-password" required minLength={10} className={input} />
      </label>
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy} className="w-full rounded-md bg-zinc-900 px-3 py-2 text-sm font-semibold text-white hover:bg-zinc-700 disabled:opacity-60 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300">
        {busy ? "Creating your account…" : "Create account and sign in"}
      </button>
    </form>
  );
}
