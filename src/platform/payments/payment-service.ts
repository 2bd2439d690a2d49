/**
 * Orders paid through the payment provider. An order placed while the
 * provider is set waits as `pending`, holding its stock, while the shopper
 * pays on the provider's page; it becomes `paid` only from the provider's
 * signed webhook event, never from the shopper's return. A session that ends
 * unpaid voids the order: its stock and any gift card money go back. Events
 * are handled once each (by id), in any order: a payment that arrives for an
 * order already voided or cancelled is refunded at once.
 */
import type Stripe from "stripe";
import type { OrderJson } from "../../core/contract/storefront.ts";
import { providerCharge } from "../../core/payments/provider-charge.ts";
import type { Settings } from "../../core/settings/settings.ts";
import { orderSiteOf, shopSites } from "../../core/sites/sites.ts";
import { type Catalog, type CatalogStore, bumpInventoryRevision } from "../catalog/catalog.ts";
import type { Database, Queryable } from "../db/database.ts";
import { emailWords } from "../mail/email-words.ts";
import type { Mailer } from "../mail/mailer.ts";
import { giftCardMessage, orderConfirmationMessage } from "../mail/messages.ts";
import { type IssuedGiftCard, giftCardLines, issueGiftCards } from "../orders/gift-cards.ts";
import { ORDER_COLUMNS, type OrderRow, orderJson } from "../orders/order-json.ts";
import type { StartedCheckout, StripePayments } from "./stripe-payments.ts";

/** How long a shopper has to pay, and so how long the order holds its stock (Stripe's shortest session). */
export const PAYMENT_WINDOW_MS = 30 * 60 * 1000;
/** How long after its payment window an order still pending is asked about at the provider, its event not having come. */
export const LAPSED_AFTER_MS = 10 * 60 * 1000;
/** Lapsed orders settled per run; the hourly run takes the next ones. */
const LAPSED_BATCH = 100;

const SHIPPING_TITLES: Record<OrderJson["shipping_method"], string> = { standard: "Standard delivery", express: "Express delivery" };

/** What a webhook's answer should be: handled (or nothing to do), or refused for its signature. */
export type WebhookOutcome = "handled" | "duplicate" | "refused";

/**
 * Where a new card for a subscription goes: kept on its contract in the
 * webhook's transaction, then the renewal waiting on it tried again.
 */
export interface RenewalCards {
  keepCard(tx: Queryable, contractId: number, customerId: string | null, paymentMethodId: string): Promise<boolean>;
  retry(contractId: number): Promise<void>;
}

type PaymentRow = OrderRow & { payment_session_id: string | null; shop_url: string | null; fulfillment_status: OrderJson["fulfillment_status"] };

const PAYMENT_COLUMNS = `${ORDER_COLUMNS}, payment_session_id, shop_url`;

export class PaymentService {
  readonly provider: StripePayments;
  private readonly db: Database;
  private readonly catalog: CatalogStore;
  private readonly mailer: Mailer;
  private readonly settings: Settings;

  /** The shop's catalogues, for each order's emails in its own language. */
  private readonly locales: Readonly<Record<string, Readonly<Record<string, string>>>>;
  private readonly renewalCards: () => RenewalCards | undefined;

  constructor({
    db,
    provider,
    catalog,
    mailer,
    settings,
    locales,
    renewalCards,
  }: {
    /** The subscriptions, once made (they are made after the payments). */
    renewalCards?: () => RenewalCards | undefined;
    db: Database;
    provider: StripePayments;
    catalog: CatalogStore;
    mailer: Mailer;
    settings: Settings;
    locales: Readonly<Record<string, Readonly<Record<string, string>>>>;
  }) {
    this.locales = locales;
    this.renewalCards = renewalCards ?? (() => undefined);
    this.db = db;
    this.provider = provider;
    this.catalog = catalog;
    this.mailer = mailer;
    this.settings = settings;
  }

  /**
   * Opens the provider's checkout for a pending order at what the order
   * records it owes, and keeps the session on the order. The order's token
   * keys the attempt, so a retried request makes one session.
   */
  async startCheckout(order: OrderJson, giftCards: readonly boolean[], orderUrl: string): Promise<StartedCheckout> {
    const charge = providerCharge({
      ...order,
      lines: order.line_items.map((line, index) => ({ title: line.title, quantity: line.quantity, final_line_price: line.final_line_price, gift_card: giftCards[index] ?? false })),
    });
    const started = await this.provider.startCheckout({
      order: { id: order.id, token: order.token, name: order.name, email: order.email, currency: order.currency, shippingTitle: SHIPPING_TITLES[order.shipping_method] },
      charge,
      returnUrl: orderUrl,
      expiresAt: new Date(Date.now() + PAYMENT_WINDOW_MS),
      idempotencyKey: `checkout-${order.token}`,
      keepCardFor: await this.subscriberOf(order.id),
    });
    await this.db.query("update orders set payment_session_id = $2, payment_url = $3, payment_expires_at = $4 where id = $1", [order.id, started.sessionId, started.url, started.expiresAt]);
    return started;
  }

  /**
   * The provider's customer of an order that starts subscriptions, made the
   * first time and kept on the shop's customer; undefined for other orders.
   */
  private async subscriberOf(orderId: number): Promise<string | undefined> {
    const [owner] = await this.db.query<{ id: number | string; email: string; payment_customer_id: string | null }>(
      "select cu.id, cu.email, cu.payment_customer_id from subscription_contracts c join customers cu on cu.id = c.customer_id where c.origin_order_id = $1 limit 1",
      [orderId],
    );
    if (!owner) return undefined;
    if (owner.payment_customer_id) return owner.payment_customer_id;
    const made = await this.provider.createCustomer(owner.email, Number(owner.id));
    await this.db.query("update customers set payment_customer_id = coalesce(payment_customer_id, $2) where id = $1", [owner.id, made]);
    return made;
  }

  /**
   * Handles a webhook: its signature checked with the webhook secret (a bad
   * or missing one changes nothing), then the event applied once.
   */
  async receive(body: string, signature: string | undefined): Promise<WebhookOutcome> {
    const event = this.provider.verifiedEvent(body, signature);
    if (!event) return "refused";
    const after: (() => Promise<void>)[] = [];
    // Read before the transaction: the catalog is not read inside it (an embedded database has one connection).
    const catalog = await this.catalog.get();
    const outcome = await this.db.transaction(async (tx) => {
      const session = isSessionEvent(event) ? event.data.object : null;
      if (session?.mode === "setup") return this.setupEvent(tx, event, session, after);
      const orderId = session ? Number(session.metadata?.order_id) : NaN;
      const row = Number.isSafeInteger(orderId) && orderId > 0 ? await lockOrder(tx, orderId) : undefined;
      const [first] = await tx.query<{ id: string }>("insert into payment_events (id, type, order_id) values ($1, $2, $3) on conflict (id) do nothing returning id", [
        event.id,
        event.type,
        row ? row.id : null,
      ]);
      if (!first) return "duplicate" as const;
      // A session the order no longer points at (an earlier attempt) still counts when it was paid: the money is refunded below.
      if (!session || !row) return "handled" as const;
      if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
        if (session.payment_status === "paid" || session.payment_status === "no_payment_required") await this.paid(tx, row, session, catalog, after);
      } else if (event.type === "checkout.session.expired" || event.type === "checkout.session.async_payment_failed") {
        if (row.payment_session_id === session.id) await voidOrder(tx, row);
      }
      return "handled" as const;
    });
    for (const work of after) await work();
    return outcome;
  }

  /** A completed setup session for a subscription's card: the card kept on its contract (once per event), its renewal retried after the commit. */
  private async setupEvent(tx: Queryable, event: Stripe.Event, session: Stripe.Checkout.Session, after: (() => Promise<void>)[]): Promise<"handled" | "duplicate"> {
    const [first] = await tx.query<{ id: string }>("insert into payment_events (id, type, order_id) values ($1, $2, null) on conflict (id) do nothing returning id", [event.id, event.type]);
    if (!first) return "duplicate";
    const contractId = Number(session.metadata?.contract_id);
    const cards = this.renewalCards();
    const setupIntent = typeof session.setup_intent === "string" ? session.setup_intent : (session.setup_intent?.id ?? null);
    if (event.type !== "checkout.session.completed" || !cards || !setupIntent || !Number.isSafeInteger(contractId) || contractId <= 0) return "handled";
    const method = await this.provider.setupPaymentMethod(setupIntent);
    const customer = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null);
    if (method && (await cards.keepCard(tx, contractId, customer, method))) after.push(() => cards.retry(contractId));
    return "handled";
  }

  /**
   * Settles orders still pending well after their payment window, in case
   * the provider's event never arrived: each session is read at the provider
   * and applied as its event would be (paid; or ended unpaid, voided with its
   * stock back). A session still open is ended first, so it can no longer be
   * paid. A payment still on its way (a bank debit) is left to its event.
   * Each order is locked while settled, so an event arriving at the same
   * moment changes it once. Answers how many orders were settled.
   */
  async settleLapsed(now: Date = new Date()): Promise<number> {
    const lapsed = await this.db.query<{ id: string | number; payment_session_id: string }>(
      "select id, payment_session_id from orders where payment_status = 'pending' and payment_session_id is not null and payment_expires_at < $1 order by id limit $2",
      [new Date(now.getTime() - LAPSED_AFTER_MS), LAPSED_BATCH],
    );
    let settled = 0;
    let failure: unknown = null;
    for (const { id, payment_session_id: sessionId } of lapsed) {
      try {
        let session = await this.provider.session(sessionId);
        if (session.status === "open") {
          await this.provider.expireSession(sessionId);
          session = await this.provider.session(sessionId);
        }
        if (await this.settle(Number(id), session)) settled += 1;
      } catch (error) {
        // One order the provider could not answer for waits for the next run; the others are settled now.
        failure ??= error;
      }
    }
    if (failure) throw failure;
    return settled;
  }

  /** Applies how a session ended to its order, if the order still waits on that session; answers whether it changed. */
  private async settle(orderId: number, session: Stripe.Checkout.Session): Promise<boolean> {
    const paid = session.status === "complete" && (session.payment_status === "paid" || session.payment_status === "no_payment_required");
    if (!paid && session.status !== "expired") return false;
    const after: (() => Promise<void>)[] = [];
    const catalog = await this.catalog.get();
    const changed = await this.db.transaction(async (tx) => {
      const row = await lockOrder(tx, orderId);
      if (!row || row.payment_status !== "pending" || row.payment_session_id !== session.id) return false;
      if (paid) await this.paid(tx, row, session, catalog, after);
      else await voidOrder(tx, row);
      return true;
    });
    for (const work of after) await work();
    return changed;
  }

  /** Voids a pending order whose payment could not start or was given up: stock and gift card money go back. */
  async voidPending(orderId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await lockOrder(tx, orderId);
      if (row) await voidOrder(tx, row);
    });
  }

  /**
   * The provider took the money. A pending order becomes paid (its gift cards
   * issued and emails sent once committed); an order voided or cancelled
   * meanwhile gets the money straight back.
   */
  private async paid(tx: Queryable, row: PaymentRow, session: Stripe.Checkout.Session, catalog: Catalog, after: (() => Promise<void>)[]): Promise<void> {
    const reference = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
    if (row.payment_status === "pending" && row.payment_session_id === session.id && row.fulfillment_status !== "cancelled") {
      const used = reference ? await this.provider.paymentMethod(reference) : { id: null, label: null };
      const method = used.label;
      await tx.query("update orders set payment_status = 'paid', paid_at = now(), payment_reference = $2, payment_method = $3 where id = $1", [row.id, reference, method]);
      // The card the shopper paid with is kept for the renewals of the subscriptions this order started.
      const customer = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null);
      if (used.id && customer) {
        await tx.query("update subscription_contracts set payment_customer_id = $2, payment_method_id = $3, updated_at = now() where origin_order_id = $1", [row.id, customer, used.id]);
      }
      const order = orderJson({ ...row, payment_status: "paid", payment_reference: reference, payment_method: method });
      const flags = giftCardLines(order, catalog);
      const giftCards = await issueGiftCards(tx, { id: order.id, email: order.email, currency: order.currency, lines: order.line_items.map((line, index) => ({ quantity: line.quantity, price: line.price, gift_card: flags[index] ?? false })) });
      if (row.shop_url) {
        const shopUrl = row.shop_url;
        after.push(() => this.sendPaidEmails(order, giftCards, shopUrl));
      }
      return;
    }
    const amount = session.amount_total ?? 0;
    if (!reference || amount <= 0) return;
    if (row.payment_status === "paid" && row.payment_session_id === session.id) return;
    // Paid for an order that no longer stands (its session ended, or staff cancelled it): the whole payment goes back.
    const refundId = await this.provider.refund(reference, amount, `late-payment-${session.id}`, row.id);
    await tx.query(
      "insert into refunds (order_id, staff_id, amount, gift_card_amount, shipping, lines, restocked, note, provider_refund_id) values ($1, null, $2, 0, 0, '[]', false, $3, $4)",
      [row.id, amount, "Paid after the order was cancelled, so refunded automatically.", refundId],
    );
    await tx.query("update orders set payment_status = 'paid', payment_reference = $2, total_refunded = least(total_price, total_refunded + $3) where id = $1", [row.id, reference, amount]);
  }

  /** The confirmation (and any gift cards bought) go out once the payment is in; a failing mailer does not undo the payment. */
  private async sendPaidEmails(order: OrderJson, giftCards: readonly IssuedGiftCard[], shopUrl: string): Promise<void> {
    const { shop } = this.settings;
    const moneyFormat = orderSiteOf(shopSites(this.settings), this.settings.geo.baseSite, order).moneyFormat;
    const words = emailWords(this.locales, order.customer_locale);
    await this.mailer.send(orderConfirmationMessage({ order, shopName: shop.name, shopUrl, moneyFormat, words })).catch(() => undefined);
    for (const card of giftCards) {
      await this.mailer.send(giftCardMessage({ to: order.email, code: card.code, value: card.value, shopName: shop.name, shopUrl, moneyFormat, words })).catch(() => undefined);
    }
  }
}

const SESSION_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded", "checkout.session.async_payment_failed", "checkout.session.expired"]);
const isSessionEvent = (event: Stripe.Event): event is Stripe.Event & { data: { object: Stripe.Checkout.Session } } => SESSION_EVENTS.has(event.type);

export async function lockOrder(tx: Queryable, id: number): Promise<PaymentRow | undefined> {
  const [row] = await tx.query<PaymentRow>(`select ${PAYMENT_COLUMNS} from orders where id = $1 for update`, [id]);
  return row;
}

/**
 * A pending order that will not be paid: cancelled and voided, its units back
 * on the shelf (under the variants' row locks, in id order as checkouts take
 * them) and any gift card money back on the card.
 */
export async function voidOrder(tx: Queryable, row: PaymentRow): Promise<void> {
  if (row.payment_status !== "pending") return;
  const order = orderJson(row);
  const byVariant = new Map<number, number>();
  for (const line of order.line_items) byVariant.set(Number(line.variant_id), (byVariant.get(Number(line.variant_id)) ?? 0) + line.quantity);
  let returned = false;
  for (const [variantId, quantity] of [...byVariant].sort(([a], [b]) => a - b)) {
    const [updated] = await tx.query<{ inventory_quantity: number }>(
      "update variants set inventory_quantity = inventory_quantity + $2 where id = $1 and inventory_management is not null returning inventory_quantity",
      [variantId, quantity],
    );
    if (!updated) continue;
    returned = true;
    await tx.query("insert into stock_adjustments (variant_id, staff_id, delta, quantity_after, reason, note) values ($1, null, $2, $3, 'returned', $4)", [
      variantId,
      quantity,
      updated.inventory_quantity,
      `Order ${order.name} was not paid`,
    ]);
  }
  if (returned) await bumpInventoryRevision(tx);
  let refunded = 0;
  if (order.gift_card_amount > 0) {
    const [spent] = await tx.query<{ gift_card_id: number }>("select gift_card_id from gift_card_transactions where order_id = $1 and amount < 0 order by id limit 1", [row.id]);
    if (spent) {
      refunded = order.gift_card_amount;
      await tx.query("update gift_cards set balance = balance + $2 where id = $1", [spent.gift_card_id, refunded]);
      await tx.query("insert into gift_card_transactions (gift_card_id, order_id, amount) values ($1, $2, $3)", [spent.gift_card_id, row.id, refunded]);
      await tx.query("insert into refunds (order_id, staff_id, amount, gift_card_amount, shipping, lines, restocked, note) values ($1, null, $2, $2, 0, '[]', false, $3)", [
        row.id,
        refunded,
        "The payment was not completed, so the gift card was given back.",
      ]);
    }
  }
  await tx.query(
    "update orders set payment_status = 'voided', fulfillment_status = 'cancelled', cancelled_at = coalesce(cancelled_at, now()), cancel_reason = coalesce(cancel_reason, 'declined'), total_refunded = total_refunded + $2 where id = $1",
    [row.id, refunded],
  );
}
