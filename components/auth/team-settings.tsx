"use client";

/** /settings/team (admins): members and their roles, invitations by link. */
import { useRouter } from "next/navigation";
import { useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { callApi, dangerButton, inputClass, primaryButton } from "./settings-fetch";
import { When } from "@/components/ui/when";

export interface MemberRow {
  id: string;
  email: string;
  name: string;
  role: "admin" | "member" | "viewer";
  createdAt: string;
}

export interface InvitationRow {
  id: string;
  role: string;
  expiresAt: string;
  createdByName: string | null;
}

const ROLES = ["admin", "member", "viewer"] as const;

export function TeamSettings({ members, invitations, selfId, origin }: { members: MemberRow[]; invitations: InvitationRow[]; selfId: string | null; origin: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);

  const act = async (method: string, path: string, body?: unknown) => {
    setError(null);
    const result = await callApi<{ path?: string }>(method, path, body);
    if (!result.ok) setError(result.error);
    router.refresh();
    return result;
  };

  const invite = async (form: FormData) => {
    const result = await act("POST", "/api/team/invitations", { role: String(form.get("role")), days: Number(form.get("days")) });
    if (result.ok && result.data.path) setLink(`${origin}${result.data.path}`);
  };

  return (
    <div className="space-y-6">
      {error && <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">{error.charAt(0).toUpperCase() + error.slice(1)}.</p>}

      <section aria-label="Members" className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-700">
        <table className="w-full text-left text-sm">
          <thead className="bg-zinc-50 text-xs uppercase tracking-wide text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
            <tr>
              <th className="px-3 py-2">Name</th>
              <th className="px-3 py-2">Email</th>
              <th className="px-3 py-2">Role</th>
              <th className="px-3 py-2">Since</th>
              <th className="px-3 py-2"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {members.map((member) => (
              <tr key={member.id}>
                <td className="px-3 py-2 font-medium text-zinc-900 dark:text-zinc-100">{member.name}{member.id === selfId && <span className="ml-1 text-xs text-zinc-500 dark:text-zinc-400">(you)</span>}</td>
                <td className="px-3 py-2 text-zinc-700 dark:text-zinc-300">{member.email}</td>
                <td className="px-3 py-2">
                  <select
                    aria-label={`Role of ${member.email}`}
                    value={member.role}
                    className={inputClass}
                    onChange={(event) => act("PATCH", `/api/team/members/${encodeURIComponent(member.id)}`, { role: event.target.value })}
                  >
                    {ROLES.map((role) => (
                      <option key={role} value={role}>{role}</option>
                    ))}
                  </select>
                </td>
                <td className="px-3 py-2 text-xs text-zinc-500 dark:text-zinc-400"><When instant={member.createdAt} /></td>
                <td className="px-3 py-2 text-right">
                  {member.id !== selfId && (
                    <button
                      type="button"
                      className={dangerButton}
                      aria-label={`Remove ${member.email}`}
                      onClick={() => {
                        if (window.confirm(`Remove ${member.email}? Their sessions and tokens stop working at once.`)) void act("DELETE", `/api/team/members/${encodeURIComponent(member.id)}`);
                      }}
                    >
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <form action={invite} aria-label="Invite someone" className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-700 dark:bg-zinc-900">
        <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Invite someone</h2>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">A link that creates one account with the role you choose. Send it privately: whoever opens it first gets in.</p>
        <div className="flex flex-wrap items-end gap-3">
          <label className="text-sm text-zinc-700 dark:text-zinc-200">
            <span className="block">Role</span>
            <select name="role" defaultValue="member" className={inputClass}>
              {ROLES.map((role) => (
                <option key={role} value={role}>{role}</option>
              ))}
            </select>
          </label>
          <label className="text-sm text-zinc-700 dark:text-zinc-200">
            <span className="block">Valid for</span>
            <select name="days" defaultValue="7" className={inputClass}>
              <option value="1">1 day</option>
              <option value="7">7 days</option>
              <option value="30">30 days</option>
            </select>
          </label>
          <button type="submit" className={primaryButton}>Create invitation link</button>
        </div>
        {link && (
          <div className="flex flex-wrap items-center gap-2 rounded-md bg-emerald-50 p-2 dark:bg-emerald-950">
            <code data-testid="invitation-link" className="break-all font-mono text-xs text-emerald-900 dark:text-emerald-100">{link}</code>
            <CopyButton text={link} label="Copy invitation link" />
          </div>
        )}
      </form>

      <section aria-label="Open invitations" className="space-y-2">
        <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Open invitations</h2>
        {invitations.length === 0 ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">None.</p>
        ) : (
          <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-700">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm text-zinc-700 dark:text-zinc-300">
                <span>
                  {invitation.role}, expires <When instant={invitation.expiresAt} empty="never" />{invitation.createdByName && <>, by {invitation.createdByName}</>}
                </span>
                <button type="button" className={dangerButton} onClick={() => act("DELETE", `/api/team/invitations/${encodeURIComponent(invitation.id)}`)}>
                  Withdraw
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
