/**
 * A small stand-in for Stripe's API, for tests: the shop's real Stripe SDK is
 * pointed at it with STRIPE_API_BASE. It answers the few endpoints the shop
 * uses with the shapes of Stripe's API reference (Checkout Sessions created
 * and expired, a PaymentIntent with its payment method, refunds, errors as
 * `{ error: { type, message } }`), keeps idempotency keys as Stripe does, and
 * has a page to "pay" a session at (its `url`), which completes it, sends the
 * signed `checkout.session.completed` event to the shop's webhook and goes
 * back to the session's `success_url`. Cards kept for later: customers,
 * setup-mode sessions with their SetupIntent, and off-session PaymentIntents
 * (`declineCard` makes a card's charges fail as Stripe's card errors do). Events are signed with Stripe's own
 * scheme (the SDK's generateTestHeaderString).
 */
import { randomBytes } from "node:crypto";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export const STAND_IN_SECRET_KEY = "sk_test_stand_in";
export const STAND_IN_WEBHOOK_SECRET = "whsec_stand_in";

type Session = Stripe.Checkout.Session;

export interface CreatedSession {
  session: Session;
  /** The request as the SDK sent it, read from its form body. */
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

/** A form body as Stripe's SDK encodes it (`line_items[0][price_data][unit_amount]=1440`), read back into objects and arrays. */
function readForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    const path = name.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const key = /^\d+$/.test(part) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[key] = value;
      else node = (container[key] ??= /^\d+$/.test(path[index + 1] ?? "") ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

export class StripeStandIn {
  readonly created: CreatedSession[] = [];
  readonly refunds: { refund: Stripe.Refund; idempotencyKey: string | undefined }[] = [];
  /** Set to make every refund fail with this message, as Stripe refuses one (400, invalid_request_error). */
  refuseRefunds: string | null = null;
  /** Every PaymentIntent created (off-session renewals), with its parameters and key. */
  readonly charges: { params: Record<string, unknown>; idempotencyKey: string | undefined; intent: { id: string; status: string } }[] = [];
  /** Cards whose charges are declined, with the code Stripe answers (card_declined, authentication_required, …). */
  readonly declined = new Map<string, string>();
  /** The payment method each PaymentIntent or SetupIntent used. */
  private readonly methods = new Map<string, string>();
  /** Where events are posted when a session is paid on the stand-in's page. */
  webhookUrl: string | null = null;
  private readonly sessions = new Map<string, Session>();
  private readonly byKey = new Map<string, { status: number; body: unknown }>();
  private readonly signer = new Stripe(STAND_IN_SECRET_KEY);
  private server: Server | null = null;
  origin = "";

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void this.answer(request, response).catch((error: unknown) => {
        response.writeHead(500, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  session(sessionId: string): Session {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    return session;
  }

  /** The session paid by card: complete, paid, with its PaymentIntent (or, in setup mode, its SetupIntent and the card given). */
  pay(sessionId: string): Session {
    const session = this.session(sessionId);
    if (session.mode === "setup") {
      Object.assign(session, { status: "complete", payment_status: "no_payment_required", setup_intent: session.setup_intent ?? id("seti") });
      return session;
    }
    Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: session.payment_intent ?? id("pi") });
    return session;
  }

  /** The card (payment method id) a paid session's PaymentIntent or SetupIntent used. */
  cardOf(session: Session): string {
    const intent = (session.mode === "setup" ? session.setup_intent : session.payment_intent) as string | null;
    if (!intent) throw new Error(`session ${session.id} is not paid`);
    return this.methodOf(intent);
  }

  /** Each intent's card, made the first time it is asked for. */
  private methodOf(intentId: string): string {
    let method = this.methods.get(intentId);
    if (!method) this.methods.set(intentId, (method = id("pm")));
    return method;
  }

  /** The session ended unpaid. */
  expire(sessionId: string): Session {
    const session = this.session(sessionId);
    Object.assign(session, { status: "expired" });
    return session;
  }

  /** An event about `session` as Stripe sends it, with its body and signature header. */
  event(type: string, session: Session, options: { signedWith?: string; timestamp?: number } = {}): { body: string; signature: string; id: string } {
    const event = {
      id: id("evt"),
      object: "event",
      api_version: "2025-10-29.clover",
      created: now(),
      data: { object: structuredClone(session) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const body = JSON.stringify(event, null, 2);
    const signature = this.signer.webhooks.generateTestHeaderString({ payload: body, secret: options.signedWith ?? STAND_IN_WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
    return { body, signature, id: event.id };
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", this.origin);
    const raw = await new Promise<string>((resolve) => {
      let text = "";
      request.setEncoding("utf8");
      request.on("data", (chunk: string) => (text += chunk));
      request.on("end", () => resolve(text));
    });
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
      response.end(JSON.stringify(body));
    };
    const invalid = (message: string, param?: string) => json(400, { error: { type: "invalid_request_error", message, ...(param ? { param } : {}) } });

    // The pay page a session's `url` leads to, and its Pay button.
    const pay = /^\/c\/pay\/(cs_[\w]+)$/.exec(url.pathname);
    if (pay?.[1]) {
      const session = this.sessions.get(pay[1]);
      if (!session) return invalid("No such checkout.session");
      if (request.method === "GET") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay — stand-in</title></head><body><main><h1>Pay ${(session.amount_total ?? 0) / 100} ${session.currency?.toUpperCase()}</h1>
<form method="post"><button type="submit">Pay</button></form></main></body></html>`);
        return;
      }
      this.pay(session.id);
      if (this.webhookUrl) {
        const event = this.event("checkout.session.completed", session);
        await fetch(this.webhookUrl, { method: "POST", headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": event.signature }, body: event.body });
      }
      response.writeHead(303, { location: session.success_url ?? "/" });
      response.end();
      return;
    }

    if (request.headers.authorization !== `Bearer ${STAND_IN_SECRET_KEY}`) {
      return json(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    const key = request.headers["idempotency-key"] as string | undefined;
    const keyed = key && request.method === "POST" ? this.byKey.get(`${url.pathname} ${key}`) : undefined;
    if (keyed) return json(keyed.status, keyed.body);
    const remember = (status: number, body: unknown) => {
      if (key && request.method === "POST") this.byKey.set(`${url.pathname} ${key}`, { status, body });
      json(status, body);
    };
    const params = readForm(raw);

    if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const lines = (params.line_items as { quantity: string; price_data: { currency: string; unit_amount: string } }[] | undefined) ?? [];
      const shipping = (params.shipping_options as { shipping_rate_data: { fixed_amount: { amount: string } } }[] | undefined)?.[0]?.shipping_rate_data.fixed_amount.amount;
      const subtotal = lines.reduce((sum, line) => sum + Number(line.price_data.unit_amount) * Number(line.quantity), 0);
      const sessionId = id("cs");
      const session = {
        id: sessionId,
        object: "checkout.session",
        amount_subtotal: subtotal,
        amount_total: subtotal + Number(shipping ?? 0),
        cancel_url: params.cancel_url ?? null,
        client_reference_id: params.client_reference_id ?? null,
        created: now(),
        currency: lines[0]?.price_data.currency ?? params.currency ?? null,
        customer: params.customer ?? null,
        customer_email: params.customer_email ?? null,
        expires_at: Number(params.expires_at ?? now() + 24 * 3600),
        livemode: false,
        metadata: params.metadata ?? {},
        mode: params.mode,
        payment_intent: null,
        setup_intent: null,
        payment_method_types: ["card"],
        payment_status: "unpaid",
        status: "open",
        success_url: params.success_url ?? null,
        url: `${this.origin}/c/pay/${sessionId}`,
      } as unknown as Session;
      this.sessions.set(sessionId, session);
      this.created.push({ session, params, idempotencyKey: key, authorization: request.headers.authorization });
      return remember(200, session);
    }
    const read = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
    if (request.method === "GET" && read?.[1]) {
      const session = this.sessions.get(read[1]);
      return session ? json(200, session) : invalid(`No such checkout.session: '${read[1]}'`);
    }
    const expire = /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(url.pathname);
    if (request.method === "POST" && expire?.[1]) {
      const session = this.sessions.get(expire[1]);
      if (!session) return invalid(`No such checkout.session: '${expire[1]}'`);
      if (session.status !== "open") return invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
      return remember(200, this.expire(session.id));
    }
    const intent = /^\/v1\/payment_intents\/([\w]+)$/.exec(url.pathname);
    if (request.method === "GET" && intent?.[1]) {
      return json(200, {
        id: intent[1],
        object: "payment_intent",
        status: "succeeded",
        payment_method: { id: this.methodOf(intent[1]), object: "payment_method", type: "card", card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 } },
      });
    }
    const setup = /^\/v1\/setup_intents\/([\w]+)$/.exec(url.pathname);
    if (request.method === "GET" && setup?.[1]) {
      return json(200, { id: setup[1], object: "setup_intent", status: "succeeded", usage: "off_session", payment_method: this.methodOf(setup[1]) });
    }
    if (request.method === "POST" && url.pathname === "/v1/customers") {
      return remember(200, { id: id("cus"), object: "customer", email: params.email ?? null, metadata: params.metadata ?? {} });
    }
    if (request.method === "POST" && url.pathname === "/v1/payment_intents") {
      const intentId = id("pi");
      const method = String(params.payment_method ?? "");
      const code = this.declined.get(method);
      const status = code ? "requires_payment_method" : "succeeded";
      this.methods.set(intentId, method);
      this.charges.push({ params, idempotencyKey: key, intent: { id: intentId, status } });
      const intent = { id: intentId, object: "payment_intent", amount: Number(params.amount), currency: params.currency, customer: params.customer, payment_method: method, status, metadata: params.metadata ?? {} };
      if (code) {
        return remember(402, { error: { type: "card_error", code, ...(code === "card_declined" ? { decline_code: "insufficient_funds" } : {}), message: "Your card was declined.", payment_intent: intent } });
      }
      return remember(200, intent);
    }
    if (request.method === "POST" && url.pathname === "/v1/refunds") {
      if (this.refuseRefunds) return remember(400, { error: { type: "invalid_request_error", code: "charge_already_refunded", message: this.refuseRefunds } });
      const refund = {
        id: id("re"),
        object: "refund",
        amount: Number(params.amount),
        currency: "gbp",
        created: now(),
        metadata: params.metadata ?? {},
        payment_intent: params.payment_intent,
        reason: null,
        status: "succeeded",
      } as unknown as Stripe.Refund;
      this.refunds.push({ refund, idempotencyKey: key });
      return remember(200, refund);
    }
    return json(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${url.pathname}).` } });
  }
}
