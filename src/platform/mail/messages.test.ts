import { describe, expect, it } from "vitest";
import type { OrderJson } from "../../core/contract/storefront.ts";
import { loadLocales } from "../settings/load.ts";
import { emailWords } from "./email-words.ts";
import { giftCardMessage, newsletterWelcomeMessage, orderConfirmationMessage, orderShippedMessage, passwordResetMessage, subscriptionPaymentFailedMessage, welcomeMessage } from "./messages.ts";

const catalogues = loadLocales();
const ENGLISH = emailWords(catalogues, "en-GB");
const FRENCH = emailWords(catalogues, "fr-FR");

const SHOP = { shopName: "Lumen & Leaf", shopUrl: "https://shop.example" };
const ATTACK = `<script>alert("x")</script><img src=x onerror='boom'>`;

const order: OrderJson = {
  id: 7,
  name: "#1007",
  token: "a".repeat(32),
  email: "ada@example.com",
  tax_lines: [],
  total_tax: 0,
  taxes_included: false,
  customer_locale: "en-GB",
  created_at: "2025-05-03T10:00:00.000Z",
  currency: "GBP",
  line_items: [
    { key: "1:x", variant_id: 1, title: "Plain Cleanser - 100ml", quantity: 2, price: 1200, final_line_price: 2400, sku: null, properties: { Engraving: "For Ada", _bundle: "hidden" }, handle: "plain-cleanser", discounts: [], components: [] },
    { key: "2:y", variant_id: 2, title: "Travel Balm", quantity: 1, price: 800, final_line_price: 0, sku: null, properties: { "_is-free-gift-item": "true" }, handle: "travel-balm", discounts: [{ title: "Free gift", amount: 800 }], components: [] },
  ],
  shipping_address: { first_name: "Ada", last_name: "Lovelace", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" },
  discount_codes: ["GLOW10"],
  discount_applications: [{ key: "GLOW10", title: "GLOW10", amount: 240, target_type: "line_item" }],
  subtotal_price: 3200,
  total_discount: 1040,
  shipping_price: 0,
  shipping_method: "standard",
  total_price: 2160,
  test: true,
  phone: null,
  gift_card_amount: 0,
  gift_card_last_characters: null,
  total_outstanding: 2160,
  sms_marketing_consent: null,
  fulfillment_status: "unfulfilled",
  financial_status: "paid",
  payment: { provider: null, method: null, reference: null, pay_url: null },
  total_refunded: 0,
  cancelled_at: null,
  tracking_number: null,
  fulfilled_at: null,
};

const confirmation = (changes: Partial<OrderJson> = {}) => orderConfirmationMessage({ order: { ...order, ...changes }, ...SHOP, moneyFormat: "£{{amount}}", words: ENGLISH });

describe("orderConfirmationMessage", () => {
  it("is addressed to the order's email with its number in the subject", () => {
    const message = confirmation();
    expect(message.to).toBe("ada@example.com");
    expect(message.subject).toBe("Order #1007 confirmed");
  });

  it("lists the lines, the totals with the discount code, and the address, in the shop's money format", () => {
    const { text } = confirmation();
    expect(text).toContain("2 × Plain Cleanser - 100ml — £24.00");
    expect(text).toContain("Engraving: For Ada");
    expect(text).not.toContain("_bundle");
    expect(text).toContain("1 × Travel Balm — Free");
    expect(text).toContain("Free gift");
    expect(text).toContain("Subtotal: £24.00");
    expect(text).toContain("Discount: GLOW10: -£2.40");
    expect(text).toContain("Shipping: Free");
    expect(text).toContain("Total: £21.60");
    expect(text).toContain("Ada Lovelace\n12 St James's Square\nLondon SW1Y 4JH\nUnited Kingdom");
    expect(text).toContain("This was a test order");
  });

  it("gives both parts the shop's name, its logo and absolute links on the shop's address", () => {
    const { text, html } = confirmation();
    expect(text.startsWith("Lumen & Leaf\n")).toBe(true);
    expect(text).toContain(`View your order: https://shop.example/orders/${"a".repeat(32)}`);
    expect(html).toContain('<a href="https://shop.example/" style="font-family:Georgia');
    expect(html).toContain(">Lumen &amp; Leaf</a>");
    expect(html).toContain(`href="https://shop.example/orders/${"a".repeat(32)}"`);
    expect(html).toContain("£21.60");
    expect(html).toContain("United Kingdom");
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^https:\/\/shop\.example\//);
  });

  it("leaves out the discount row without a discount and prices shipping when it is charged", () => {
    const { text } = confirmation({ total_discount: 800, discount_codes: [], discount_applications: [], shipping_price: 495, total_price: 2895, test: false });
    expect(text).not.toContain("Discount");
    expect(text).toContain("Shipping: £4.95");
    expect(text).not.toContain("test order");
  });

  it("adds up as the checkout did: lines after their bundle's saving, named, a kit's contents named, then the code", () => {
    const { text } = confirmation({
      line_items: [
        { ...order.line_items[0]!, properties: {}, quantity: 1, price: 7800, final_line_price: 6240, title: "Glow Kit", discounts: [{ title: "Glow Bundle", amount: 1560 }], components: [{ title: "Rose Cleanser", quantity: 1 }, { title: "Night Oil", quantity: 2 }] },
      ],
      discount_applications: [],
      discount_codes: [],
      subtotal_price: 7800,
      total_discount: 1560,
      total_price: 6240,
    });
    expect(text).toContain("1 × Glow Kit — £62.40");
    expect(text).toContain("Includes 1 × Rose Cleanser, 2 × Night Oil");
    expect(text).toContain("Glow Bundle: -£15.60");
    expect(text).toContain("Subtotal: £62.40");
    expect(text).not.toContain("£78.00");
    expect(text).toContain("Total: £62.40");
  });

  it("escapes every shopper and catalog value in the HTML part", () => {
    const { html } = confirmation({
      name: `#1<b>`,
      discount_codes: [ATTACK],
      discount_applications: [{ key: "x", title: ATTACK, amount: 240, target_type: "line_item" }],
      line_items: [{ ...order.line_items[0]!, title: ATTACK, properties: { [ATTACK]: ATTACK }, discounts: [{ title: ATTACK, amount: 100 }], components: [{ title: ATTACK, quantity: 1 }] }],
      shipping_address: { ...order.shipping_address, first_name: ATTACK, address2: ATTACK, province: ATTACK },
    });
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;boom&#39;&gt;");
  });
});

describe("welcomeMessage", () => {
  it("greets the customer by name and links to the account on the shop's address", () => {
    const message = welcomeMessage({ to: "ada@example.com", firstName: "Ada", ...SHOP, shopUrl: "https://shop.example/", words: ENGLISH });
    expect(message).toMatchObject({ to: "ada@example.com", subject: "Welcome to Lumen & Leaf" });
    expect(message.text).toContain("Hi Ada,");
    expect(message.text).toContain("https://shop.example/account");
    expect(message.html).toContain('href="https://shop.example/account"');
    expect(message.html).toContain("<title>Welcome to Lumen &amp; Leaf</title>");
  });

  it("speaks French to a customer who registered on the French site, linking to it", () => {
    const message = welcomeMessage({ to: "camille@example.com", firstName: "Camille", ...SHOP, shopUrl: "https://shop.example/fr-fr", words: FRENCH });
    expect(message.subject).toBe("Bienvenue chez Lumen & Leaf");
    expect(message.text).toContain("Bonjour Camille,");
    expect(message.text).toContain("Votre compte\u00a0: https://shop.example/fr-fr/account");
    expect(message.html).toContain('<html lang="fr-FR">');
    expect(message.html).toContain("Accéder à mon compte");
    expect(message.text).not.toMatch(/Hi |account is ready/);
  });

  it("escapes the name and the shop's name", () => {
    const { html } = welcomeMessage({ to: "ada@example.com", firstName: ATTACK, shopName: ATTACK, shopUrl: "https://shop.example", words: ENGLISH });
    expect(html).not.toMatch(/<script|<img/);
  });
});

describe("passwordResetMessage", () => {
  const resetUrl = "https://shop.example/account/reset/12/abc?x=1&y=2";

  it("carries the reset link in both parts and says it works once, for an hour", () => {
    const message = passwordResetMessage({ to: "ada@example.com", firstName: "Ada", shopName: "Lumen & Leaf", resetUrl, shopUrl: "https://shop.example", words: ENGLISH });
    expect(message.subject).toBe("Reset your Lumen & Leaf password");
    expect(message.text).toContain(resetUrl);
    expect(message.text).toContain("within one hour");
    expect(message.html).toContain('href="https://shop.example/account/reset/12/abc?x=1&amp;y=2"');
    expect(message.html).toContain('href="https://shop.example/"');
  });

  it("escapes a link that tries to leave its attribute", () => {
    const { html } = passwordResetMessage({ to: "ada@example.com", firstName: "Ada", shopName: "Lumen & Leaf", resetUrl: `https://shop.example/r/"><script>x</script>`, shopUrl: "https://shop.example", words: ENGLISH });
    expect(html).not.toContain("<script");
  });
});

describe("newsletterWelcomeMessage", () => {
  const welcome = { to: "ada@example.com", unsubscribeUrl: "https://shop.example/newsletter/unsubscribe?s=1&t=ab", ...SHOP, words: ENGLISH };

  it("names the products picked for the subscriber's skin, each linked on the shop, and escapes their names", () => {
    const picks = [
      { url: "/products/gel", title: "Clarifying Gel", image_url: null, price: "14.00", properties: { shopify_variant_ids: [1] } },
      { url: "/products/odd", title: ATTACK, image_url: null, price: "9.00", properties: { shopify_variant_ids: [2] } },
    ];
    const message = newsletterWelcomeMessage({ ...welcome, picks, skintype: "oily" });
    expect(message.text).toContain("Picked for oily skin:\n- Clarifying Gel: https://shop.example/products/gel");
    expect(message.html).toContain('href="https://shop.example/products/gel"');
    expect(message.html).not.toMatch(/<script|<img/);
  });

  it("names the French skin type in French", () => {
    const picks = [{ url: "/products/gel", title: "Gel Clarifiant", image_url: null, price: "14,00", properties: { shopify_variant_ids: [1] } }];
    const message = newsletterWelcomeMessage({ ...welcome, shopUrl: "https://shop.example/fr-fr", words: FRENCH, picks, skintype: "oily" });
    expect(message.text).toContain("Notre sélection pour les peaux grasses\u00a0:\n- Gel Clarifiant : https://shop.example/fr-fr/products/gel");
    expect(message.html).toContain("me désabonner");
  });

  it("goes without picks when there are none", () => {
    const message = newsletterWelcomeMessage(welcome);
    expect(message.text).not.toContain("Picked for");
    expect(message.html).not.toContain("Picked for");
  });
});

describe("orderShippedMessage", () => {
  it("tells the customer the order is on its way, with the tracking number, the lines and a link to the order", () => {
    const message = orderShippedMessage({ order, trackingNumber: "RM123456785GB", ...SHOP, words: ENGLISH });
    expect(message).toMatchObject({ to: "ada@example.com", subject: "Your order #1007 is on its way" });
    expect(message.text).toContain("Tracking number: RM123456785GB");
    expect(message.text).toContain("2 × Plain Cleanser - 100ml");
    expect(message.text).toContain(`View your order: https://shop.example/orders/${"a".repeat(32)}`);
    expect(message.html).toContain("<strong>RM123456785GB</strong>");
    for (const [, href] of message.html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^https:\/\/shop\.example\//);
  });

  it("escapes the tracking number and the order's values in the HTML part", () => {
    const { html } = orderShippedMessage({ order: { ...order, line_items: [{ ...order.line_items[0]!, title: ATTACK }] }, trackingNumber: ATTACK, ...SHOP, words: ENGLISH });
    expect(html).not.toMatch(/<script|<img/);
  });
});

describe("an order's emails in French", () => {
  const french: OrderJson = {
    ...order,
    currency: "EUR",
    customer_locale: "fr-FR",
    test: false,
    tax_lines: [{ title: "TVA", rate: 0.2, price: 360 }],
    total_tax: 360,
    taxes_included: true,
    shipping_address: { first_name: "Camille", last_name: "Durand", address1: "8 rue des Lilas", city: "Lyon", zip: "69003", country: "FR" },
    shipping_method: "express",
  };

  it("confirms the order in French, with euro amounts written the French way", () => {
    const message = orderConfirmationMessage({ order: french, ...SHOP, moneyFormat: "{{amount_with_comma_separator}} €", words: FRENCH });
    expect(message.subject).toBe("Commande #1007 confirmée");
    expect(message.text).toContain("Merci, Camille ! Votre commande #1007 est confirmée");
    expect(message.text).toContain("Sous-total : 24,00 €");
    expect(message.text).toContain("Réduction : GLOW10 : -2,40 €");
    expect(message.text).toContain("Livraison express : Offerte");
    expect(message.text).toContain("Total : 21,60 €");
    expect(message.text).toContain("Dont 3,60 € de TVA");
    expect(message.text).toContain("Cadeau offert");
    expect(message.text).toContain("France");
    expect(message.html).toContain('<html lang="fr-FR">');
    expect(message.html).toContain("Voir ma commande");
    expect(`${message.subject}\n${message.text}`).not.toMatch(/Order|Subtotal|Shipping|Delivering|Thank you|£/);
  });

  it("names the delivery country in French and says the parcel is on its way", () => {
    const message = orderShippedMessage({ order: { ...french, shipping_address: { ...french.shipping_address, country: "BE" } }, trackingNumber: "LA123", ...SHOP, words: FRENCH });
    expect(message.subject).toBe("Votre commande #1007 est en route");
    expect(message.text).toContain("Numéro de suivi : LA123");
    expect(message.text).toContain("Belgique");
    expect(message.text).toContain("Adresse de livraison");
    expect(message.text).not.toMatch(/Tracking|parcel|Belgium/);
  });

  it("sends a gift card bought on the French site in French, its value in euros", () => {
    const message = giftCardMessage({ to: "camille@example.com", code: "ABCD2345EFGH6789", value: 2500, ...SHOP, moneyFormat: "{{amount_with_comma_separator}} €", words: FRENCH });
    expect(message.subject).toBe("Votre carte cadeau Lumen & Leaf de 25,00 €");
    expect(message.text).toContain("Code : ABCD-2345-EFGH-6789");
    expect(message.text).not.toMatch(/gift card|Shop now|£/);
    expect(message.html).toContain('<html lang="fr-FR">');
  });
});

describe("the subscription payment failed email", () => {
  const input = {
    to: "ada@example.com",
    firstName: "Ada <b>",
    contractId: 7,
    products: ["2 × Serum"],
    amount: 4895,
    shopName: "Lumen & Leaf",
    shopUrl: "https://shop.example/",
    moneyFormat: "£{{amount}}",
  };

  it("names the retry days and links to the account page's card button, escaping the customer's name", () => {
    const message = subscriptionPaymentFailedMessage({ ...input, retries: ["2026-03-02", "2026-03-06"], words: ENGLISH });
    expect(message.subject).toBe("We could not take your subscription payment – Lumen & Leaf");
    expect(message.text).toContain("your card was declined for your subscription delivery of 2 × Serum (£48.95)");
    expect(message.text).toContain("We will try again on 2 March 2026 and 6 March 2026.");
    expect(message.text).toContain("https://shop.example/account/subscriptions#subscription-7-card");
    expect(message.html).toContain("Ada &lt;b&gt;");
  });

  it("says the subscription is on hold after the last try, in French for a French site", () => {
    const message = subscriptionPaymentFailedMessage({ ...input, retries: [], words: FRENCH });
    expect(message.subject).toBe("Le paiement de votre abonnement n’a pas abouti – Lumen & Leaf");
    expect(message.text).toContain("votre abonnement est suspendu");
    expect(message.text).not.toContain("réessaierons");
    expect(message.html).toContain('<html lang="fr-FR">');
  });
});
