/**
 * Subscription contracts and their renewals. A contract is made per selling
 * plan of an order placed by a signed-in customer (inside the order's
 * transaction, `createContracts`); each due date a renewal places one test
 * order at the contract's price, once per contract and date however many
 * servers or retries run it (the contract's row lock, and the renewals'
 * `unique (contract_id, scheduled_date)`).
 */
import { randomBytes } from "node:crypto";
import type { OrderJson } from "../../core/contract/storefront.ts";
import type { Settings } from "../../core/settings/settings.ts";
import { addDays, calendarDay, deliveryDate } from "../../core/subscriptions/delivery-dates.ts";
import type { PlanInterval } from "../../core/subscriptions/selling-plans.ts";
import type { RefusalReason } from "../../core/common/refusal.ts";
import { bumpInventoryRevision } from "../catalog/catalog.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { EmailWords } from "../mail/email-words.ts";
import { orderConfirmationMessage, subscriptionWaitingMessage } from "../mail/messages.ts";
import { type OrderRow, orderJson } from "../orders/order-json.ts";

export interface ContractLine {
  variant_id: number;
  quantity: number;
  selling_plan_id: number;
  /** The plan's price per unit, in the contract's currency. */
  price: number;
  title: string;
  sku: string | null;
  handle: string;
}

export type ContractStatus = "active" | "paused" | "cancelled";

export interface SubscriptionContract {
  id: number;
  status: ContractStatus;
  interval: PlanInterval;
  intervalCount: number;
  lines: ContractLine[];
  deliveryPrice: number;
  shippingPrice: number;
  currency: string;
  nextDate: string;
  cancelReason: string | null;
}

interface ContractRow {
  id: number | string;
  customer_id: number | string;
  status: ContractStatus;
  interval: PlanInterval;
  interval_count: number;
  lines: ContractLine[];
  delivery_price: number;
  shipping_price: number;
  shipping_method: string;
  shipping_address: OrderJson["shipping_address"];
  email: string;
  currency: string;
  site: string;
  shop_url: string | null;
  anchor_date: string | Date;
  deliveries: number;
  next_date: string | Date;
  cancel_reason: string | null;
}

/** A `date` column as `YYYY-MM-DD` (PGlite and node-postgres answer a Date at local midnight). */
const day = (value: string | Date): string =>
  typeof value === "string" ? value.slice(0, 10) : `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, "0")}-${String(value.getDate()).padStart(2, "0")}`;

const contractOf = (row: ContractRow): SubscriptionContract => ({
  id: Number(row.id),
  status: row.status,
  interval: row.interval,
  intervalCount: row.interval_count,
  lines: row.lines,
  deliveryPrice: row.delivery_price,
  shippingPrice: row.shipping_price,
  currency: row.currency,
  nextDate: day(row.next_date),
  cancelReason: row.cancel_reason,
});

/** What an order's subscription lines and delivery say, for the contracts made from it. */
export interface ContractOrigin {
  orderId: number;
  customerId: number;
  email: string;
  currency: string;
  site: string;
  shopUrl: string | undefined;
  shippingPrice: number;
  shippingMethod: string;
  shippingAddress: object;
  /** The order's day in the shop's time zone: the first delivery. */
  today: string;
  lines: readonly ContractLine[];
}

/** One contract per selling plan among the order's lines, active, its next delivery one interval after this order. */
export async function createContracts(tx: Queryable, origin: ContractOrigin): Promise<number[]> {
  const byPlan = new Map<number, ContractLine[]>();
  for (const line of origin.lines) byPlan.set(line.selling_plan_id, [...(byPlan.get(line.selling_plan_id) ?? []), line]);
  if (byPlan.size === 0) return [];
  const plans = await tx.query<{ id: number | string; interval: PlanInterval; interval_count: number }>(
    "select id, interval, interval_count from selling_plans where id = any($1::bigint[])",
    [[...byPlan.keys()]],
  );
  const ids: number[] = [];
  for (const [planId, lines] of byPlan) {
    const plan = plans.find((candidate) => Number(candidate.id) === planId);
    if (!plan) continue;
    const deliveryPrice = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
    const [row] = await tx.query<{ id: number | string }>(
      `insert into subscription_contracts (customer_id, origin_order_id, selling_plan_id, interval, interval_count, lines, delivery_price, shipping_price, shipping_method,
         shipping_address, email, currency, site, shop_url, anchor_date, deliveries, next_date)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 1, $16) returning id`,
      [
        origin.customerId,
        origin.orderId,
        planId,
        plan.interval,
        plan.interval_count,
        JSON.stringify(lines),
        deliveryPrice,
        origin.shippingPrice,
        origin.shippingMethod,
        JSON.stringify(origin.shippingAddress),
        origin.email,
        origin.currency,
        origin.site,
        origin.shopUrl ?? null,
        origin.today,
        deliveryDate(origin.today, plan.interval, plan.interval_count, 1),
      ],
    );
    if (!row) throw new Error("contract insert returned nothing");
    await tx.query("insert into subscription_events (contract_id, kind, detail) values ($1, 'created', $2)", [row.id, JSON.stringify({ order_id: origin.orderId })]);
    ids.push(Number(row.id));
  }
  return ids;
}

export type ContractChange = { ok: true; contract: SubscriptionContract } | { ok: false; reason: RefusalReason; description: string };

export interface SubscriptionServiceOptions {
  db: Database;
  mailer: Mailer;
  /** The settings of the site a contract was made on (its shop name, money format, time zone). */
  settingsFor: (site: string) => Settings;
  /** The words of the site's language, for its emails. */
  wordsFor: (site: string) => EmailWords;
  /** Milliseconds since the epoch (tests move the clock). */
  now?: () => number;
}

/** How many due contracts one run renews at most; the next run takes the rest. */
export const RENEWAL_BATCH = 50;

export class SubscriptionService {
  private readonly db: Database;
  private readonly mailer: Mailer;
  private readonly settingsFor: (site: string) => Settings;
  private readonly wordsFor: (site: string) => EmailWords;
  private readonly now: () => number;

  constructor(options: SubscriptionServiceOptions) {
    this.db = options.db;
    this.mailer = options.mailer;
    this.settingsFor = options.settingsFor;
    this.wordsFor = options.wordsFor;
    this.now = options.now ?? Date.now;
  }

  /** The shop's day now, in its time zone: what "due" is measured against. */
  today(): string {
    return calendarDay(new Date(this.now()), this.settingsFor("").shop.timeZone);
  }

  async forCustomer(customerId: number): Promise<SubscriptionContract[]> {
    const rows = await this.db.query<ContractRow>("select * from subscription_contracts where customer_id = $1 order by id", [customerId]);
    return rows.map(contractOf);
  }

  /** Active contracts whose next delivery falls within `days` days from today (the back office's "due soon"). */
  async dueWithin(days: number): Promise<number> {
    const [row] = await this.db.query<{ count: number | string }>("select count(*) as count from subscription_contracts where status = 'active' and next_date <= $1", [addDays(this.today(), days)]);
    return Number(row?.count ?? 0);
  }

  /**
   * Places every renewal due today or earlier, one transaction per contract:
   * the contract's row is locked and its renewal for the date claimed, so a
   * second run (another server, a retry) finds it done and places nothing.
   * Returns how many orders were placed.
   */
  async renewDue(): Promise<number> {
    const today = this.today();
    const due = await this.db.query<{ id: number | string }>(
      "select id from subscription_contracts where status = 'active' and next_date <= $1 order by next_date, id limit $2",
      [today, RENEWAL_BATCH],
    );
    let placed = 0;
    for (const { id } of due) {
      const outcome = await this.renew(Number(id), today);
      if (outcome.order) {
        placed += 1;
        await this.sendConfirmation(outcome.order, outcome.site, outcome.shopUrl);
      }
    }
    return placed;
  }

  private async renew(contractId: number, today: string): Promise<{ order?: OrderJson; site: string; shopUrl: string }> {
    const waiting: { to: string; firstName: string; products: string[]; site: string; shopUrl: string }[] = [];
    const result = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<ContractRow>("select * from subscription_contracts where id = $1 for update", [contractId]);
      if (!row || row.status !== "active" || day(row.next_date) > today) return null;
      const scheduled = day(row.next_date);
      const [done] = await tx.query<{ status: string }>("select status from subscription_renewals where contract_id = $1 and scheduled_date = $2", [contractId, scheduled]);
      if (done?.status === "placed") return null;
      const shopUrl = row.shop_url ?? "";
      // Stock first, variants in id order (as checkout takes them); a shortfall places nothing and the delivery waits.
      const lines = [...row.lines].sort((a, b) => a.variant_id - b.variant_id);
      for (const line of lines) {
        const [stock] = await tx.query<{ inventory_management: string | null; inventory_policy: string; inventory_quantity: number }>(
          "select inventory_management, inventory_policy, inventory_quantity from variants where id = $1 for update",
          [line.variant_id],
        );
        const short = !stock || (stock.inventory_management !== null && stock.inventory_policy === "deny" && stock.inventory_quantity < line.quantity);
        if (short) {
          const [claimed] = await tx.query(
            "insert into subscription_renewals (contract_id, scheduled_date, status) values ($1, $2, 'waiting') on conflict (contract_id, scheduled_date) do nothing returning id",
            [contractId, scheduled],
          );
          // The customer is told once per delivery, not at every run that finds it still short.
          if (claimed) {
            await tx.query("insert into subscription_events (contract_id, kind, detail) values ($1, 'waiting_for_stock', $2)", [contractId, JSON.stringify({ date: scheduled, variant_id: line.variant_id })]);
            waiting.push({ to: row.email, firstName: row.shipping_address.first_name, products: row.lines.map((each) => each.title), site: row.site, shopUrl });
          }
          return null;
        }
      }
      for (const line of lines) await tx.query("update variants set inventory_quantity = inventory_quantity - $2 where id = $1 and inventory_management is not null", [line.variant_id, line.quantity]);
      const lineItems = row.lines.map((line) => ({
        key: `${line.variant_id}:subscription-${contractId}`,
        variant_id: line.variant_id,
        title: line.title,
        quantity: line.quantity,
        price: line.price,
        final_line_price: line.price * line.quantity,
        sku: line.sku,
        properties: {},
        handle: line.handle,
        discounts: [],
        components: [],
        selling_plan: { id: line.selling_plan_id, name: "" },
      }));
      const total = row.delivery_price + row.shipping_price;
      const [order] = await tx.query<OrderRow>(
        `insert into orders (token, cart_token, email, shipping_address, lines, subtotal_price, total_discount, shipping_price, total_price, currency, test, shipping_method,
           discount_applications, tax_lines, total_tax, taxes_included, customer_id, shop_url)
         values ($1, $2, $3, $4, $5, $6, 0, $7, $8, $9, true, $10, '[]', '[]', 0, false, $11, $12) returning *`,
        [
          randomBytes(16).toString("hex"),
          `subscription:${contractId}`,
          row.email,
          JSON.stringify(row.shipping_address),
          JSON.stringify(lineItems),
          row.delivery_price,
          row.shipping_price,
          total,
          row.currency,
          row.shipping_method,
          row.customer_id,
          row.shop_url,
        ],
      );
      if (!order) throw new Error("renewal order insert returned nothing");
      await tx.query(
        `insert into subscription_renewals (contract_id, scheduled_date, status, order_id) values ($1, $2, 'placed', $3)
         on conflict (contract_id, scheduled_date) do update set status = 'placed', order_id = excluded.order_id`,
        [contractId, scheduled, order.id],
      );
      const deliveries = row.deliveries + 1;
      await tx.query("update subscription_contracts set deliveries = $2, next_date = $3, updated_at = now() where id = $1", [
        contractId,
        deliveries,
        deliveryDate(day(row.anchor_date), row.interval, row.interval_count, deliveries),
      ]);
      await tx.query("insert into subscription_events (contract_id, kind, detail) values ($1, 'renewed', $2)", [contractId, JSON.stringify({ date: scheduled, order_id: Number(order.id) })]);
      await bumpInventoryRevision(tx);
      return { order: orderJson(order), site: row.site, shopUrl };
    });
    for (const notice of waiting) {
      const settings = this.settingsFor(notice.site);
      await this.mailer.send(subscriptionWaitingMessage({ ...notice, shopName: settings.shop.name, words: this.wordsFor(notice.site) })).catch(() => undefined);
    }
    return result ?? { site: "", shopUrl: "" };
  }

  private async sendConfirmation(order: OrderJson, site: string, shopUrl: string): Promise<void> {
    const settings = this.settingsFor(site);
    await this.mailer.send(orderConfirmationMessage({ order, shopName: settings.shop.name, shopUrl, moneyFormat: settings.moneyFormat, words: this.wordsFor(site) })).catch(() => undefined);
  }

  /** Skips the next delivery: the one after it becomes the next. */
  async skip(customerId: number, contractId: number): Promise<ContractChange> {
    return this.change(customerId, contractId, (row) => {
      if (row.status === "cancelled") return null;
      const deliveries = row.deliveries + 1;
      return { deliveries, next_date: deliveryDate(day(row.anchor_date), row.interval, row.interval_count, deliveries), kind: "skipped", detail: { date: day(row.next_date) } };
    });
  }

  /** Pausing stops renewals; resuming starts them at the first delivery date from today on. */
  async pause(customerId: number, contractId: number): Promise<ContractChange> {
    return this.change(customerId, contractId, (row) => (row.status === "active" ? { status: "paused", kind: "paused", detail: {} } : null));
  }

  async resume(customerId: number, contractId: number): Promise<ContractChange> {
    const today = this.today();
    return this.change(customerId, contractId, (row) => {
      if (row.status !== "paused") return null;
      let deliveries = row.deliveries;
      // Deliveries missed while paused are not made up: the next is the first still to come.
      while (deliveryDate(day(row.anchor_date), row.interval, row.interval_count, deliveries) <= today) deliveries += 1;
      return { status: "active", deliveries, next_date: deliveryDate(day(row.anchor_date), row.interval, row.interval_count, deliveries), kind: "resumed", detail: {} };
    });
  }

  async cancel(customerId: number, contractId: number, reason: string | undefined): Promise<ContractChange> {
    const said = reason?.trim().slice(0, 500) || null;
    return this.change(customerId, contractId, (row) => (row.status === "cancelled" ? null : { status: "cancelled", cancel_reason: said, kind: "cancelled", detail: { reason: said } }));
  }

  /** One change to a customer's own contract, locked and recorded; a change that does not apply to its state is a conflict. */
  private async change(
    customerId: number,
    contractId: number,
    decide: (row: ContractRow) => { status?: ContractStatus; deliveries?: number; next_date?: string; cancel_reason?: string | null; kind: string; detail: object } | null,
  ): Promise<ContractChange> {
    if (!Number.isSafeInteger(contractId) || contractId <= 0) return { ok: false, reason: "not_found", description: "That subscription was not found." };
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<ContractRow>("select * from subscription_contracts where id = $1 and customer_id = $2 for update", [contractId, customerId]);
      if (!row) return { ok: false, reason: "not_found", description: "That subscription was not found." } as const;
      const decided = decide(row);
      if (!decided) return { ok: false, reason: "conflict", description: "That subscription cannot be changed that way now." } as const;
      const { kind, detail, ...fields } = decided;
      const [updated] = await tx.query<ContractRow>(
        `update subscription_contracts set status = coalesce($2, status), deliveries = coalesce($3, deliveries), next_date = coalesce($4::date, next_date),
           cancel_reason = case when $5::boolean then $6 else cancel_reason end, updated_at = now() where id = $1 returning *`,
        [contractId, fields.status ?? null, fields.deliveries ?? null, fields.next_date ?? null, "cancel_reason" in fields, fields.cancel_reason ?? null],
      );
      await tx.query("insert into subscription_events (contract_id, kind, detail) values ($1, $2, $3)", [contractId, kind, JSON.stringify(detail)]);
      if (!updated) throw new Error("contract update returned nothing");
      return { ok: true, contract: contractOf(updated) } as const;
    });
  }
}
