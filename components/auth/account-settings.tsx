"use client";

/**
 * One's own account on the team server: the name teammates see on claims, comments and the timeline,
 * and the password (the current one is asked again; every other signed-in browser is signed out).
 * Both go to better-auth's own routes (`/api/auth/update-user`, `/api/auth/change-password`).
 */
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { inputClass, primaryButton } from "./settings-fetch";

type Outcome = { ok: boolean; text: string } | null;

/** better-auth's refusals in words a person can act on. */
export function describeAccountFailure(status: number, code: string | undefined, minLength: number): string {
  if (code === "NAME_READS_AS_READER") return "That name reads as the person looking at the page (teammates would see \"Claim: You\" about you). Use your own name.";
  if (code === "INVALID_PASSWORD") return "The current password is not right. Nothing was changed.";
  if (code === "PASSWORD_TOO_SHORT") return `The new password is too short: use at least ${minLength} characters.`;
  if (code === "PASSWORD_TOO_LONG") return "The new password is too long: use at most 256 characters.";
  if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return "This account signs in with GitHub only, so it has no password to change.";
  if (code === "SESSION_EXPIRED" || status === 401) return "Your sign-in is too old for this change. Sign out, sign in again, then retry.";
  if (status === 429) return "Too many attempts. Wait a minute, then try again.";
  if (status === 403) return "This change was refused (it did not come from this site's page). Reload the page and try again.";
  return `The change failed (${status}). Try again.`;
}

async function post(path: string, body: unknown): Promise<{ ok: true } | { ok: false; status: number; code?: string }> {
  const response = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).catch(() => null);
  if (!response) return { ok: false, status: 0 };
  if (response.ok) return { ok: true };
  const data = (await response.json().catch(() => null)) as { code?: string } | null;
  return { ok: false, status: response.status, code: data?.code };
}

function Message({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p role={outcome.ok ? "status" : "alert"} className={`text-sm ${outcome.ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}>
      {outcome.text}
    </p>
  );
}

export function AccountSettings({ name, email, role, minPasswordLength }: { name: string; email: string; role: string; minPasswordLength: number }) {
  const router = useRouter();
  const [nameOutcome, setNameOutcome] = useState<Outcome>(null);
  const [passwordOutcome, setPasswordOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState<"name" | "password" | null>(null);

  const saveName = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    if (!next) {
      setNameOutcome({ ok: false, text: "Enter a name: it is what teammates see beside your claims and comments." });
      return;
    }
    setBusy("name");
    const result = await post("/api/auth/update-user", { name: next });
    setBusy(null);
    if (!result.ok) {
      setNameOutcome({ ok: false, text: result.status === 0 ? "The server could not be reached. Try again." : describeAccountFailure(result.status, result.code, minPasswordLength) });
      return;
    }
    setNameOutcome({ ok: true, text: "Name saved. Your new claims, comments and verdicts carry it; earlier ones keep the name they were made under." });
    router.refresh();
  };

  const savePassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const currentPassword = String(form.get("current") ?? "");
    const newPassword = String(form.get("password") ?? "");
    if (newPassword !== String(form.get("confirm") ?? "")) {
      setPasswordOutcome({ ok: false, text: "The two new passwords differ." });
      return;
    }
    if (newPassword === currentPassword) {
      setPasswordOutcome({ ok: false, text: "The new password is the same as the current one." });
      return;
    }
    setBusy("password");
    const result = await post("/api/auth/change-password", { currentPassword, newPassword, revokeOtherSessions: true });
    setBusy(null);
    if (!result.ok) {
      setPasswordOutcome({ ok: false, text: result.status === 0 ? "The server could not be reached. Try again." : describeAccountFailure(result.status, result.code, minPasswordLength) });
      return;
    }
    formElement.reset();
    setPasswordOutcome({ ok: true, text: "Password changed. Every other browser signed in as you is signed out; this one stays in. API tokens keep working (revoke them under API tokens)." });
  };

  const card = "space-y-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-700 dark:bg-zinc-900";
  const label = "flex flex-col gap-1 text-sm text-zinc-700 dark:text-zinc-300";
  return (
    <div className="space-y-4">
      <form onSubmit={saveName} aria-label="Your name" className={card}>
        <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Name</h2>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Signed in as <span className="font-medium text-zinc-800 dark:text-zinc-100">{email}</span> ({role}). The email address and the role are changed by an admin.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <label className={label}>
            Name
            <input name="name" defaultValue={name} required maxLength={100} autoComplete="name" className={`${inputClass} w-64`} />
          </label>
          <button type="submit" disabled={busy !== null} className={primaryButton}>
            {busy === "name" ? "Saving…" : "Save name"}
          </button>
        </div>
        <Message outcome={nameOutcome} />
      </form>

      <form onSubmit={savePassword} aria-label="Change password" className={card}>
        <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Password</h2>
        <div className="grid gap-3 sm:grid-cols-3">
          <label className={label}>
            Current password
            <input name="current" type="password" required autoComplete="current-password" className={inputClass} />
          </label>
          <label className={label}>
            New password (at least {minPasswordLength} characters)
            <input name="password" type="password" required minLength={minPasswordLength} maxLength={256} autoComplete="new-password" className={inputClass} />
          </label>
          <label className={label}>
            New password again
            <input name="confirm" type="password" required minLength={minPasswordLength} maxLength={256} autoComplete="new-password" className={inputClass} />
          </label>
        </div>
        <button type="submit" disabled={busy !== null} className={primaryButton}>
          {busy === "password" ? "Changing…" : "Change password"}
        </button>
        <Message outcome={passwordOutcome} />
      </form>
    </div>
  );
}
