import type { Metadata } from "next";
import { AccountSettings } from "@/components/auth/account-settings";
import { requirePageActor } from "@/lib/server/access/page-actor";
import { MIN_PASSWORD_LENGTH } from "@/lib/server/auth/auth-config";

export const metadata: Metadata = { title: "Account" };
export const dynamic = "force-dynamic";

export default async function AccountPage() {
  const actor = await requirePageActor("account:read", "/settings/account");
  if (actor.kind !== "user") {
    return (
      <div className="max-w-xl space-y-2">
        <h1 className="text-xl font-semibold tracking-tight">Account</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-300">
          Accounts belong to people on a team server (<code className="font-mono">baton serve --team</code>). This single-user Baton has no sign-in, so there is no name or password to change.
        </p>
      </div>
    );
  }
  return (
    <div className="max-w-4xl space-y-4">
      <header className="space-y-1">
        <h1 className="text-xl font-semibold tracking-tight">Account</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-300">Your name as teammates see it, and your password.</p>
      </header>
      <AccountSettings name={actor.name ?? ""} email={actor.email ?? ""} role={actor.role} minPasswordLength={MIN_PASSWORD_LENGTH} />
    </div>
  );
}
