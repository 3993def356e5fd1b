import { describe, expect, it } from "vitest";
import type { BatonEvent } from "../../core/events/baton-event";
import type { EventListener } from "./event-bus";
import { closeAllEventStreams, createEventStream, openStreamCount } from "./event-stream";

function fakeBus() {
  const listeners = new Set<EventListener>();
  const resyncs = new Set<() => void>();
  return {
    subscribe: (listener: EventListener, options?: { onResync?: () => void }) => {
      listeners.add(listener);
      if (options?.onResync) resyncs.add(options.onResync);
      return () => {
        listeners.delete(listener);
        if (options?.onResync) resyncs.delete(options.onResync);
      };
    },
    emit: (event: BatonEvent) => listeners.forEach((listener) => listener(event)),
    resync: () => resyncs.forEach((listener) => listener()),
    count: () => listeners.size,
  };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
  }
}

async function readSome(reader: ReadableStreamDefaultReader<Uint8Array>, until: (text: string) => boolean): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  while (!until(text)) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

describe("the live event stream", () => {
  it("sends each change as a data line, signals resync, and unsubscribes when the request is aborted", async () => {
    const bus = fakeBus();
    const abort = new AbortController();
    const stream = createEventStream({ subscribe: bus.subscribe, signal: abort.signal });
    expect(bus.count()).toBe(1);
    const reader = stream.getReader();
    bus.emit({ kind: "review", id: "r1", version: 2 });
    bus.emit({ kind: "comment", id: "r1", version: 1 });
    bus.resync();
    const text = await readSome(reader, (sofar) => sofar.includes("event: resync"));
    expect(text).toContain("retry: 2000\n\n");
    expect(text).toContain('data: {"kind":"review","id":"r1","version":2}\n\n');
    expect(text).toContain('data: {"kind":"comment","id":"r1","version":1}\n\n');
    abort.abort();
    expect(bus.count()).toBe(0);
    expect((await reader.read()).done).toBe(true);
  });

  it("unsubscribes when the reader cancels, and counts open streams", async () => {
    const bus = fakeBus();
    const before = openStreamCount();
    const stream = createEventStream({ subscribe: bus.subscribe });
    expect(openStreamCount()).toBe(before + 1);
    await stream.cancel();
    expect(bus.count()).toBe(0);
    expect(openStreamCount()).toBe(before);
  });

  it("sends a heartbeat comment on its interval", async () => {
    const bus = fakeBus();
    const abort = new AbortController();
    const reader = createEventStream({ subscribe: bus.subscribe, signal: abort.signal, heartbeatMs: 20 }).getReader();
    const text = await readSome(reader, (sofar) => sofar.includes(": ping"));
    expect(text).toContain(": ping\n\n");
    abort.abort();
  });

  it("coalesces a burst on one record to its first and its highest version", async () => {
    const bus = fakeBus();
    const abort = new AbortController();
    const reader = createEventStream({ subscribe: bus.subscribe, signal: abort.signal, coalesceMs: 30 }).getReader();
    for (let version = 1; version <= 50; version++) bus.emit({ kind: "review", id: "r1", version });
    const text = await readSome(reader, (sofar) => sofar.includes('"version":50'));
    expect(text.match(/^data: .*$/gm)).toEqual(['data: {"kind":"review","id":"r1","version":1}', 'data: {"kind":"review","id":"r1","version":50}']);
    abort.abort();
  });

  it("drops a client that stops reading once its queue is full, telling it to reconnect", async () => {
    const bus = fakeBus();
    const stream = createEventStream({ subscribe: bus.subscribe, maxQueued: 16 });
    for (let index = 0; index < 1_000; index++) bus.emit({ kind: "handoff", id: `h${index}`, version: 1 });
    expect(bus.count()).toBe(0);
    const text = await readAll(stream);
    const lines = text.split("\n\n").filter(Boolean);
    expect(lines.length).toBeLessThanOrEqual(17);
    expect(lines.at(-1)).toBe('event: reconnect\ndata: {"reason":"slow client"}');
  });

  it("ends every open stream at shutdown with a reconnect, so the server's graceful close is not held open", async () => {
    const bus = fakeBus();
    const before = openStreamCount();
    const streams = [createEventStream({ subscribe: bus.subscribe }), createEventStream({ subscribe: bus.subscribe })];
    const gone = createEventStream({ subscribe: bus.subscribe, signal: AbortSignal.abort() });
    expect(openStreamCount()).toBe(before + 2);
    expect(closeAllEventStreams("server stopping")).toBe(2);
    expect(bus.count()).toBe(0);
    expect(openStreamCount()).toBe(before);
    for (const stream of streams) expect((await readAll(stream)).endsWith('event: reconnect\ndata: {"reason":"server stopping"}\n\n')).toBe(true);
    expect(await readAll(gone)).toBe("");
    expect(closeAllEventStreams("again")).toBe(0);
  });
});

describe("a stream opened with a credential", () => {
  it("ends with event: reconnect when an access event names its user and the credential no longer holds; other users' events change nothing and are never sent", async () => {
    const bus = fakeBus();
    let valid = true;
    let checks = 0;
    const stream = createEventStream({ subscribe: bus.subscribe, access: { userId: "u1", stillValid: async () => (checks++, valid), recheckMs: 3_600_000 } });
    const reader = stream.getReader();
    await readSome(reader, (text) => text.includes("connected"));
    bus.emit({ kind: "access", id: "u2", version: 0 });
    expect(checks).toBe(0);
    bus.emit({ kind: "access", id: "u1", version: 0 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(checks).toBe(1);
    valid = false;
    bus.emit({ kind: "review", id: "r1", version: 1 });
    bus.emit({ kind: "access", id: "u1", version: 0 });
    const text = await readAll(new ReadableStream({ pull: async (controller) => {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    } }));
    expect(text).toContain("event: reconnect");
    expect(text).toContain("credential revoked");
    expect(text).not.toContain('"kind":"access"');
    expect(bus.count()).toBe(0);
  });

  it("checks again on its own every recheckMs (a session that simply expired)", async () => {
    const bus = fakeBus();
    const stream = createEventStream({ subscribe: bus.subscribe, access: { userId: "u1", stillValid: async () => false, recheckMs: 20 } });
    const text = await readAll(stream);
    expect(text).toContain("event: reconnect");
    expect(bus.count()).toBe(0);
  });
});
