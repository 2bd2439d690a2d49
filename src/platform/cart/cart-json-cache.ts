/**
 * The `/cart.js` answers this server last wrote, as bytes, so a cart read
 * again unchanged is not priced and serialized again. An answer is kept for
 * the cart's row version and the catalog it was priced with: any change of
 * the cart (here or on another server) gives its row a new version, a
 * catalog change loads a new catalog, and a settings change builds a new
 * shop with a new cache. A cart with discount codes is never kept: whether a
 * code applies depends on the time and on the code's uses.
 */
import type { Catalog } from "../catalog/catalog.ts";

/** The bytes of answers kept per site; the least recently read go first. */
export const MAX_CART_JSON_BYTES = 8 * 1024 * 1024;

const encoder = new TextEncoder();

interface KeptCartJson {
  version: string;
  catalog: Catalog;
  body: Uint8Array<ArrayBuffer>;
}

export class CartJsonCache {
  private readonly kept = new Map<string, KeptCartJson>();
  private bytes = 0;
  private readonly maxBytes: number;

  constructor(maxBytes = MAX_CART_JSON_BYTES) {
    this.maxBytes = maxBytes;
  }

  /** The answer kept for this cart at `version` priced with `catalog`, if any. */
  get(token: string, version: string, catalog: Catalog): Uint8Array<ArrayBuffer> | undefined {
    const kept = this.kept.get(token);
    if (!kept || kept.version !== version || kept.catalog !== catalog) return undefined;
    // Read again: it becomes the most recently used.
    this.kept.delete(token);
    this.kept.set(token, kept);
    return kept.body;
  }

  /** Keeps `json`, the answer for this cart at `version` priced with `catalog`, and gives back its bytes. */
  keep(token: string, version: string, catalog: Catalog, json: string): Uint8Array<ArrayBuffer> {
    // Its own buffer, not a slice of a shared pool that would hold more than it counts.
    const body = encoder.encode(json);
    this.forget(token);
    if (body.length > this.maxBytes) return body;
    this.kept.set(token, { version, catalog, body });
    this.bytes += body.length;
    for (const [oldest, entry] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= entry.body.length;
    }
    return body;
  }

  forget(token: string): void {
    const kept = this.kept.get(token);
    if (!kept) return;
    this.kept.delete(token);
    this.bytes -= kept.body.length;
  }

  /** Bytes kept, for tests and the memory benchmark. */
  get size(): number {
    return this.bytes;
  }
}
