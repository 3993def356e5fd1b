/**
 * `baton user add <email> [--role R | --admin] [--name N]` (password from stdin, or a hidden prompt)
 * and `baton user list [--json]`: team members in the database DATABASE_URL names, no server needed,
 * so a new team server gets its first admin headlessly. The first user is an admin whatever the role.
 */
import { AppError } from "../../lib/server/app-error";
import { parseArgs } from "node:util";
import { isTeamRole } from "../../lib/core/auth/api-token";
import { createDb } from "../../lib/server/db/client";
import { resolveDatabaseUrl } from "../../lib/server/db/database-url";
import { ensureDatabase } from "../../lib/server/db/ensure-database";
import { createUser, listUsers, passwordProblem } from "../../lib/server/auth/users";
import { printJson, UsageError, type Io } from "../io";
import { readSecret as defaultReadSecret, type SecretReader } from "../secret-input";

export const USER_HELP = `baton user add <email> [--role admin|member|viewer] [--admin] [--name N]   (password on stdin)
baton user list [--json]`;

/** The team database, migrated if it is new (`user add` may be the first command on a new server). */
export async function openTeamDb() {
  const target = resolveDatabaseUrl();
  await ensureDatabase(target);
  return createDb(target);
}

export async function userCommand(argv: string[], io: Io, deps: { readSecret?: SecretReader } = {}): Promise<number> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { role: { type: "string" }, admin: { type: "boolean", default: false }, name: { type: "string" }, json: { type: "boolean", default: false } },
  });
  if (sub === "add") {
    const [email, ...extra] = positionals;
    if (!email || extra.length > 0) throw new UsageError(`usage: ${USER_HELP.split("\n")[0]}`);
    if (values.admin && values.role && values.role !== "admin") throw new UsageError("--admin and --role say different things: give one");
    const role = values.admin ? "admin" : (values.role ?? "member");
    if (!isTeamRole(role)) throw new UsageError(`--role is admin, member or viewer, not "${role}"`);
    const password = await (deps.readSecret ?? defaultReadSecret)(`Password for ${email}: `);
    const problem = passwordProblem(password);
    if (problem) throw new UsageError(`${problem}: pipe the password on stdin, e.g. printf '%s' "$PASSWORD" | baton user add ${email}`);
    const db = await openTeamDb();
    try {
      const user = await createUser(db, { email, name: values.name, password, role });
      if (values.json) printJson(io, { id: user.id, email: user.email, name: user.name, role: user.role });
      else io.out(`added ${user.email} (${user.name}) as ${user.role}${user.role !== role ? " (the first user is always an admin)" : ""}`);
      return 0;
    } catch (error) {
      if (error instanceof AppError) throw new UsageError(error.message);
      throw error;
    } finally {
      await db.$disconnect();
    }
  }
  if (sub === "list") {
    if (positionals.length > 0) throw new UsageError("usage: baton user list [--json]");
    const db = await openTeamDb();
    try {
      const users = await listUsers(db);
      if (values.json) printJson(io, { users: users.map((user) => ({ id: user.id, email: user.email, name: user.name, role: user.role, createdAt: user.createdAt.toISOString() })) });
      else if (users.length === 0) io.out('no users yet: add the first (an admin) with "baton user add <email>"');
      else for (const user of users) io.out(`${user.role.padEnd(7)} ${user.email}  ${user.name}`);
      return 0;
    } finally {
      await db.$disconnect();
    }
  }
  throw new UsageError(`usage:\n${USER_HELP}`);
}
