/**
 * `baton user`, `baton token` as an administrator runs them (bin/baton.mjs in a child process, password
 * on stdin), on SQLite and on PostgreSQL when configured; `baton login` against a stand-in server.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newToken } from "../../lib/core/auth/api-token";
import { createDb } from "../../lib/server/db/client";
import { findTokenOwner } from "../../lib/server/auth/tokens";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../../lib/server/test-support/test-database";
import type { Io } from "../io";
import { loginCommand } from "./login";

const projectRoot = path.resolve(import.meta.dirname, "..", "..");

function baton(args: string[], env: Record<string, string>, input = "") {
  const result = spawnSync(process.execPath, [path.join(projectRoot, "bin", "baton.mjs"), ...args], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...env } as unknown as NodeJS.ProcessEnv,
    input,
    encoding: "utf8",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`baton user and token (${provider.name})`, { timeout: 180_000 }, () => {
    let database: TestDatabase;
    let env: Record<string, string>;
    beforeAll(async () => {
      database = await provider.create();
      env = { DATABASE_URL: database.target.url };
    });
    afterAll(async () => database?.drop());

    it("adds users with the password from stdin, refusing an empty or short one, and lists them", () => {
      expect(baton(["user", "add", "ada@example.com", "--name", "Ada Lovelace"], env, "").stderr).toMatch(/the password is empty/);
      expect(baton(["user", "add", "ada@example.com"], env, "short\n")).toMatchObject({ code: 2, stderr: expect.stringMatching(/too short/) });
      const first = baton(["user", "add", "ada@example.com", "--name", "Ada Lovelace", "--role", "viewer"], env, "a long enough password\n");
      expect(first).toMatchObject({ code: 0, stdout: expect.stringContaining("as admin (the first user is always an admin)") });
      expect(baton(["user", "add", "bob@example.com", "--role", "viewer"], env, "another long password")).toMatchObject({ code: 0, stdout: "added bob@example.com (bob) as viewer\n" });
      expect(baton(["user", "add", "cy@example.com", "--admin"], env, "a third long password").stdout).toContain("as admin");
      expect(baton(["user", "add", "dee@example.com", "--role", "owner"], env, "a fourth long password").stderr).toContain("--role is admin, member or viewer");
      expect(baton(["user", "add", "bob@example.com"], env, "another long password").stderr).toContain("already exists");
      const listed = JSON.parse(baton(["user", "list", "--json"], env).stdout) as { users: { email: string; role: string }[] };
      expect(listed.users.map((user) => [user.email, user.role])).toEqual([["ada@example.com", "admin"], ["bob@example.com", "viewer"], ["cy@example.com", "admin"]]);
    });

    it("creates a token printed alone on stdout, lists it by prefix, and revokes it", async () => {
      const created = baton(["token", "create", "--user", "ada@example.com", "--name", "ci", "--scope", "reviews:read", "--expires", "30d"], env);
      expect(created.code).toBe(0);
      const token = created.stdout.trim();
      expect(created.stdout).toBe(`${token}\n`);
      expect(token).toMatch(/^btn_[A-Za-z0-9_-]{43}$/);
      expect(created.stderr).toContain("shown only now");
      const db = createDb(database.target);
      try {
        expect(await findTokenOwner(db, token)).toMatchObject({ email: "ada@example.com", scopes: ["reviews:read"] });
        const listed = baton(["token", "list", "--user", "ada@example.com"], env);
        expect(listed.stdout).toContain(`${token.slice(0, 8)}…  active`);
        expect(listed.stdout).not.toContain(token);
        expect(baton(["token", "create", "--user", "bob@example.com", "--name", "x", "--scope", "reviews:write"], env).stderr).toContain("a viewer does not hold the scope reviews:write");
        expect(baton(["token", "create", "--user", "nobody@example.com", "--name", "x"], env).stderr).toContain("no user nobody@example.com");
        expect(baton(["token", "create", "--user", "ada@example.com", "--name", "x", "--expires", "soon"], env).stderr).toContain("--expires");
        expect(baton(["token", "revoke", "--user", "ada@example.com", token.slice(0, 8)], env)).toMatchObject({ code: 0, stdout: expect.stringContaining("revoked") });
        expect(await findTokenOwner(db, token)).toBeNull();
      } finally {
        await db.$disconnect();
      }
    });
  });
  if (provider.skip) it.skip(`baton user and token on PostgreSQL: ${POSTGRES_SKIP_MESSAGE}`, () => {});
}

describe("baton login", () => {
  let server: Server;
  let url: string;
  let home: string;
  const good = newToken().token;
  beforeAll(async () => {
    home = mkdtempSync(path.join(os.tmpdir(), "baton-login-"));
    server = createServer((request, response) => {
      const ok = request.url === "/api/auth-check" && request.headers.authorization === `Bearer ${good}`;
      response.writeHead(ok ? 200 : 401, { "Content-Type": "application/json" });
      response.end(JSON.stringify(ok ? { email: "ada@example.com", name: "Ada", role: "admin" } : { error: "sign in" }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(home, { recursive: true, force: true });
  });
  const io = (): Io & { lines: string[] } => {
    const lines: string[] = [];
    return { out: (text) => void lines.push(text), err: (text) => void lines.push(text), isTty: false, lines };
  };

  it("stores a token the server accepts, mode 0600, and nothing for one it refuses", async () => {
    const env = { XDG_CONFIG_HOME: home };
    await expect(loginCommand(["--server", url], io(), { readSecret: async () => newToken().token, env })).rejects.toThrow(/refused the token \(401\)/);
    expect(() => statSync(path.join(home, "baton", "credentials.json"))).toThrow();
    await expect(loginCommand(["--server", url], io(), { readSecret: async () => "hunter2", env })).rejects.toThrow(/not a Baton token/);
    const output = io();
    expect(await loginCommand(["--server", `${url}/`], output, { readSecret: async () => `${good}\n`, env })).toBe(0);
    expect(output.lines.join("\n")).toContain("logged in to");
    expect(output.lines.join("\n")).not.toContain(good);
    const file = path.join(home, "baton", "credentials.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ default: url, servers: { [url]: { token: good } } });
  });
});
