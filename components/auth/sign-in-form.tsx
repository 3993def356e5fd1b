"use client";

import { useState, type FormEvent } from "react";

/** better-auth's error codes in words a person can act on. */
function describeFailure(status: number, code: string | undefined, retryAfter: number | null): string {
  if (code === "INVALID_EMAIL_OR_PASSWORD" || status === 401) return "That email and password do not match an account here. Check both, or ask an admin for an invitation.";
  if (status === 429) {
    const wait = retryAfter !== null && retryAfter > 0 ? `Wait ${retryAfter} s, then try again` : "Wait a little, then try again";
    return code === "TOO_MANY_ATTEMPTS_FOR_ACCOUNT" ? `Too many attempts for this account. ${wait}.` : `Too many attempts. ${wait}.`;
  }
  if (status === 403) return "This sign-in was refused (it did not come from this site's page). Reload the page and try again.";
  if (code === "PASSWORD_TOO_SHORT" || code === "INVALID_EMAIL") return "Enter the email address and the password of your account.";
  return `Sign-in failed (${status}). Try again, or ask an admin.`;
}

export function SignInForm({ next, github }: { next: string; github: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const response = await fetch("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") }),
      });
      if (response.ok) {
        window.location.assign(next);
        return;
      }
      const body = (await response.json().catch(() => null)) as { code?: string } | null;
      const retryAfter = Number(response.headers.get("retry-after") ?? response.headers.get("x-retry-after") ?? NaN);
      setError(describeFailure(response.status, body?.code, Number.isFinite(retryAfter) ? retryAfter : null));
    } catch {
      setError("The server could not be reached. Check your connection and try again.");
    }
    setBusy(false);
  };

  const signInWithGithub = async () => {
    setBusy(true);
    const response = await fetch("/api/auth/sign-in/social", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ provider: "github", callbackURL: next }) });
    const body = (await response.json().catch(() => null)) as { url?: string } | null;
    if (response.ok && body?.url) window.location.assign(body.url);
    else {
      setError("GitHub sign-in could not start. Use your email and password, or ask an admin.");
      setBusy(false);
    }
  };

  const input = "mt-1 block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-zinc-500 focus:outline-none focus:ring-1 focus:ring-zinc-500 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100";
  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="space-y-4">
        <label className="block text-sm font-medium text-zinc-700 dark:text-zinc-200">
          Email
          <input name="email" type="email" autoComplete="username" required className={input} />
        </label>
        <label className="block text-sm font-medium text-zinc-700 dark:text-zinc-200">
          Password
          <input name="password" type="password" autoComplete="current-password" required className={input} />
        </label>
        {error && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy} className="w-full rounded-md bg-zinc-900 px-3 py-2 text-sm font-semibold text-white hover:bg-zinc-700 disabled:opacity-60 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300">
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
      {github && (
        <button type="button" onClick={signInWithGithub} disabled={busy} className="w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm font-medium text-zinc-800 hover:bg-zinc-50 disabled:opacity-60 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800">
          Sign in with GitHub
        </button>
      )}
    </div>
  );
}
