import { SMS_CONSENT, type CheckoutInput, type CheckoutRefusal, type CheckoutResult, checkoutFieldErrors, checkoutInput } from "../../core/checkout/checkout.ts";
import { quoteCartRates, zonesOf } from "../../core/checkout/shipping-rates.ts";
import type { OrderDiscountApplication, OrderJson, SmsConsent } from "../../core/contract/storefront.ts";
import type { CartJson } from "../../core/contract/shopify-types.ts";
import { e164 } from "./phone.ts";
import { type LimitRule, type RateLimiter, addressKey } from "../accounts/rate-limits.ts";
import { type IssuedGiftCard, issueGiftCards, redeemGiftCard } from "./gift-cards.ts";
import { GIFT_CARD_ERRORS } from "../../core/money/gift-cards.ts";
import { discountCodeMessage } from "../../core/checkout/discount-codes.ts";
import type { Settings } from "../../core/settings/settings.ts";
import type { SiteTax } from "../../core/tax/tax.ts";
import { type PlaceOrderResult, placeOrder } from "./place-order.ts";
import { bumpInventoryRevision } from "../catalog/catalog.ts";
import type { CatalogSource } from "../catalog/site-catalog.ts";
import { cartJson, kitContents } from "../cart/cart-json.ts";
import type { CartService } from "../cart/cart-service.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { DiscountService } from "../checkout/discounts/discount-service.ts";
import type { Mailer } from "../mail/mailer.ts";
import { giftCardMessage, orderConfirmationMessage } from "../mail/messages.ts";
import { type OrderRow, orderJson } from "./order-json.ts";
import type { PaymentService } from "../payments/payment-service.ts";
import { PaymentFailed } from "../payments/stripe-payments.ts";
import { createContracts } from "../subscriptions/subscription-service.ts";
import { calendarDay } from "../../core/subscriptions/delivery-dates.ts";
import type { EmailWords } from "../mail/email-words.ts";

/** Thrown inside the order's transaction so everything it did rolls back; `checkout` answers it as data. */
class CheckoutRefused extends Error {
  readonly refusal: CheckoutRefusal;

  constructor(refusal: Omit<CheckoutRefusal, "ok" | "errors"> & { errors?: CheckoutRefusal["errors"] }) {
    super(refusal.description);
    this.refusal = { ok: false, errors: {}, ...refusal };
  }
}

/** Catalogue keys, written in the site's language at the edge. */
const INVALID_DETAILS = "form_check_fields";
const TOO_MANY_ATTEMPTS = "form_too_many_checkouts";

/** Checkout attempts an address may make in a window. */
export const CHECKOUT_LIMIT: LimitRule = { limit: 30, windowSeconds: 10 * 60 };
const INVALID_PHONE = "form_phone_invalid";
const SIGN_IN_FOR_SUBSCRIPTION = "form_subscription_needs_account";
const PAYMENT_UNAVAILABLE = "form_payment_unavailable";

/** Why the order could not be written, as checkout words it. */
function placeRefusal(refused: Exclude<PlaceOrderResult, { ok: true }>, priced: CartJson, country: string): ConstructorParameters<typeof CheckoutRefused>[0] {
  // An address the site taxes by state or province that names none it knows is refused at its field.
  if (refused.reason === "region") {
    const region = country === "CA" ? "province or territory" : "state";
    return { reason: "invalid", description: INVALID_DETAILS, errors: { province: [`Choose a ${region}`] } };
  }
  const name = priced.items.find((item) => item.variant_id === refused.variantId)?.title ?? "This item";
  if (refused.reason === "unavailable") return { reason: "unavailable", description: `${name} is no longer available.` };
  return {
    reason: "stock",
    description: refused.available <= 0 ? `The product '${name}' is already sold out.` : `Only ${refused.available} of ${name} left. Please update your cart.`,
    variant_id: refused.variantId,
    available: refused.available,
  };
}

export class OrderService {
  private readonly db: Database;
  private readonly catalog: CatalogSource;
  private readonly carts: CartService;
  private readonly settings: Settings;
  private readonly discounts: DiscountService;
  private readonly mailer: Mailer;
  private readonly limiter: RateLimiter | undefined;
  private readonly limit: LimitRule;
  private readonly siteTax: SiteTax | null;
  private readonly siteCode: string;
  /** The site's language: its orders record it and their emails speak it. */
  private readonly words: EmailWords;

  /** Told of each order placed (metrics). */
  private readonly onPlaced: (() => void) | undefined;

  private readonly payments: PaymentService | undefined;

  constructor(
    db: Database,
    catalog: CatalogSource,
    carts: CartService,
    settings: Settings,
    discounts: DiscountService,
    mailer: Mailer,
    limits: { siteTax: SiteTax | null; siteCode: string; words: EmailWords; limiter?: RateLimiter; rule?: LimitRule; onPlaced?: () => void },
    payments?: PaymentService,
  ) {
    this.db = db;
    this.catalog = catalog;
    this.carts = carts;
    this.settings = settings;
    this.discounts = discounts;
    this.mailer = mailer;
    this.limiter = limits.limiter;
    this.limit = limits.rule ?? CHECKOUT_LIMIT;
    this.siteTax = limits.siteTax;
    this.siteCode = limits.siteCode;
    this.words = limits.words;
    this.onPlaced = limits.onPlaced;
    this.payments = payments;
  }

  /**
   * The one way an order is placed, for every client: checks the details
   * against the checkout's schema, then places the cart. A refusal (bad
   * details, empty cart, a product gone or short of stock) is answered as
   * data; what it means for HTTP is the caller's business.
   *
   * `shopUrl` is the shop's address as the shopper reached it (the request's
   * origin): with it, the order confirmation is emailed once the order is
   * committed, its links on that address. A caller outside a request (a
   * script) may leave it out and send no email.
   *
   * With a payment provider, an order with anything left to pay after its gift
   * card is placed `pending` and answered with the provider's page to pay at
   * (`payment.pay_url`); it is confirmed when the provider's webhook says it
   * was paid. Without one, it is a test order, paid when placed.
   *
   * A cart with subscription lines needs the signed-in customer
   * (`customerId`): the order is theirs, and one subscription contract per
   * plan is made with it.
   */
  async checkout(cartToken: string, rawInput: unknown, shopUrl?: string, clientAddress?: string, customerId?: number): Promise<CheckoutResult> {
    // Attempts are counted per address, refused ones too: a checkout is also where gift card codes are tried.
    if (clientAddress !== undefined && this.limiter) {
      const verdict = await this.limiter.hit(addressKey("checkout", clientAddress), this.limit);
      if (!verdict.allowed) return { ok: false, reason: "limited", description: TOO_MANY_ATTEMPTS, errors: {}, retry_after: verdict.retryAfter };
    }
    const parsed = checkoutInput.safeParse(rawInput);
    if (!parsed.success) {
      return { ok: false, reason: "invalid", description: INVALID_DETAILS, errors: checkoutFieldErrors(parsed.error) };
    }
    const input = parsed.data;
    // The number is kept in E.164, read in the delivery country's format.
    const phone = input.phone === undefined ? undefined : e164(input.phone, input.country);
    if (phone === null) return { ok: false, reason: "invalid", description: INVALID_DETAILS, errors: { phone: [INVALID_PHONE] } };
    let placed: { order: OrderJson; giftCards: IssuedGiftCard[]; giftCardLines: boolean[] };
    try {
      placed = await this.place(cartToken, { ...input, phone }, shopUrl, customerId);
    } catch (error) {
      if (error instanceof CheckoutRefused) return error.refusal;
      throw error;
    }
    const { order, giftCards } = placed;
    this.onPlaced?.();
    if (order.financial_status === "pending" && this.payments) {
      try {
        const started = await this.payments.startCheckout(order, placed.giftCardLines, `${shopUrl ?? ""}/orders/${order.token}`);
        return { ok: true, order: { ...order, payment: { ...order.payment, pay_url: started.url } } };
      } catch (error) {
        if (!(error instanceof PaymentFailed)) throw error;
        // Nothing was taken: the order gives its stock and gift card money back at once.
        await this.payments.voidPending(order.id);
        return { ok: false, reason: "payment", description: PAYMENT_UNAVAILABLE, errors: {} };
      }
    }
    if (shopUrl) {
      // The review request's links lead back to this address.
      await this.db.query("update orders set shop_url = $2 where id = $1", [order.id, shopUrl]);
      await this.sendConfirmation(order, shopUrl);
      await this.sendGiftCards(order, giftCards, shopUrl);
    }
    return { ok: true, order };
  }

  /** The order stands whatever happens to its email: the mailer logs its own failures, and one that throws anyway is ignored here. */
  private async sendConfirmation(order: OrderJson, shopUrl: string): Promise<void> {
    const { shop, moneyFormat } = this.settings;
    await this.mailer.send(orderConfirmationMessage({ order, shopName: shop.name, shopUrl, moneyFormat, words: this.words })).catch(() => undefined);
  }

  /** Each gift card bought goes to the buyer in an email of its own, so it can be forwarded to whoever it is for. */
  private async sendGiftCards(order: OrderJson, giftCards: readonly IssuedGiftCard[], shopUrl: string): Promise<void> {
    const { shop, moneyFormat } = this.settings;
    for (const card of giftCards) {
      await this.mailer.send(giftCardMessage({ to: order.email, code: card.code, value: card.value, shopName: shop.name, shopUrl, moneyFormat, words: this.words })).catch(() => undefined);
    }
  }

  /**
   * Places the cart as a test order: in one transaction the cart is locked,
   * its rules applied, stock taken (never below zero for variants that may
   * not oversell) and the cart emptied. Any shortfall rolls everything back.
   */
  private async place(cartToken: string, input: CheckoutInput, shopUrl: string | undefined, customerId: number | undefined): Promise<{ order: OrderJson; giftCards: IssuedGiftCard[]; giftCardLines: boolean[] }> {
    const catalog = await this.catalog.get();
    return this.db.transaction(async (tx) => {
      const cart = await this.carts.lockForCheckout(tx, cartToken, catalog);
      // Codes are read in the order's transaction, so the order is priced as its cart was; they are
      // locked first, so two checkouts count a code's uses in turn and cannot both take its last one.
      await this.discounts.lockCodes(tx, cart);
      const priced = cartJson(cart, catalog, { currency: this.settings.currency, tax: this.siteTax }, await this.discounts.pricingFor(cart, tx, input.email));
      if (priced.items.length === 0) throw new CheckoutRefused({ reason: "empty", description: "form_cart_empty" });
      // A code whose uses ran out (in all, or for this email) is not quietly dropped: the shopper is told why the price changed.
      const usedUp = priced.discount_codes.find((code) => code.reason?.kind === "used_up" || code.reason?.kind === "customer_limit");
      if (usedUp?.reason) {
        const message = discountCodeMessage(usedUp.code, usedUp.reason, this.settings.moneyFormat, this.carts.translate);
        // Said above the form: the code field is beside the summary, not among the form's fields.
        throw new CheckoutRefused({ reason: "invalid", description: this.carts.translate("discount_code_remove_to_order", { message }) });
      }

      const rate = quoteCartRates(zonesOf(this.settings), input.country, priced)?.find((quoted) => quoted.code === input.shipping_method);
      if (!rate) {
        throw new CheckoutRefused({ reason: "invalid", description: INVALID_DETAILS, errors: { shipping_method: ["form_express_not_to_country"] } });
      }
      const shipping = rate.price;
      const { email, phone, sms_opt_in: smsOptIn, gift_card: giftCardCode, shipping_method: shippingMethod, ...address } = input;
      const smsConsent: SmsConsent | null =
        smsOptIn && phone
          ? {
              state: "subscribed",
              opt_in_level: "single_opt_in",
              consent_updated_at: new Date().toISOString(),
              consent_collected_from: "ONLINE_STORE",
              consent_text: this.words.t(SMS_CONSENT),
              phone,
            }
          : null;
      const lineItems = priced.items.map((item) => ({
        key: item.key,
        variant_id: item.variant_id,
        title: item.title,
        quantity: item.quantity,
        price: item.price,
        final_line_price: item.final_line_price,
        sku: item.sku,
        properties: item.properties,
        handle: item.handle,
        discounts: item.discounts,
        components: kitContents(catalog, item.product_id, item.quantity),
        ...(item.selling_plan_allocation ? { selling_plan: { id: item.selling_plan_allocation.selling_plan.id, name: item.selling_plan_allocation.selling_plan.name } } : {}),
      }));
      const discountApplications: OrderDiscountApplication[] = priced.cart_level_discount_applications.map((application) => ({
        key: application.key,
        title: application.title,
        amount: application.total_allocated_amount,
        target_type: application.target_type,
      }));
      const discountCodes = priced.discount_codes.filter((code) => code.applicable).map((code) => code.code);
      // With a payment provider the order is real, not a test.
      const test = this.payments ? false : this.settings.checkout.testMode;
      const written = await placeOrder(tx, this.siteTax, {
        cartToken,
        email,
        phone: phone ?? null,
        shippingAddress: address,
        lines: lineItems,
        goods: priced,
        subtotal: priced.original_total_price,
        totalDiscount: priced.total_discount,
        discountCodes,
        discountApplications,
        shipping,
        shippingMethod,
        currency: priced.currency,
        test,
        smsConsent,
        locale: this.words.locale,
        customerId: null,
        shopUrl: null,
      });
      if (!written.ok) throw new CheckoutRefused(placeRefusal(written, priced, input.country));
      const { tax, total, token } = written;
      const row = written;
      await this.subscribe(tx, { orderId: row.id, customerId, email, priced, shopUrl, shipping, shippingMethod, address });
      let giftCardAmount = 0;
      let giftCardLast: string | null = null;
      if (giftCardCode !== undefined) {
        // A gift card does not pay for other gift cards.
        const giftCardLines = priced.items.reduce((sum, item) => (item.gift_card ? sum + item.final_line_price : sum), 0);
        const redemption = await redeemGiftCard(tx, giftCardCode, Math.max(0, total - giftCardLines), priced.currency, row.id);
        if (!redemption.ok) throw new CheckoutRefused({ reason: "invalid", description: INVALID_DETAILS, errors: { gift_card: [GIFT_CARD_ERRORS[redemption.refusal]] } });
        giftCardAmount = redemption.amount;
        giftCardLast = redemption.lastCharacters;
        await tx.query("update orders set gift_card_amount = $2, gift_card_last_characters = $3 where id = $1", [row.id, giftCardAmount, giftCardLast]);
      }
      const { pending, giftCards } = await this.awaitPaymentOrIssue(tx, { id: row.id, email, currency: priced.currency, items: priced.items }, total - giftCardAmount, shopUrl);
      await this.carts.emptyAfterCheckout(tx, cartToken);
      await bumpInventoryRevision(tx);
      const order: OrderJson = {
        id: row.id,
        name: `#${row.number}`,
        token,
        email,
        created_at: new Date(row.created_at).toISOString(),
        currency: priced.currency,
        line_items: lineItems,
        shipping_address: address,
        discount_codes: discountCodes,
        discount_applications: discountApplications,
        subtotal_price: priced.original_total_price,
        total_discount: priced.total_discount,
        shipping_price: shipping,
        shipping_method: shippingMethod,
        total_price: total,
        tax_lines: tax.tax_lines,
        total_tax: tax.total_tax,
        taxes_included: tax.taxes_included,
        customer_locale: this.words.locale,
        test,
        gift_card_amount: giftCardAmount,
        gift_card_last_characters: giftCardLast,
        total_outstanding: total - giftCardAmount,
        phone: phone ?? null,
        sms_marketing_consent: smsConsent,
        fulfillment_status: "unfulfilled",
        tracking_number: null,
        fulfilled_at: null,
        financial_status: pending ? "pending" : "paid",
        payment: { provider: pending && this.payments ? this.payments.provider.name : null, method: null, reference: null, pay_url: null },
        total_refunded: 0,
        cancelled_at: null,
      };
      return { order, giftCards, giftCardLines: priced.items.map((item) => item.gift_card) };
    });
  }

  /**
   * One subscription contract per plan among the order's lines, made in the order's transaction. Renewals are
   * placed for a customer with an account, who can see, skip, pause and cancel them there: a guest's order
   * with a plan line is refused, and the transaction's rollback undoes all it did.
   */
  private async subscribe(
    tx: Queryable,
    order: { orderId: number; customerId: number | undefined; email: string; priced: CartJson; shopUrl: string | undefined; shipping: number; shippingMethod: string; address: object },
  ): Promise<void> {
    const { priced, shipping, address, customerId, ...origin } = order;
    if (!priced.items.some((item) => item.selling_plan_allocation)) return;
    if (customerId === undefined) throw new CheckoutRefused({ reason: "signed_out", description: SIGN_IN_FOR_SUBSCRIPTION });
    await createContracts(tx, {
      ...origin,
      customerId,
      currency: priced.currency,
      site: this.siteCode,
      shippingPrice: shipping,
      shippingAddress: address,
      today: calendarDay(new Date(), this.settings.shop.timeZone),
      lines: priced.items.flatMap((item) =>
        item.selling_plan_allocation
          ? [{ variant_id: item.variant_id, quantity: item.quantity, selling_plan_id: item.selling_plan_allocation.selling_plan.id, price: item.price, title: item.title, sku: item.sku, handle: item.handle }]
          : [],
      ),
    });
  }

  /**
   * What is left after the gift card is paid through the provider, when there
   * is one: until then the order waits, and its gift cards are issued once it
   * is paid. Otherwise the gift cards bought are issued now.
   */
  private async awaitPaymentOrIssue(
    tx: Queryable,
    order: { id: number; email: string; currency: string; items: readonly { quantity: number; price: number; gift_card: boolean }[] },
    outstanding: number,
    shopUrl: string | undefined,
  ): Promise<{ pending: boolean; giftCards: IssuedGiftCard[] }> {
    if (!this.payments || outstanding <= 0) return { pending: false, giftCards: await issueGiftCards(tx, { ...order, lines: order.items }) };
    if (!shopUrl) throw new CheckoutRefused({ reason: "payment", description: PAYMENT_UNAVAILABLE });
    await tx.query("update orders set payment_status = 'pending', payment_provider = $2, shop_url = $3 where id = $1", [order.id, this.payments.provider.name, shopUrl]);
    return { pending: true, giftCards: [] };
  }

  async find(token: string): Promise<OrderJson | null> {
    if (!/^[a-f0-9]{32}$/.test(token)) return null;
    const [row] = await this.db.query<OrderRow>("select * from orders where token = $1", [token]);
    return row ? orderJson(row) : null;
  }
}

