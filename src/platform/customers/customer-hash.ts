/**
 * The customer id + hash a page carries for a logged-in customer (as Shopify
 * themes expose `customer.id`): the hash is HMAC-SHA256 of the id under
 * `CUSTOMER_HASH_SECRET`, or under a secret the shop generated and keeps in
 * its database. Whoever posts an id with its hash is that customer's page.
 */
import { hmacHex, sameText } from "./secrets.ts";
import type { ShopSecrets } from "./shop-secrets.ts";

export class CustomerHasher {
  private readonly secret: () => Promise<string>;

  constructor(secrets: ShopSecrets, configured?: string) {
    this.secret = configured ? async () => configured : () => secrets.get("customer_hash");
  }

  async hash(customerId: number): Promise<string> {
    return hmacHex(await this.secret(), String(customerId));
  }

  /**
   * Whether a posted id and hash belong together (compared in constant time).
   * Answers the customer id when they do, else null: a tampered hash, or
   * another customer's, proves nothing.
   */
  async verify(id: unknown, hash: unknown): Promise<number | null> {
    const customerId = typeof id === "number" ? id : typeof id === "string" && /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : Number.NaN;
    if (!Number.isSafeInteger(customerId) || customerId <= 0 || typeof hash !== "string") return null;
    return sameText(await this.hash(customerId), hash.toLowerCase()) ? customerId : null;
  }
}
