/**
 * Token auth end to end on real route handlers (no browser): in team mode, with the resolver that
 * instrumentation.ts registers, a bearer token reaches GET /api/auth-check and GET /api/handoffs, a
 * viewer's token is refused a change (403), a revoked one is refused (401), and a token made through
 * POST /api/tokens works at once. PostgreSQL, as the team server runs; skipped without one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerTeamActorResolver } from "../access/require-access";
import { createDb, type Db } from "../db/client";
import { createPostgresTestDatabase, POSTGRES_SKIP_MESSAGE, postgresTestUrl, type TestDatabase } from "../test-support/test-database";
import { registerTeamAuth } from "./register";
import { createApiToken, revokeApiToken } from "./tokens";
import { createUser } from "./users";

const HOST = "127.0.0.1:3202";

describe.skipIf(!postgresTestUrl)("token auth on route handlers (PostgreSQL)", () => {
  let database: TestDatabase;
  let db: Db;
  const saved = { ...process.env };

  beforeAll(async () => {
    database = await createPostgresTestDatabase(postgresTestUrl!);
    db = createDb(database.target);
    Object.assign(process.env, { DATABASE_URL: database.target.url, BATON_TEAM: "1", BATON_AUTH_SECRET: "route-test-secret-0123456789-0123456789", BATON_SERVE_PORT: "3202" });
    registerTeamAuth();
  });
  afterAll(async () => {
    registerTeamActorResolver(null);
    process.env = saved;
    await db?.$disconnect();
    const { getDb } = await import("../db/client");
    await getDb().$disconnect();
    await database?.drop();
  });

  const get = (path: string, token?: string) => new Request(`http://${HOST}${path}`, { headers: { host: HOST, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  it("answers with the token's owner, refuses a viewer's change, a revoked token and no token", async () => {
    const admin = await createUser(db, { email: "ada@example.com", name: "Ada", password: "a long enough password" });
    const viewer = await createUser(db, { email: "vic@example.com", name: "Vic", password: "a long enough password", role: "viewer" });
    const adminToken = await createApiToken(db, { userId: admin.id, name: "laptop" });
    const viewerToken = await createApiToken(db, { userId: viewer.id, name: "ci" });
    const authCheck = await import("../../../app/api/auth-check/route");
    const handoffs = await import("../../../app/api/handoffs/route");
    const scan = await import("../../../app/api/scan/route");
    const tokens = await import("../../../app/api/tokens/route");

    const me = await authCheck.GET(get("/api/auth-check", adminToken.token));
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ kind: "token", userId: admin.id, email: "ada@example.com", name: "Ada", role: "admin" });
    expect((await handoffs.GET(get("/api/handoffs", viewerToken.token))).status).toBe(200);
    expect((await handoffs.GET(get("/api/handoffs"))).status).toBe(401);

    const viewerScan = await scan.POST(new Request(`http://${HOST}/api/scan`, { method: "POST", headers: { host: HOST, authorization: `Bearer ${viewerToken.token}`, "content-type": "application/json" }, body: "{}" }));
    expect(viewerScan.status).toBe(403);
    expect((await viewerScan.json()).error).toContain("a viewer may not do this");

    const made = await tokens.POST(new Request(`http://${HOST}/api/tokens`, { method: "POST", headers: { host: HOST, authorization: `Bearer ${adminToken.token}`, "content-type": "application/json" }, body: JSON.stringify({ name: "made over http", scopes: ["handoffs:read"], expires: "7d" }) }));
    expect(made.status).toBe(200);
    const { token } = (await made.json()) as { token: string };
    expect((await handoffs.GET(get("/api/handoffs", token))).status).toBe(200);
    expect((await scan.POST(new Request(`http://${HOST}/api/scan`, { method: "POST", headers: { host: HOST, authorization: `Bearer ${token}`, "content-type": "application/json" }, body: "{}" }))).status).toBe(403);

    await revokeApiToken(db, admin.id, adminToken.summary.id);
    expect((await authCheck.GET(get("/api/auth-check", adminToken.token))).status).toBe(401);
  });
});
if (!postgresTestUrl) describe("token auth on route handlers (PostgreSQL)", () => it.skip(POSTGRES_SKIP_MESSAGE, () => {}));
