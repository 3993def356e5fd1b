import { expect, test, type APIRequestContext, oncePerRun } from "./fixtures/test";
import { shot } from "./screenshot";

oncePerRun(test, "sqlite-2", "its pages do not depend on the database");

/** The page of the hostile handoff named `name` (e2e/fixtures/hostile-repo.ts). */
async function pageOf(request: APIRequestContext, name: string): Promise<string> {
  const response = await request.get("/api/handoffs?pageSize=200");
  const { items } = (await response.json()) as { items: Array<{ id: string; path: string }> };
  const item = items.find((entry) => entry.path.endsWith(`/handoff_${name}.md`));
  if (!item) throw new Error(`no hostile handoff "${name}" in the e2e data`);
  return `/handoffs/${item.id}`;
}

/**
 * Requests `address` while another client asks /api/health every 100 ms; returns each answer's time
 * in ms. The page is fetched without a browser: Chromium laying out a megabyte of text on the same
 * two cores would be measured too, and it is the server's liveness that is in question.
 */
async function requestWhileProbing(request: APIRequestContext, address: string) {
  let loaded = false;
  const first = request.get(address, { timeout: 30_000 }).finally(() => {
    loaded = true;
  });
  const latencies: number[] = [];
  // At least two probes, and on until the page has come.
  while (!loaded || latencies.length < 2) {
    const started = Date.now();
    const health = await request.get("/api/health", { timeout: 10_000 });
    expect(health.ok()).toBe(true);
    latencies.push(Date.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect((await first).status(), address).toBe(200);
  return latencies;
}

/**
 * The server keeps answering /api/health while it renders the page: no probe takes 1 s more than the
 * same probe took just before (three times its slowest). A machine busy with other tests answers more
 * slowly anyway; a render on the server's own thread would hold every probe for the whole render.
 */
async function expectAnsweringWhileRendering(request: APIRequestContext, address: string) {
  const before: number[] = [];
  for (let probe = 0; probe < 3; probe += 1) {
    const started = Date.now();
    expect((await request.get("/api/health", { timeout: 10_000 })).ok()).toBe(true);
    before.push(Date.now() - started);
  }
  const latencies = await requestWhileProbing(request, address);
  expect(Math.max(...latencies), `${address}: health latencies while rendering ${latencies.join(", ")} ms; before ${before.join(", ")} ms`).toBeLessThan(1_000 + 3 * Math.max(...before));
}

test.describe("a handoff built to freeze the renderer (issue 15)", () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ request }) => {
    // Next loads a route's code on its first request: that is not the hostile page's doing.
    const { items } = (await (await request.get("/api/handoffs?q=fix-typecheck-errors")).json()) as { items: Array<{ id: string }> };
    await request.get(`/handoffs/${items[0]!.id}`);
  });

  for (const [name, marker] of [
    ["deep-list", "- level 100"],
    ["dash-goal", "## Goal\n- - - - - - - -"],
  ] as const) {
    test(`${name}: the page shows it as plain text with a notice, and the server keeps answering /api/health meanwhile`, async ({ page, request }) => {
      const address = await pageOf(request, name);
      // Its first view: the server renders it (the worker's pre-check turns it down) while answering.
      await expectAnsweringWhileRendering(request, address);
      await page.goto(address);
      const rendered = page.getByRole("tabpanel", { name: "Rendered" });
      await expect(rendered.getByRole("note")).toContainText("This handoff is too complex to render safely; shown as plain text.");
      await expect(rendered.getByRole("note")).toContainText("(the limit is 32)");
      const plain = rendered.getByLabel("Handoff as plain text");
      await expect(plain).toContainText(marker);
      // Its start only (the source view beside it has the whole text).
      await expect(rendered).toContainText(/The first 20,000 of [\d,]+ characters; the source view has all of them\./);
      // Shown as text: the list markers did not become list items.
      await expect(rendered.locator("li")).toHaveCount(0);
      if (name === "deep-list") await shot(page, "hostile-handoff-fallback");
    });
  }

  test("every hostile handoff: the server keeps answering while it renders the page, and the page is rendered inert or shown as plain text", async ({ page, request }) => {
    const response = await request.get("/api/handoffs?pageSize=200");
    const { items } = (await response.json()) as { items: Array<{ id: string; path: string }> };
    const hostile = items.filter((item) => item.path.startsWith("docs/ai/handoff/claude-code/01122026/"));
    expect(hostile.length).toBeGreaterThanOrEqual(20);
    for (const item of hostile) {
      await expectAnsweringWhileRendering(request, `/handoffs/${item.id}`);

      await page.goto(`/handoffs/${item.id}`);
      const rendered = page.getByRole("tabpanel", { name: "Rendered" });
      // Rendered (sanitised HTML) or turned down (the notice and the text).
      await expect(rendered.locator(".prose, [role=note]").first(), item.path).toBeVisible();
      const state = await page.evaluate(() => ({
        pwned: document.body.dataset.pwned ?? null,
        scripts: document.querySelectorAll("main script, .prose script").length,
        handlers: [...document.querySelectorAll(".prose *")].filter((element) => [...element.attributes].some((attribute) => attribute.name.startsWith("on"))).length,
        images: document.querySelectorAll(".prose img").length,
      }));
      expect(state, item.path).toEqual({ pwned: null, scripts: 0, handlers: 0, images: 0 });
    }
  });
});
