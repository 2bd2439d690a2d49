/**
 * Reads by key that arrive within one turn of the event loop go to the
 * database as one query: under load a shop answers dozens of cart reads at
 * once, and each query costs a round trip whose write and wake-up outweigh
 * the read itself. A key asked for twice in a batch is read once. A read
 * alone waits only for the end of the current turn.
 */
export class KeyedBatch<K, R> {
  private waiting = new Map<K, { resolve: (row: R | undefined) => void; reject: (error: unknown) => void }[]>();
  private scheduled = false;
  private readonly load: (keys: K[]) => Promise<Map<K, R>>;
  private readonly max: number;

  /** `load` answers the rows it found by key; `max` keys at most go in one query. */
  constructor(load: (keys: K[]) => Promise<Map<K, R>>, max = 200) {
    this.load = load;
    this.max = max;
  }

  get(key: K): Promise<R | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (this.waiting.size >= this.max) this.send();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.send());
      }
    });
  }

  private send(): void {
    this.scheduled = false;
    if (this.waiting.size === 0) return;
    const batch = this.waiting;
    this.waiting = new Map();
    this.load([...batch.keys()]).then(
      (rows) => {
        for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(rows.get(key));
      },
      (error: unknown) => {
        for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      },
    );
  }
}
