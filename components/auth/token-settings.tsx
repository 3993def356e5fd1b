"use client";

/** /settings/tokens: make a personal API token (shown once), see one's tokens, revoke one. */
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { callApi, dangerButton, inputClass, primaryButton } from "./settings-fetch";
import { When } from "@/components/ui/when";

export interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  state: "active" | "expired" | "revoked";
}

const EXPIRIES = [
  ["7d", "7 days"],
  ["30d", "30 days"],
  ["90d", "90 days"],
  ["1y", "1 year"],
  ["never", "never"],
] as const;

export function TokenSettings({ tokens, scopes, server }: { tokens: TokenRow[]; scopes: { name: string; mutates: boolean }[]; server: string }) {
  const router = useRouter();
  const [created, setCreated] = useState<{ token: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setBusy(true);
    setError(null);
    const result = await callApi<{ token: string; summary: { name: string } }>("POST", "/api/tokens", {
      name: String(form.get("name") ?? ""),
      scopes: form.getAll("scope").map(String),
      expires: String(form.get("expires") ?? "90d"),
    });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setCreated({ token: result.data.token, name: result.data.summary.name });
    formElement.reset();
    router.refresh();
  };

  const revoke = async (id: string) => {
    const result = await callApi("DELETE", `/api/tokens/${encodeURIComponent(id)}`);
    if (!result.ok) setError(result.error);
    router.refresh();
  };

  return (
    <div className="space-y-6">
      {created && (
        <section aria-label="New token" className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-900 dark:bg-emerald-950">
          <p className="text-sm font-medium text-emerald-900 dark:text-emerald-100">
            Token “{created.name}” created. Copy it now: it is shown only once and cannot be read again.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code data-testid="new-token" className="break-all rounded bg-white px-2 py-1 font-mono text-sm text-zinc-900 ring-1 ring-emerald-200 dark:bg-zinc-900 dark:text-zinc-100 dark:ring-emerald-800">
              {created.token}
            </code>
            <CopyButton text={created.token} label="Copy token" />
          </div>
          <p className="text-xs text-emerald-900 dark:text-emerald-200">
            For the CLI: <code className="font-mono">baton login --server {server}</code> and paste it, or send <code className="font-mono">Authorization: Bearer …</code>.
          </p>
          <button type="button" className="text-xs text-emerald-900 underline dark:text-emerald-200" onClick={() => setCreated(null)}>
            I have copied it
          </button>
        </section>
      )}

      <form onSubmit={create} aria-label="Create a token" className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-700 dark:bg-zinc-900">
        <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Create a token</h2>
        <div className="flex flex-wrap items-end gap-3">
          <label className="text-sm text-zinc-700 dark:text-zinc-200">
            <span className="block">Name</span>
            <input name="name" required maxLength={100} placeholder="laptop, ci, …" className={inputClass} />
          </label>
          <label className="text-sm text-zinc-700 dark:text-zinc-200">
            <span className="block">Expires after</span>
            <select name="expires" defaultValue="90d" className={inputClass}>
              {EXPIRIES.map(([value, label]) => (
                <option key={value} value={value}>{label}</option>
              ))}
            </select>
          </label>
        </div>
        <fieldset>
          <legend className="text-sm text-zinc-700 dark:text-zinc-200">Scopes <span className="text-zinc-500 dark:text-zinc-400">(none ticked: everything your role may do)</span></legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
            {scopes.map((scope) => (
              <label key={scope.name} className="flex items-center gap-2 font-mono text-xs text-zinc-700 dark:text-zinc-300">
                <input type="checkbox" name="scope" value={scope.name} />
                {scope.name}
              </label>
            ))}
          </div>
        </fieldset>
        {error && <p role="alert" className="text-sm text-red-700 dark:text-red-300">{error}</p>}
        <button type="submit" disabled={busy} className={primaryButton}>{busy ? "Creating…" : "Create token"}</button>
      </form>

      <section aria-label="Your tokens" className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-700">
        <table className="w-full text-left text-sm">
          <thead className="bg-zinc-50 text-xs uppercase tracking-wide text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
            <tr>
              <th className="px-3 py-2">Name</th>
              <th className="px-3 py-2">Token</th>
              <th className="px-3 py-2">Scopes</th>
              <th className="px-3 py-2">Last used</th>
              <th className="px-3 py-2">Expires</th>
              <th className="px-3 py-2"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {tokens.length === 0 && (
              <tr>
                <td colSpan={6} className="px-3 py-4 text-center text-zinc-500 dark:text-zinc-400">No tokens yet.</td>
              </tr>
            )}
            {tokens.map((token) => (
              <tr key={token.id} className={token.state === "active" ? "" : "text-zinc-500 dark:text-zinc-400"}>
                <td className="px-3 py-2 font-medium">{token.name}</td>
                <td className="px-3 py-2 font-mono text-xs">{token.prefix}…</td>
                <td className="px-3 py-2 font-mono text-xs">{token.scopes.length ? token.scopes.join(", ") : "all of your role"}</td>
                <td className="px-3 py-2 text-xs"><When instant={token.lastUsedAt} empty="never" /></td>
                <td className="px-3 py-2 text-xs">{token.state === "active" ? <When instant={token.expiresAt} empty="never" /> : token.state}</td>
                <td className="px-3 py-2 text-right">
                  {token.state === "active" && (
                    <button type="button" className={dangerButton} onClick={() => revoke(token.id)} aria-label={`Revoke ${token.name}`}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
