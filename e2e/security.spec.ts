/**
 * What a foreign site can do with the dashboard (SECURITY.md): nothing. A request to a host name the
 * server does not answer to gets 421 (DNS rebinding), a change sent from another origin gets 403
 * (CSRF), a change without Origin (the CLI, curl) goes through; every page carries the security
 * headers, runs its scripts under a nonce and reports no CSP violation.
 */
import { expect, test, type Page, type Request, oncePerRun } from "./fixtures/test";
import { shot } from "./screenshot";

oncePerRun(test, "postgres", "its pages do not depend on the database");

const port = Number(process.env.BATON_E2E_PORT ?? 3107);
const self = `127.0.0.1:${port}`;
const json = { "Content-Type": "application/json" };

test.describe("host names (DNS rebinding)", () => {
  for (const address of ["/", "/handoffs", "/api/handoffs", "/api/health", "/_next/static/not-there.js"]) {
    test(`GET ${address} with a foreign Host answers 421 before any route runs`, async ({ request }) => {
      const response = await request.get(address, { headers: { Host: `rebind.evil.example:${port}` }, maxRedirects: 0 });
      expect(response.status()).toBe(421);
      expect(await response.text()).toMatch(/does not answer to the host name \\?"rebind\.evil\.example:/);
      expect(response.headers()["content-security-policy"]).toContain("default-src 'self'");
    });
  }

  test("the names it does answer to: 127.0.0.1, localhost, [::1] on its port, and BATON_ALLOWED_HOSTS", async ({ request }) => {
    for (const host of [self, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`, `baton-e2e.test:${port}`, "baton-e2e.test"]) {
      const response = await request.get("/api/health", { headers: { Host: host } });
      expect(response.status(), host).toBe(200);
      expect(await response.json()).toMatchObject({ ok: true });
    }
    for (const host of [`127.0.0.1:${port + 1}`, `localhost.evil.example:${port}`, `[::2]:${port}`, "baton-e2e.test.evil.example"]) {
      expect((await request.get("/api/health", { headers: { Host: host } })).status(), host).toBe(421);
    }
  });

  test("a page with a foreign Host is refused too (a rebinding page reads, it need not write)", async ({ request }) => {
    const list = await request.get("/api/handoffs?pageSize=1");
    const id = ((await list.json()) as { items: { id: string }[] }).items[0]!.id;
    for (const address of [`/handoffs/${id}`, `/api/handoffs/${id}/resume`]) {
      expect((await request.get(address)).status(), address).toBe(200);
      expect((await request.get(address, { headers: { Host: `evil.example:${port}` } })).status(), address).toBe(421);
    }
  });
});

test.describe("changes from another site (CSRF)", () => {
  test("POST /api/scan: foreign Origin 403, no Origin allowed, our own Origin allowed", async ({ request }) => {
    const foreign = await request.post("/api/scan", { headers: { ...json, Origin: "http://evil.example" }, data: {} });
    expect(foreign.status()).toBe(403);
    expect((await foreign.json()).error).toContain("another site");
    const sameSite = await request.post("/api/scan", { headers: { ...json, Origin: `http://127.0.0.1:${port + 1}`, "Sec-Fetch-Site": "same-site" }, data: {} });
    expect(sameSite.status()).toBe(403);
    const fetchMetadataOnly = await request.post("/api/scan", { headers: { ...json, "Sec-Fetch-Site": "cross-site" }, data: {} });
    expect(fetchMetadataOnly.status()).toBe(403);
    const rebinding = await request.post("/api/scan", { headers: { ...json, Host: `evil.example:${port}`, Origin: `http://evil.example:${port}` }, data: {} });
    expect(rebinding.status()).toBe(421);

    const cli = await request.post("/api/scan", { headers: json, data: {}, timeout: 60_000 });
    expect(cli.status()).toBe(200);
    expect(await cli.json()).toHaveProperty("repos");
    const ours = await request.post("/api/scan", { headers: { ...json, Origin: `http://${self}`, "Sec-Fetch-Site": "same-origin" }, data: {}, timeout: 60_000 });
    expect(ours.status()).toBe(200);
  });

  test("the context-window server action: replayed from another origin 403, from a rebinding name 421", async ({ page, request }) => {
    await page.goto("/sessions");
    await page.getByRole("table", { name: "Sessions" }).getByRole("link").first().click();
    const input = page.getByRole("textbox", { name: "Context window" });
    await expect(input).toBeVisible();
    // Capture the browser's own action request (and hold it back, so nothing changes), then replay it.
    let captured: Request | null = null;
    await page.route(
      (url) => url.pathname.startsWith("/sessions/"),
      async (route) => {
        if (route.request().method() === "POST" && route.request().headers()["next-action"]) {
          captured = route.request();
          await route.abort();
        } else await route.continue();
      },
    );
    await input.fill("150000");
    await page.getByRole("button", { name: "Override" }).click();
    await expect.poll(() => captured).not.toBeNull();
    const action = captured! as Request;
    const headers = { ...(await action.allHeaders()) };
    for (const name of Object.keys(headers)) if (name.startsWith(":") || name === "content-length" || name === "cookie") delete headers[name];
    const body = action.postDataBuffer()!;
    const replay = (extra: Record<string, string>) => request.post(action.url(), { headers: { ...headers, ...extra }, data: body, maxRedirects: 0 });

    expect(headers.origin).toBe(`http://${self}`);
    expect((await replay({ Origin: "http://evil.example", "Sec-Fetch-Site": "cross-site" })).status()).toBe(403);
    expect((await replay({ Origin: "null" })).status()).toBe(403);
    // What Next's own action check lets through (Origin and Host agree), the host-name list refuses.
    expect((await replay({ Host: `evil.example:${port}`, Origin: `http://evil.example:${port}` })).status()).toBe(421);
    await page.unroute((url) => url.pathname.startsWith("/sessions/"));
    await page.reload();
    // Nothing was saved by any of them.
    await expect(page.getByRole("textbox", { name: "Context window" })).toHaveValue("");
  });
});

test.describe("addresses that do not decode", () => {
  for (const address of ["/handoffs/%ff%fe", "/sessions/%ff%fe", "/chains/%ff%fe", "/handoffs/%zz", "/handoffs/a%c0%af"]) {
    test(`${address} answers 404 with the not-found page`, async ({ page }) => {
      const response = await page.goto(address);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Nothing is stored under this address")).toBeVisible();
    });
  }

  test("/api/handoffs/%ff%fe/resume answers a JSON 404", async ({ request }) => {
    const response = await request.get("/api/handoffs/%ff%fe/resume");
    expect(response.status()).toBe(404);
    expect((await response.json()).error).toContain("not found");
  });

  test("a search for NUL or a literal wildcard answers, on either database", async ({ request }) => {
    const nul = await request.get("/api/handoffs?q=%00");
    expect(nul.status()).toBe(200);
    expect((await nul.json()).total).toBe(0);
    // As LIKE wildcards, "%%" would match every handoff; as text, none holds it.
    expect((await (await request.get("/api/handoffs")).json()).total).toBeGreaterThan(0);
    const percent = await request.get("/api/handoffs?q=%25%25");
    expect((await percent.json()).total).toBe(0);
  });
});

/** Collects CSP violations (the DOM event and the console's report) and page errors on `page`. */
async function watchViolations(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`);
    });
  });
  page.on("console", (message) => {
    if (/content security policy|permissions policy|unrecognized feature/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return {
    async check(address: string) {
      const reported = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
      expect([...problems, ...reported], address).toEqual([]);
    },
  };
}

test.describe("security headers and the nonce-based CSP", () => {
  test("every response carries the headers; the script policy has a fresh nonce and no 'unsafe-inline'", async ({ request }) => {
    const nonces = new Set<string>();
    for (const address of ["/", "/handoffs", "/api/health", "/does-not-exist"]) {
      const response = await request.get(address);
      const headers = response.headers();
      const csp = headers["content-security-policy"] ?? "";
      const scriptSrc = csp.split(";").map((part) => part.trim()).find((part) => part.startsWith("script-src")) ?? "";
      expect(scriptSrc, address).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'$/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      nonces.add(/'nonce-([^']+)'/.exec(scriptSrc)![1]!);
      expect(headers["x-content-type-options"], address).toBe("nosniff");
      expect(headers["referrer-policy"], address).toBe("no-referrer");
      expect(headers["cross-origin-opener-policy"], address).toBe("same-origin");
      expect(headers["cross-origin-resource-policy"], address).toBe("same-origin");
      expect(headers["permissions-policy"], address).toContain("camera=()");
      expect(headers["x-frame-options"], address).toBe("DENY");
    }
    expect(nonces.size).toBe(4);
  });

  test("every script in a page carries the request's nonce", async ({ request }) => {
    const response = await request.get("/handoffs");
    const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")![1]!;
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test("no page reports a CSP violation, and each still works (React Flow, Recharts, client filters)", async ({ page, request }) => {
    const watcher = await watchViolations(page);
    const handoffs = ((await (await request.get("/api/handoffs?pageSize=200")).json()) as { items: { id: string; repo: { id: string } }[] }).items;
    await page.goto("/sessions?sort=peak");
    const sessionHref = await page.getByRole("table", { name: "Sessions" }).getByRole("link").first().getAttribute("href");
    const pages: [address: string, works: (page: Page) => Promise<void>][] = [
      ["/", async () => await expect(page.getByRole("table").first()).toBeVisible()],
      ["/handoffs", async () => {
        // Client-side filters run (they need the page's scripts).
        await page.getByRole("searchbox").fill("route-tests");
        await expect(page).toHaveURL(/q=route-tests/);
      }],
      [`/handoffs/${handoffs[0]!.id}`, async () => await expect(page.getByRole("heading", { level: 1 })).toBeVisible()],
      ["/chains", async () => await expect(page.getByRole("heading", { level: 1 })).toBeVisible()],
      [`/chains/${handoffs[0]!.repo.id}`, async () => await expect(page.locator(".react-flow__node").first()).toBeVisible()],
      ["/sessions", async () => await expect(page.getByRole("table", { name: "Sessions" })).toBeVisible()],
      [sessionHref!, async () => await expect(page.getByTestId("burn-chart").locator(".recharts-area-area")).toHaveCount(1)],
      ["/errors", async () => await expect(page.getByRole("heading", { name: "Ingest errors" })).toBeVisible()],
      ["/sources", async () => await expect(page.getByRole("heading", { level: 1 })).toBeVisible()],
      ["/no-such-page", async () => await expect(page.getByText("Nothing is stored under this address")).toBeVisible()],
      ["/handoffs/%ff%fe", async () => await expect(page.getByText("Nothing is stored under this address")).toBeVisible()],
    ];
    for (const [address, works] of pages) {
      await page.goto(address);
      await works(page);
      await page.waitForLoadState("networkidle");
      await watcher.check(address);
    }
    await page.goto(`/chains/${handoffs[0]!.repo.id}`);
    await expect(page.locator(".react-flow__node").first()).toBeVisible();
    await shot(page, "csp-chain-graph");
    await page.goto(sessionHref!);
    await expect(page.getByTestId("burn-chart").locator(".recharts-area-area")).toHaveCount(1);
    await shot(page, "csp-session");
  });
});
