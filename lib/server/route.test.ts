/**
 * route() and answerError(): access first, then zod for the body and the query, the one mapping from a
 * failure to an answer, and the route's segments (none, one, a catch-all).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "./app-error";
import { answerError, route } from "./route";

const url = "http://127.0.0.1:3113/api/thing";
const request = (init: RequestInit & { query?: string } = {}) =>
  new Request(`${url}${init.query ?? ""}`, { ...init, headers: { host: "127.0.0.1:3113", ...(init.headers as Record<string, string> | undefined) } });

describe("route()", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("answers the work's value as JSON, with the query and body parsed", async () => {
    vi.stubEnv("BATON_SERVE_PORT", "3113");
    const handler = route("handoffs:read", { query: z.object({ n: z.coerce.number() }), body: z.object({ name: z.string() }) }, async ({ query, body, actor }) => ({ n: query.n, name: body.name, who: actor.kind }));
    const response = await handler(request({ method: "POST", query: "?n=3", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "a" }) }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ n: 3, name: "a", who: "local" });
  });

  it("hands the segments over: none (params resolve to undefined), one, a catch-all joined", async () => {
    vi.stubEnv("BATON_SERVE_PORT", "3113");
    const handler = route("handoffs:read", {}, async ({ params }) => params);
    expect(await (await handler(request(), { params: Promise.resolve(undefined) })).json()).toEqual({});
    expect(await (await handler(request())).json()).toEqual({});
    expect(await (await handler(request(), { params: Promise.resolve({ id: "h1" }) })).json()).toEqual({ id: "h1" });
    expect(await (await handler(request(), { params: Promise.resolve({ all: ["sign-in", "email"] }) })).json()).toEqual({ all: "sign-in/email" });
  });

  it("refuses before the work runs: a foreign host 421, a body of the wrong type 415, not JSON 400, not the schema 400 with issues", async () => {
    vi.stubEnv("BATON_SERVE_PORT", "3113");
    const work = vi.fn(async () => ({}));
    const handler = route("scan:run", { body: z.object({ name: z.string() }) }, work);
    expect((await handler(request({ method: "POST", headers: { host: "evil.example:3113", "content-type": "application/json" }, body: "{}" }))).status).toBe(421);
    const wrongType = await handler(request({ method: "POST", headers: { "content-type": "text/plain" }, body: "{}" }));
    expect([wrongType.status, await wrongType.json()]).toEqual([415, { error: "send Content-Type: application/json" }]);
    const notJson = await handler(request({ method: "POST", headers: { "content-type": "application/json" }, body: "{" }));
    expect([notJson.status, await notJson.json()]).toEqual([400, { error: "the body is not JSON" }]);
    const invalid = await handler(request({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: 3 }) }));
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ error: "invalid request", issues: [expect.objectContaining({ path: ["name"] })] });
    expect(work).not.toHaveBeenCalled();
  });

  it("answers 404 on a single-user server for a team-only route, and passes a Response through", async () => {
    vi.stubEnv("BATON_SERVE_PORT", "3113");
    const teamOnly = await route("account:read", { teamOnly: true }, async () => ({}))(request());
    expect(teamOnly.status).toBe(404);
    expect((await teamOnly.json()).error).toMatch(/single-user server/);
    const passed = await route("handoffs:read", {}, async () => new Response("raw", { status: 202 }))(request());
    expect([passed.status, await passed.text()]).toEqual([202, "raw"]);
  });
});

describe("answerError", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers an AppError with its status and details beside the message, logging nothing", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = answerError(new AppError(409, "held by ada", { heldBy: "ada", claimExpiresAt: null }));
    expect([response.status, await response.json()]).toEqual([409, { heldBy: "ada", claimExpiresAt: null, error: "held by ada" }]);
    expect(new AppError(409, "x").code).toBe("conflict");
    expect(new AppError(418, "x").code).toBe("http-418");
    expect(logged).not.toHaveBeenCalled();
  });

  it("logs anything else and answers a bare 500", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = answerError(new Error("database on fire"));
    expect([response.status, await response.json()]).toEqual([500, { error: "internal error" }]);
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
