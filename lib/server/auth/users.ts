/**
 * Team members: created by `baton user add` or an accepted invitation (open sign-up is off), listed,
 * given another role, removed. The first user created is an admin whatever role was asked for, so a
 * new server always has someone who can invite the rest; the last admin can be neither demoted nor
 * removed. Passwords are hashed with better-auth's own scrypt, so its sign-in verifies them.
 */
import { AppError } from "../app-error";
import { hashPassword } from "better-auth/crypto";
import type { TeamRole } from "../../core/access/actor";
import { displayNameProblem } from "../../core/access/display-name";
import { isTeamRole } from "../../core/auth/api-token";
import type { Db } from "../db/client";
import { transactionWithEvents } from "../events/publish";
import { MIN_PASSWORD_LENGTH } from "./auth-config";

export interface TeamMember {
  id: string;
  email: string;
  name: string;
  role: TeamRole;
  createdAt: Date;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Why a password is refused, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return "the password is empty";
  if (password.length < MIN_PASSWORD_LENGTH) return `the password is too short (${password.length} characters; at least ${MIN_PASSWORD_LENGTH})`;
  if (password.length > 256) return "the password is longer than 256 characters";
  return null;
}

function toMember(row: { id: string; email: string; name: string; role: string; createdAt: Date }): TeamMember {
  // A role the code does not know (edited by hand) counts as the least one.
  return { id: row.id, email: row.email, name: row.name, role: isTeamRole(row.role) ? row.role : "viewer", createdAt: row.createdAt };
}

export async function createUser(db: Db, input: { email: string; name?: string | null; password: string; role?: TeamRole }): Promise<TeamMember> {
  const email = normalizeEmail(input.email);
  if (!EMAIL_SHAPE.test(email)) throw new AppError(400, `"${input.email}" is not an email address`);
  const problem = passwordProblem(input.password);
  if (problem) throw new AppError(400, problem);
  const name = input.name?.trim() || email.split("@")[0]!;
  const nameProblem = displayNameProblem(name);
  if (nameProblem) throw new AppError(400, nameProblem);
  const hash = await hashPassword(input.password);
  return db.$transaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email }, select: { id: true } })) throw new AppError(409, `a user with the email ${email} already exists`);
    const first = (await tx.user.count()) === 0;
    const user = await tx.user.create({ data: { email, name, role: first ? "admin" : (input.role ?? "member"), emailVerified: false } });
    await tx.account.create({ data: { userId: user.id, accountId: user.id, providerId: "credential", password: hash } });
    return toMember(user);
  });
}

export async function listUsers(db: Db): Promise<TeamMember[]> {
  const rows = await db.user.findMany({ orderBy: { createdAt: "asc" }, select: { id: true, email: true, name: true, role: true, createdAt: true } });
  return rows.map(toMember);
}

export async function findUserByEmail(db: Db, email: string): Promise<TeamMember | null> {
  const row = await db.user.findUnique({ where: { email: normalizeEmail(email) } });
  return row ? toMember(row) : null;
}

async function otherAdmins(db: Db, userId: string): Promise<number> {
  return db.user.count({ where: { role: "admin", NOT: { id: userId } } });
}

export async function setUserRole(db: Db, userId: string, role: TeamRole): Promise<TeamMember> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw new AppError(404, "no such user");
  if (user.role === "admin" && role !== "admin" && (await otherAdmins(db, userId)) === 0) throw new AppError(409, "the last admin cannot be given another role: make someone else an admin first");
  return toMember(await db.user.update({ where: { id: userId }, data: { role } }));
}

/** Removes a member with their sessions, sign-in methods and tokens (cascade). */
export async function removeUser(db: Db, userId: string): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw new AppError(404, "no such user");
  if (user.role === "admin" && (await otherAdmins(db, userId)) === 0) throw new AppError(409, "the last admin cannot be removed");
  // The `access` event ends the member's open live streams, in every server process (event-stream.ts).
  await transactionWithEvents(db, async (tx, emit) => {
    await tx.user.delete({ where: { id: userId } });
    emit({ kind: "access", id: userId, version: 0 });
  });
}
