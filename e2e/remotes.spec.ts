/**
 * The Sources page's "Remote repositories" part, as the local admin uses it: add a remote (a local bare
 * repository: local paths are for admins, and need no allow-list), see the webhook secret once, the
 * first fetch's result, refresh it; refused URLs say why; the webhook route refuses unknown
 * repositories and bad signatures without a session.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, oncePerDatabase } from "./fixtures/test";
import { shot } from "./screenshot";

oncePerDatabase(test);

const HANDOFF = "docs/ai/handoff/claude-code/01122026/handoff_e2e-remote.md";
const MARKER = path.join(os.tmpdir(), "baton-e2e-remote-pwned");

function makeOrigin(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "baton-e2e-remote-"));
  const work = path.join(root, "work");
  const origin = path.join(root, "team-project.git");
  const git = (cwd: string, ...args: string[]) =>
    execFileSync("git", args, { cwd, env: { ...process.env, GIT_AUTHOR_NAME: "E2E", GIT_AUTHOR_EMAIL: "e2e@example.invalid", GIT_COMMITTER_NAME: "E2E", GIT_COMMITTER_EMAIL: "e2e@example.invalid", GIT_CONFIG_GLOBAL: "/dev/null" } });
  mkdirSync(path.join(work, path.dirname(HANDOFF)), { recursive: true });
  git(work, "init", "-q", "-b", "main");
  writeFileSync(
    path.join(work, HANDOFF),
    "# Handoff: remote\n\n## Session identity\n- Runtime: claude-code\n- Branch: main\n\n## Goal\nShow a remote's handoff.\n\n## State\n- [x] pushed\n\n## Next action\nReview it.\n",
  );
  git(work, "add", "-A");
  git(work, "commit", "-q", "-m", "handoff");
  git(root, "init", "-q", "--bare", origin);
  git(work, "push", "-q", origin, "main");
  return origin;
}

test("an admin adds a remote on the Sources page, sees the secret once and the fetch's result", async ({ page }) => {
  const origin = makeOrigin();
  await page.goto("/sources");
  const section = page.getByRole("region", { name: "Remote repositories" });
  await expect(section).toBeVisible();
  const form = page.getByRole("form", { name: "Add a remote repository" });

  await form.getByLabel(/^URL/).fill(`ext::sh -c touch% ${MARKER}`);
  await form.getByRole("button", { name: "Add remote" }).click();
  await expect(form.getByRole("alert")).toHaveText(/Not added: the 'ext::' transport is refused/);
  await form.getByLabel(/^URL/).fill("git://10.0.0.1/team/project.git");
  await form.getByRole("button", { name: "Add remote" }).click();
  await expect(form.getByRole("alert")).toHaveText(/Not added: .*loopback or private address/);
  expect(existsSync(MARKER)).toBe(false);

  await form.getByLabel(/^URL/).fill(origin);
  await form.getByLabel(/^Name/).fill("team-project");
  await form.getByRole("button", { name: "Add remote" }).click();
  const secret = form.getByTestId("webhook-secret");
  await expect(secret).toHaveText(/^[0-9a-f]{64}$/);
  const secretText = (await secret.textContent()) ?? "";
  await expect(form.getByTestId("webhook-once")).toContainText("/api/hooks/github");
  await shot(page, "sources-remote-added");

  // The first fetch runs in the background: reload until it has been fetched.
  await expect(async () => {
    await page.reload();
    await expect(page.locator('tr[data-remote="team-project"]').filter({ visible: true })).toContainText("1 handoff", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const row = page.locator('tr[data-remote="team-project"]').filter({ visible: true }); // the visible row: a live refresh holds a hidden copy for a moment
  await expect(row).toContainText("ok");
  expect(await page.content()).not.toContain(secretText);

  await row.getByRole("button", { name: "Refresh team-project" }).click();
  await expect(row.getByRole("button", { name: "Refresh team-project" })).toHaveText("Refresh");

  // A repository that is not there: its error in clear words.
  await form.getByLabel(/^URL/).fill(path.join(path.dirname(origin), "missing.git"));
  await form.getByLabel(/^Name/).fill("missing");
  await form.getByRole("button", { name: "Add remote" }).click();
  await expect(form.getByTestId("webhook-secret")).toHaveText(/^[0-9a-f]{64}$/);
  await expect(async () => {
    await page.reload();
    await expect(page.locator('tr[data-remote="missing"]')).toContainText("not found", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await shot(page, "sources-remotes");

  const handoffs = await (await page.request.get("/api/handoffs?pageSize=200")).json();
  expect(JSON.stringify(handoffs)).toContain("handoff_e2e-remote.md");

  // The API: the list never carries the secret; a foreign Origin cannot delete; DELETE removes.
  const listed = await page.request.get("/api/remotes");
  const text = await listed.text();
  expect(text).not.toContain(secretText);
  const { remotes } = JSON.parse(text) as { remotes: { id: string; name: string }[] };
  const missing = remotes.find((remote) => remote.name === "missing")!;
  const foreign = await page.request.delete(`/api/remotes/${missing.id}`, { headers: { Origin: "https://evil.example" } });
  expect(foreign.status()).toBe(403);
  const removed = await page.request.delete(`/api/remotes/${missing.id}`);
  expect(removed.status()).toBe(200);
  const after = (await (await page.request.get("/api/remotes")).json()) as { remotes: { name: string }[] };
  expect(after.remotes.map((remote) => remote.name)).toEqual(["team-project"]);
  expect((await page.request.post(`/api/remotes/${remotes.find((remote) => remote.name === "team-project")!.id}/refresh`, { data: {} })).status()).toBe(200);
});

test("the GitHub webhook route: an unknown repository is the same 401 as a bad signature, no JSON 400, no session needed", async ({ request }) => {
  const unknown = await request.post("/api/hooks/github", {
    data: JSON.stringify({ repository: { clone_url: "https://github.com/nobody/nothing.git" } }),
    headers: { "Content-Type": "application/json", "X-GitHub-Event": "push", "X-Hub-Signature-256": `sha256=${"0".repeat(64)}` },
  });
  expect(unknown.status()).toBe(401);
  const unsigned = await request.post("/api/hooks/github", { data: Buffer.from("{not json"), headers: { "Content-Type": "application/json", "X-GitHub-Event": "push" } });
  expect(unsigned.status()).toBe(401);
  const garbage = await request.post("/api/hooks/github", { data: Buffer.from("{not json"), headers: { "Content-Type": "application/json", "X-GitHub-Event": "push", "X-Hub-Signature-256": `sha256=${"0".repeat(64)}` } });
  expect(garbage.status()).toBe(400);
});
