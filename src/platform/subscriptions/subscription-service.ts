/**
 * Subscription contracts and their renewals. A contract is made per selling
 * plan of an order placed by a signed-in customer (inside the order's
 * transaction, `createContracts`); each due date a renewal places one test
 * order at the contract's price, once per contract and date however many
 * servers or retries run it (the contract's row lock, and the renewals'
 * `unique (contract_id, scheduled_date)`).
 *
 * With a payment provider the renewal's order waits for its payment, taken
 * off-session from the card kept at checkout: one PaymentIntent per try, its
 * idempotency key the contract, date and try, so a retried job never charges
 * twice. A declined card is tried again on the retry schedule
 * (`payment-retries.ts`); after the last try the contract is `failed` until
 * the customer gives a new card.
 */
import type { OrderJson } from "../../core/contract/storefront.ts";
import type { Settings } from "../../core/settings/settings.ts";
import { addDays, calendarDay, deliveryDate } from "../../core/subscriptions/delivery-dates.ts";
import { type PlanInterval, type SellingPlan, type SellingPlanGroup, findPlan, planPrice } from "../../core/subscriptions/selling-plans.ts";
import type { RefusalReason } from "../../core/common/refusal.ts";
import { type Catalog, type CatalogProduct, type CatalogVariant, bumpInventoryRevision, isVariantAvailable, productsOnEverySite } from "../catalog/catalog.ts";
import type { CatalogSource } from "../catalog/site-catalog.ts";
import {
  type DelayRequest,
  LONGEST_DELAY_DAYS,
  MOST_UNITS_PER_LINE,
  delayedDate,
  readPriceOverride,
  reanchored,
  reminderHorizon,
  rescheduledDate,
} from "../../core/subscriptions/contract-changes.ts";
import { recordAudit } from "../admin/audit.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { EmailWords } from "../mail/email-words.ts";
import { orderConfirmationMessage, subscriptionPaymentFailedMessage, subscriptionReminderMessage, subscriptionWaitingMessage } from "../mail/messages.ts";
import { nextRetry, retriesLeft } from "../../core/subscriptions/payment-retries.ts";
import { type RenewalCards, lockOrder, voidOrder } from "../payments/payment-service.ts";
import type { StripePayments } from "../payments/stripe-payments.ts";
import { ORDER_COLUMNS, type OrderRow, orderJson } from "../orders/order-json.ts";
import { orderCharge, placeOrder } from "../orders/place-order.ts";
import type { SiteTax } from "../../core/tax/tax.ts";

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

export type ContractStatus = "active" | "paused" | "cancelled" | "failed";

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
  planId: number | null;
  /** The day a declined renewal payment is tried again, while one is. */
  paymentRetryOn: string | null;
}

/** A contract as its customer manages it: the frequencies its plan group offers and the products it may be swapped for. */
export interface ManagedContract extends SubscriptionContract {
  /** Whether the customer can give a new card for it (a payment provider is set and it is not cancelled). */
  cardUpdatable: boolean;
  frequencies: { planId: number; interval: PlanInterval; intervalCount: number }[];
  swaps: { variantId: number; title: string }[];
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
  selling_plan_id: number | string | null;
  payment_customer_id: string | null;
  payment_method_id: string | null;
  payment_retry_on: string | Date | null;
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
  planId: row.selling_plan_id === null ? null : Number(row.selling_plan_id),
  paymentRetryOn: row.payment_retry_on === null ? null : day(row.payment_retry_on),
});

/** Who a contract's emails go to, and the deliveries they are about ("2 × Serum"). */
const addressee = (row: ContractRow) => ({
  to: row.email,
  firstName: row.shipping_address.first_name,
  contractId: Number(row.id),
  products: row.lines.map((line) => `${line.quantity} × ${line.title}`),
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

/**
 * Who changes a contract: its customer (their id: only their own contracts),
 * or a staff member (any contract; the event names them and the audit log keeps it).
 */
export type ContractOwner = number | { staff: { id: number; name: string; email: string } };

export type ContractChange = { ok: true; contract: SubscriptionContract } | { ok: false; reason: RefusalReason; description: string; errors?: Record<string, string> };

export interface SubscriptionServiceOptions {
  db: Database;
  mailer: Mailer;
  /** The settings of the site a contract was made on (its shop name, money format, time zone). */
  settingsFor: (site: string) => Settings;
  /** The words of the site's language, for its emails. */
  wordsFor: (site: string) => EmailWords;
  /** A site's catalog, in its currency: what a changed contract is priced from. */
  catalogFor: (site: string) => CatalogSource;
  /** The tax rule of a site (its VAT, or its sales tax table). */
  siteTaxFor: (site: string) => SiteTax | null;
  /** The payment provider when there is one: renewals are then charged to the card kept at checkout instead of being test orders. */
  provider?: StripePayments | null;
  /** Milliseconds since the epoch (tests move the clock). */
  now?: () => number;
}

/** How many due contracts one run renews at most; the next run takes the rest. */
export const RENEWAL_BATCH = 50;

export class SubscriptionService implements RenewalCards {
  private readonly db: Database;
  private readonly mailer: Mailer;
  private readonly settingsFor: (site: string) => Settings;
  private readonly wordsFor: (site: string) => EmailWords;
  private readonly now: () => number;
  private readonly siteTaxFor: (site: string) => SiteTax | null;
  private readonly catalogFor: (site: string) => CatalogSource;
  private readonly provider: StripePayments | null;

  constructor(options: SubscriptionServiceOptions) {
    this.siteTaxFor = options.siteTaxFor;
    this.catalogFor = options.catalogFor;
    this.provider = options.provider ?? null;
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
        // A paid renewal is confirmed once its payment is taken.
        if (!this.provider) await this.sendConfirmation(outcome.order, outcome.site, outcome.shopUrl);
      }
    }
    await this.chargeDue();
    return placed;
  }

  /**
   * Takes the payment of every placed renewal waiting for it today (just
   * placed, or a declined one whose retry day has come), or only the
   * contract's. Answers how many were paid.
   */
  async chargeDue(contractId?: number): Promise<number> {
    if (!this.provider) return 0;
    const waiting = await this.db.query<{ id: number | string }>(
      "select id from subscription_renewals where status = 'charging' and (retry_on is null or retry_on <= $1) and ($2::bigint is null or contract_id = $2) order by id limit $3",
      [this.today(), contractId ?? null, RENEWAL_BATCH],
    );
    let paid = 0;
    for (const { id } of waiting) if (await this.charge(this.provider, Number(id))) paid += 1;
    return paid;
  }

  /**
   * One try at a renewal's payment. The provider is asked outside the
   * database's transaction, with the try's idempotency key (two runs at once
   * send the same key and Stripe makes one PaymentIntent); its answer is then
   * applied once, under the renewal's row lock, by whichever run gets there first.
   */
  private async charge(provider: StripePayments, renewalId: number): Promise<boolean> {
    type Charging = { id: string | number; contract_id: string | number; scheduled_date: string | Date; declined: number; first_declined_on: string | Date | null; order_id: string | number | null; status: string };
    const [renewal] = await this.db.query<Charging>("select id, contract_id, scheduled_date, declined, first_declined_on, order_id, status from subscription_renewals where id = $1", [renewalId]);
    if (!renewal || renewal.status !== "charging" || renewal.order_id === null) return false;
    const [row] = await this.db.query<ContractRow>("select * from subscription_contracts where id = $1", [renewal.contract_id]);
    const [order] = await this.db.query<{ total_price: number | string; currency: string; number: number | string; payment_status: string; fulfillment_status: string }>(
      "select total_price, currency, number, payment_status, fulfillment_status from orders where id = $1",
      [renewal.order_id],
    );
    if (!row || !order) return false;
    if (order.payment_status !== "pending" || order.fulfillment_status === "cancelled") {
      // The merchant cancelled the renewal's order: there is nothing left to take.
      await this.db.query("update subscription_renewals set status = 'placed', retry_on = null where id = $1 and status = 'charging'", [renewalId]);
      await this.db.query("update subscription_contracts set payment_retry_on = null where id = $1", [row.id]);
      return false;
    }
    const scheduled = day(renewal.scheduled_date);
    const attempt = renewal.declined + 1;
    const amount = Number(order.total_price);
    const result =
      row.payment_method_id && row.payment_customer_id
        ? await provider.chargeKeptCard({
            amount,
            currency: order.currency,
            customerId: row.payment_customer_id,
            paymentMethodId: row.payment_method_id,
            idempotencyKey: `renewal-${row.id}-${scheduled}-${attempt}`,
            metadata: { order_id: String(renewal.order_id), order_name: `#${order.number}`, contract_id: String(row.id), attempt: String(attempt) },
          })
        : ({ ok: false, code: "no_card", message: "No card is kept for this subscription." } as const);
    const today = this.today();
    const applied = await this.db.transaction(async (tx) => {
      const [locked] = await tx.query<Charging>("select id, status, declined from subscription_renewals where id = $1 for update", [renewalId]);
      // Another run applied this try already.
      if (!locked || locked.status !== "charging" || locked.declined !== renewal.declined) return null;
      const orderRow = await lockOrder(tx, Number(renewal.order_id));
      if (!orderRow) return null;
      if (result.ok) {
        await tx.query("update orders set payment_status = 'paid', paid_at = now(), payment_reference = $2, payment_method = $3 where id = $1 and payment_status = 'pending'", [
          orderRow.id,
          result.reference,
          result.method,
        ]);
        await tx.query("update subscription_renewals set status = 'placed', retry_on = null where id = $1", [renewalId]);
        await tx.query("update subscription_contracts set payment_retry_on = null, updated_at = now() where id = $1", [row.id]);
        await tx.query("insert into subscription_events (contract_id, kind, detail) values ($1, 'charged', $2)", [
          row.id,
          JSON.stringify({ date: scheduled, order_id: Number(orderRow.id), attempt, reference: result.reference }),
        ]);
        const [paidRow] = await tx.query<OrderRow>(`select ${ORDER_COLUMNS} from orders where id = $1`, [orderRow.id]);
        return { paid: paidRow ? orderJson(paidRow) : null };
      }
      const firstDeclined = renewal.first_declined_on === null ? today : day(renewal.first_declined_on);
      const retryOn = nextRetry(firstDeclined, attempt);
      if (retryOn) {
        await tx.query("update subscription_renewals set declined = $2, first_declined_on = $3, retry_on = $4 where id = $1", [renewalId, attempt, firstDeclined, retryOn]);
        await tx.query("update subscription_contracts set payment_retry_on = $2, updated_at = now() where id = $1", [row.id, retryOn]);
      } else {
        // The last try failed: the order is voided (its stock back) and no more renewals are made until a new card comes.
        await tx.query("update subscription_renewals set status = 'failed', declined = $2, retry_on = null where id = $1", [renewalId, attempt]);
        await voidOrder(tx, orderRow);
        await tx.query("update subscription_contracts set status = 'failed', payment_retry_on = null, updated_at = now() where id = $1", [row.id]);
      }
      await tx.query("insert into subscription_events (contract_id, kind, detail) values ($1, 'payment_failed', $2)", [
        row.id,
        JSON.stringify({ date: scheduled, order_id: Number(orderRow.id), attempt, code: result.code, retry_on: retryOn }),
      ]);
      return { declined: retriesLeft(firstDeclined, attempt) };
    });
    if (!applied) return false;
    const settings = this.settingsFor(row.site);
    if ("paid" in applied) {
      if (applied.paid) await this.sendConfirmation(applied.paid, row.site, row.shop_url ?? "");
      return true;
    }
    const message = subscriptionPaymentFailedMessage({
      ...addressee(row),
      amount,
      retries: applied.declined,
      shopName: settings.shop.name,
      shopUrl: row.shop_url ?? "",
      moneyFormat: settings.moneyFormat,
      words: this.wordsFor(row.site),
    });
    await this.mailer.send(message).catch(() => undefined);
    return false;
  }

  /**
   * A new card for a contract (from a completed setup session): kept on it,
   * in the webhook's transaction. A failed contract is active again, its
   * missed delivery due today; a declined renewal is tried at once. Answers
   * whether it was kept (a cancelled contract takes none).
   */
  async keepCard(tx: Queryable, contractId: number, customerId: string | null, paymentMethodId: string): Promise<boolean> {
    const [row] = await tx.query<ContractRow>("select * from subscription_contracts where id = $1 for update", [contractId]);
    if (!row || row.status === "cancelled") return false;
    const reactivated = row.status === "failed" ? reanchored(this.today()) : null;
    await tx.query(
      `update subscription_contracts set payment_method_id = $2, payment_customer_id = coalesce($3, payment_customer_id), status = case when status = 'failed' then 'active' else status end,
         anchor_date = coalesce($4::date, anchor_date), deliveries = coalesce($5, deliveries), next_date = coalesce($6::date, next_date), updated_at = now() where id = $1`,
      [contractId, paymentMethodId, customerId, reactivated?.anchor ?? null, reactivated?.deliveries ?? null, reactivated?.nextDate ?? null],
    );
    await tx.query("update subscription_renewals set retry_on = null where contract_id = $1 and status = 'charging'", [contractId]);
    await tx.query("insert into subscription_events (contract_id, kind, detail) values ($1, 'card_updated', $2)", [contractId, JSON.stringify({ reactivated: reactivated !== null })]);
    return true;
  }

  /** After a new card: the contract's delivery due (a reactivated one's) is placed, and its waiting payment taken. */
  async retry(contractId: number): Promise<void> {
    const outcome = await this.renew(contractId, this.today());
    if (outcome.order && !this.provider) await this.sendConfirmation(outcome.order, outcome.site, outcome.shopUrl);
    await this.chargeDue(contractId);
  }

  /**
   * Where the customer gives a new card for their subscription: the
   * provider's setup page, coming back to the account page. Null when there
   * is no provider or the subscription is not theirs or is cancelled.
   */
  async cardUpdateUrl(customerId: number, contractId: number, shopUrl: string): Promise<string | null> {
    if (!this.provider || !Number.isSafeInteger(contractId) || contractId <= 0) return null;
    const [row] = await this.db.query<ContractRow & { customer_email: string; customer_payment_id: string | null }>(
      "select c.*, cu.email as customer_email, cu.payment_customer_id as customer_payment_id from subscription_contracts c join customers cu on cu.id = c.customer_id where c.id = $1 and c.customer_id = $2",
      [contractId, customerId],
    );
    if (!row || row.status === "cancelled") return null;
    let customer = row.payment_customer_id ?? row.customer_payment_id;
    if (!customer) {
      customer = await this.provider.createCustomer(row.customer_email, customerId);
      await this.db.query("update customers set payment_customer_id = coalesce(payment_customer_id, $2) where id = $1", [customerId, customer]);
    }
    const page = `${shopUrl.replace(/\/+$/, "")}/account/subscriptions`;
    return this.provider.startCardUpdate({ customerId: customer, currency: row.currency, contractId, returnUrl: `${page}?card=updated`, cancelUrl: page });
  }

  /**
   * Sends the reminder of every active delivery due within the next few days
   * (not today's: it is being placed), once per contract and date: the
   * reminder is claimed in `subscription_reminders` before its email goes, so
   * a second run at the same moment finds it taken. Returns how many went.
   */
  async sendReminders(): Promise<number> {
    const today = this.today();
    const due = await this.db.query<ContractRow>(
      `select c.* from subscription_contracts c where c.status = 'active' and c.next_date > $1 and c.next_date <= $2
         and not exists (select 1 from subscription_reminders r where r.contract_id = c.id and r.scheduled_date = c.next_date)
       order by c.next_date, c.id limit $3`,
      [today, reminderHorizon(today), RENEWAL_BATCH],
    );
    let sent = 0;
    for (const row of due) {
      const date = day(row.next_date);
      const claimed = await this.db.transaction(async (tx) => {
        const [claim] = await tx.query(
          "insert into subscription_reminders (contract_id, scheduled_date) values ($1, $2) on conflict (contract_id, scheduled_date) do nothing returning contract_id",
          [row.id, date],
        );
        if (claim) await tx.query("insert into subscription_events (contract_id, kind, detail) values ($1, 'reminded', $2)", [row.id, JSON.stringify({ date })]);
        return claim !== undefined;
      });
      if (!claimed) continue;
      const settings = this.settingsFor(row.site);
      const message = subscriptionReminderMessage({
        ...addressee(row),
        date,
        price: await this.renewalCharge(row),
        shopName: settings.shop.name,
        shopUrl: row.shop_url ?? "",
        moneyFormat: settings.moneyFormat,
        words: this.wordsFor(row.site),
      });
      await this.mailer.send(message).catch(() => undefined);
      sent += 1;
    }
    return sent;
  }

  /** What the contract's next renewal will charge, tax included where the site adds it (US/CA sales tax): worked as the renewal works it. */
  private async renewalCharge(row: ContractRow): Promise<number> {
    const { goods } = await renewalGoods(this.db, Number(row.id), row.lines);
    const charge = orderCharge(this.siteTaxFor(row.site), { goods, shipping: row.shipping_price, shippingAddress: row.shipping_address });
    // An address without a tax region cannot be renewed as it stands; the reminder quotes the goods and shipping.
    return charge.ok ? charge.total : goods.total_price + row.shipping_price;
  }

  private async renew(contractId: number, today: string): Promise<{ order?: OrderJson; site: string; shopUrl: string }> {
    const waiting: { to: string; firstName: string; products: string[]; site: string; shopUrl: string }[] = [];
    const result = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<ContractRow>("select * from subscription_contracts where id = $1 for update", [contractId]);
      if (!row || row.status !== "active" || day(row.next_date) > today) return null;
      const scheduled = day(row.next_date);
      const [done] = await tx.query<{ status: string }>("select status from subscription_renewals where contract_id = $1 and scheduled_date = $2", [contractId, scheduled]);
      if (done?.status === "placed" || done?.status === "charging") return null;
      const shopUrl = row.shop_url ?? "";
      const settings = this.settingsFor(row.site);
      const { lineItems, goods } = await renewalGoods(tx, contractId, row.lines);
      // The same writer as checkout's: stock, the site's tax at the delivery address, the order row.
      const written = await placeOrder(tx, this.siteTaxFor(row.site), {
        cartToken: `subscription:${contractId}`,
        email: row.email,
        phone: null,
        shippingAddress: row.shipping_address,
        lines: lineItems,
        goods,
        subtotal: row.delivery_price,
        totalDiscount: 0,
        discountCodes: [],
        discountApplications: [],
        shipping: row.shipping_price,
        shippingMethod: row.shipping_method as OrderJson["shipping_method"],
        currency: row.currency,
        // Without a payment provider a renewal is a test order, as checkout's are; with one it waits for its payment.
        test: this.provider === null ? settings.checkout.testMode : false,
        smsConsent: null,
        locale: this.wordsFor(row.site).locale,
        customerId: Number(row.customer_id),
        shopUrl: row.shop_url,
      });
      if (!written.ok && written.reason !== "region") {
        // A shortfall places nothing and the delivery waits; the customer is told once per delivery, not at every run that finds it still short.
        const [claimed] = await tx.query(
          "insert into subscription_renewals (contract_id, scheduled_date, status) values ($1, $2, 'waiting') on conflict (contract_id, scheduled_date) do nothing returning id",
          [contractId, scheduled],
        );
        if (claimed) {
          await tx.query("insert into subscription_events (contract_id, kind, detail) values ($1, 'waiting_for_stock', $2)", [contractId, JSON.stringify({ date: scheduled, variant_id: written.variantId })]);
          waiting.push({ to: row.email, firstName: row.shipping_address.first_name, products: row.lines.map((each) => each.title), site: row.site, shopUrl });
        }
        return null;
      }
      if (!written.ok) throw new Error(`subscription ${contractId}: the delivery address has no tax region`);
      if (this.provider !== null) {
        await tx.query("update orders set payment_status = 'pending', payment_provider = $2 where id = $1", [written.id, this.provider.name]);
      }
      const [order] = await tx.query<OrderRow>(`select ${ORDER_COLUMNS} from orders where id = $1`, [written.id]);
      if (!order) throw new Error("renewal order vanished");
      await tx.query(
        `insert into subscription_renewals (contract_id, scheduled_date, status, order_id) values ($1, $2, $4, $3)
         on conflict (contract_id, scheduled_date) do update set status = excluded.status, order_id = excluded.order_id, declined = 0, first_declined_on = null, retry_on = null`,
        // With a provider the order is paid by chargeDue, right after.
        [contractId, scheduled, order.id, this.provider ? "charging" : "placed"],
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
  async skip(customerId: ContractOwner, contractId: number): Promise<ContractChange> {
    return this.change(customerId, contractId, (row) => {
      if (row.status === "cancelled") return null;
      const deliveries = row.deliveries + 1;
      return { deliveries, next_date: deliveryDate(day(row.anchor_date), row.interval, row.interval_count, deliveries), kind: "skipped", detail: { date: day(row.next_date) } };
    });
  }

  /** Pausing stops renewals; resuming starts them at the first delivery date from today on. */
  async pause(customerId: ContractOwner, contractId: number): Promise<ContractChange> {
    return this.change(customerId, contractId, (row) => (row.status === "active" ? { status: "paused", kind: "paused", detail: {} } : null));
  }

  async resume(customerId: ContractOwner, contractId: number): Promise<ContractChange> {
    const today = this.today();
    return this.change(customerId, contractId, (row) => {
      // A failed one (its card declined) may be resumed too: its renewals try the kept card again.
      if (row.status !== "paused" && row.status !== "failed") return null;
      let deliveries = row.deliveries;
      // Deliveries missed while paused are not made up: the next is the first still to come.
      while (deliveryDate(day(row.anchor_date), row.interval, row.interval_count, deliveries) <= today) deliveries += 1;
      return { status: "active", deliveries, next_date: deliveryDate(day(row.anchor_date), row.interval, row.interval_count, deliveries), kind: "resumed", detail: {} };
    });
  }

  async cancel(customerId: ContractOwner, contractId: number, reason: string | undefined): Promise<ContractChange> {
    const said = reason?.trim().slice(0, 500) || null;
    return this.change(customerId, contractId, (row) => (row.status === "cancelled" ? null : { status: "cancelled", cancel_reason: said, kind: "cancelled", detail: { reason: said } }));
  }

  /** Delays the next delivery by one or two weeks, or to a chosen day; the deliveries after it count from the new day. */
  async delay(customerId: number, contractId: number, request: DelayRequest | null): Promise<ContractChange> {
    const today = this.today();
    return this.change(customerId, contractId, (row) => {
      if (row.status !== "active") return null;
      const moved = request ? delayedDate(day(row.next_date), today, request) : null;
      if (!moved) return { invalid: "Choose a later date for this delivery, at most 90 days on." };
      const { anchor, deliveries, nextDate } = reanchored(moved);
      return { anchor_date: anchor, deliveries, next_date: nextDate, kind: "delayed", detail: { from: day(row.next_date), to: moved } };
    });
  }

  /** Places the next delivery today, at once; the deliveries after it count from today. */
  async deliverNow(customerId: number, contractId: number): Promise<ContractChange> {
    const today = this.today();
    const changed = await this.change(customerId, contractId, (row) => {
      if (row.status !== "active" || day(row.next_date) <= today) return null;
      const { anchor, deliveries, nextDate } = reanchored(today);
      return { anchor_date: anchor, deliveries, next_date: nextDate, kind: "delivered_now", detail: { from: day(row.next_date) } };
    });
    if (!changed.ok) return changed;
    const outcome = await this.renew(contractId, today);
    if (outcome.order) await this.sendConfirmation(outcome.order, outcome.site, outcome.shopUrl);
    const [row] = await this.db.query<ContractRow>("select * from subscription_contracts where id = $1", [contractId]);
    return row ? { ok: true, contract: contractOf(row) } : changed;
  }

  /** Delivers on another plan of the same group: each line priced by that plan, from the next delivery on. */
  async changeFrequency(customerId: number, contractId: number, planId: number): Promise<ContractChange> {
    const catalogs = await this.catalogsOf(customerId, contractId);
    return this.change(customerId, contractId, (row) => {
      if (row.status === "cancelled") return null;
      const catalog = catalogs.get(row.site);
      const current = row.selling_plan_id === null || !catalog ? null : planGroupOf(catalog, Number(row.selling_plan_id));
      const plan = current?.group.plans.find((candidate) => candidate.id === planId);
      if (!catalog || !plan) return { invalid: "Choose one of the subscription's frequencies." };
      if (plan.id === Number(row.selling_plan_id)) return null;
      const lines = row.lines.map((line) => pricedLine(catalog, line.variant_id, line.quantity, plan));
      if (lines.some((line) => line === null)) return null;
      const { anchor, deliveries } = reanchored(day(row.next_date));
      return {
        lines: lines.filter((line) => line !== null),
        interval: plan.interval,
        interval_count: plan.intervalCount,
        selling_plan_id: plan.id,
        anchor_date: anchor,
        deliveries,
        kind: "frequency_changed",
        detail: { from: { interval: row.interval, interval_count: row.interval_count }, to: { interval: plan.interval, interval_count: plan.intervalCount }, plan_id: plan.id },
      };
    });
  }

  /** How many units of one of its products each delivery brings, from the next delivery on. */
  async changeQuantity(customerId: number, contractId: number, variantId: number, quantity: number | null): Promise<ContractChange> {
    return this.change(customerId, contractId, (row) => {
      if (row.status === "cancelled") return null;
      const line = row.lines.find((candidate) => candidate.variant_id === variantId);
      if (!line || quantity === null) return { invalid: `Choose from 1 to ${MOST_UNITS_PER_LINE}.` };
      if (line.quantity === quantity) return null;
      return {
        lines: row.lines.map((candidate) => (candidate === line ? { ...candidate, quantity } : candidate)),
        kind: "quantity_changed",
        detail: { variant_id: variantId, from: line.quantity, to: quantity },
      };
    });
  }

  /** Swaps one of its products for another that offers the same frequency, priced by that product's plan, from the next delivery on. */
  async swap(customerId: number, contractId: number, variantId: number, toVariantId: number): Promise<ContractChange> {
    const catalogs = await this.catalogsOf(customerId, contractId);
    return this.change(customerId, contractId, (row) => {
      if (row.status === "cancelled") return null;
      const catalog = catalogs.get(row.site);
      const line = row.lines.find((candidate) => candidate.variant_id === variantId);
      const swaps = catalog ? swapsFor(catalog, row) : [];
      if (!catalog || !line || !swaps.some((swap) => swap.variantId === toVariantId)) return { invalid: "Choose a product this subscription can deliver instead." };
      const target = catalog.variants.get(toVariantId);
      const product = target ? catalog.products.get(target.productId) : undefined;
      const plan = product ? planOffering(product, row.interval, row.interval_count) : null;
      const swapped = plan ? pricedLine(catalog, toVariantId, line.quantity, plan) : null;
      if (!swapped) return null;
      return {
        lines: row.lines.map((candidate) => (candidate === line ? swapped : candidate)),
        ...(row.lines.length === 1 ? { selling_plan_id: swapped.selling_plan_id } : {}),
        kind: "swapped",
        detail: { from: { variant_id: variantId, title: line.title }, to: { variant_id: toVariantId, title: swapped.title } },
      };
    });
  }

  /** The merchant sets the next delivery date (earlier or later, `rescheduledDate`); the deliveries after it count from the new day. */
  async reschedule(owner: ContractOwner, contractId: number, chosen: unknown): Promise<ContractChange> {
    const today = this.today();
    return this.change(owner, contractId, (row) => {
      if (row.status !== "active") return null;
      const moved = rescheduledDate(day(row.next_date), today, chosen);
      if (!moved) return { invalid: "The date was not changed.", errors: { date: `Choose a day after today, other than the present date, at most ${LONGEST_DELAY_DAYS} days on.` } };
      const { anchor, deliveries, nextDate } = reanchored(moved);
      return { anchor_date: anchor, deliveries, next_date: nextDate, kind: "delayed", detail: { from: day(row.next_date), to: moved } };
    });
  }

  /**
   * The merchant's price override: new unit prices for some lines, in the
   * contract's currency, which every renewal from the next one charges (until
   * a frequency change or a swap reprices from the catalog).
   */
  async overridePrice(owner: ContractOwner, contractId: number, form: Record<string, unknown>, field: (variantId: number) => string): Promise<ContractChange> {
    return this.change(owner, contractId, (row) => {
      if (row.status === "cancelled") return null;
      const read = readPriceOverride(row.lines, form, field);
      if (!read.ok) return { invalid: "The price was not changed. Please check the highlighted fields.", errors: read.errors };
      if (read.prices.size === 0) return { invalid: "The price was not changed: type a new price for at least one product." };
      const changed = row.lines.filter((line) => read.prices.has(line.variant_id));
      return {
        lines: row.lines.map((line) => ({ ...line, price: read.prices.get(line.variant_id) ?? line.price })),
        kind: "price_overridden",
        detail: { currency: row.currency, lines: changed.map((line) => ({ variant_id: line.variant_id, title: line.title, from: line.price, to: read.prices.get(line.variant_id) })) },
      };
    });
  }

  /** A customer's contracts with what each may change to: its group's frequencies and the products it may swap for. */
  async managedFor(customerId: number): Promise<ManagedContract[]> {
    const rows = await this.db.query<ContractRow>("select * from subscription_contracts where customer_id = $1 order by id", [customerId]);
    const catalogs = await this.catalogsFor(rows.map((row) => row.site));
    return rows.map((row) => {
      const catalog = catalogs.get(row.site);
      const group = row.selling_plan_id === null || !catalog ? null : planGroupOf(catalog, Number(row.selling_plan_id));
      return {
        ...contractOf(row),
        cardUpdatable: this.provider !== null && row.status !== "cancelled",
        frequencies: group ? group.group.plans.map((plan) => ({ planId: plan.id, interval: plan.interval, intervalCount: plan.intervalCount })) : [],
        swaps: catalog && row.status !== "cancelled" ? swapsFor(catalog, row) : [],
      };
    });
  }

  private async catalogsOf(customerId: number, contractId: number): Promise<Map<string, Catalog>> {
    const rows = await this.db.query<{ site: string }>("select site from subscription_contracts where id = $1 and customer_id = $2", [Number.isSafeInteger(contractId) ? contractId : 0, customerId]);
    return this.catalogsFor(rows.map((row) => row.site));
  }

  /** Each site's catalog, in its currency and language: a contract is priced as its site prices. */
  private async catalogsFor(sites: readonly string[]): Promise<Map<string, Catalog>> {
    const catalogs = new Map<string, Catalog>();
    for (const site of new Set(sites)) catalogs.set(site, await this.catalogFor(site).get());
    return catalogs;
  }

  /** One change to a customer's own contract, locked and recorded; a change that does not apply to its state is a conflict, one the form asks wrongly is invalid. */
  private async change(owner: ContractOwner, contractId: number, decide: (row: ContractRow) => ContractDecision | { invalid: string; errors?: Record<string, string> } | null): Promise<ContractChange> {
    if (!Number.isSafeInteger(contractId) || contractId <= 0) return { ok: false, reason: "not_found", description: "That subscription was not found." };
    const customerId = typeof owner === "number" ? owner : null;
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<ContractRow>("select * from subscription_contracts where id = $1 and ($2::bigint is null or customer_id = $2) for update", [contractId, customerId]);
      if (!row) return { ok: false, reason: "not_found", description: "That subscription was not found." } as const;
      const decided = decide(row);
      if (!decided) return { ok: false, reason: "conflict", description: "That subscription cannot be changed that way now." } as const;
      if ("invalid" in decided) return { ok: false, reason: "invalid", description: decided.invalid, ...(decided.errors ? { errors: decided.errors } : {}) } as const;
      if (typeof owner === "number") return { ok: true, contract: await applyDecision(tx, row, decided) } as const;
      // A staff member's change names them in the contract's history, and goes into the audit log.
      const staff = { id: owner.staff.id, name: owner.staff.name || owner.staff.email };
      const contract = await applyDecision(tx, row, { ...decided, detail: { ...decided.detail, staff } });
      await recordAudit(tx, { staffId: staff.id, action: `subscription.${decided.kind}`, subject: `subscription ${contractId}`, after: decided.detail });
      return { ok: true, contract } as const;
    });
  }
}

/** What a change sets on a contract (the rest stays), and the event that records it. */
interface ContractDecision {
  status?: ContractStatus;
  deliveries?: number;
  next_date?: string;
  anchor_date?: string;
  cancel_reason?: string | null;
  lines?: ContractLine[];
  interval?: PlanInterval;
  interval_count?: number;
  selling_plan_id?: number;
  kind: string;
  detail: object;
}

async function applyDecision(tx: Queryable, row: ContractRow, decided: ContractDecision): Promise<SubscriptionContract> {
  const { kind, detail, lines, ...fields } = decided;
  const deliveryPrice = lines ? lines.reduce((sum, line) => sum + line.price * line.quantity, 0) : null;
  const [updated] = await tx.query<ContractRow>(
    `update subscription_contracts set status = coalesce($2, status), deliveries = coalesce($3, deliveries), next_date = coalesce($4::date, next_date),
       cancel_reason = case when $5::boolean then $6 else cancel_reason end, anchor_date = coalesce($7::date, anchor_date), lines = coalesce($8::jsonb, lines),
       delivery_price = coalesce($9, delivery_price), interval = coalesce($10, interval), interval_count = coalesce($11, interval_count),
       selling_plan_id = coalesce($12, selling_plan_id), updated_at = now() where id = $1 returning *`,
    [
      row.id,
      fields.status ?? null,
      fields.deliveries ?? null,
      fields.next_date ?? null,
      "cancel_reason" in fields,
      fields.cancel_reason ?? null,
      fields.anchor_date ?? null,
      lines ? JSON.stringify(lines) : null,
      deliveryPrice,
      fields.interval ?? null,
      fields.interval_count ?? null,
      fields.selling_plan_id ?? null,
    ],
  );
  await tx.query("insert into subscription_events (contract_id, kind, detail) values ($1, $2, $3)", [row.id, kind, JSON.stringify(detail)]);
  if (!updated) throw new Error("contract update returned nothing");
  return contractOf(updated);
}

/** The line as a product's title shows it: the product's, and the variant's unless it is the only one. */
const variantTitle = (product: CatalogProduct, variant: CatalogVariant): string => (variant.title === "Default Title" ? product.title : `${product.title} - ${variant.title}`);

/** The product and plan group holding plan `planId`. */
function planGroupOf(catalog: Catalog, planId: number): { product: CatalogProduct; group: SellingPlanGroup } | null {
  for (const base of productsOnEverySite(catalog)) {
    if (!findPlan(base.sellingPlanGroups, planId)) continue;
    // The site's product: its plans' amounts in the site's currency.
    const product = catalog.products.get(base.id)!;
    return { product, group: findPlan(product.sellingPlanGroups, planId)!.group };
  }
  return null;
}

/** The product's plan that delivers every `count` `interval`s, if it offers one. */
function planOffering(product: CatalogProduct, interval: PlanInterval, count: number): SellingPlan | null {
  for (const group of product.sellingPlanGroups) {
    const plan = group.plans.find((candidate) => candidate.interval === interval && candidate.intervalCount === count);
    if (plan) return plan;
  }
  return null;
}

/** A contract line for `quantity` units of a variant on `plan`, at the plan's price in the catalog's currency. */
function pricedLine(catalog: Catalog, variantId: number, quantity: number, plan: SellingPlan): ContractLine | null {
  const variant = catalog.variants.get(variantId);
  const product = variant ? catalog.products.get(variant.productId) : undefined;
  if (!variant || !product) return null;
  return { variant_id: variant.id, quantity, selling_plan_id: plan.id, price: planPrice(variant.price, plan.adjustment), title: variantTitle(product, variant), sku: variant.sku || null, handle: product.handle };
}

/** What a contract may swap a product for: published products offering its frequency, each variant in stock and not already delivered. */
function swapsFor(catalog: Catalog, row: Pick<ContractRow, "interval" | "interval_count" | "lines">): { variantId: number; title: string }[] {
  const delivered = new Set(row.lines.map((line) => line.variant_id));
  const swaps: { variantId: number; title: string }[] = [];
  for (const base of productsOnEverySite(catalog)) {
    if (!base.published || !planOffering(base, row.interval, row.interval_count)) continue;
    const product = catalog.products.get(base.id)!;
    for (const variant of product.variants) {
      if (!delivered.has(variant.id) && isVariantAvailable(variant)) swaps.push({ variantId: variant.id, title: variantTitle(product, variant) });
    }
  }
  return swaps.sort((a, b) => a.title.localeCompare(b.title));
}


/**
 * A renewal's order lines and the goods its tax is worked on (each line's
 * `taxable` read from the variant now): what the renewal writes and what its
 * reminder quotes, so the two figures are one.
 */
async function renewalGoods(q: Queryable, contractId: number, lines: readonly ContractLine[]) {
  const taxable = await q.query<{ id: number | string; taxable: boolean }>("select id, taxable from variants where id = any($1::bigint[])", [lines.map((line) => line.variant_id)]);
  const lineItems = lines.map((line) => ({
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
  const goods = {
    total_price: lineItems.reduce((sum, line) => sum + line.final_line_price, 0),
    items: lineItems.map((line) => ({ gift_card: false, taxable: taxable.find((variant) => Number(variant.id) === line.variant_id)?.taxable ?? true, final_line_price: line.final_line_price })),
  };
  return { lineItems, goods };
}
