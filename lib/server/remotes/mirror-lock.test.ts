import { mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { withMirrorLock } from "./mirror-lock";

test("two holders of one mirror's lock run one after the other; a stale lock is taken over", async () => {
  const mirror = path.join(mkdtempSync(path.join(os.tmpdir(), "baton-lock-")), "r1.git");
  const order: string[] = [];
  const slow = (name: string) => async () => {
    order.push(`${name} start`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    order.push(`${name} end`);
  };
  await Promise.all([withMirrorLock(mirror, 10_000, slow("a"), 10), withMirrorLock(mirror, 10_000, slow("b"), 10)]);
  expect(order).toEqual(["a start", "a end", "b start", "b end"]);

  writeFileSync(`${mirror}.lock`, "99999\n");
  const old = new Date(Date.now() - 60_000);
  utimesSync(`${mirror}.lock`, old, old);
  expect(await withMirrorLock(mirror, 1000, async () => "taken", 10)).toBe("taken");
});
