import type { StoredCart } from "../cart/cart-model.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { BuilderBundles, DiscountDefinition, PricingContext } from "./definitions.ts";

export type { DiscountDefinition };

interface DiscountRow {
  code: string;
  title: string;
  value_type: "percentage" | "fixed_amount";
  value: number | string;
  minimum_subtotal: number;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  enabled: boolean;
  created_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function definitionFromRow(row: DiscountRow): DiscountDefinition {
  return {
    code: row.code,
    title: row.title,
    valueType: row.value_type,
    value: Number(row.value),
    minimumSubtotal: row.minimum_subtotal,
    startsAt: row.starts_at === null ? null : iso(row.starts_at),
    endsAt: row.ends_at === null ? null : iso(row.ends_at),
    enabled: row.enabled,
    createdAt: iso(row.created_at),
  };
}

/**
 * Looks up the discount codes a cart carries. Nothing is cached: a cart with
 * no codes costs no query, and one with codes costs one small indexed query,
 * so a code switched off is off on every server at once.
 */
export class DiscountService {
  private readonly db: Database;
  private readonly now: () => number;
  private readonly builders: BuilderBundles;

  constructor(db: Database, builders: BuilderBundles, now: () => number = Date.now) {
    this.db = db;
    this.builders = builders;
    this.now = now;
  }

  /** What pricing a cart needs: its codes' definitions and the time. Pass a checkout's transaction as `q`. */
  async pricingFor(cart: Pick<StoredCart, "discount_codes">, q: Queryable = this.db): Promise<PricingContext> {
    const codes = [...new Set(cart.discount_codes.map((code) => code.toLowerCase()))];
    const discounts =
      codes.length === 0
        ? []
        : (await q.query<DiscountRow>("select * from discounts where lower(code) = any($1::text[])", [codes])).map(definitionFromRow);
    return { discounts, now: this.now(), builders: this.builders };
  }
}
