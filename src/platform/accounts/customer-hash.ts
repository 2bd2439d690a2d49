/**
 * The customer id + hash a page carries for a logged-in customer (as Shopify
 * themes expose `customer.id`): the hash is HMAC-SHA256 of the id and the
 * customer's hash generation under `CUSTOMER_HASH_SECRET`, or under a secret
 * the shop generated and keeps in its database. Whoever posts an id with its
 * hash is that customer's page. A password reset moves the generation on, so
 * a hash copied before it stops working; what is kept by customer id (the
 * saved-for-later list) stays theirs under the new hash.
 */
import type { Database } from "../db/database.ts";
import { hmacHex, sameText } from "./secrets.ts";
import type { ShopSecrets } from "./shop-secrets.ts";

export class CustomerHasher {
  private readonly db: Database;
  private readonly secret: () => Promise<string>;

  constructor(db: Database, secrets: ShopSecrets, configured?: string) {
    this.db = db;
    this.secret = configured ? async () => configured : () => secrets.get("customer_hash");
  }

  /** The customer's hash; `generation` as the caller read it with the customer, else read now. */
  async hash(customerId: number, generation?: number): Promise<string> {
    const current = generation ?? (await this.generation(customerId));
    // Generation 0 is the id alone, as hashes were made before generations.
    return hmacHex(await this.secret(), current === 0 ? String(customerId) : `${customerId}:${current}`);
  }

  private async generation(customerId: number): Promise<number> {
    const [row] = await this.db.query<{ hash_generation: number }>("select hash_generation from customers where id = $1", [customerId]);
    return row?.hash_generation ?? 0;
  }

  /**
   * Whether a posted id and hash belong together (compared in constant time).
   * Answers the customer id when they do, else null: a tampered hash, one
   * from before a password reset, or another customer's, proves nothing.
   */
  async verify(id: unknown, hash: unknown): Promise<number | null> {
    const customerId = typeof id === "number" ? id : typeof id === "string" && /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : Number.NaN;
    if (!Number.isSafeInteger(customerId) || customerId <= 0 || typeof hash !== "string") return null;
    return sameText(await this.hash(customerId), hash.toLowerCase()) ? customerId : null;
  }
}
