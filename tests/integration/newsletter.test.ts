/**
 * The shop's email list as the newsletter form's provider: sign-up, double
 * opt-in with a signed link, one-click unsubscribe, re-subscribing, the
 * rate limit, the stored bundle record and the recommendations.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.ts";
import { createPlatform } from "../../src/platform/platform.ts";
import pino from "pino";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
let shopper: Shopper;

beforeAll(async () => {
  shop = await openTestShop({ catalog: demoCatalog });
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  shopper = new Shopper(shop.app);
  await shop.db.query("delete from outbox");
  // The harness's server trusts no proxy, so every test shopper is one address: each test starts with its count at zero.
  await shop.db.query("delete from rate_limit_hits");
});

const signup = (fields: Record<string, string>) => shopper.postForm("http://shop.test/newsletter/subscribe", new URLSearchParams(fields).toString(), { accept: "application/json" });

/** The emails sent, once the work the last answers left behind is done. */
async function mails() {
  await shop.platform.afterAnswer.settled();
  return shop.db.query<{ recipient: string; subject: string; text_body: string }>("select recipient, subject, text_body from outbox order by id");
}
const linkIn = (text: string, path: string) => new URL(new RegExp(`https?://\\S+${path}\\S*`).exec(text)?.[0] ?? "http://none");

describe("signing up", () => {
  it("keeps the address pending with its lists and skin answers, and sends a confirmation link", async () => {
    const response = await signup({ ue: "Nell@Example.com", "@add_to_lists": "lumen-newsletter,skin-tips,not-a-list", skintype: "dry", skin_sensitivity: "sensitive", source: "footer" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ errors: [], status: "confirmation_sent" });
    const [row] = await shop.db.query<Record<string, unknown>>("select email, status, lists, skintype, skin_sensitivity, source, consent_text from subscribers where lower(email) = 'nell@example.com'");
    expect(row).toMatchObject({ email: "Nell@Example.com", status: "pending", lists: ["lumen-newsletter", "skin-tips"], skintype: "dry", skin_sensitivity: "sensitive", source: "footer" });
    expect(row?.consent_text).toContain("unsubscribe");
    const [mail] = await mails();
    expect(mail).toMatchObject({ recipient: "Nell@Example.com", subject: "Please confirm your email – Lumen & Leaf" });
    expect(linkIn(mail?.text_body ?? "", "/newsletter/confirm").searchParams.get("t")).toMatch(/^[a-f0-9]{64}$/);
  });

  it("names a bad email in the errors list and keeps nothing", async () => {
    const response = await signup({ ue: "not-an-email" });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ errors: [{ field: "ue", message: "Enter a valid email address" }] });
    expect(await signup({ ue: "" }).then((r) => r.json())).toEqual({ errors: [{ field: "ue", message: "Enter your email address" }] });
    expect(await shop.db.query("select * from subscribers where email = 'not-an-email'")).toEqual([]);
  });

  it("answers a robot that filled the hidden field as if signed up, and keeps and sends nothing", async () => {
    expect(await (await signup({ ue: "bot@example.com", nl_website: "http://spam.example" })).json()).toEqual({ errors: [], status: "confirmation_sent" });
    expect(await shop.db.query("select * from subscribers where email = 'bot@example.com'")).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  it("goes back to the form's page with the outcome when posted without scripts", async () => {
    const response = await shopper.postForm("http://shop.test/newsletter/subscribe", "ue=plain%40example.com", { referer: "http://shop.test/pages/about" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/pages/about?newsletter=sent#newsletter");
    const bad = await shopper.postForm("http://shop.test/newsletter/subscribe", "ue=nope&return_to=%2Fcollections%2Fall");
    expect(bad.headers.get("location")).toBe("/collections/all?newsletter=error#newsletter");
    const offsite = await shopper.postForm("http://shop.test/newsletter/subscribe", "ue=x%40example.com&return_to=https%3A%2F%2Fevil.example%2F");
    expect(offsite.headers.get("location")).toBe("/?newsletter=sent#newsletter");
  });

  it("limits sign-ups per address in the database", async () => {
    const limited = createPlatform(shop.db, shop.platform.settings, { catalogCheckMs: 0, newsletterLimit: { limit: 2, windowSeconds: 3600 } });
    const app = createApp({ platform: limited, logger: pino({ level: "silent" }), imageCacheDir: "/tmp/unused-images", trustProxy: true });
    const post = (email: string) => app.request("http://shop.test/newsletter/subscribe", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", "x-forwarded-for": "10.9.2.1" }, body: `ue=${email}` });
    expect((await post("a%40example.com")).status).toBe(200);
    expect((await post("b%40example.com")).status).toBe(200);
    const refused = await post("c%40example.com");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { errors: unknown[] }).errors.length).toBe(1);
    // One IPv6 /64 is one client, however many of its addresses it signs up from.
    const fromV6 = (host: number) =>
      app.request("http://shop.test/newsletter/subscribe", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", "x-forwarded-for": `2001:db8:9:1::${host}` }, body: `ue=v6.${host}%40example.com` });
    expect([(await fromV6(1)).status, (await fromV6(2)).status, (await fromV6(3)).status]).toEqual([200, 200, 429]);
    // The confirmation emails go out after the answers; the next test starts without them.
    await limited.afterAnswer.settled();
  });
});

describe("confirming and leaving", () => {
  it("confirms with the signed link once, welcomes with an unsubscribe link, and refuses a tampered one", async () => {
    await signup({ ue: "ada@example.com", skintype: "oily" });
    const confirm = linkIn((await mails())[0]?.text_body ?? "", "/newsletter/confirm");
    const tampered = new URL(confirm);
    tampered.searchParams.set("t", "0".repeat(64));
    expect((await shopper.get(`${tampered.pathname}${tampered.search}`)).headers.get("location")).toBe("/newsletter?state=invalid");
    const otherNonce = new URL(confirm);
    otherNonce.searchParams.set("n", "f".repeat(32));
    expect((await shopper.get(`${otherNonce.pathname}${otherNonce.search}`)).headers.get("location")).toBe("/newsletter?state=invalid");

    expect((await shopper.get(`${confirm.pathname}${confirm.search}`)).headers.get("location")).toBe("/newsletter?state=confirmed");
    expect((await shop.db.query<{ status: string }>("select status from subscribers where email = 'ada@example.com'"))[0]?.status).toBe("active");
    expect((await shopper.get(`${confirm.pathname}${confirm.search}`)).headers.get("location")).toBe("/newsletter?state=already_confirmed");

    const welcome = (await mails()).find((mail) => mail.subject.startsWith("You're on the list"));
    // It names products picked for the skin the subscriber gave, each linked on the shop, as the form showed them.
    const picks = (await (await shopper.get("/newsletter/recommendations?limit=3&skintype=oily")).json()) as { products: { title: string; url: string }[] };
    expect(picks.products.length).toBeGreaterThan(0);
    expect(welcome?.text_body).toContain("Picked for oily skin:");
    const lines = (welcome?.text_body ?? "").split("\n");
    for (const product of picks.products) expect(lines.some((line) => line.startsWith(`- ${product.title}: http`) && line.endsWith(product.url))).toBe(true);
    const unsubscribe = linkIn(welcome?.text_body ?? "", "/newsletter/unsubscribe");
    expect((await shopper.get(`${unsubscribe.pathname}${unsubscribe.search}`)).headers.get("location")).toBe("/newsletter?state=unsubscribed");
    expect((await shop.db.query<{ status: string }>("select status from subscribers where email = 'ada@example.com'"))[0]?.status).toBe("unsubscribed");
    // A mail client's one-click unsubscribe posts to the same link.
    expect((await shopper.request(`${unsubscribe.pathname}${unsubscribe.search}`, { method: "POST" })).status).toBe(200);
    const forged = new URL(unsubscribe);
    forged.searchParams.set("s", String(Number(forged.searchParams.get("s")) + 1));
    expect((await shopper.get(`${forged.pathname}${forged.search}`)).headers.get("location")).toBe("/newsletter?state=invalid");
  });

  it("updates rather than duplicates on a second sign-up, with a fresh link that alone confirms", async () => {
    await signup({ ue: "grace@example.com", "@add_to_lists": "new-launches" });
    const first = linkIn((await mails())[0]?.text_body ?? "", "/newsletter/confirm");
    await signup({ ue: "GRACE@example.com", skintype: "oily" });
    const second = linkIn((await mails())[1]?.text_body ?? "", "/newsletter/confirm");
    const rows = await shop.db.query<{ lists: string[]; skintype: string }>("select lists, skintype from subscribers where lower(email) = 'grace@example.com'");
    expect(rows).toEqual([{ lists: expect.arrayContaining(["lumen-newsletter", "new-launches"]), skintype: "oily" }]);
    expect((await shopper.get(`${first.pathname}${first.search}`)).headers.get("location")).toBe("/newsletter?state=invalid");
    expect((await shopper.get(`${second.pathname}${second.search}`)).headers.get("location")).toBe("/newsletter?state=confirmed");
  });

  it("answers a subscriber's sign-up as anyone's, and emails them a note instead of a link, once a day", async () => {
    await signup({ ue: "mary@example.com" });
    const confirm = linkIn((await mails())[0]?.text_body ?? "", "/newsletter/confirm");
    await shopper.get(`${confirm.pathname}${confirm.search}`);
    await shop.db.query("delete from outbox");

    const subscribed = await signup({ ue: "Mary@example.com", skintype: "dry" });
    const stranger = await signup({ ue: "someone.new@example.com" });
    expect(subscribed.status).toBe(stranger.status);
    expect(await subscribed.json()).toEqual(await stranger.json());
    // Without scripts both go back with the same outcome.
    const plain = (email: string) => shopper.postForm("http://shop.test/newsletter/subscribe", `ue=${encodeURIComponent(email)}&return_to=%2F`).then((response) => response.headers.get("location"));
    expect(await plain("mary@example.com")).toBe(await plain("another.new@example.com"));

    const toMary = (await mails()).filter((mail) => mail.recipient === "mary@example.com");
    expect(toMary).toEqual([expect.objectContaining({ subject: "You're already on our list – Lumen & Leaf" })]);
    expect(linkIn(toMary[0]?.text_body ?? "", "/newsletter/unsubscribe").searchParams.get("t")).toMatch(/^[a-f0-9]{64}$/);
    expect(toMary[0]?.text_body).not.toContain("/newsletter/confirm");
    expect((await shop.db.query<{ status: string }>("select status from subscribers where email = 'mary@example.com'"))[0]?.status).toBe("active");
  });
});

describe("the stored bundle record and recommendations", () => {
  it("records a shopper's saved bundle against their email once", async () => {
    const bundle = JSON.stringify([{ handle: "barrier-repair-cream", variant_id: 1, quantity: 1 }]);
    const post = (body: Record<string, string>) => shopper.postJson("http://shop.test/newsletter/bundle", body);
    expect((await post({ ue: "kit@example.com", "@account": "999", bundle })).status).toBe(200);
    expect((await post({ ue: "kit@example.com", bundle: JSON.stringify([{ handle: "other" }]) })).status).toBe(200);
    const rows = await shop.db.query<{ data: unknown; customer_id: number | null }>("select data, customer_id from subscriber_bundles where email = 'kit@example.com'");
    expect(rows).toEqual([{ data: [{ handle: "barrier-repair-cream", variant_id: 1, quantity: 1 }], customer_id: null }]);
    expect((await post({ ue: "nope", bundle })).status).toBe(422);
    expect((await post({ ue: "kit2@example.com", bundle: "not json" })).status).toBe(422);
  });

  it("reminds a confirmed subscriber of their saved picks once, a day later, naming products from the catalog", async () => {
    await shop.db.query("delete from subscriber_bundles");
    const picks = (title: string) =>
      JSON.stringify([
        { source: "quiz", product_handle: "barrier-repair-cream", product_title: title, product_step: "moisturiser", product_variant: 1, product_is_free: false },
        { source: "quiz", product_handle: "no-such-product", product_title: "Ghost", product_step: "serum", product_variant: 2, product_is_free: false },
      ]);
    await shop.db.query("insert into subscribers (email, status, consent_text) values ('saver@example.com', 'active', 'yes'), ('pending@example.com', 'pending', 'yes'), ('buyer@example.com', 'active', 'yes') on conflict do nothing");
    for (const email of ["saver@example.com", "pending@example.com", "buyer@example.com", "stranger@example.com"]) {
      expect((await shopper.postJson("http://shop.test/newsletter/bundle", { ue: email, bundle: picks("Visit evil.example now") })).status).toBe(200);
    }
    const product = (handle: string) => demoCatalog.products.find((seeded) => seeded.handle === handle);
    const send = () => shop.platform.newsletter.sendBundleReminders("https://shop.test", product);

    // Not a day old yet: nothing goes.
    expect(await send()).toBe(0);
    await shop.db.query("update subscriber_bundles set created_at = now() - interval '25 hours'");
    // The buyer ordered since saving: no reminder for them.
    await shop.db.query(
      `insert into orders (token, cart_token, email, shipping_address, lines, subtotal_price, total_discount, shipping_price, total_price, currency)
       values ('reminder-test-order', 'reminder-test-cart', 'Buyer@Example.com', '{}', '[]', 1000, 0, 0, 1000, 'GBP')`,
    );

    expect(await send()).toBe(1);
    const sent = await mails();
    expect(sent.map((mail) => mail.recipient)).toContain("saver@example.com");
    expect(sent.map((mail) => mail.recipient)).not.toContain("pending@example.com");
    expect(sent.map((mail) => mail.recipient)).not.toContain("stranger@example.com");
    const mail = sent.find((entry) => entry.recipient === "saver@example.com");
    expect(mail?.subject).toBe("Your routine is waiting – Lumen & Leaf");
    // The catalog's name, never the posted one; the product that does not exist is left out.
    expect(mail?.text_body).toContain(`${product("barrier-repair-cream")?.title}: https://shop.test/products/barrier-repair-cream`);
    expect(mail?.text_body).not.toContain("evil.example");
    expect(mail?.text_body).not.toContain("Ghost");
    expect(mail?.text_body).toContain("https://shop.test/pages/build-your-bundle");
    expect(linkIn(mail?.text_body ?? "", "/newsletter/unsubscribe").searchParams.get("t")).toMatch(/^[a-f0-9]{64}$/);

    // Once: the next pass sends nothing more.
    expect(await send()).toBe(0);
  });

  it("recommends bestsellers, narrowed to a skin type, in the provider's shape", async () => {
    const any = (await (await shopper.get("/newsletter/recommendations?instance=welcome&limit=4")).json()) as { instance: string; products: Record<string, any>[] };
    expect(any.instance).toBe("welcome");
    expect(any.products).toHaveLength(4);
    expect(Object.keys(any.products[0] ?? {}).sort()).toEqual(["image_url", "price", "properties", "title", "url"]);
    expect(any.products[0]?.properties.shopify_variant_ids.length).toBeGreaterThan(0);
    const oily = (await (await shopper.get("/newsletter/recommendations?limit=3&skintype=oily")).json()) as { products: { url: string }[] };
    for (const product of oily.products) expect(demoCatalog.products.find((seeded) => `/products/${seeded.handle}` === product.url)?.tags).toContain("skin-type:oily");
    // Someone else's address opens nothing: the answer is the same as without it.
    const withEmail = (await (await shopper.get("/newsletter/recommendations?limit=4&email=nell%40example.com")).json()) as { products: unknown[] };
    expect(withEmail.products).toEqual(any.products);
  });

  it("recommends on the French site the same products, in French and at the French site's prices", async () => {
    const ask = async (prefix: string) => ((await (await shopper.get(`${prefix}/newsletter/recommendations?limit=4`)).json()) as { products: { url: string; title: string; price: string }[] }).products;
    const [uk, fr] = [await ask(""), await ask("/fr-fr")];
    expect(fr.map((product) => product.url)).toEqual(uk.map((product) => product.url));
    const french = await shop.platform.forSite("FR").catalog.get();
    for (const product of fr) {
      const sold = french.productsByHandle.get(product.url.split("/").pop()!)!;
      expect(product.title).toBe(sold.title);
      expect(Number(product.price) * 100).toBeCloseTo(Math.min(...sold.variants.map((variant) => variant.price)));
    }
    expect(fr.map((product) => product.price)).not.toEqual(uk.map((product) => product.price));
  });
});
