/**
 * A map that keeps only its most recently used entries: reading or writing
 * an entry makes it the newest, and past `limit` entries the oldest goes.
 * For the caches that must stay bounded however many keys arrive.
 */
export class RecentMap<K, V> {
  private readonly entries = new Map<K, V>();
  private readonly limit: number;
  /**
   * The key last written or moved, so the newest entry whenever it is there
   * (only `set` brings a key back): read or written again without moving it,
   * as most reads and writes are of the entry just used.
   */
  private newest: K | undefined;

  constructor(limit: number) {
    this.limit = limit;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value under `key`, which becomes the newest entry; undefined when there is none. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined || this.newest === key) return value;
    this.entries.delete(key);
    this.entries.set(key, value);
    this.newest = key;
    return value;
  }

  /** The value under `key` without making it the newest (a look that should not keep it). */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Keeps `value` under `key` as the newest entry, letting the oldest go past the limit. */
  set(key: K, value: V): void {
    // The newest entry, if still there, is last already: writing it in place keeps it so.
    if (this.newest !== key) this.entries.delete(key);
    this.entries.set(key, value);
    this.newest = key;
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
