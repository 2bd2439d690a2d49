/**
 * An order's emails speak the language of the site it was placed on: the
 * order records that locale, and the confirmation and the shipping notice are
 * written from its catalogue, with the site's money format.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ordersAdmin } from "../../src/platform/admin/orders-admin.ts";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

const SERUM = "vitamin-c-brightening-serum";
const parisian = { email: "camille@example.com", first_name: "Camille", last_name: "Durand", address1: "8 rue des Lilas", city: "Paris", zip: "75011", country: "FR" };
const londoner = { email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" };

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop({ catalog: demoCatalog, checkoutLimit: { limit: 1000, windowSeconds: 600 } });
});
afterAll(async () => {
  await shop?.close();
});

type Json = Record<string, any>;
interface Mail {
  subject: string;
  text_body: string;
  html_body: string;
}

/** Places an order for the serum on the site at `prefix` ("" for the UK), as a shopper does. */
async function placeOrder(prefix: string, contact: Record<string, string>): Promise<Json> {
  const shopper = new Shopper(shop.app);
  expect((await shopper.postJson(`${prefix}/cart/add.js`, { id: shop.variant(SERUM), quantity: 2 })).status).toBe(200);
  const response = await shopper.postJson(`${prefix}/checkout.json`, contact);
  expect(response.status).toBe(200);
  return ((await response.json()) as Json).order as Json;
}

/** The email sent about `order` whose subject matches. */
async function mailAbout(order: Json, subject: RegExp): Promise<Mail> {
  const mails = await shop.db.query<Mail>("select subject, text_body, html_body from outbox where text_body like $1 order by id", [`%${String(order.token)}%`]);
  const mail = mails.find((candidate) => subject.test(candidate.subject));
  if (!mail) throw new Error(`no email about ${String(order.name)} matching ${subject} among ${mails.map((candidate) => candidate.subject).join(", ")}`);
  return mail;
}

describe("an order placed on the French site", () => {
  it("records its locale and is confirmed in French, with euro prices written the French way", async () => {
    const order = await placeOrder("/fr-fr", parisian);
    expect(order).toMatchObject({ currency: "EUR", customer_locale: "fr-FR" });
    const [row] = await shop.db.query<{ locale: string }>("select locale from orders where token = $1", [order.token]);
    expect(row?.locale).toBe("fr-FR");

    const mail = await mailAbout(order, /^Commande /);
    expect(mail.subject).toBe(`Commande ${String(order.name)} confirmée`);
    expect(mail.text_body).toContain(`Merci, Camille ! Votre commande ${String(order.name)} est confirmée`);
    expect(mail.text_body).toContain("Sérum Éclat Vitamine C 15 %");
    const euros = (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")} €`;
    expect(mail.text_body).toContain(`Sous-total : ${euros(Number(order.subtotal_price))}`);
    expect(mail.text_body).toContain(`Total : ${euros(Number(order.total_price))}`);
    expect(mail.text_body).toMatch(/Dont \d+,\d\d € de TVA/);
    expect(mail.text_body).toContain("Adresse de livraison");
    expect(mail.text_body).toContain(`/fr-fr/orders/${String(order.token)}`);
    expect(mail.text_body).not.toMatch(/£|Subtotal|Your order|Delivering to|Thank you/);
    expect(mail.html_body).toContain('<html lang="fr-FR">');
    expect(mail.html_body).toContain("Voir ma commande");
  });

  it("tells the customer in French that the parcel is on its way, the link leading back to the French site", async () => {
    const order = await placeOrder("/fr-fr", { ...parisian, email: "camille.shipped@example.com" });
    const [staff] = await shop.db.query<{ id: number }>(
      "insert into staff (email, name, role, password_hash, password_salt, password_params) values ('owner@lumenandleaf.example', 'Owner', 'owner', 'x', 'x', '{}') returning id",
    );
    const admin = ordersAdmin(shop.db, shop.platform.catalog, shop.platform.mailer, shop.platform.settings, async () => ({ id: Number(staff?.id), email: "owner@lumenandleaf.example", name: "Owner", role: "owner" }), "http://shop.test", undefined, shop.platform.locales);
    expect((await admin.fulfil(Number(order.id), { tracking_number: "LA123456789FR" })).ok).toBe(true);

    const mail = await mailAbout(order, /en route$/);
    expect(mail.subject).toBe(`Votre commande ${String(order.name)} est en route`);
    expect(mail.text_body).toContain("Numéro de suivi : LA123456789FR");
    expect(mail.text_body).toContain("Dans votre colis");
    // The Irish site sells in euros too: the French order's link is the French site's.
    expect(mail.text_body).toContain(`http://shop.test/fr-fr/orders/${String(order.token)}`);
    expect(mail.text_body).not.toMatch(/Tracking|parcel/);
  });
});

describe("an order placed on the UK site", () => {
  it("records English and is confirmed in English, in pounds", async () => {
    const order = await placeOrder("", londoner);
    expect(order).toMatchObject({ currency: "GBP", customer_locale: "en-GB" });
    const mail = await mailAbout(order, /^Order /);
    expect(mail.subject).toBe(`Order ${String(order.name)} confirmed`);
    expect(mail.text_body).toContain("Subtotal: £");
    expect(mail.text_body).not.toMatch(/Commande|€/);
    expect(mail.html_body).toContain('<html lang="en-GB">');
  });
});
