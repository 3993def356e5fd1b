import { AppError } from "../app-error";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_ACTOR } from "../../core/access/actor";
import { registerTeamActorResolver, requireAccess } from "../access/require-access";
import { createDb, type Db } from "../db/client";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../test-support/test-database";
import { createBatonAuth } from "./auth";
import { acceptInvitation, createInvitation, findOpenInvitation } from "./invitations";
import { createTeamResolver } from "./team-resolver";
import { createApiToken, findTokenOwner, listApiTokens, revokeApiToken } from "./tokens";
import { createUser, listUsers, removeUser, setUserRole } from "./users";

const PASSWORD = "correct horse battery";
const SECRET = "a-test-secret-that-is-long-enough-0123456789";

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`team auth on ${provider.name}`, () => {
    let database: TestDatabase;
    let db: Db;
    const env = { ...process.env };

    beforeAll(async () => {
      database = await provider.create();
      db = createDb(database.target);
    });
    afterAll(async () => {
      registerTeamActorResolver(null);
      process.env = env;
      await db?.$disconnect();
      await database?.drop();
    });

    it("makes the first user an admin whatever was asked, then gives the asked role; refuses weak input", async () => {
      const first = await createUser(db, { email: " Ada@Example.com ", name: "Ada", password: PASSWORD, role: "viewer" });
      expect(first).toMatchObject({ email: "ada@example.com", role: "admin" });
      const second = await createUser(db, { email: "bob@example.com", password: PASSWORD, role: "viewer" });
      expect(second).toMatchObject({ name: "bob", role: "viewer" });
      await expect(createUser(db, { email: "bob@example.com", password: PASSWORD })).rejects.toThrow(/already exists/);
      await expect(createUser(db, { email: "c@example.com", password: "" })).rejects.toThrow(/empty/);
      await expect(createUser(db, { email: "c@example.com", password: "short" })).rejects.toThrow(/too short/);
      await expect(createUser(db, { email: "not-an-email", password: PASSWORD })).rejects.toThrow(/not an email/);
      expect((await listUsers(db)).map((user) => user.role)).toEqual(["admin", "viewer"]);
    });

    it("keeps one admin at least", async () => {
      const [ada] = await listUsers(db);
      await expect(setUserRole(db, ada!.id, "member")).rejects.toThrow(/last admin/);
      await expect(removeUser(db, ada!.id)).rejects.toThrow(/last admin/);
    });

    it("stores a token's hash only, resolves it to its owner with its scopes, and refuses expired and revoked ones", async () => {
      const ada = (await listUsers(db))[0]!;
      const { token, summary } = await createApiToken(db, { userId: ada.id, name: "laptop" });
      expect(summary.prefix).toBe(token.slice(0, 8));
      const row = await db.apiToken.findUniqueOrThrow({ where: { id: summary.id } });
      expect(JSON.stringify(row)).not.toContain(token);
      expect(await findTokenOwner(db, token)).toMatchObject({ userId: ada.id, role: "admin", scopes: null });
      expect((await db.apiToken.findUniqueOrThrow({ where: { id: summary.id } })).lastUsedAt).not.toBeNull();

      const narrow = await createApiToken(db, { userId: ada.id, name: "ci", scopes: ["reviews:read", "reviews:read"] });
      expect((await findTokenOwner(db, narrow.token))?.scopes).toEqual(["reviews:read"]);

      const soon = await createApiToken(db, { userId: ada.id, name: "short-lived", expiresAt: new Date(Date.now() + 60_000) });
      expect(await findTokenOwner(db, soon.token, new Date(Date.now() + 120_000))).toBeNull();

      await revokeApiToken(db, ada.id, summary.prefix);
      expect(await findTokenOwner(db, token)).toBeNull();
      expect((await listApiTokens(db, ada.id)).find((item) => item.id === summary.id)?.state).toBe("revoked");
      expect(await findTokenOwner(db, `${token.slice(0, -1)}A`)).toBeNull();
      await expect(createApiToken(db, { userId: ada.id, name: "x", scopes: ["nope"] })).rejects.toThrow(/not a scope/);
      await expect(createApiToken(db, { userId: ada.id, name: " " })).rejects.toThrow(/needs a name/);
      await expect(createApiToken(db, { userId: ada.id, name: "old", expiresAt: new Date(Date.now() - 1000) })).rejects.toThrow(/past/);
    });

    it("gives no token a scope its user's role lacks", async () => {
      const bob = (await listUsers(db)).find((user) => user.role === "viewer")!;
      await expect(createApiToken(db, { userId: bob.id, name: "x", scopes: ["reviews:write"] })).rejects.toThrow(/viewer does not hold/);
    });

    it("checks role and token scopes per request through requireAccess (bearer and session cookie)", async () => {
      process.env.BATON_TEAM = "1";
      process.env.BATON_SERVE_PORT = "3202";
      const auth = createBatonAuth({ secret: SECRET, baseURL: "http://127.0.0.1:3202", secureCookies: false, github: null, trustedProxies: [] }, db, provider.name);
      registerTeamActorResolver(createTeamResolver({ db: () => db, session: async (headers) => (await auth.api.getSession({ headers })) as never }));
      const users = await listUsers(db);
      const ada = users.find((user) => user.role === "admin")!;
      const bob = users.find((user) => user.role === "viewer")!;
      const request = (headers: Record<string, string>, method = "GET") => ({ method, headers: new Headers({ host: "127.0.0.1:3202", ...headers }) });

      await expect(requireAccess(request({}), "handoffs:read")).rejects.toMatchObject({ status: 401 });
      await expect(requireAccess(request({}), "health:read")).resolves.toEqual(LOCAL_ACTOR);
      await expect(requireAccess(request({ authorization: "Bearer btn_not-a-real-token" }), "handoffs:read")).rejects.toMatchObject({ status: 401 });

      const viewerToken = (await createApiToken(db, { userId: bob.id, name: "bob-cli" })).token;
      await expect(requireAccess(request({ authorization: `Bearer ${viewerToken}` }), "handoffs:read")).resolves.toMatchObject({ kind: "token", userId: bob.id, role: "viewer" });
      const refused = await requireAccess(request({ authorization: `Bearer ${viewerToken}` }, "POST"), "reviews:write").catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ status: 403 });

      const narrow = (await createApiToken(db, { userId: ada.id, name: "read-only", scopes: ["reviews:read"] })).token;
      await expect(requireAccess(request({ authorization: `Bearer ${narrow}` }), "reviews:read")).resolves.toMatchObject({ userId: ada.id });
      await expect(requireAccess(request({ authorization: `Bearer ${narrow}` }), "handoffs:read")).rejects.toMatchObject({ status: 403 });
      await expect(requireAccess(request({ authorization: `Bearer ${narrow}` }), "account:read")).resolves.toMatchObject({ userId: ada.id });

      // A demoted user's token shrinks with them.
      await setUserRole(db, bob.id, "member");
      await expect(requireAccess(request({ authorization: `Bearer ${viewerToken}` }, "POST"), "reviews:write")).resolves.toMatchObject({ role: "member" });
      await setUserRole(db, bob.id, "viewer");

      // A browser session: sign in through better-auth, then send its cookie.
      const response = await auth.api.signInEmail({ body: { email: "bob@example.com", password: PASSWORD }, asResponse: true });
      expect(response.status).toBe(200);
      const setCookie = response.headers.get("set-cookie") ?? "";
      expect(setCookie).toMatch(/baton\.session_token=/);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).not.toMatch(/Secure/i);
      const cookie = setCookie.split(";")[0]!;
      await expect(requireAccess(request({ cookie }), "handoffs:read")).resolves.toMatchObject({ kind: "user", userId: bob.id, role: "viewer" });
      await expect(requireAccess(request({ cookie }, "POST"), "reviews:write")).rejects.toMatchObject({ status: 403 });
      await expect(requireAccess(request({ cookie: "baton.session_token=forged.value" }), "handoffs:read")).rejects.toMatchObject({ status: 401 });
      const wrong = await auth.api.signInEmail({ body: { email: "bob@example.com", password: "wrong password" }, asResponse: true });
      expect(wrong.status).toBe(401);
    });

    it("turns an invitation link into an account once", async () => {
      const admin = (await listUsers(db)).find((user) => user.role === "admin")!;
      const { token } = await createInvitation(db, { role: "member", days: 7, by: { ...LOCAL_ACTOR, kind: "user", userId: admin.id, name: "Ada" } });
      expect(await findOpenInvitation(db, token)).toMatchObject({ role: "member", createdByName: "Ada" });
      await expect(acceptInvitation(db, token, { email: "cy@example.com", name: "Cy", password: "short" })).rejects.toThrow(/too short/);
      expect(await findOpenInvitation(db, token)).not.toBeNull();
      const cy = await acceptInvitation(db, token, { email: "cy@example.com", name: "Cy", password: PASSWORD });
      expect(cy).toMatchObject({ role: "member", name: "Cy" });
      await expect(acceptInvitation(db, token, { email: "dee@example.com", name: "Dee", password: PASSWORD })).rejects.toThrow(/not valid any more/);
      expect(await findOpenInvitation(db, "inv_guess")).toBeNull();
    });
  });
  if (provider.skip) it.skip(`team auth on PostgreSQL: ${POSTGRES_SKIP_MESSAGE}`, () => {});
}
