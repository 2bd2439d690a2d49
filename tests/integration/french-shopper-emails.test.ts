/**
 * A shopper's emails speak the language of the site they used, and link back
 * to it: the account records the site registered or last signed in on, the
 * list its sign-up's, the cart the site that last changed it, the review
 * request the order's. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountAnswer } from "../../src/core/accounts/account.ts";
import type { AccountClient } from "../../src/core/contract/storefront.ts";
import { addDays, calendarDay } from "../../src/core/subscriptions/delivery-dates.ts";
import { newCartToken } from "../../src/platform/cart/cart-model.ts";
import { sendCartReminders } from "../../src/platform/cart/cart-reminders.ts";
import { digest, randomToken } from "../../src/platform/accounts/secrets.ts";
import { CART_COOKIE_SECRET, signedCartCookie } from "../../src/platform/http/cookies.ts";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { inProcessStorefront } from "../../src/platform/storefront/in-process.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

const SHOP_URL = "http://shop.test";
const SERUM = "vitamin-c-brightening-serum";
const FRENCH_SERUM = "Sérum Éclat Vitamine C 15 %";
const PASSWORD = "correct horse battery";
/** French puts a no-break space before a colon. */
const NBSP = "\u00a0";

let shop: TestShop;
let cartKey = "";
let addresses = 0;
let emails = 0;

beforeAll(async () => {
  shop = await openTestShop({ catalog: demoCatalog, checkoutLimit: { limit: 1000, windowSeconds: 600 } });
  cartKey = await shop.platform.secrets.get(CART_COOKIE_SECRET);
});
afterAll(async () => {
  await shop?.close();
});

const uniqueEmail = (name: string) => `${name}.${++emails}.${Date.now()}@example.com`;
const nextAddress = () => `198.51.100.${++addresses}`;

interface Mail {
  subject: string;
  text_body: string;
  html_body: string;
}

/** The emails sent to `to`, once the work the last answers left behind is done. */
async function mailsTo(to: string): Promise<Mail[]> {
  await shop.platform.afterAnswer.settled();
  return shop.db.query<Mail>("select subject, text_body, html_body from outbox where lower(recipient) = lower($1) order by id", [to]);
}

const linkIn = (text: string, pathname: string) => new URL(new RegExp(`https?://\\S+${pathname}\\S*`).exec(text)?.[0] ?? "http://none");
const localeOf = async (table: "customers" | "subscribers", email: string) =>
  (await shop.db.query<{ locale: string }>(`select locale from ${table} where lower(email) = lower($1)`, [email]))[0]?.locale;

/** A browser on one site (`FR`, `UK`): a cookie jar and an address, one account request per call. */
class Browser {
  readonly cookies = new Map<string, string>([["cart", signedCartCookie(newCartToken(), cartKey)]]);
  readonly ip = nextAddress();
  site: string;

  constructor(site: string) {
    this.site = site;
  }

  get account(): AccountClient {
    const token = (this.cookies.get("cart") ?? "").split(".")[0] ?? "";
    return inProcessStorefront(shop.platform.forSite(this.site), token, SHOP_URL, {
      ip: this.ip,
      sessionToken: this.cookies.get("customer_session"),
      challengeToken: this.cookies.get("challenge"),
      shopUrl: SHOP_URL,
      secure: false,
      cartCookieKey: cartKey,
    }).account;
  }

  async post(call: (account: AccountClient) => Promise<AccountAnswer>): Promise<AccountAnswer> {
    const answer = await call(this.account);
    for (const cookie of answer.cookies) {
      const [pair = "", ...attributes] = cookie.split(";").map((part) => part.trim());
      const [name = "", value = ""] = pair.split("=");
      if (attributes.some((attribute) => /^max-age=0$/i.test(attribute))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    if (!this.cookies.has("cart")) this.cookies.set("cart", signedCartCookie(newCartToken(), cartKey));
    return answer;
  }
}

/** Registers through the bot check, on the browser's site. */
async function register(browser: Browser, email: string): Promise<void> {
  const started = await browser.post((account) =>
    account.register({ form_type: "create_customer", "customer[first_name]": "Camille", "customer[last_name]": "Durand", "customer[email]": email, "customer[password]": PASSWORD }),
  );
  expect(started).toMatchObject({ ok: true, redirect: "/challenge" });
  const view = await browser.account.challenge();
  const challenge = view.challenge as unknown as Parameters<typeof solveChallenge>[0]["challenge"];
  const solution = await solveChallenge({ challenge, deriveKey });
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  expect(await browser.post((account) => account.solveChallenge({ altcha }))).toMatchObject({ ok: true });
}

describe("a customer's account emails", () => {
  it("welcome a customer who registers on the French site in French, linking to the French site, and record French", async () => {
    const email = uniqueEmail("camille");
    await register(new Browser("FR"), email);
    expect(await localeOf("customers", email)).toBe("fr-FR");
    const [welcome] = await mailsTo(email);
    expect(welcome?.subject).toBe("Bienvenue chez Lumen & Leaf");
    expect(welcome?.text_body).toContain("Bonjour Camille,");
    expect(welcome?.text_body).toContain(`Votre compte${NBSP}: ${SHOP_URL}/fr-fr/account`);
    expect(welcome?.html_body).toContain('<html lang="fr-FR">');
    expect(welcome?.text_body).not.toMatch(/Hi |account is ready/);
  });

  it("send the password reset in the owner's language to their site, whichever site it is asked from; signing in on the UK site makes it English", async () => {
    const email = uniqueEmail("reset");
    await register(new Browser("FR"), email);
    const uk = new Browser("UK");
    expect(await uk.post((account) => account.recover({ form_type: "recover_customer_password", email }))).toMatchObject({ ok: true });
    const reset = (await mailsTo(email)).at(-1);
    expect(reset?.subject).toBe("Réinitialisez votre mot de passe Lumen & Leaf");
    expect(reset?.text_body).toContain("Le lien ne sert qu’une fois, pendant une heure");
    expect(linkIn(reset?.text_body ?? "", "/account/reset/").pathname).toMatch(/^\/fr-fr\/account\/reset\/\d+\/[0-9a-f]+$/);

    expect(await uk.post((account) => account.login({ form_type: "customer_login", "customer[email]": email, "customer[password]": PASSWORD }))).toMatchObject({ ok: true });
    expect(await localeOf("customers", email)).toBe("en-GB");
    await new Browser("FR").post((account) => account.recover({ form_type: "recover_customer_password", email }));
    const english = (await mailsTo(email)).at(-1);
    expect(english?.subject).toBe("Reset your Lumen & Leaf password");
    expect(linkIn(english?.text_body ?? "", "/account/reset/").pathname).toMatch(/^\/account\/reset\//);
  });
});

describe("the email list", () => {
  it("asks a French sign-up to confirm in French, on the French site, and welcomes them in French with the French products", async () => {
    const email = uniqueEmail("liste");
    const shopper = new Shopper(shop.app);
    const signup = await shopper.postForm(`${SHOP_URL}/fr-fr/newsletter/subscribe`, new URLSearchParams({ ue: email, skintype: "oily" }).toString(), {
      accept: "application/json",
      "x-forwarded-for": nextAddress(),
    });
    expect(signup.status).toBe(200);
    expect(await localeOf("subscribers", email)).toBe("fr-FR");
    const [confirm] = await mailsTo(email);
    expect(confirm?.subject).toBe("Confirmez votre adresse e-mail – Lumen & Leaf");
    expect(confirm?.html_body).toContain("Confirmer mon adresse");
    const link = linkIn(confirm?.text_body ?? "", "/newsletter/confirm");
    expect(link.pathname).toBe("/fr-fr/newsletter/confirm");

    const confirmed = await shopper.get(link.toString());
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/fr-fr/newsletter?state=confirmed");
    const welcome = (await mailsTo(email)).at(-1);
    expect(welcome?.subject).toBe("Bienvenue parmi nous – Lumen & Leaf");
    expect(welcome?.text_body).toContain(`Notre sélection pour les peaux grasses${NBSP}:`);
    expect(welcome?.text_body).toContain(`${SHOP_URL}/fr-fr/newsletter/unsubscribe?`);
    expect(welcome?.text_body).toContain(`${SHOP_URL}/fr-fr/products/`);
    expect(welcome?.text_body).not.toMatch(/Picked for|Shop now|Unsubscribe/);
  });
});

describe("a French cart left behind", () => {
  it("is reminded of in French, in euros written the French way, with links to the French site (not the Irish one, also in euros)", async () => {
    const email = uniqueEmail("panier");
    const shopper = new Shopper(shop.app);
    const ip = { "x-forwarded-for": nextAddress() };
    expect((await shopper.postJson(`${SHOP_URL}/fr-fr/cart/add.js`, { id: shop.variant(SERUM), quantity: 1 })).status).toBe(200);
    await shopper.postForm(`${SHOP_URL}/fr-fr/newsletter/subscribe`, new URLSearchParams({ ue: email }).toString(), { accept: "application/json", ...ip });
    const [confirm] = await mailsTo(email);
    expect((await shopper.get(linkIn(confirm?.text_body ?? "", "/newsletter/confirm").toString())).status).toBe(303);
    await shop.db.query("update carts set updated_at = now() - interval '30 hours' where token = $1", [shopper.cartToken]);

    await sendCartReminders(shop.platform, SHOP_URL);
    const reminder = (await mailsTo(email)).at(-1);
    expect(reminder?.subject).toBe("Vous avez oublié quelque chose dans votre panier – Lumen & Leaf");
    expect(reminder?.text_body).toContain(`1 × ${FRENCH_SERUM}`);
    expect(reminder?.text_body).toMatch(/Total : \d+,\d\d €/);
    expect(linkIn(reminder?.text_body ?? "", "/cart").pathname).toMatch(/^\/fr-fr\//);
    expect(reminder?.html_body).toContain('<html lang="fr-FR">');
    expect(reminder?.text_body).not.toMatch(/Your cart|Back to|€\d/);
  });
});

describe("after a French order", () => {
  it("asks for reviews in French, naming the products as the French site does", async () => {
    const email = uniqueEmail("avis");
    const shopper = new Shopper(shop.app);
    await shopper.postJson(`${SHOP_URL}/fr-fr/cart/add.js`, { id: shop.variant(SERUM), quantity: 1 });
    const placed = await shopper.postJson(`${SHOP_URL}/fr-fr/checkout.json`, { email, first_name: "Camille", last_name: "Durand", address1: "8 rue des Lilas", city: "Paris", zip: "75011", country: "FR" });
    expect(placed.status).toBe(200);
    const { order } = (await placed.json()) as { order: { token: string } };
    await shop.db.query("update orders set fulfillment_status = 'fulfilled', fulfilled_at = now() - interval '20 days' where token = $1", [order.token]);

    await shop.platform.reviews.sendReviewRequests(14);
    const request = (await mailsTo(email)).find((mail) => mail.subject.startsWith("Que pensez-vous"));
    expect(request?.subject).toMatch(/^Que pensez-vous de votre commande #\d+\u00a0\? – Lumen & Leaf$/);
    expect(request?.text_body).toContain("Bonjour,");
    expect(request?.text_body).toContain(`${FRENCH_SERUM} : ${SHOP_URL}/fr-fr/products/${SERUM}?review_stars=5#write-review`);
    expect(request?.html_body).toContain('title="5 sur 5"');
    expect(request?.text_body).not.toMatch(/Hello|review helps/);
  });
});

describe("a subscription from the French site", () => {
  it("tells the customer in French that a delivery waits for stock", async () => {
    const email = uniqueEmail("abonnement");
    const [customer] = await shop.db.query<{ id: number }>(
      "insert into customers (email, first_name, last_name, password_hash, password_salt, password_params, locale) values ($1, 'Camille', 'Durand', 'x', 'x', '{}', 'fr-FR') returning id",
      [email],
    );
    const session = randomToken(32);
    await shop.db.query("insert into customer_sessions (id, customer_id, expires_at) values ($1, $2, now() + interval '1 day')", [digest(session), customer!.id]);
    const shopper = new Shopper(shop.app);
    const product = (await (await shopper.get(`/fr-fr/products/${SERUM}.js`)).json()) as { selling_plan_groups: { selling_plans: { id: number }[] }[] };
    const plan = product.selling_plan_groups[0]?.selling_plans[0]?.id;
    const serum = shop.variant(SERUM);
    expect((await shopper.postJson(`${SHOP_URL}/fr-fr/cart/add.js`, { id: serum, quantity: 1, selling_plan: plan })).status).toBe(200);
    const checkout = await shop.app.request(`${SHOP_URL}/fr-fr/checkout.json`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `${shopper.cartCookie}; customer_session=${session}`, "x-forwarded-for": nextAddress() },
      body: JSON.stringify({ email, first_name: "Camille", last_name: "Durand", address1: "8 rue des Lilas", city: "Paris", zip: "75011", country: "FR" }),
    });
    expect(checkout.status).toBe(200);
    const [contract] = await shop.platform.subscriptions.forCustomer(Number(customer!.id));
    const today = calendarDay(new Date(), shop.platform.settings.shop.timeZone);
    await shop.db.query("update subscription_contracts set anchor_date = $2, next_date = $3 where id = $1", [contract!.id, addDays(today, -365), today]);
    const kept = Number((await shop.db.query<{ q: number }>("select inventory_quantity as q from variants where id = $1", [serum]))[0]?.q);
    await shop.db.query("update variants set inventory_quantity = 0 where id = $1", [serum]);
    try {
      await shop.platform.subscriptions.renewDue();
    } finally {
      await shop.db.query("update variants set inventory_quantity = $2 where id = $1", [serum, kept]);
    }
    const waiting = (await mailsTo(email)).find((mail) => mail.subject.includes("réassort"));
    expect(waiting?.subject).toBe("Votre livraison d’abonnement attend un réassort – Lumen & Leaf");
    expect(waiting?.text_body).toContain(`Bonjour Camille, la livraison de votre abonnement (${FRENCH_SERUM}`);
    expect(waiting?.text_body).toContain(`${SHOP_URL}/fr-fr/account/subscriptions`);
    expect(waiting?.html_body).toContain("Gérer mes abonnements");
  });
});

describe("the form checks on the French site", () => {
  it("answer the register form in French, the UK site's in English", async () => {
    const form = { form_type: "create_customer", "customer[first_name]": "", "customer[last_name]": "Durand", "customer[email]": "pas-une-adresse", "customer[password]": "court" };
    const french = await new Browser("FR").post((account) => account.register(form));
    expect(french).toMatchObject({
      ok: false,
      reason: "invalid",
      description: "Veuillez vérifier les champs signalés.",
      errors: { first_name: ["Saisissez votre prénom"], email: ["Saisissez une adresse e-mail comme nom@exemple.fr"], password: ["Choisissez un mot de passe d’au moins 8 caractères"] },
    });
    const english = await new Browser("UK").post((account) => account.register(form));
    expect(english).toMatchObject({ description: "Please check the highlighted fields.", errors: { password: ["Choose a password of at least 8 characters"] } });
  });

  it("answer the checkout in French, on the page's client and on /fr-fr/checkout.json", async () => {
    const shopper = new Shopper(shop.app);
    await shopper.postJson(`${SHOP_URL}/fr-fr/cart/add.js`, { id: shop.variant(SERUM), quantity: 1 });
    const details = { email: "camille@example.com", first_name: "Camille", last_name: "", address1: "8 rue des Lilas", city: "Paris", zip: "!!", country: "FR" };
    const storefront = inProcessStorefront(shop.platform.forSite("FR"), shopper.cartToken, SHOP_URL);
    expect(await storefront.placeOrder(details)).toMatchObject({
      ok: false,
      description: "Veuillez vérifier les champs signalés.",
      errors: { last_name: ["Indiquez votre nom"], zip: ["Saisissez un code postal valide"] },
    });
    const answer = await shopper.postJson(`${SHOP_URL}/fr-fr/checkout.json`, details, { "x-forwarded-for": nextAddress() });
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({ description: "Veuillez vérifier les champs signalés.", errors: { zip: ["Saisissez un code postal valide"] } });
  });

  it("refuse an empty cart, a gift card and a ticked SMS box without a number in French", async () => {
    const full = { email: "camille@example.com", first_name: "Camille", last_name: "Durand", address1: "8 rue des Lilas", city: "Paris", zip: "75011", country: "FR" };
    const empty = new Shopper(shop.app);
    await empty.get(`${SHOP_URL}/fr-fr/cart.js`);
    const noCart = await empty.postJson(`${SHOP_URL}/fr-fr/checkout.json`, full, { "x-forwarded-for": nextAddress() });
    expect(await noCart.json()).toMatchObject({ description: "Votre panier est vide." });

    const shopper = new Shopper(shop.app);
    await shopper.postJson(`${SHOP_URL}/fr-fr/cart/add.js`, { id: shop.variant(SERUM), quantity: 1 });
    const unknownCard = await shopper.postJson(`${SHOP_URL}/fr-fr/checkout.json`, { ...full, gift_card: "ABCD-EFGH-JKMN-PQRS" }, { "x-forwarded-for": nextAddress() });
    expect(await unknownCard.json()).toMatchObject({ errors: { gift_card: ["Ce code de carte cadeau n’est pas reconnu"] } });
    const textsWithoutNumber = await shopper.postJson(`${SHOP_URL}/fr-fr/checkout.json`, { ...full, sms_opt_in: true }, { "x-forwarded-for": nextAddress() });
    expect(await textsWithoutNumber.json()).toMatchObject({ errors: { phone: ["Saisissez un numéro de téléphone pour recevoir nos SMS"] } });
    // With a number, the consent kept is the words the French shopper ticked.
    const placed = await shopper.postJson(`${SHOP_URL}/fr-fr/checkout.json`, { ...full, sms_opt_in: true, phone: "+33 6 12 34 56 78" }, { "x-forwarded-for": nextAddress() });
    expect(placed.status).toBe(200);
    expect(((await placed.json()) as { order: { sms_marketing_consent: { consent_text: string } } }).order.sms_marketing_consent.consent_text).toBe("Recevoir les nouveautés et offres par SMS");
  });
});
