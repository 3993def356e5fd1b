import { mkdirSync } from "node:fs";
import { expect, test, type Page, oncePerRun } from "./fixtures/test";
import { screenshotsWanted, shot } from "./screenshot";

oncePerRun(test, "sqlite-2", "its pages look the same whatever the database");

/**
 * Screenshots of the polished pages, for people to look at (test-results/screenshots). The README's own
 * pictures come from the demo workspace alone (`npm run screenshots`): this run has test repos in it.
 */
async function docShot(page: Page, name: string) {
  if (!screenshotsWanted) return;
  mkdirSync("test-results/screenshots", { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screenshots/${name}.png` });
}

/** Every page a reader can reach, records included (their addresses read from the lists). */
async function everyPage(page: Page): Promise<{ name: string; address: string }[]> {
  await page.goto("/sessions");
  const session = await page.getByRole("table", { name: "Sessions" }).getByRole("link", { name: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d" }).getAttribute("href");
  await page.goto("/handoffs?q=route-tests");
  const handoff = await page.getByRole("table", { name: "Handoffs" }).getByRole("link", { name: "route-tests" }).getAttribute("href");
  await page.goto("/chains");
  const chain = await page.getByRole("region", { name: "acme-billing" }).getByRole("link", { name: /Graph of/ }).getAttribute("href");
  return [
    { name: "overview", address: "/" },
    { name: "handoffs", address: "/handoffs" },
    { name: "handoff", address: handoff! },
    { name: "chains", address: "/chains" },
    { name: "chain-graph", address: chain! },
    { name: "sessions", address: "/sessions" },
    { name: "session", address: session! },
    { name: "errors", address: "/errors" },
    { name: "sources", address: "/sources" },
    { name: "not-found", address: "/handoffs/no-such-handoff" },
  ];
}

/**
 * Text whose contrast with what is behind it is below WCAG AA (4.5:1; 3:1 for large text). Colours are
 * read from computed styles through a canvas (Tailwind 4 writes oklch()), backgrounds composited up
 * the ancestors until an opaque one.
 */
async function lowContrastText(page: Page) {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true })!;
    const rgba = (color: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = "#000";
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = (top: [number, number, number, number], bottom: [number, number, number]): [number, number, number] =>
      [0, 1, 2].map((index) => top[index]! * top[3] + bottom[index]! * (1 - top[3])) as [number, number, number];
    const background = (element: Element): [number, number, number] => {
      const layers: [number, number, number, number][] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const color = rgba(getComputedStyle(node).backgroundColor);
        if (color[3] > 0) layers.push(color);
        if (color[3] >= 1) break;
      }
      let result: [number, number, number] = [255, 255, 255];
      for (const layer of layers.reverse()) result = over(layer, result);
      return result;
    };
    const luminance = ([r, g, b]: [number, number, number]) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const failures: string[] = [];
    const elements = [...document.querySelectorAll("main *, nav *")].filter(
      (element) => [...element.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && child.textContent!.trim() !== "") && !element.closest("svg, [aria-hidden=true], .react-flow__attribution, option, select, input"),
    );
    for (const element of elements) {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || style.visibility === "hidden") continue;
      let opacity = 1;
      for (let node: Element | null = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
      if (opacity < 1) continue; // disabled controls and struck-through toggles: exempt
      const back = background(element);
      const text = over(rgba(style.color), back);
      const [light, dark] = [luminance(text), luminance(back)].sort((a, b) => b - a) as [number, number];
      const ratio = (light + 0.05) / (dark + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) failures.push(`${ratio.toFixed(2)} "${element.textContent!.trim().slice(0, 40)}" (${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)})`);
    }
    return failures;
  });
}

test("dark mode: set before the first paint from the system, on every page, with AA contrast; the toggle persists", async ({ page }) => {
  const pages = await everyPage(page);
  await page.emulateMedia({ colorScheme: "dark" });
  for (const { name, address } of pages) {
    await page.goto(address);
    // The class is on <html> as the document arrives (the inline script ran, its CSP nonce accepted).
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    if (name === "chain-graph") await expect(page.getByTestId("graph-node").first()).toBeVisible();
    expect(await lowContrastText(page), `${name}: text below WCAG AA`).toEqual([]);
    await shot(page, `dark-${name}`);
    if (name === "overview") await docShot(page, "overview-dark");
  }

  // The choice wins over the system's preference and survives a reload.
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  expect(await lowContrastText(page), "overview (light): text below WCAG AA").toEqual([]);
  const theme = page.getByRole("radiogroup", { name: "Colour theme" });
  await theme.getByRole("radio", { name: /Dark/ }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(theme.getByRole("radio", { name: /Dark/ })).toHaveAttribute("aria-checked", "true");
  await theme.getByRole("radio", { name: /System/ }).click();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
});

test("the command palette works from the keyboard alone, and the handoff list highlights matches", async ({ page }) => {
  await page.goto("/");
  // Skip link: the first Tab stop, and it moves focus to the page's content.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();

  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog");
  const input = palette.getByRole("combobox");
  await expect(input).toBeFocused();
  await page.keyboard.type("route");
  // Grouped results: handoffs by full text, pages by name.
  await expect(palette.getByRole("group", { name: "Handoffs" }).getByRole("option").first()).toContainText("route-tests");
  await expect(palette.locator("mark").first()).toHaveText(/route/i);
  await shot(page, "command-palette");
  await docShot(page, "command-palette");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/handoffs\/[0-9a-f]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "route-tests" })).toBeVisible();
  await expect(palette).toBeHidden();

  // "/" opens it too (outside a field); sessions by id, pages by name; arrows move, Enter opens.
  await page.locator("body").press("/");
  await expect(input).toBeFocused();
  await page.keyboard.type("9a8b7c6d");
  // An id names the session exactly: its group comes first, selected. The handoff written in that
  // session matches too (its text names the id), after it: End moves to it, Home back.
  const sessionOption = palette.getByRole("group", { name: "Sessions" }).getByRole("option");
  await expect(sessionOption).toHaveCount(1);
  await expect(sessionOption).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("End");
  await expect(palette.getByRole("group", { name: "Handoffs" }).getByRole("option").last()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Home");
  await expect(sessionOption).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/sessions\/[0-9a-f]+$/);
  await page.keyboard.press("Control+k");
  await page.keyboard.type("sources");
  // A page whose name starts with the query comes first, highlighted.
  await expect(palette.getByRole("group", { name: "Pages" }).getByRole("option", { name: /Sources/ })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/sources$/);
  await page.keyboard.press("Control+k");
  await expect(input).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(palette).toBeHidden();

  // Typing "/" in a search box types it.
  await page.goto("/handoffs");
  const search = page.getByRole("searchbox");
  await search.fill("webhook");
  await search.press("/");
  await expect(search).toHaveValue("webhook/");
  await expect(palette).toBeHidden();
  await search.fill("route");
  const table = page.getByRole("table", { name: "Handoffs" });
  await expect(table.locator("mark").first()).toHaveText(/route/i);
  await expect(table.getByRole("link", { name: "route-tests" }).locator("mark")).toHaveText("route");
});

test("on a phone no page scrolls sideways, no table is cut, and the menu opens every page", async ({ page }) => {
  const pages = await everyPage(page);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const dark of [false, true]) {
    await page.emulateMedia({ colorScheme: dark ? "dark" : "light" });
    for (const { name, address } of pages) {
      await page.goto(address);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      const measured = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        // A table is cut when its frame hides what sticks out, or when a cell ends past the screen.
        cutTables: [...document.querySelectorAll("table")]
          .filter((table) => {
            const frame = table.parentElement!;
            const hidden = getComputedStyle(frame).overflowX === "hidden" && table.scrollWidth > frame.clientWidth;
            const scrolls = frame.scrollWidth > frame.clientWidth;
            // Data cells: on a phone a list table's header row is kept for screen readers only (clipped).
            const beyond = [...table.querySelectorAll("td")].some((cell) => cell.getBoundingClientRect().right > window.innerWidth + 1 && getComputedStyle(cell).display !== "none");
            return hidden || (beyond && !scrolls);
          })
          .map((table) => table.getAttribute("aria-label") ?? "table"),
      }));
      expect(measured.scrollWidth, `${name}: page wider than the phone`).toBeLessThanOrEqual(measured.innerWidth);
      expect(measured.cutTables, `${name}: tables cut off`).toEqual([]);
      if (dark) await shot(page, `phone-dark-${name}`);
    }
  }
  // List tables are cards on a phone: every cell starts inside the screen.
  await page.goto("/handoffs");
  const cells = await page.getByRole("table", { name: "Handoffs" }).locator("td").evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().left));
  expect(Math.max(...cells)).toBeLessThan(60);
  // The navigation is behind a menu, not under the logo.
  const menu = page.getByRole("button", { name: "Menu" });
  await menu.click();
  const nav = page.getByRole("navigation", { name: "Main" });
  const logo = (await page.getByRole("link", { name: "Baton" }).first().boundingBox())!;
  const first = (await nav.getByRole("link").first().boundingBox())!;
  expect(first.y).toBeGreaterThanOrEqual(logo.y + logo.height);
  await nav.getByRole("link", { name: "Chains" }).click();
  await expect(page).toHaveURL(/\/chains$/);
});

test("chain graph: readable at first sight, and a missing node explains itself", async ({ page }) => {
  await page.goto("/chains");
  await page.getByRole("region", { name: "acme-billing" }).getByRole("link", { name: /Graph of 7 handoffs/ }).click();
  const graph = page.getByTestId("chain-graph");
  await expect(graph.getByTestId("graph-node")).toHaveCount(7);
  const wholeGraph = page.url();
  // Node names as drawn on screen: font size × the initial zoom of the viewport.
  const measured = await page.evaluate(() => {
    const viewport = document.querySelector(".react-flow__viewport")!;
    const zoom = new DOMMatrix(getComputedStyle(viewport).transform).a;
    const names = [...document.querySelectorAll('[data-testid="graph-node-name"]')].map((name) => parseFloat(getComputedStyle(name).fontSize) * zoom);
    const frame = document.querySelector('[data-testid="chain-graph"]')!.getBoundingClientRect();
    const nodes = [...document.querySelectorAll('[data-testid="graph-node"], [data-testid="missing-node"]')].map((node) => node.getBoundingClientRect());
    return {
      zoom,
      smallest: Math.min(...names),
      inside: nodes.every((box) => box.left >= frame.left - 1 && box.right <= frame.right + 1 && box.top >= frame.top - 1 && box.bottom <= frame.bottom + 1),
      // Share of the frame's area the graph's bounding box fills: little empty margin.
      filled: (() => {
        const left = Math.min(...nodes.map((box) => box.left));
        const right = Math.max(...nodes.map((box) => box.right));
        const top = Math.min(...nodes.map((box) => box.top));
        const bottom = Math.max(...nodes.map((box) => box.bottom));
        return ((right - left) * (bottom - top)) / (frame.width * frame.height);
      })(),
    };
  });
  test.info().annotations.push({ type: "graph", description: `zoom ${measured.zoom.toFixed(2)}, smallest node name ${measured.smallest.toFixed(1)} px, graph fills ${(measured.filled * 100).toFixed(0)} % of its frame` });
  expect(measured.smallest).toBeGreaterThanOrEqual(12);
  expect(measured.inside).toBe(true);
  expect(measured.filled).toBeGreaterThan(0.5);
  // The legend says what the "working-tree" edge means.
  await expect(page.getByRole("region", { name: "Legend" })).toContainText("working-tree");
  await expect(page.getByRole("region", { name: "Legend" })).toContainText("only in the working tree");
  await docShot(page, "chain-graph");

  await graph.getByTestId("missing-node").click();
  const panel = page.getByTestId("missing-panel");
  await expect(panel).toContainText("docs/ai/handoff/codex/19112026/handoff_audit-spike.md");
  await expect(panel.getByRole("link", { name: "audit-log-schema" })).toBeVisible();
  await expect(panel).toContainText("How to fix it");
  await shot(page, "chain-missing-node");

  // One name per chain: the list's name is the dropdown's and the page title's.
  await page.goto("/chains");
  const chainLink = page.getByRole("region", { name: "acme-billing" }).getByRole("link", { name: "audit-log-schema" });
  await chainLink.click();
  await expect(page).toHaveTitle("audit-log-schema · acme-billing · Baton");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("audit-log-schema");
  await expect(page.getByLabel("Chain").locator("option:checked")).toHaveText("audit-log-schema (1 handoff)");
  // Choosing another chain shows it at once.
  await page.getByLabel("Chain").selectOption({ label: "All chains" });
  await expect(page).toHaveURL(/\/chains\/[^?]+\?chain=$/);
  await expect(graph.getByTestId("graph-node")).toHaveCount(7);
  await page.goto(wholeGraph);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(graph.locator('[data-layout="down"]')).toBeVisible();
  await expect(graph.getByTestId("graph-node")).toHaveCount(7);
  await docShot(page, "chain-graph-phone");
});

test("resume dialog: Copied belongs to the tab and button that copied; warnings come before the copy buttons", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  // audit-log-schema has lint errors.
  await page.goto("/handoffs?q=audit-log-schema");
  await page.getByRole("table", { name: "Handoffs" }).getByRole("link", { name: "audit-log-schema" }).click();
  await page.getByRole("button", { name: "Resume…" }).click();
  const dialog = page.getByRole("dialog", { name: "Resume this handoff" });
  const warnings = dialog.getByRole("region", { name: "Before you resume" });
  await expect(warnings).toContainText("lint error");
  // The warning sits above the first copy button.
  const warningBox = (await warnings.boundingBox())!;
  const copyBox = (await dialog.getByRole("button", { name: "Copy command" }).first().boundingBox())!;
  expect(warningBox.y + warningBox.height).toBeLessThanOrEqual(copyBox.y);

  await dialog.getByRole("button", { name: "Copy command" }).first().click();
  const commandStatus = dialog.getByRole("region", { name: "Command" }).getByRole("status").first();
  await expect(commandStatus).toHaveText("Copied to clipboard");
  // The prompt's button did not copy: it says nothing.
  await expect(dialog.getByRole("region", { name: "Prompt" }).getByRole("status")).toHaveText("");
  await dialog.getByRole("tab", { name: /Codex/ }).click();
  await expect(dialog.getByText("Copied to clipboard")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Copy command" }).first()).toHaveText("Copy command");
  await dialog.getByRole("button", { name: "Copy prompt" }).click();
  await expect(dialog.getByRole("region", { name: "Prompt" }).getByRole("status")).toHaveText("Copied to clipboard");
  await expect(dialog.getByRole("region", { name: "Command" }).getByRole("status").first()).toHaveText("");
  await dialog.getByRole("tab", { name: /Any other agent|Any agent/ }).click();
  await expect(dialog).toContainText("paste");
  await shot(page, "resume-dialog-tabs");
});

test("sessions: filters apply as they change; the cumulative chart has a log scale and per-type toggles", async ({ page }) => {
  await page.goto("/sessions");
  await page.getByLabel("Runtime").selectOption({ label: "Codex" });
  await expect(page).toHaveURL(/runtime=codex/);
  const table = page.getByRole("table", { name: "Sessions" });
  await expect(table.locator("[data-runtime]").first()).toHaveText("Codex");
  await expect(table.locator('[data-runtime]:not([data-runtime="codex"])')).toHaveCount(0);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/sessions$/);

  await page.goto("/sessions?sort=peak");
  await table.getByRole("link", { name: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d" }).click();
  const chart = page.getByTestId("cumulative-chart");
  await chart.getByRole("radio", { name: "Log scale" }).click();
  await expect(chart).toHaveAttribute("data-scale", "log");
  await expect(chart.locator(".recharts-line")).not.toHaveCount(0);
  await chart.getByRole("button", { name: "cache read" }).click();
  await expect(chart.getByRole("button", { name: "cache read" })).toHaveAttribute("aria-pressed", "false");
  await shot(page, "session-cumulative-log");
});

test("every page has its own title; unknown addresses answer 404; robots, manifest and icons are served", async ({ page, request }) => {
  for (const { name, address } of await everyPage(page)) {
    const response = await page.goto(address);
    const title = await page.title();
    expect(title, name).toMatch(/ · Baton$/);
    if (name === "not-found") {
      expect(response!.status()).toBe(404);
      expect(title).toMatch(/not found · Baton$/i);
    }
  }
  expect((await request.get("/no/such/page")).status()).toBe(404);
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/User-agent: \*\s+Disallow: \/\s*$/m);
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  const icons = ((await manifest.json()) as { icons: { src: string }[] }).icons;
  for (const icon of icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
});
