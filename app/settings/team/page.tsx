import type { Metadata } from "next";
import { TeamSettings } from "@/components/auth/team-settings";
import { requirePageActor } from "@/lib/server/access/page-actor";
import { isTeamMode } from "@/lib/server/access/require-access";
import { listOpenInvitations } from "@/lib/server/auth/invitations";
import { pageOrigin } from "@/lib/server/auth/page-origin";
import { listUsers } from "@/lib/server/auth/users";
import { getDb } from "@/lib/server/db/client";

export const metadata: Metadata = { title: "Team" };
export const dynamic = "force-dynamic";

export default async function TeamPage() {
  const actor = await requirePageActor("account:read", "/settings/team");
  if (!isTeamMode() || actor.role !== "admin") {
    return (
      <div className="max-w-xl space-y-2">
        <h1 className="text-xl font-semibold tracking-tight">Team</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-300">
          {isTeamMode() ? "Only an admin manages the team. Ask one to change your role or invite someone." : "This single-user Baton has no team. A team server (baton serve --team) has members, roles and invitations."}
        </p>
      </div>
    );
  }
  const db = getDb();
  const [members, invitations] = await Promise.all([listUsers(db), listOpenInvitations(db)]);
  return (
    <div className="max-w-4xl space-y-4">
      <header className="space-y-1">
        <h1 className="text-xl font-semibold tracking-tight">Team</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-300">
          <strong>admin</strong>: everything, including the team and force-releasing claims · <strong>member</strong>: claim, review, comment, rescan · <strong>viewer</strong>: read only.
        </p>
      </header>
      <TeamSettings
        selfId={actor.userId}
        origin={await pageOrigin()}
        members={members.map((member) => ({ ...member, createdAt: member.createdAt.toISOString() }))}
        invitations={invitations.map((invitation) => ({ id: invitation.id, role: invitation.role, expiresAt: invitation.expiresAt.toISOString(), createdByName: invitation.createdByName }))}
      />
    </div>
  );
}
