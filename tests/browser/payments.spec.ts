/**
 * Paying for an order, at both widths. In test mode (the shared shop, no
 * Stripe keys) the checkout says no payment is taken and completes the order
 * as before. With Stripe set (a shop of this test's own, its SDK pointed at
 * the local stand-in), placing the order goes to the session's page; paying
 * there sends the signed webhook, and the order page the shopper comes back
 * to shows the order paid, by card, with Stripe's reference.
 */
import { type Page, expect, test } from "@playwright/test";
import { STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET, StripeStandIn } from "../stripe-stand-in.ts";
import { type OwnShop, startOwnShop } from "./own-shop.ts";
import { openReady } from "./ready.ts";
import { quietShopper } from "./storage-states.ts";
import { seriousViolations } from "./axe.ts";

/** Puts a cleanser in the bag and fills the checkout's details. */
async function fillCheckout(page: Page): Promise<void> {
  const product = (await (await page.request.get("/products/clarifying-gel-cleanser.js")).json()) as { variants: { id: number }[] };
  expect((await page.request.post("/cart/add.js", { data: { id: product.variants[0]?.id, quantity: 1 } })).status()).toBe(200);
  await openReady(page, "/checkout");
  await page.getByLabel("Email", { exact: true }).fill("ada@example.com");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Address", { exact: true }).fill("12 St James's Square");
  await page.getByLabel("City").fill("London");
  await page.getByLabel("Postcode").fill("SW1Y 4JH");
}

/** The value of the order page's payment detail `term` (a description list: term, then its definition). */
const paymentTerm = (page: Page, term: string) => page.getByRole("term").filter({ hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");

test("in test mode the checkout says no payment is taken and the order is placed as before", async ({ page }) => {
  await fillCheckout(page);
  await expect(page.getByText("Test mode: no payment is taken.", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders\/[a-f0-9]{32}$/);
  await expect(page.getByRole("heading", { level: 1, name: /#\d+ is confirmed/ })).toBeVisible();
  await expect(paymentTerm(page, "Status")).toHaveText("Paid");
  await expect(paymentTerm(page, "Method")).toHaveText("None (test order)");
});

test.describe("with Stripe", () => {
  let stripe: StripeStandIn;
  let shop: OwnShop;

  test.beforeAll(async () => {
    // Starting a shop of its own (a fresh database, the demo catalog) takes a while on a loaded machine.
    test.setTimeout(180_000);
    stripe = await new StripeStandIn().start();
    shop = await startOwnShop("payments", { STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY, STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET, STRIPE_API_BASE: stripe.origin });
    stripe.webhookUrl = `${shop.origin}/webhooks/stripe`;
  });
  test.afterAll(async () => {
    await shop?.stop();
    await stripe?.stop();
  });

  test("checkout goes to the session's page, and the order shows paid once the webhook came", async ({ browser }) => {
    const { viewport, isMobile, hasTouch } = test.info().project.use;
    const context = await browser.newContext({ baseURL: shop.origin, storageState: quietShopper(shop.origin), viewport: viewport ?? null, ...(isMobile === undefined ? {} : { isMobile }), ...(hasTouch === undefined ? {} : { hasTouch }) });
    const page = await context.newPage();
    await fillCheckout(page);
    await expect(page.getByText("You pay on Stripe's secure page next.")).toBeVisible();
    await expect(page.getByText("Test mode", { exact: false })).toHaveCount(0);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripe.origin}/c/pay/cs_test_`));
    const session = stripe.created.at(-1)?.session;
    expect(session?.currency).toBe("gbp");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(new RegExp(`^${shop.origin}/orders/[a-f0-9]{32}$`));
    await expect(page.getByRole("heading", { level: 1, name: /#\d+ is confirmed/ })).toBeVisible();
    await expect(paymentTerm(page, "Status")).toHaveText("Paid");
    await expect(paymentTerm(page, "Method")).toHaveText("Visa •••• 4242 (Stripe)");
    await expect(paymentTerm(page, "Payment reference")).toHaveText(/^pi_test_/);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
