/**
 * The action checks Host and Origin itself (proxy.ts does too). Next's own action check compares
 * Origin with Host, and a DNS-rebinding page sends the same foreign name in both: this guard refuses it.
 * A refusal is Next's forbidden()/unauthorized() interrupt (the answer is a 403/401), never a crash.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTeamActorResolver } from "../access/require-access";

const state = vi.hoisted(() => ({ headers: new Headers(), writes: [] as unknown[] }));
vi.mock("next/headers", () => ({ headers: async () => state.headers }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("../db/client", () => ({ getDb: () => ({}) }));
vi.mock("../queries/sessions", () => ({ setUserContextWindow: async (...args: unknown[]) => void state.writes.push(args.slice(1)) }));

const { setContextWindowAction } = await import("./set-context-window");

function form(tokens: string) {
  const data = new FormData();
  data.set("sessionId", "s1");
  data.set("tokens", tokens);
  return data;
}

/** What Next's forbidden() / unauthorized() throw: the action's answer then has that status. */
const refusedWith = (status: 401 | 403) => ({ digest: `NEXT_HTTP_ERROR_FALLBACK;${status}` });

describe("setContextWindowAction guard", () => {
  beforeEach(() => {
    vi.stubEnv("BATON_SERVE_PORT", "3113");
    // What next.config.ts's experimental.authInterrupts sets in a build.
    vi.stubEnv("__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS", "true");
    state.writes = [];
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    registerTeamActorResolver(null);
  });

  it("saves when the page's own origin sends it", async () => {
    state.headers = new Headers({ host: "127.0.0.1:3113", origin: "http://127.0.0.1:3113" });
    expect(await setContextWindowAction({ error: null, saved: false }, form("200000"))).toEqual({ error: null, saved: true });
    expect(state.writes).toEqual([["s1", 200000]]);
  });

  it("refuses a rebinding page (foreign name in Host and Origin alike) and writes nothing", async () => {
    state.headers = new Headers({ host: "rebind.evil.example:3113", origin: "http://rebind.evil.example:3113" });
    await expect(setContextWindowAction({ error: null, saved: false }, form("1000"))).rejects.toMatchObject(refusedWith(403));
    expect(state.writes).toEqual([]);
  });

  it("refuses another site's form post and writes nothing", async () => {
    state.headers = new Headers({ host: "127.0.0.1:3113", origin: "http://evil.example", "sec-fetch-site": "cross-site" });
    await expect(setContextWindowAction({ error: null, saved: false }, form("1000"))).rejects.toMatchObject(refusedWith(403));
    expect(state.writes).toEqual([]);
  });

  it("answers a viewer 403 and a signed-out request 401 on the team server, logging no crash", async () => {
    vi.stubEnv("BATON_TEAM", "1");
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    state.headers = new Headers({ host: "127.0.0.1:3113", origin: "http://127.0.0.1:3113" });
    const viewer = { kind: "user" as const, userId: "u1", email: "v@example.com", name: "V", role: "viewer" as const, tokenId: null };
    registerTeamActorResolver(async () => ({ actor: viewer, scopes: null }));
    await expect(setContextWindowAction({ error: null, saved: false }, form("1000"))).rejects.toMatchObject(refusedWith(403));
    registerTeamActorResolver(async () => null);
    await expect(setContextWindowAction({ error: null, saved: false }, form("1000"))).rejects.toMatchObject(refusedWith(401));
    expect(state.writes).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it("answers bad input in the form's state, not as an error", async () => {
    state.headers = new Headers({ host: "127.0.0.1:3113", origin: "http://127.0.0.1:3113" });
    expect(await setContextWindowAction({ error: null, saved: false }, form("12"))).toMatchObject({ saved: false, error: expect.stringContaining("whole number") });
    expect(state.writes).toEqual([]);
  });
});
