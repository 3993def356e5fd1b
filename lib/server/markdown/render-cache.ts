/**
 * A least-recently-used map bounded by the bytes its values hold (each value's size as the caller
 * measures it), with optional expiry per entry.
 */
export interface ByteBoundedCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V, options?: { ttlMs?: number }): void;
  readonly bytes: number;
  readonly size: number;
}

export function createByteBoundedCache<V>({ maxBytes, sizeOf, now = Date.now }: { maxBytes: number; sizeOf: (value: V) => number; now?: () => number }): ByteBoundedCache<V> {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recent first.
  const entries = new Map<string, { value: V; bytes: number; expiresAt: number }>();
  let bytes = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        remove(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, { ttlMs = Infinity } = {}) {
      remove(key);
      const size = sizeOf(value) + key.length * 2;
      // A value larger than the whole cache is not kept (it would evict everything for one entry).
      if (size > maxBytes) return;
      entries.set(key, { value, bytes: size, expiresAt: now() + ttlMs });
      bytes += size;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    get bytes() {
      return bytes;
    },
    get size() {
      return entries.size;
    },
  };
}
