import type { StoredCart } from "../../cart/cart-model.ts";
import type { Database, Queryable } from "../../db/database.ts";
import { type PricedSite, thresholdForSite } from "../../../core/sites/site-prices.ts";
import type { BuilderBundles, DiscountDefinition, PricingContext } from "./definitions.ts";

export type { DiscountDefinition };

interface DiscountRow {
  code: string;
  title: string;
  value_type: "percentage" | "fixed_amount" | "free_shipping";
  value: number | string;
  minimum_subtotal: number;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  enabled: boolean;
  created_at: Date | string;
  currency_values: Record<string, { value?: unknown; minimumSubtotal?: unknown }> | null;
  usage_limit: number | null;
  usage_limit_per_customer: number | null;
  times_used: number | string;
  customer_uses: number | string | null;
}

/** Orders that applied code `d.code`, as SQL; orders keep the codes as the shopper typed them. */
export const ORDERS_WITH_CODE_SQL = "select count(*) from orders o where exists (select 1 from unnest(o.discount_codes) as used(code) where lower(used.code) = lower(d.code))";

const iso = (value: Date | string) => new Date(value).toISOString();

/** A stored amount of a currency's own: whole minor units, anything else none. */
export const minorAmount = (value: unknown): number | null => (typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null);

/**
 * A code as a site sees it: a fixed amount and a minimum in the site's
 * currency, as the merchant set them for that currency, else converted to
 * whole units of it; a percentage stays the same percentage.
 */
function definitionFromRow(row: DiscountRow, site: PricedSite | null): DiscountDefinition {
  const base = { value: Number(row.value), minimumSubtotal: Number(row.minimum_subtotal) };
  const own = site ? row.currency_values?.[site.currency] : undefined;
  const convert = (minor: number) => (site ? thresholdForSite(minor, site) : minor);
  const value = row.value_type !== "fixed_amount" ? base.value : (minorAmount(own?.value) ?? convert(base.value));
  return {
    code: row.code,
    title: row.title,
    valueType: row.value_type,
    value,
    minimumSubtotal: minorAmount(own?.minimumSubtotal) ?? convert(base.minimumSubtotal),
    startsAt: row.starts_at === null ? null : iso(row.starts_at),
    endsAt: row.ends_at === null ? null : iso(row.ends_at),
    enabled: row.enabled,
    createdAt: iso(row.created_at),
    usageLimit: row.usage_limit,
    timesUsed: Number(row.times_used),
    usageLimitPerCustomer: row.usage_limit_per_customer,
    customerUses: row.customer_uses === null ? null : Number(row.customer_uses),
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
  /** The site whose currency the codes are priced in; null is the shop's own currency. */
  private readonly site: PricedSite | null;

  constructor(db: Database, builders: BuilderBundles, now: () => number = Date.now, site: PricedSite | null = null) {
    this.db = db;
    this.builders = builders;
    this.now = now;
    this.site = site;
  }

  /**
   * What pricing a cart needs: its codes' definitions with their uses, and
   * the time. Pass a checkout's transaction as `q` and the shopper's `email`
   * once known, so the per-customer limit is counted too. Uses are counted
   * only for codes with a limit, so a code without one costs no count.
   */
  async pricingFor(cart: Pick<StoredCart, "discount_codes">, q: Queryable = this.db, email?: string): Promise<PricingContext> {
    const codes = [...new Set(cart.discount_codes.map((code) => code.toLowerCase()))];
    const discounts =
      codes.length === 0
        ? []
        : (
            await q.query<DiscountRow>(
              `select d.*,
                 case when d.usage_limit is null then 0 else (${ORDERS_WITH_CODE_SQL}) end as times_used,
                 case when d.usage_limit_per_customer is null or $2::text is null then null else (${ORDERS_WITH_CODE_SQL} and lower(o.email) = lower($2::text)) end as customer_uses
               from discounts d where lower(d.code) = any($1::text[])`,
              [codes, email ?? null],
            )
          ).map((row) => definitionFromRow(row, this.site));
    return { discounts, now: this.now(), builders: this.builders };
  }

  /** Locks the cart's codes for an order's transaction, so two checkouts count a code's uses one after the other. */
  async lockCodes(tx: Queryable, cart: Pick<StoredCart, "discount_codes">): Promise<void> {
    const codes = [...new Set(cart.discount_codes.map((code) => code.toLowerCase()))];
    if (codes.length === 0) return;
    await tx.query("select id from discounts where lower(code) = any($1::text[]) order by id for update", [codes]);
  }
}
