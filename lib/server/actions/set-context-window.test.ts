/**
 * The action checks Host and Origin itself (proxy.ts does too). Next's own action check compares
 * Origin with Host, and a DNS-rebinding page sends the same foreign name in both: this guard refuses it.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";

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

describe("setContextWindowAction guard", () => {
  beforeEach(() => {
    vi.stubEnv("BATON_SERVE_PORT", "3113");
    state.writes = [];
  });

  it("saves when the page's own origin sends it", async () => {
    state.headers = new Headers({ host: "127.0.0.1:3113", origin: "http://127.0.0.1:3113" });
    expect(await setContextWindowAction({ error: null, saved: false }, form("200000"))).toEqual({ error: null, saved: true });
    expect(state.writes).toEqual([["s1", 200000]]);
  });

  it("refuses a rebinding page (foreign name in Host and Origin alike) and writes nothing", async () => {
    state.headers = new Headers({ host: "rebind.evil.example:3113", origin: "http://rebind.evil.example:3113" });
    await expect(setContextWindowAction({ error: null, saved: false }, form("1000"))).rejects.toMatchObject({ status: 421 });
    expect(state.writes).toEqual([]);
  });

  it("refuses another site's form post and writes nothing", async () => {
    state.headers = new Headers({ host: "127.0.0.1:3113", origin: "http://evil.example", "sec-fetch-site": "cross-site" });
    await expect(setContextWindowAction({ error: null, saved: false }, form("1000"))).rejects.toMatchObject({ status: 403 });
    expect(state.writes).toEqual([]);
  });
});
