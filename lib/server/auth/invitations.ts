/**
 * Invitations by link: an admin creates one with a role and an expiry and passes the link on
 * (`/invite/<token>`); whoever opens it sets a name, email and password, once. Only the link token's
 * hash is stored. Taking an invitation is one conditional update (unused and unexpired), so two people
 * racing on one link cannot both get in.
 */
import { AppError } from "../app-error";
import { randomBytes } from "node:crypto";
import type { Actor, TeamRole } from "../../core/access/actor";
import { hashToken } from "../../core/auth/api-token";
import type { Db } from "../db/client";
import { createUser, type TeamMember } from "./users";

export const INVITATION_DAYS_DEFAULT = 7;
const INVITE_SHAPE = /^inv_[A-Za-z0-9_-]{32}$/;

export interface InvitationSummary {
  id: string;
  role: TeamRole;
  expiresAt: Date;
  usedAt: Date | null;
  createdByName: string | null;
  createdAt: Date;
}

export async function createInvitation(db: Db, input: { role: TeamRole; days: number; by: Actor }): Promise<{ token: string; invitation: InvitationSummary }> {
  if (!Number.isInteger(input.days) || input.days < 1 || input.days > 30) throw new AppError(400, "an invitation lasts from 1 to 30 days");
  const token = `inv_${randomBytes(24).toString("base64url")}`;
  const row = await db.invitation.create({
    data: { tokenHash: hashToken(token), role: input.role, expiresAt: new Date(Date.now() + input.days * 86_400_000), createdBy: input.by.userId ?? "local", createdByName: input.by.name ?? input.by.email },
  });
  return { token, invitation: summarize(row) };
}

function summarize(row: { id: string; role: string; expiresAt: Date; usedAt: Date | null; createdByName: string | null; createdAt: Date }): InvitationSummary {
  return { id: row.id, role: (["admin", "member", "viewer"] as const).find((role) => role === row.role) ?? "viewer", expiresAt: row.expiresAt, usedAt: row.usedAt, createdByName: row.createdByName, createdAt: row.createdAt };
}

export async function listOpenInvitations(db: Db, now: Date = new Date()): Promise<InvitationSummary[]> {
  const rows = await db.invitation.findMany({ where: { usedAt: null, expiresAt: { gt: now } }, orderBy: { createdAt: "desc" } });
  return rows.map(summarize);
}

export async function withdrawInvitation(db: Db, id: string): Promise<void> {
  await db.invitation.deleteMany({ where: { id, usedAt: null } });
}

/** The invitation a link names, if it can still be used (for the invite page). */
export async function findOpenInvitation(db: Db, token: string, now: Date = new Date()): Promise<InvitationSummary | null> {
  if (!INVITE_SHAPE.test(token)) return null;
  const row = await db.invitation.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.usedAt !== null || row.expiresAt.getTime() <= now.getTime()) return null;
  return summarize(row);
}

/** Takes the invitation (atomically) and creates the user with its role. */
export async function acceptInvitation(db: Db, token: string, input: { email: string; name: string; password: string }): Promise<TeamMember> {
  const open = await findOpenInvitation(db, token);
  if (!open) throw new AppError(404, "this invitation link is not valid any more (used, withdrawn or expired): ask an admin for a new one");
  const now = new Date();
  const taken = await db.invitation.updateMany({ where: { id: open.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  if (taken.count !== 1) throw new AppError(409, "this invitation was used a moment ago");
  try {
    const user = await createUser(db, { ...input, role: open.role });
    await db.invitation.update({ where: { id: open.id }, data: { usedBy: user.id } });
    return user;
  } catch (error) {
    // The account could not be made (email taken, weak password): the link stays usable.
    await db.invitation.update({ where: { id: open.id }, data: { usedAt: null } });
    throw error;
  }
}
