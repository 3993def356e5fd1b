import type { Metadata } from "next";
import Link from "next/link";
import { InviteForm } from "@/components/auth/invite-form";
import { isTeamMode } from "@/lib/server/access/require-access";
import { findOpenInvitation } from "@/lib/server/auth/invitations";
import { getDb } from "@/lib/server/db/client";

export const metadata: Metadata = { title: "Invitation" };
export const dynamic = "force-dynamic";

/** Open to everyone holding the link: sets up the one account the invitation allows. */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = isTeamMode() ? await findOpenInvitation(getDb(), token) : null;
  return (
    <div className="flex min-h-[80vh] items-center justify-center px-4">
      <div className="w-full max-w-sm space-y-5 rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-700 dark:bg-zinc-900">
        <h1 className="text-lg font-semibold tracking-tight text-zinc-900 dark:text-zinc-100">Join this Baton team</h1>
        {invitation ? (
          <InviteForm token={token} role={invitation.role} />
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-300">
            This invitation link is not valid any more: it was used, withdrawn or has expired. Ask an admin for a new one, or{" "}
            <Link href="/sign-in" className="text-sky-700 hover:underline dark:text-sky-400">sign in</Link> if you have an account.
          </p>
        )}
      </div>
    </div>
  );
}
