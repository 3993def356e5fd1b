import { AppError } from "../../lib/server/app-error";
import { parseArgs } from "node:util";
import { LOCAL_ACTOR } from "../../lib/core/access/actor";
import { FETCH_ERROR_LABELS } from "../../lib/core/remotes/fetch-error";
import { counted } from "../../lib/core/text/counted";
import { openBulkWriter } from "../../lib/server/db/bulk";
import { createDb, type Db } from "../../lib/server/db/client";
import { resolveDatabaseUrl } from "../../lib/server/db/database-url";
import { ensureDatabase } from "../../lib/server/db/ensure-database";
import { fetchRemote, type FetchOutcome } from "../../lib/server/remotes/fetch-remote";
import { addRemote, findRemoteId, listRemotes, removeRemote, type RemoteView } from "../../lib/server/remotes/remote-store";
import { remoteUrlPolicy } from "../../lib/server/remotes/git-policy";
import { webhookUrl } from "../../lib/server/remotes/webhook-url";
import { printJson, UsageError, type Io } from "../io";

const USAGE = `baton remote add <url> [--name N] [--branches <glob>] [--json]   mirror a repository, fetch and scan it now
baton remote list [--json]                                       the remotes, their last and next fetch
baton remote fetch [<name>...] [--json]                          fetch and scan now (every remote without names)
baton remote remove <name> [--json]                              remove a remote, its mirror and its handoffs`;

/**
 * `baton remote …`: remote repositories on the database DATABASE_URL names (no server needed). The CLI
 * user is the machine's admin, so local paths are allowed; hosts follow BATON_GIT_ALLOWED_HOSTS as on
 * the server. The webhook secret is printed once, by `add`.
 */
export async function remoteCommand(argv: string[], io: Io, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      json: { type: "boolean", default: false },
      name: { type: "string" },
      branches: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help || sub === undefined || sub === "help") {
    io.out(USAGE);
    return sub === undefined ? 2 : 0;
  }
  if (!["add", "list", "fetch", "remove"].includes(sub)) throw new UsageError(`unknown remote command ${JSON.stringify(sub)}\n${USAGE}`);
  if ((values.name !== undefined || values.branches !== undefined) && sub !== "add") throw new UsageError("--name and --branches go with remote add");
  for (const invalid of remoteUrlPolicy({ isAdmin: true }, env).invalidHosts) io.err(`! BATON_GIT_ALLOWED_HOSTS: ${JSON.stringify(invalid)} is not a host name or host:port; ignored`);
  const target = resolveDatabaseUrl(env);
  const applied = await ensureDatabase(target);
  if (applied.length > 0) io.err(`database migrated: ${applied.join(", ")}`);
  const db = createDb(target);
  try {
    switch (sub) {
      case "add":
        return await add(db, positionals, values, io, env);
      case "list":
        return list(await listRemotes(db), values.json, io);
      case "fetch":
        return await fetchSome(db, positionals, values.json, io);
      default:
        return await remove(db, positionals, values.json, io);
    }
  } catch (error) {
    if (error instanceof AppError || error instanceof AppError) {
      if (values.json) printJson(io, { error: error.message, ...(error instanceof AppError ? error.details : {}) });
      io.err(`baton remote ${sub}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await db.$disconnect();
  }
}

async function fetchWithWriter(db: Db, id: string): Promise<FetchOutcome> {
  const bulk = openBulkWriter(resolveDatabaseUrl());
  try {
    return await fetchRemote(id, { db, bulk });
  } finally {
    await bulk.close();
  }
}

function outcomeLine(name: string, outcome: FetchOutcome): string {
  if (outcome.error) return `✗ ${name}: ${outcome.error.message}`;
  return `✓ ${name}: ${counted(outcome.handoffsFound, "handoff")} (${outcome.handoffsNew} new)${outcome.changed ? "" : ", nothing new"} — ${outcome.durationMs} ms; next fetch ${outcome.nextFetchAt}`;
}

async function add(db: Db, positionals: string[], values: { json: boolean; name?: string | undefined; branches?: string | undefined }, io: Io, env: NodeJS.ProcessEnv): Promise<number> {
  if (positionals.length !== 1) throw new UsageError("remote add takes one URL");
  const added = await addRemote(db, { url: positionals[0]!, name: values.name, branches: values.branches }, LOCAL_ACTOR);
  if (!values.json) io.err(`fetching ${added.remote.url} …`);
  const outcome = await fetchWithWriter(db, added.remote.id);
  const remote = (await listRemotes(db)).find((entry) => entry.id === added.remote.id) ?? added.remote;
  const server = env.BATON_PUBLIC_URL ?? env.BATON_SERVER;
  const hook = webhookUrl(null, { ...env, BATON_PUBLIC_URL: server });
  if (values.json) {
    printJson(io, { remote, webhook: { url: hook, secret: added.webhookSecret, contentType: "application/json", events: ["push"] }, fetch: outcome });
  } else {
    io.out(`added remote ${remote.name}: ${remote.url} (branches ${remote.branches})`);
    io.out(outcomeLine(remote.name, outcome));
    if (server) io.out(`GitHub webhook: payload URL ${hook}, content type application/json, "Just the push event"`);
    else {
      io.out(`GitHub webhook: BATON_PUBLIC_URL is not set, so the payload URL cannot be named here. It is the address GitHub reaches the team server by, followed by ${hook}`);
      io.out(`  (e.g. https://baton.example.com${hook}). Set BATON_PUBLIC_URL=https://baton.example.com where the server runs (docs/team.md), and the Sources page shows the full URL.`);
      io.out(`  Content type application/json, "Just the push event".`);
    }
    io.out(`webhook secret (shown once, store it now): ${added.webhookSecret}`);
    if (!outcome.ok) io.out(`the remote is kept and fetched again on schedule; remove it with: baton remote remove ${remote.name}`);
  }
  return outcome.ok ? 0 : 1;
}

function list(remotes: RemoteView[], json: boolean, io: Io): number {
  if (json) {
    printJson(io, { remotes });
    return 0;
  }
  if (remotes.length === 0) {
    io.out("no remotes (add one with: baton remote add <url>)");
    return 0;
  }
  for (const remote of remotes) {
    const state = remote.lastErrorKind ? `${FETCH_ERROR_LABELS[remote.lastErrorKind]}: ${remote.lastError}` : remote.lastFetchAt ? "ok" : "never fetched";
    io.out(`${remote.name}  ${remote.url}  branches ${remote.branches}  ${counted(remote.handoffsFound, "handoff")}  last fetch ${remote.lastFetchAt ?? "never"}  next ${remote.nextFetchAt ?? "—"}  ${state}`);
  }
  return 0;
}

async function fetchSome(db: Db, names: string[], json: boolean, io: Io): Promise<number> {
  const remotes = await listRemotes(db);
  const ids = names.length === 0 ? remotes.map((remote) => remote.id) : await Promise.all(names.map((name) => findRemoteId(db, name)));
  const results: { name: string; outcome: FetchOutcome }[] = [];
  // One after another: a CLI run is one user waiting, and each fetch already uses the network fully.
  for (const id of ids) {
    const name = remotes.find((remote) => remote.id === id)?.name ?? id;
    const outcome = await fetchWithWriter(db, id);
    results.push({ name, outcome });
    if (!json) io.out(outcomeLine(name, outcome));
  }
  if (json) printJson(io, { fetched: results.map(({ name, outcome }) => ({ name, ...outcome })) });
  else if (ids.length === 0) io.out("no remotes (add one with: baton remote add <url>)");
  return results.every(({ outcome }) => outcome.ok) ? 0 : 1;
}

async function remove(db: Db, positionals: string[], json: boolean, io: Io): Promise<number> {
  if (positionals.length !== 1) throw new UsageError("remote remove takes one remote name");
  const removed = await removeRemote(db, await findRemoteId(db, positionals[0]!));
  if (json) printJson(io, { removed });
  else io.out(`removed remote ${removed.name}, its mirror and the handoffs scanned from it`);
  return 0;
}
