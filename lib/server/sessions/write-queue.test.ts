import { describe, expect, it } from "vitest";
import { WriteQueue } from "./write-queue";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("WriteQueue", () => {
  it("runs writes one at a time in the order pushed, while pushers go on", async () => {
    const queue = new WriteQueue(8);
    const log: string[] = [];
    let running = 0;
    const write = (name: string, waits: number) => async () => {
      running += 1;
      expect(running).toBe(1);
      log.push(`start ${name}`);
      for (let index = 0; index < waits; index += 1) await tick();
      log.push(`end ${name}`);
      running -= 1;
    };
    await queue.push(write("a", 3));
    await queue.push(write("b", 0));
    await queue.push(write("c", 1));
    // Pushing did not wait for the writes.
    expect(log.filter((entry) => entry.startsWith("end"))).toEqual([]);
    await queue.drained();
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
  });

  it("makes a pusher wait while `ahead` writes are queued", async () => {
    const queue = new WriteQueue(2);
    const releases: (() => void)[] = [];
    const blocked = () => new Promise<void>((resolve) => releases.push(resolve));
    await queue.push(blocked);
    let second = false;
    const pushing = queue.push(blocked).then(() => (second = true));
    await tick();
    expect(second).toBe(false);
    releases.shift()!();
    await pushing;
    expect(second).toBe(true);
    await tick();
    for (const release of releases.splice(0)) release();
    await queue.drained();
  });

  it("stops at the first failure: later writes are skipped, pushers and drained() throw it", async () => {
    const queue = new WriteQueue(4);
    const ran: string[] = [];
    await queue.push(async () => {
      ran.push("a");
      throw new Error("disk full");
    });
    await queue.push(async () => void ran.push("b")).catch(() => undefined);
    await queue.settled();
    expect(ran).toEqual(["a"]);
    expect(queue.failed).toBe(true);
    await expect(queue.push(async () => void ran.push("c"))).rejects.toThrow("disk full");
    await expect(queue.drained()).rejects.toThrow("disk full");
    expect(ran).toEqual(["a"]);
  });

  it("lets every waiting pusher go, with the error, when a write fails", async () => {
    const queue = new WriteQueue(2);
    let fail: (error: Error) => void = () => undefined;
    await queue.push(() => new Promise<void>((_resolve, reject) => (fail = reject)));
    const waiting = [queue.push(async () => undefined), queue.push(async () => undefined)];
    await tick();
    fail(new Error("connection lost"));
    for (const pushing of waiting) await expect(pushing).rejects.toThrow("connection lost");
    await expect(queue.drained()).rejects.toThrow("connection lost");
  });
});
