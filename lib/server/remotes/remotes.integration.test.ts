/**
 * Remotes against a real git server: a bare "origin" served by `git daemon` on 127.0.0.1:3232 (allowed
 * through BATON_GIT_ALLOWED_HOSTS), pushed to from a working clone; then fetch → scan → the handoff in
 * the database; webhooks with right and wrong signatures; refused URLs (ext::, private addresses) that
 * are proven never to run; a fetch against a server that accepts and never answers stops at the limit.
 */
import { AppError } from "../app-error";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { LOCAL_ACTOR, type Actor } from "../../core/access/actor";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { createDb, type Db } from "../db/client";
import { GitFixture, handoffMarkdown } from "../test-support/git-fixture";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../test-support/test-database";
import type { BatonEvent } from "../../core/events/baton-event";
import { subscribe } from "../events/publish";
import { fetchRemote } from "./fetch-remote";
import { handleGithubDelivery } from "./github-delivery";
import { githubSignature } from "./github-webhook";
import { addRemote, listRemotes, removeRemote } from "./remote-store";

const DAEMON_PORT = 3232;
const SILENT_PORT = 3233;
/** Nothing listens here. */
const CLOSED_PORT = 3236;
const HANDOFF = "docs/ai/handoff/claude-code/01122026/handoff_remote.md";
const SECOND = "docs/ai/handoff/codex/02122026/handoff_webhook.md";
const member: Actor = { ...LOCAL_ACTOR, kind: "user", userId: "u1", name: "Mia", role: "member" };

const work = mkdtempSync(path.join(os.tmpdir(), "baton-remotes-"));
const served = path.join(work, "served");
const saved = { hosts: process.env.BATON_GIT_ALLOWED_HOSTS, data: process.env.BATON_DATA_DIR, timeout: process.env.BATON_GIT_FETCH_TIMEOUT_SECONDS };
let daemon: ChildProcess | null = null;
let silent: net.Server | null = null;
const silentSockets = new Set<net.Socket>();

function waitForPort(port: number, limitMs = 10_000): Promise<void> {
  const until = Date.now() + limitMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve();
      });
      socket.once("error", () => {
        socket.destroy();
        if (Date.now() > until) reject(new Error(`nothing listens on ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

beforeAll(async () => {
  process.env.BATON_GIT_ALLOWED_HOSTS = `127.0.0.1:${DAEMON_PORT},127.0.0.1:${SILENT_PORT},127.0.0.1:${CLOSED_PORT}`;
  process.env.BATON_DATA_DIR = path.join(work, "data");
  mkdirSync(served, { recursive: true });
  daemon = spawn("git", ["daemon", "--export-all", `--base-path=${served}`, "--reuseaddr", "--listen=127.0.0.1", `--port=${DAEMON_PORT}`, served], { stdio: "ignore", detached: true });
  silent = net.createServer((socket) => {
    // Accepts and never answers.
    silentSockets.add(socket);
    socket.on("close", () => silentSockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent!.listen(SILENT_PORT, "127.0.0.1", resolve));
  await waitForPort(DAEMON_PORT);
});

afterAll(async () => {
  if (daemon?.pid) process.kill(-daemon.pid, "SIGTERM");
  for (const socket of silentSockets) socket.destroy();
  await new Promise((resolve) => silent?.close(resolve));
  for (const [key, value] of [["BATON_GIT_ALLOWED_HOSTS", saved.hosts], ["BATON_DATA_DIR", saved.data], ["BATON_GIT_FETCH_TIMEOUT_SECONDS", saved.timeout]] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  rmSync(work, { recursive: true, force: true });
});

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`remotes over git:// (${provider.name})${provider.skip ? ` — ${POSTGRES_SKIP_MESSAGE}` : ""}`, () => {
    let database: TestDatabase;
    let db: Db;
    let bulk: BulkWriter;
    // Each provider pushes to an origin of its own.
    const origin = `origin-${provider.name}.git`;
    let author: GitFixture;

    beforeAll(async () => {
      author = new GitFixture("author");
      author.write("README.md", "# project\n").commit("init");
      author.write(HANDOFF, handoffMarkdown({ phase: "remote", path: HANDOFF })).commit("handoff");
      author.git("init", "-q", "--bare", path.join(served, origin));
      author.git("remote", "add", "origin", path.join(served, origin));
      author.git("push", "-q", "origin", "main");
      database = await provider.create();
      db = createDb(database.target);
      bulk = openBulkWriter(database.target);
    });
    afterAll(async () => {
      const remotes = await listRemotes(db);
      for (const remote of remotes) await removeRemote(db, remote.id);
      await bulk.close();
      await db.$disconnect();
      await database.drop();
    });

    test("a pushed handoff is fetched into a mirror of its own and appears with its branch", async () => {
      const { remote, webhookSecret } = await addRemote(db, { url: `git://127.0.0.1:${DAEMON_PORT}/${origin}`, name: `origin-${provider.name}` }, LOCAL_ACTOR);
      expect(webhookSecret).toMatch(/^[0-9a-f]{64}$/);
      const events: BatonEvent[] = [];
      const unsubscribe = subscribe((event) => events.push(event));
      const outcome = await fetchRemote(remote.id, { db, bulk });
      expect(outcome).toMatchObject({ ok: true, changed: true, handoffsFound: 1, error: null });
      // The bus may deliver after a moment (PostgreSQL NOTIFY): wait for the four kinds (the scan opens
      // a review for the new open head).
      await vi.waitFor(() => expect([...new Set(events.map((event) => event.kind))].sort()).toEqual(["handoff", "remote", "review", "scan"]), { timeout: 5000 });
      unsubscribe();
      const handoff = await db.handoff.findFirstOrThrow({ where: { path: HANDOFF }, include: { occurrences: true, repo: true } });
      expect(handoff.committed).toBe(true);
      expect(handoff.occurrences.map((occurrence) => occurrence.ref)).toEqual(["main"]);
      expect(handoff.repo.path.endsWith(`${remote.id}.git`)).toBe(true);
      expect(handoff.repo.defaultBranch).toBe("main");
      expect(handoff.repo.headBranch).toBe("main");
      const source = await db.source.findUniqueOrThrow({ where: { id: handoff.repo.sourceId } });
      expect(source.kind).toBe("remote");
      const [view] = await listRemotes(db);
      expect(view).toMatchObject({ name: `origin-${provider.name}`, handoffsFound: 1, lastError: null, url: `git://127.0.0.1:${DAEMON_PORT}/${origin}` });
      expect(view!.nextFetchAt).not.toBeNull();
      expect(JSON.stringify(view)).not.toContain(webhookSecret);

      // Nothing new: a second fetch changes nothing.
      expect(await fetchRemote(remote.id, { db, bulk })).toMatchObject({ ok: true, changed: false, handoffsNew: 0 });
    });

    test("a push webhook with the right signature fetches at once; a wrong one, none, or an unknown repository is the same 401", async () => {
      const [remote] = await listRemotes(db);
      const secret = (await db.remote.findUniqueOrThrow({ where: { id: remote!.id } })).webhookSecret;
      author.checkout("feat/webhook", true);
      author.write(SECOND, handoffMarkdown({ phase: "webhook", runtime: "codex", path: SECOND, previous: HANDOFF })).commit("second handoff");
      author.git("push", "-q", "origin", "feat/webhook");
      author.checkout("main");

      const payload = { ref: "refs/heads/feat/webhook", repository: { clone_url: `git://127.0.0.1:${DAEMON_PORT}/${origin}`, html_url: "https://example.invalid/x" } };
      const body = new TextEncoder().encode(JSON.stringify(payload));
      const wrong = await handleGithubDelivery({ db, bulk }, { body, event: "push", signature: githubSignature(body, "not-the-secret") });
      expect(wrong.status).toBe(401);
      expect(wrong.fetch).toBeNull();
      const missing = await handleGithubDelivery({ db, bulk }, { body, event: "push", signature: null });
      expect(missing.status).toBe(401);
      const unknownBody = new TextEncoder().encode(JSON.stringify({ repository: { clone_url: "https://github.com/someone/else.git" } }));
      // Whether the repository is mirrored is never told to a stranger: the same answer either way.
      const unknown = await handleGithubDelivery({ db, bulk }, { body: unknownBody, event: "push", signature: githubSignature(unknownBody, secret) });
      const unknownUnsigned = await handleGithubDelivery({ db, bulk }, { body: unknownBody, event: "push", signature: null });
      expect(unknown).toEqual(wrong);
      expect(unknownUnsigned).toEqual(missing);
      expect(missing).toEqual(wrong);
      // Unsigned, the body is not even parsed; signed-looking, a body that is not JSON is a 400.
      expect((await handleGithubDelivery({ db, bulk }, { body: new TextEncoder().encode("not json"), event: "push", signature: null })).status).toBe(401);
      expect((await handleGithubDelivery({ db, bulk }, { body: new TextEncoder().encode("not json"), event: "push", signature: `sha256=${"0".repeat(64)}` })).status).toBe(400);
      const ping = await handleGithubDelivery({ db, bulk }, { body, event: "ping", signature: githubSignature(body, secret) });
      expect(ping.status).toBe(200);

      const right = await handleGithubDelivery({ db, bulk }, { body, event: "push", signature: githubSignature(body, secret) });
      expect(right.status).toBe(202);
      expect(await right.fetch).toMatchObject({ ok: true, changed: true, handoffsFound: 2 });
      const second = await db.handoff.findFirstOrThrow({ where: { path: SECOND }, include: { occurrences: true } });
      expect(second.occurrences.map((occurrence) => occurrence.ref)).toEqual(["feat/webhook"]);
      expect(second.committed).toBe(true);
    });

    test("the branches glob limits what is scanned", async () => {
      const [remote] = await listRemotes(db);
      await db.remote.update({ where: { id: remote!.id }, data: { branches: "feat/*" } });
      expect(await fetchRemote(remote!.id, { db, bulk })).toMatchObject({ ok: true });
      const first = await db.handoff.findFirstOrThrow({ where: { path: HANDOFF }, include: { occurrences: true } });
      expect(first.occurrences.map((occurrence) => occurrence.ref)).toEqual(["feat/webhook"]);
      await db.remote.update({ where: { id: remote!.id }, data: { branches: "*" } });
      await fetchRemote(remote!.id, { db, bulk });
      const again = await db.handoff.findFirstOrThrow({ where: { path: HANDOFF }, include: { occurrences: true } });
      expect(again.occurrences.map((occurrence) => occurrence.ref).sort()).toEqual(["feat/webhook", "main"]);
    });

    test("the same repository (another spelling of its URL) cannot be added twice", async () => {
      const { remote } = await addRemote(db, { url: `git://127.0.0.1:${DAEMON_PORT}/${origin}/`, name: `feat-only-${provider.name}`, branches: "feat/*" }, LOCAL_ACTOR).catch((error: unknown) => {
        // The same repository twice is refused…
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).status).toBe(409);
        return { remote: null };
      });
      expect(remote).toBeNull();
    });

    test("ext:: URLs are refused before anything runs", async () => {
      const marker = path.join(work, `pwned-${provider.name}`);
      for (const url of [`ext::sh -c touch% ${marker}`, `ext::sh -c "touch ${marker}"`, "fd::3", `file::${served}/${origin}`, `--upload-pack=touch ${marker}`]) {
        await expect(addRemote(db, { url }, LOCAL_ACTOR)).rejects.toMatchObject({ status: 400 });
      }
      expect(existsSync(marker)).toBe(false);
      // A stored URL that became dangerous (edited in the database) is refused again at fetch time.
      const { remote } = await addRemote(db, { url: `git://127.0.0.1:${DAEMON_PORT}/other.git`, name: `edited-${provider.name}` }, LOCAL_ACTOR);
      await db.remote.update({ where: { id: remote.id }, data: { fetchUrl: `ext::sh -c touch% ${marker}` } });
      const outcome = await fetchRemote(remote.id, { db, bulk });
      expect(outcome.ok).toBe(false);
      expect(existsSync(marker)).toBe(false);
      await removeRemote(db, remote.id);
    });

    test("private and loopback addresses are refused unless allowed; local paths only for admins", async () => {
      for (const url of ["git://10.0.0.1/r.git", "https://192.168.1.1/r.git", "git://127.0.0.1:3239/r.git", "https://169.254.169.254/latest"]) {
        await expect(addRemote(db, { url }, LOCAL_ACTOR)).rejects.toMatchObject({ status: 403 });
      }
      const saved = process.env.BATON_GIT_ALLOWED_HOSTS;
      delete process.env.BATON_GIT_ALLOWED_HOSTS;
      try {
        await expect(addRemote(db, { url: "git://localhost/r.git" }, LOCAL_ACTOR)).rejects.toMatchObject({ status: 403 });
        await expect(addRemote(db, { url: "ssh://git@127.0.0.1/r.git" }, LOCAL_ACTOR)).rejects.toMatchObject({ status: 403 });
        // A stored remote whose host leaves the allow-list is refused at its next fetch.
        const [remote] = await listRemotes(db);
        const outcome = await fetchRemote(remote!.id, { db, bulk });
        expect(outcome.error?.kind).toBe("host-not-allowed");
        expect((await listRemotes(db))[0]).toMatchObject({ lastErrorKind: "host-not-allowed" });
      } finally {
        process.env.BATON_GIT_ALLOWED_HOSTS = saved;
      }
      await expect(addRemote(db, { url: path.join(served, origin) }, member)).rejects.toMatchObject({ status: 400 });
      const local = await addRemote(db, { url: path.join(served, origin), name: `local-${provider.name}` }, LOCAL_ACTOR).catch((error: unknown) => error);
      // The same repository by another path is a different key: an admin may add it.
      expect(local).not.toBeInstanceOf(Error);
    });

    test("a token in the URL is never shown: not in the list, not in the stored error", async () => {
      const { remote } = await addRemote(db, { url: `https://x-access-token:tok_SECRET_42@127.0.0.1:${CLOSED_PORT}/team/private.git`, name: `private-${provider.name}` }, LOCAL_ACTOR);
      expect(remote.url).toBe(`https://127.0.0.1:${CLOSED_PORT}/team/private.git`);
      const outcome = await fetchRemote(remote.id, { db, bulk });
      expect(outcome.ok).toBe(false);
      const view = (await listRemotes(db)).find((entry) => entry.id === remote.id);
      expect(view?.lastError).toBeTruthy();
      expect(JSON.stringify(view)).not.toContain("SECRET");
      expect(JSON.stringify(outcome)).not.toContain("SECRET");
      const mirrorConfig = readFileSync(path.join((await db.remote.findUniqueOrThrow({ where: { id: remote.id } })).mirrorPath, "config"), "utf8");
      expect(mirrorConfig).not.toContain("SECRET");
      await removeRemote(db, remote.id);
    });

    test("a server that accepts and never answers gives a timeout within the limit", async () => {
      process.env.BATON_GIT_FETCH_TIMEOUT_SECONDS = "2";
      try {
        const { remote } = await addRemote(db, { url: `git://127.0.0.1:${SILENT_PORT}/never.git`, name: `silent-${provider.name}` }, LOCAL_ACTOR);
        const started = Date.now();
        const outcome = await fetchRemote(remote.id, { db, bulk });
        const elapsed = Date.now() - started;
        expect(outcome.error?.kind).toBe("timeout");
        expect(outcome.error?.message).toMatch(/timed out/);
        expect(elapsed).toBeGreaterThanOrEqual(1900);
        expect(elapsed).toBeLessThan(8000);
      } finally {
        delete process.env.BATON_GIT_FETCH_TIMEOUT_SECONDS;
      }
    });
  });
}
