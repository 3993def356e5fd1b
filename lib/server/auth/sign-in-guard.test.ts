import { describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { createSignInGuard } from "./sign-in-guard";

function attempt(email: string, address: string): Request {
  return new Request("http://127.0.0.1:3000/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ email, password: "whatever" }),
  });
}

describe("the per-account sign-in limit", () => {
  const known = new Set(["ben@example.com\u0000198.51.100.7"]);
  const db = { session: { findFirst: async ({ where }: { where: { ipAddress: string; user: { email: string } } }) => (known.has(`${where.user.email}\u0000${where.ipAddress}`) ? { id: "s" } : null) } } as unknown as Db;

  it("answers 429 with Retry-After once an account has had its free attempts, from any address, and lets the owner's known address in", async () => {
    let clock = 1_000_000;
    const guard = createSignInGuard({ db: () => db, trustedProxies: [], now: () => clock });
    let reached = 0;
    const wrong = async () => {
      reached += 1;
      return Response.json({ code: "INVALID_EMAIL_OR_PASSWORD" }, { status: 401 });
    };
    const statuses: number[] = [];
    for (let index = 1; index <= 8; index += 1) statuses.push((await guard(attempt("Ben@Example.com ", `192.0.2.${index}`), wrong)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect(reached).toBe(5);
    const refused = await guard(attempt("ben@example.com", "192.0.2.50"), wrong);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await refused.json()).toMatchObject({ code: "TOO_MANY_ATTEMPTS_FOR_ACCOUNT", retryAfter: 1 });
    // The owner's known address is held only by its own count.
    const ok = async () => Response.json({ ok: true });
    expect((await guard(attempt("ben@example.com", "198.51.100.7"), ok)).status).toBe(200);
    // That success leaves the account's count (no fresh attempts for the attacker)…
    expect((await guard(attempt("ben@example.com", "192.0.2.60"), wrong)).status).toBe(429);
    // …which is a wait, not a wall: once it has passed, the next attempt is heard, and its wait doubles.
    clock += 1_000;
    expect((await guard(attempt("ben@example.com", "192.0.2.61"), wrong)).status).toBe(401);
    const doubled = await guard(attempt("ben@example.com", "192.0.2.62"), wrong);
    expect(doubled.headers.get("retry-after")).toBe("2");
    // A success through the limit (after the wait) forgets the count.
    clock += 2_000;
    expect((await guard(attempt("ben@example.com", "192.0.2.63"), ok)).status).toBe(200);
    for (let index = 0; index < 4; index += 1) expect((await guard(attempt("ben@example.com", `192.0.2.${70 + index}`), wrong)).status).toBe(401);
    // Another account is not held by Ben's.
    clock += 10;
    expect((await guard(attempt("ada@example.com", "192.0.2.1"), wrong)).status).toBe(401);
  });

  it("lets other better-auth routes and bodies without an email through untouched", async () => {
    const guard = createSignInGuard({ db: () => db, trustedProxies: [] });
    const pass = async () => new Response("passed");
    expect(await (await guard(new Request("http://127.0.0.1:3000/api/auth/get-session"), pass)).text()).toBe("passed");
    expect(await (await guard(new Request("http://127.0.0.1:3000/api/auth/sign-in/email", { method: "POST", body: "not json" }), pass)).text()).toBe("passed");
  });
});
