/**
 * The order-keeping write queue of an agent scan (scan-agents.ts): parsing threads hand it each
 * parsed unit's write and go on parsing while earlier writes run, instead of waiting for every write
 * (on PostgreSQL, round trips to a server that shares the machine's cores).
 */

/**
 * Writes run one at a time, in the order pushed. `push` resolves once the write is queued and the
 * writes waiting weigh less than `ahead` (not when it is written); each write weighs what its caller
 * says (ingest: the bytes its unit read), 1 by default. The first failure stops the queue (`failed`)
 * and is thrown by `drained`, and by every later `push`.
 */
export class WriteQueue {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;
  private error: { value: unknown } | null = null;
  private room: (() => void)[] = [];

  constructor(private readonly ahead: number) {}

  get failed(): boolean {
    return this.error !== null;
  }

  private throwIfFailed(): void {
    if (this.error !== null) throw this.error.value;
  }

  async push(write: () => Promise<void>, weight = 1): Promise<void> {
    this.throwIfFailed();
    this.waiting += weight;
    this.tail = this.tail.then(async () => {
      try {
        if (this.error === null) await write();
      } catch (error) {
        this.error ??= { value: error };
      } finally {
        this.waiting -= weight;
        // After a failure every waiting lane is let go (it throws); else the next one in line.
        if (this.error !== null) for (const resolve of this.room.splice(0)) resolve();
        else this.room.shift()?.();
      }
    });
    while (this.waiting >= this.ahead && !this.failed) await new Promise<void>((resolve) => this.room.push(resolve));
    this.throwIfFailed();
  }

  /** Resolves when every queued write is done (or skipped after a failure); never throws. */
  settled(): Promise<void> {
    return this.tail;
  }

  /** Resolves when every queued write is done; throws the first failure. */
  async drained(): Promise<void> {
    await this.tail;
    this.throwIfFailed();
  }
}
