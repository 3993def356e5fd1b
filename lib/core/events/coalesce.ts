/**
 * Bursts coalesced per (kind, id): a change is sent at once when its record has not been announced in
 * the last `windowMs`; further changes of the same record inside the window are held and sent once at
 * its end with the highest version seen. An isolated claim reaches the page with no added delay, while
 * a scan touching one record many times (or a client retrying writes) costs one refetch per window.
 * Pure: the clock and the timer are given.
 */
import type { BatonEvent } from "./baton-event";

export interface CoalescerClock {
  now(): number;
  /** Runs `run` after `ms`; returns a cancel function. */
  schedule(run: () => void, ms: number): () => void;
}

const keyOf = (event: BatonEvent) => `${event.kind}\u0000${event.id}`;

export class EventCoalescer {
  /** When each record was last sent. Entries older than the window are dropped at each flush. */
  private lastSent = new Map<string, number>();
  private held = new Map<string, BatonEvent>();
  private cancelTimer: (() => void) | null = null;

  constructor(
    private readonly send: (event: BatonEvent) => void,
    private readonly clock: CoalescerClock,
    private readonly windowMs = 100,
  ) {}

  push(event: BatonEvent): void {
    const key = keyOf(event);
    const held = this.held.get(key);
    if (held) {
      if (event.version > held.version) this.held.set(key, event);
      return;
    }
    const now = this.clock.now();
    // Many distinct records and no burst: nothing flushes, so prune here to keep the map small.
    if (this.lastSent.size >= 1024) this.prune(now);
    const last = this.lastSent.get(key);
    if (last === undefined || now - last >= this.windowMs) {
      this.lastSent.set(key, now);
      this.send(event);
      return;
    }
    this.held.set(key, event);
    this.cancelTimer ??= this.clock.schedule(() => this.flush(), this.windowMs - (now - last));
  }

  /** Events held for their window's end. */
  get heldCount(): number {
    return this.held.size;
  }

  /** Sends everything held now (also what the timer does at the window's end). */
  flush(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    const now = this.clock.now();
    const held = [...this.held.values()];
    this.held.clear();
    this.prune(now);
    for (const event of held) {
      this.lastSent.set(keyOf(event), now);
      this.send(event);
    }
  }

  private prune(now: number): void {
    for (const [key, at] of this.lastSent) if (now - at >= this.windowMs) this.lastSent.delete(key);
  }

  close(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.held.clear();
    this.lastSent.clear();
  }
}
