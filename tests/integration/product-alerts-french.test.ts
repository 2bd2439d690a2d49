/**
 * A product alert speaks the language of the page it was followed on: a
 * shopper on the French site who asks to be told when a sold-out balm is
 * back, or follows the oil's price, gets the confirmation and the alert in
 * French, with the French site's euro prices and links under /fr-fr. An
 * alert kept before languages were recorded speaks its site's language.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  await shop.db.query("delete from outbox");
  await shop.db.query("delete from back_in_stock_requests");
  await shop.db.query("delete from price_drop_follows");
  await shop.db.query("delete from rate_limit_hits");
});

interface Mail {
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
}

async function mailsTo(email: string): Promise<Mail[]> {
  await shop.platform.afterAnswer.settled();
  return shop.db.query<Mail>("select recipient, subject, text_body, html_body from outbox where recipient = $1 order by id", [email]);
}
const linkIn = (text: string, path: string) => new URL(new RegExp(`https?://\\S+${path}\\S*`).exec(text)?.[0] ?? "http://none");
/** A price as the French site writes it: a decimal comma and the euro sign. */
const EUROS = /\d+,\d\d € EUR/;
/** What an English email would say, which a French one must not. */
const ENGLISH = /£|Confirm your|is back in stock|Price drop|Someone, we hope you|Stop these emails|Add it to/;

const post = (path: string, fields: Record<string, string>) =>
  new Shopper(shop.app).postForm(`http://shop.test/fr-fr${path}`, new URLSearchParams({ consent: "on", ...fields }).toString(), { accept: "application/json", "x-forwarded-for": "203.0.113.50" });

async function confirmFrom(mail: Mail | undefined, path: string): Promise<string> {
  const confirm = linkIn(mail?.text_body ?? "", path);
  expect(confirm.pathname).toBe(`/fr-fr${path}`);
  const response = await shop.app.request(confirm.toString());
  expect(response.status).toBe(303);
  return response.headers.get("location") ?? "";
}

async function setVariant(handle: string, fields: { quantity?: number; price?: number }) {
  const id = shop.variant(handle);
  if (fields.quantity !== undefined) await shop.db.query("update variants set inventory_management = 'shopify', inventory_policy = 'deny', inventory_quantity = $2 where id = $1", [id, fields.quantity]);
  if (fields.price !== undefined) await shop.db.query("update variants set price = $2 where id = $1", [id, fields.price]);
  await shop.db.query("update catalog_meta set revision = revision + 1, inventory_revision = inventory_revision + 1 where id = 1");
}

describe("a French shopper's back-in-stock alert", () => {
  it("is confirmed and sent in French, with the French site's euro price and a link that fills the cart there", async () => {
    await setVariant("sold-out-balm", { quantity: 0 });
    const email = "camille.stock@example.com";
    expect((await post("/back-in-stock/request", { id: String(shop.variant("sold-out-balm")), email })).status).toBe(200);
    const [row] = await shop.db.query<{ locale: string; site_code: string; consent_text: string }>("select locale, site_code, consent_text from back_in_stock_requests");
    // The consent kept is the words the French shopper ticked.
    expect(row).toEqual({ locale: "fr-FR", site_code: "FR", consent_text: "Écrivez-moi une fois quand il sera de nouveau en stock. Mon adresse ne sert à rien d’autre." });

    const [confirmation] = await mailsTo(email);
    expect(confirmation?.subject).toBe("Confirmez votre alerte de retour en stock – Lumen & Leaf");
    expect(confirmation?.text_body).toContain("Quelqu’un, vous sans doute, nous a demandé d’écrire une fois à cette adresse");
    expect(confirmation?.text_body).not.toMatch(ENGLISH);
    expect(confirmation?.html_body).toContain('<html lang="fr-FR">');
    expect(await confirmFrom(confirmation, "/back-in-stock/confirm")).toMatch(/^\/fr-fr\/products\/sold-out-balm\?variant=\d+&back_in_stock=confirmed#back-in-stock$/);

    await setVariant("sold-out-balm", { quantity: 3 });
    expect(await shop.platform.backInStock.sendDue()).toBe(1);
    const alert = (await mailsTo(email))[1];
    expect(alert?.subject).toMatch(/ est de nouveau en stock – Lumen & Leaf$/);
    expect(alert?.text_body).toMatch(new RegExp(`Bonne nouvelle\u00a0: .+ est de nouveau en stock, à ${EUROS.source}\\.`));
    expect(alert?.text_body).not.toMatch(ENGLISH);
    expect(alert?.html_body).toContain("L’ajouter à mon panier");
    expect(linkIn(alert?.text_body ?? "", "/back-in-stock/add").pathname).toBe("/fr-fr/back-in-stock/add");
  });
});

describe("a French shopper's price alert", () => {
  it("is confirmed and sent in French, with euro prices, the product on the French site and the unfollow link there", async () => {
    await setVariant("low-stock-oil", { price: 3000 });
    const [oil] = await shop.db.query<{ id: string | number }>("select id from products where handle = 'low-stock-oil'");
    const email = "camille.prix@example.com";
    expect((await post("/price-drop/follow", { product_id: String(oil?.id), email })).status).toBe(200);
    const [row] = await shop.db.query<{ locale: string; known_currency: string; consent_text: string }>("select locale, known_currency, consent_text from price_drop_follows");
    expect(row).toEqual({ locale: "fr-FR", known_currency: "EUR", consent_text: "Écrivez-moi quand le prix de ce produit baisse. Mon adresse ne sert à rien d’autre, et chaque e-mail me permet d’arrêter." });

    const [confirmation] = await mailsTo(email);
    expect(confirmation?.subject).toBe("Confirmez votre alerte de prix – Lumen & Leaf");
    expect(confirmation?.text_body).toMatch(new RegExp(`quand le prix de Low Stock Oil passera sous ${EUROS.source}\\.`));
    expect(confirmation?.text_body).not.toMatch(ENGLISH);
    expect(await confirmFrom(confirmation, "/price-drop/confirm")).toBe("/fr-fr/products/low-stock-oil?price_drop=confirmed#price-drop");

    await setVariant("low-stock-oil", { price: 2400 });
    expect(await shop.platform.priceDrops.sendDue()).toBe(1);
    const drop = (await mailsTo(email))[1];
    expect(drop?.subject).toMatch(new RegExp(`^Baisse de prix\u00a0: Low Stock Oil passe à ${EUROS.source} – Lumen & Leaf$`));
    expect(drop?.text_body).toMatch(new RegExp(`Le prix de Low Stock Oil est passé de ${EUROS.source} à ${EUROS.source}\\.`));
    expect(drop?.text_body).not.toMatch(ENGLISH);
    expect(drop?.html_body).toContain('<html lang="fr-FR">');
    expect(linkIn(drop?.text_body ?? "", "/products/low-stock-oil").pathname).toBe("/fr-fr/products/low-stock-oil");
    const unfollow = linkIn(drop?.text_body ?? "", "/price-drop/unfollow");
    expect(unfollow.pathname).toBe("/fr-fr/price-drop/unfollow");
    expect((await shop.app.request(unfollow.toString())).headers.get("location")).toBe("/fr-fr/products/low-stock-oil?price_drop=unfollowed#price-drop");
    expect(await shop.db.query("select id from price_drop_follows")).toEqual([]);
  });

  it("speaks the site's language when the follow was kept before languages were", async () => {
    await setVariant("low-stock-oil", { price: 3000 });
    const [oil] = await shop.db.query<{ id: string | number }>("select id from products where handle = 'low-stock-oil'");
    const email = "ancien@example.com";
    await post("/price-drop/follow", { product_id: String(oil?.id), email });
    await confirmFrom((await mailsTo(email))[0], "/price-drop/confirm");
    await shop.db.query("update price_drop_follows set locale = null");
    await setVariant("low-stock-oil", { price: 2400 });
    expect(await shop.platform.priceDrops.sendDue()).toBe(1);
    expect((await mailsTo(email))[1]?.subject).toMatch(/^Baisse de prix/);
  });
});
