/**
 * A subscriber's card, at both widths, on a shop of this test's own with
 * Stripe set (its SDK pointed at the local stand-in): the subscription's
 * first order is paid on the stand-in's page, the account page offers
 * "Update card", which goes to Stripe's card page (setup mode) and comes
 * back saying the card was saved.
 */
import { expect, test } from "@playwright/test";
import { STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET, StripeStandIn } from "../stripe-stand-in.ts";
import { seriousViolations } from "./axe.ts";
import { type OwnShop, startOwnShop } from "./own-shop.ts";
import { openReady } from "./ready.ts";
import { register } from "./register.ts";
import { quietShopper } from "./storage-states.ts";

let stripe: StripeStandIn;
let shop: OwnShop;

test.beforeAll(async () => {
  // Starting a shop of its own (a fresh database, the demo catalog) takes a while on a loaded machine.
  test.setTimeout(180_000);
  stripe = await new StripeStandIn().start();
  shop = await startOwnShop("subscription-card", { STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY, STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET, STRIPE_API_BASE: stripe.origin });
  stripe.webhookUrl = `${shop.origin}/webhooks/stripe`;
});
test.afterAll(async () => {
  await shop?.stop();
  await stripe?.stop();
});

test("a subscriber updates the card their renewals are charged to, on Stripe's page", async ({ browser }, testInfo) => {
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL: shop.origin, storageState: quietShopper(shop.origin), viewport: viewport ?? null, ...(isMobile === undefined ? {} : { isMobile }), ...(hasTouch === undefined ? {} : { hasTouch }) });
  const page = await context.newPage();
  const email = `card.${testInfo.project.name}.${Date.now()}@example.com`;
  await register(page, email);
  const product = (await (await page.request.get("/products/gentle-cream-cleanser.js")).json()) as { variants: { id: number }[]; selling_plan_groups: { selling_plans: { id: number }[] }[] };
  expect((await page.request.post("/cart/add.js", { data: { id: product.variants[0]!.id, quantity: 1, selling_plan: product.selling_plan_groups[0]!.selling_plans[0]!.id } })).status()).toBe(200);
  const placed = await page.request.post("/checkout.json", { data: { email, first_name: "Ada", last_name: "Lovelace", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" } });
  const { order } = (await placed.json()) as { order: { payment: { pay_url: string } } };
  // The first order is paid on the stand-in's page, which keeps the card for the renewals.
  await page.goto(order.payment.pay_url);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(new RegExp(`^${shop.origin}/orders/`));

  await openReady(page, "/account/subscriptions");
  const subscription = page.getByRole("listitem").filter({ hasText: "Gentle Cream Cleanser" });
  const update = subscription.getByRole("button", { name: /^Update card:/ });
  await expect(update).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await update.click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.origin}/c/pay/cs_test_`));
  expect(stripe.created.at(-1)?.params).toMatchObject({ mode: "setup", currency: "gbp" });
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(new RegExp(`^${shop.origin}/account/subscriptions\\?card=updated$`));
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Your card was saved. We will use it for your next payment.");
  await context.close();
});
