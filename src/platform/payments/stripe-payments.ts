/**
 * The payment provider: Stripe, through its official SDK. Checkout Sessions
 * take the payment on Stripe's page, refunds go back through Stripe, and
 * Stripe's webhook events are believed only with a valid signature.
 * `STRIPE_API_BASE` points the SDK at another host (Stripe's own by default).
 */
import Stripe from "stripe";
import type { ProviderCharge } from "../../core/payments/provider-charge.ts";

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Where the API answers, such as `https://api.stripe.com` (the default). */
  apiBase?: string | undefined;
}

/** What a Checkout Session is created for. */
export interface CheckoutRequest {
  order: { id: number; token: string; name: string; email: string; currency: string; shippingTitle: string };
  charge: ProviderCharge;
  /** Where the shopper comes back to, paid or not: the order's page. */
  returnUrl: string;
  /** Until when the session may be paid (and the order holds its stock). */
  expiresAt: Date;
  /** One key per attempt: the same attempt sent twice makes one session. */
  idempotencyKey: string;
  /** The provider's customer whose card is kept for the subscription renewals the order starts. */
  keepCardFor?: string | undefined;
}

/** An off-session charge of a kept card: the renewal's amount, its customer and card, one key per try. */
export interface RenewalChargeRequest {
  amount: number;
  currency: string;
  customerId: string;
  paymentMethodId: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** A charge taken (with its PaymentIntent and how it was paid), or declined with the provider's code. */
export type RenewalCharge = { ok: true; reference: string; method: string | null } | { ok: false; code: string; message: string };

/** How a payment was made: the provider's payment method id and its words ("Visa •••• 4242"). */
export interface PaymentMethodUsed {
  id: string | null;
  label: string | null;
}

export interface StartedCheckout {
  sessionId: string;
  url: string;
  expiresAt: Date;
}

/** The provider refused or could not be reached; `message` is safe to show staff. */
export class PaymentFailed extends Error {}

const failure = (error: unknown): PaymentFailed =>
  new PaymentFailed(error instanceof Stripe.errors.StripeError ? error.message : error instanceof Error ? error.message : "The payment provider did not answer.");

export class StripePayments {
  readonly name = "stripe";
  /**
   * Where the checkout form's answer sends the shopper to pay: Stripe's hosted
   * page, or the host `STRIPE_API_BASE` names, which then serves it too.
   */
  readonly payPageOrigin: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(config: StripeConfig) {
    const base = new URL(config.apiBase ?? "https://api.stripe.com");
    this.stripe = new Stripe(config.secretKey, {
      host: base.hostname,
      ...(base.port ? { port: base.port } : {}),
      protocol: base.protocol === "http:" ? "http" : "https",
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
    this.webhookSecret = config.webhookSecret;
    this.payPageOrigin = config.apiBase ? base.origin : "https://checkout.stripe.com";
  }

  /** A Checkout Session for the order's outstanding amount, at the shop's prices, in its currency. */
  async startCheckout(request: CheckoutRequest): Promise<StartedCheckout> {
    const { order, charge } = request;
    const currency = order.currency.toLowerCase();
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: "payment",
          // A subscription's first order keeps the card on the shopper's customer for the renewals, charged off-session.
          ...(request.keepCardFor ? { customer: request.keepCardFor } : { customer_email: order.email }),
          client_reference_id: String(order.id),
          metadata: { order_id: String(order.id), order_name: order.name },
          payment_intent_data: {
            metadata: { order_id: String(order.id), order_name: order.name },
            ...(request.keepCardFor ? { setup_future_usage: "off_session" as const } : {}),
          },
          line_items: charge.items.map((item) => ({ quantity: item.quantity, price_data: { currency, unit_amount: item.unit_amount, product_data: { name: item.name } } })),
          ...(charge.shipping > 0 || order.shippingTitle
            ? { shipping_options: [{ shipping_rate_data: { type: "fixed_amount" as const, display_name: order.shippingTitle, fixed_amount: { amount: charge.shipping, currency } } }] }
            : {}),
          success_url: request.returnUrl,
          cancel_url: request.returnUrl,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new PaymentFailed("The payment provider gave no address to pay at.");
      return { sessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    } catch (error) {
      throw failure(error);
    }
  }

  /** Ends an open session, so it can no longer be paid; one already ended is left as it is. */
  async expireSession(sessionId: string): Promise<void> {
    try {
      await this.stripe.checkout.sessions.expire(sessionId);
    } catch (error) {
      // Only an open session can be expired: a completed or expired one answers an invalid request.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw failure(error);
    }
  }

  /** A session as the provider has it now: open, complete (paid, or a payment still on its way) or expired. */
  async session(sessionId: string): Promise<Stripe.Checkout.Session> {
    try {
      return await this.stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      throw failure(error);
    }
  }

  /** How a payment was made, as staff and shopper read it ("Visa •••• 4242", "Card"), and its payment method; nulls when the provider does not say. */
  async paymentMethod(paymentIntentId: string): Promise<PaymentMethodUsed> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["payment_method"] });
      return methodOf(intent.payment_method);
    } catch {
      return { id: null, label: null };
    }
  }

  /** The provider's customer for a shopper of the shop, made once: the same key twice answers the same customer. */
  async createCustomer(email: string, shopCustomerId: number): Promise<string> {
    try {
      const customer = await this.stripe.customers.create({ email, metadata: { customer_id: String(shopCustomerId) } }, { idempotencyKey: `customer-${shopCustomerId}` });
      return customer.id;
    } catch (error) {
      throw failure(error);
    }
  }

  /**
   * Charges a kept card without the shopper present (a renewal). A decline
   * (card_declined, authentication_required, …) is answered as data; the
   * provider not answering throws, so the try is made again with the same key.
   */
  async chargeKeptCard(request: RenewalChargeRequest): Promise<RenewalCharge> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency.toLowerCase(),
          customer: request.customerId,
          payment_method: request.paymentMethodId,
          off_session: true,
          confirm: true,
          metadata: request.metadata,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (intent.status === "succeeded") return { ok: true, reference: intent.id, method: (await this.paymentMethod(intent.id)).label };
      return { ok: false, code: intent.status, message: `The payment was not completed (${intent.status}).` };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) return { ok: false, code: error.code ?? "card_declined", message: error.message };
      throw failure(error);
    }
  }

  /** A Checkout Session in setup mode: the customer gives a new card for their subscription, kept on their provider customer. */
  async startCardUpdate(request: { customerId: string; currency: string; contractId: number; returnUrl: string; cancelUrl: string }): Promise<string> {
    try {
      const session = await this.stripe.checkout.sessions.create({
        mode: "setup",
        currency: request.currency.toLowerCase(),
        customer: request.customerId,
        metadata: { contract_id: String(request.contractId) },
        setup_intent_data: { metadata: { contract_id: String(request.contractId) } },
        success_url: request.returnUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new PaymentFailed("The payment provider gave no address to add a card at.");
      return session.url;
    } catch (error) {
      throw failure(error);
    }
  }

  /** The payment method a completed setup gave, or null while it has none. */
  async setupPaymentMethod(setupIntentId: string): Promise<string | null> {
    try {
      const intent = await this.stripe.setupIntents.retrieve(setupIntentId);
      const method = intent.payment_method;
      return intent.status === "succeeded" && method ? (typeof method === "string" ? method : method.id) : null;
    } catch (error) {
      throw failure(error);
    }
  }

  /** Gives `amount` of a payment back; the same key twice gives it back once. Returns the provider's refund id. */
  async refund(paymentIntentId: string, amount: number, idempotencyKey: string, orderId: number): Promise<string> {
    try {
      const refund = await this.stripe.refunds.create({ payment_intent: paymentIntentId, amount, metadata: { order_id: String(orderId) } }, { idempotencyKey });
      if (refund.status === "failed" || refund.status === "canceled") throw new PaymentFailed(`The payment provider did not refund it (${refund.status}).`);
      return refund.id;
    } catch (error) {
      throw failure(error);
    }
  }

  /** The event a webhook carries, or null when its signature is missing, wrong or too old. */
  verifiedEvent(body: string, signature: string | undefined): Stripe.Event | null {
    if (!signature) return null;
    try {
      return this.stripe.webhooks.constructEvent(body, signature, this.webhookSecret);
    } catch {
      return null;
    }
  }
}

const BRANDS: Record<string, string> = { amex: "American Express", diners: "Diners Club", discover: "Discover", jcb: "JCB", mastercard: "Mastercard", unionpay: "UnionPay", visa: "Visa" };
const brandName = (brand: string) => BRANDS[brand] ?? "Card";

function methodOf(method: string | Stripe.PaymentMethod | null): PaymentMethodUsed {
  if (!method) return { id: null, label: null };
  if (typeof method === "string") return { id: method, label: null };
  if (method.type === "card" && method.card) return { id: method.id, label: `${brandName(method.card.brand)} •••• ${method.card.last4}` };
  return { id: method.id, label: method.type.replace(/_/g, " ").replace(/^./, (first) => first.toUpperCase()) };
}

/** The provider the environment sets up: Stripe with both its keys, or none (test mode). */
export function paymentsFromEnvironment(env: { STRIPE_SECRET_KEY?: string | undefined; STRIPE_WEBHOOK_SECRET?: string | undefined; STRIPE_API_BASE?: string | undefined }): StripePayments | undefined {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return undefined;
  return new StripePayments({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE });
}
