import { expect, test } from "vitest";
import { inScanTurn } from "./scan-turn";

test("scans asked for at once run one after the other, in the order asked; a failed one does not block the next", async () => {
  const events: string[] = [];
  const scan = (name: string, fail = false) =>
    inScanTurn(async () => {
      events.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      events.push(`${name} end`);
      if (fail) throw new Error(`${name} failed`);
      return name;
    });
  const results = await Promise.allSettled([scan("rescan"), scan("remote", true), scan("watcher")]);
  expect(events).toEqual(["rescan start", "rescan end", "remote start", "remote end", "watcher start", "watcher end"]);
  expect(results.map((result) => (result.status === "fulfilled" ? result.value : (result.reason as Error).message))).toEqual(["rescan", "remote failed", "watcher"]);
});
