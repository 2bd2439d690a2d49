/**
 * Saved for later, kept by the shop for logged-in customers: one list per
 * customer (the quiz's and the kit's picks, cart lines moved out of the
 * cart), replaced whole each time their browser sends it. A request proves
 * who it is for with the customer id and its hash, as the page carries them;
 * writes are rate limited per customer, in the database, so the limit holds
 * across every server. Refusals are data; the HTTP layer gives them a status.
 */
import { type SavedItem, checkSavedList, parseSavedList } from "../../core/builders/saved-bundles.ts";
import type { Database } from "../db/database.ts";
import type { CustomerHasher } from "./customer-hash.ts";
import { type LimitRule, RateLimiter } from "./rate-limits.ts";

/** Saves per customer: far more than a shopper clicks, few enough to stop a script. */
export const SAVED_FOR_LATER_LIMIT: LimitRule = { limit: 60, windowSeconds: 5 * 60 };

export type SavedRefusal =
  /** The id and hash do not belong together, or the customer is gone. */
  | { kind: "unknown_customer"; description: string }
  | { kind: "invalid"; description: string }
  | { kind: "too_many"; description: string; retryAfter: number };

export type SavedAnswer = { ok: true; items: SavedItem[] } | ({ ok: false } & SavedRefusal);

const UNKNOWN_CUSTOMER: SavedAnswer = { ok: false, kind: "unknown_customer", description: "The customer could not be verified. Please log in again." };

export interface SavedForLaterOptions {
  db: Database;
  hasher: CustomerHasher;
  limit?: LimitRule;
  now?: () => number;
}

export class SavedForLaterService {
  private readonly db: Database;
  private readonly hasher: CustomerHasher;
  private readonly limit: LimitRule;
  private readonly limiter: RateLimiter;
  private readonly now: () => number;

  constructor(options: SavedForLaterOptions) {
    this.db = options.db;
    this.hasher = options.hasher;
    this.limit = options.limit ?? SAVED_FOR_LATER_LIMIT;
    this.now = options.now ?? Date.now;
    this.limiter = new RateLimiter(this.db, this.now);
  }

  /** A customer's list, for a caller that already knows who they are (their session). Empty when they saved nothing. */
  async list(customerId: number): Promise<SavedItem[]> {
    const [row] = await this.db.query<{ items: unknown }>("select items from saved_for_later where customer_id = $1", [customerId]);
    // Read leniently: an item the shop no longer understands is left out, not an error.
    return row ? parseSavedList(row.items) : [];
  }

  /** The list of the customer the id and hash prove. */
  async read(customer: unknown, hash: unknown): Promise<SavedAnswer> {
    const customerId = await this.hasher.verify(customer, hash);
    if (customerId === null) return UNKNOWN_CUSTOMER;
    return { ok: true, items: await this.list(customerId) };
  }

  /**
   * Replaces the list of the customer the id and hash prove with `data`,
   * checked strictly (a list of at most the limit, every item a saved item),
   * and answers the list as stored.
   */
  async replace(customer: unknown, hash: unknown, data: unknown): Promise<SavedAnswer> {
    const customerId = await this.hasher.verify(customer, hash);
    if (customerId === null) return UNKNOWN_CUSTOMER;
    // Counted only once the hash proves the customer, so nobody can use up another customer's saves.
    const verdict = await this.limiter.hit(`save-for-later:${customerId}`, this.limit);
    if (!verdict.allowed) {
      return { ok: false, kind: "too_many", retryAfter: verdict.retryAfter, description: `Too many saves. Please wait ${verdict.retryAfter} seconds and try again.` };
    }
    const checked = checkSavedList(data);
    if (!checked.ok) return { ok: false, kind: "invalid", description: checked.description };
    const rows = await this.db.query<{ items: unknown }>(
      `insert into saved_for_later (customer_id, items, updated_at)
       select id, $2::jsonb, $3::timestamptz from customers where id = $1
       on conflict (customer_id) do update set items = excluded.items, updated_at = excluded.updated_at
       returning items`,
      [customerId, JSON.stringify(checked.items), new Date(this.now()).toISOString()],
    );
    const [row] = rows;
    if (!row) return UNKNOWN_CUSTOMER;
    return { ok: true, items: parseSavedList(row.items) };
  }
}
