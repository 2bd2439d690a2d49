import { CallBatch } from "./call-batch.ts";

/**
 * Reads by key that arrive within one turn of the event loop go to the
 * database as one query: under load a shop answers dozens of cart reads at
 * once, and each query costs a round trip whose write and wake-up outweigh
 * the read itself. A key asked for twice in a batch is read once. A read
 * alone waits only for the end of the current turn. A read changes nothing,
 * so a failed load fails its readers and is not sent again.
 */
export class KeyedBatch<K, R> {
  private readonly calls: CallBatch<K, R | undefined>;

  /** `load` answers the rows it found by key; `max` reads at most go in one query. */
  constructor(load: (keys: K[]) => Promise<Map<K, R>>, max = 200) {
    this.calls = new CallBatch<K, R | undefined>(
      async (key) => (await load([key])).get(key),
      async (keys) => {
        const rows = await load([...new Set(keys)]);
        return keys.map((key) => rows.get(key));
      },
      () => false,
      max,
    );
  }

  get(key: K): Promise<R | undefined> {
    return this.calls.run(key);
  }
}
