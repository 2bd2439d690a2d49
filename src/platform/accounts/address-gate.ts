/**
 * Counts what a client address starts (carts, product viewers) against a
 * limit kept in the database, so it holds across servers. The limits are
 * generous because many shoppers can share one address (a mobile carrier's,
 * an office's).
 */
import { type LimitRule, type LimitVerdict, RateLimiter, addressKey } from "./rate-limits.ts";
import type { Database } from "../db/database.ts";

/** New carts an address may start in an hour: a request that changes a cart without one the shop made. */
export const NEW_CART_LIMIT: LimitRule = { limit: 600, windowSeconds: 60 * 60 };
/** New viewers an address may add to the product-view counter in an hour (views beyond it are not counted). */
export const NEW_VIEWER_LIMIT: LimitRule = { limit: 120, windowSeconds: 60 * 60 };

export class AddressGate {
  private readonly limiter: RateLimiter;
  private readonly name: string;
  readonly rule: LimitRule;

  constructor(db: Database, name: string, rule: LimitRule, now?: () => number) {
    this.limiter = new RateLimiter(db, now);
    this.name = name;
    this.rule = rule;
  }

  /** Counts one for `address`; answers whether it is within the limit. */
  admit(address: string): Promise<LimitVerdict> {
    return this.limiter.hit(addressKey(this.name, address), this.rule);
  }
}
