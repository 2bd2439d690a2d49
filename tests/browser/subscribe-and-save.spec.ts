/**
 * Subscribe and save on the product page: the shopper picks a delivery
 * frequency among the purchase options, adds, and the side cart and cart
 * page say how often it comes, at the plan's price. A customer changes how
 * often their subscription comes on the account page.
 */
import { type TestInfo, expect, test } from "@playwright/test";
import { seriousViolations } from "./axe.ts";
import { openReady } from "./ready.ts";
import { register } from "./register.ts";

/** This file's customers register from an address of their own, so they do not count against other files' sign-up limits. */
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.37" } });

interface Allocation {
  selling_plan_id: number;
  per_delivery_price: number;
}
interface Product {
  variants: { price: number; selling_plan_allocations: Allocation[] }[];
  selling_plan_groups: { selling_plans: { id: number; options: { value: string }[] }[] }[];
}

const money = (minor: number) => `£${(minor / 100).toFixed(2)}`;

test("a shopper subscribes to a cleanser every 6 weeks and the cart says so, at the saving", async ({ page }) => {
  await page.goto("/products/gentle-cream-cleanser");
  const form = page.getByRole("form", { name: "Gentle Cream Cleanser" });
  await expect(form).toHaveAttribute("data-hydrated", "true");
  const product = (await page.evaluate(async () => (await fetch("/products/gentle-cream-cleanser.js")).json())) as Product;
  const sixWeeks = product.selling_plan_groups[0]?.selling_plans.find((plan) => plan.options[0]?.value === "6 weeks");
  const onPlan = product.variants[0]?.selling_plan_allocations.find((allocation) => allocation.selling_plan_id === sixWeeks?.id);
  expect(onPlan).toBeDefined();

  const options = form.getByRole("group", { name: "Purchase options" });
  await expect(options.getByRole("radio", { name: /One-time purchase/ })).toBeChecked();
  const plan = options.getByRole("group", { name: "Subscribe and save" }).getByRole("radio", { name: /Deliver every 6 weeks/ });
  await expect(plan).toHaveAccessibleName(new RegExp(`${money(onPlan!.per_delivery_price).replace(".", "\\.")}.*Save 10%`));
  await plan.check();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole("button", { name: "Add to cart" }).click();

  const sideCart = page.getByRole("dialog", { name: /Your cart/ });
  await expect(sideCart.getByText("Delivers every 6 weeks")).toBeVisible();
  await expect(sideCart.getByRole("listitem").filter({ hasText: "Gentle Cream Cleanser" }).getByText(money(onPlan!.per_delivery_price)).first()).toBeVisible();
  const cart = (await page.evaluate(async () => (await fetch(`/cart.js?v=${Math.random()}`)).json())) as { items: { selling_plan_allocation?: { selling_plan: { id: number } } }[] };
  expect(cart.items.map((item) => item.selling_plan_allocation?.selling_plan.id).filter(Boolean)).toEqual([sixWeeks!.id]);

  await page.goto("/cart");
  await expect(page.getByRole("main").getByText("Delivers every 6 weeks")).toBeVisible();
});

test("a customer changes how often their subscription comes, on the account page", async ({ page }, testInfo: TestInfo) => {
  const email = `subscriber.${testInfo.project.name}.${Date.now()}@example.com`;
  await register(page, email);
  const product = (await (await page.request.get("/products/gentle-cream-cleanser.js")).json()) as Product & { variants: { id: number }[] };
  const plans = product.selling_plan_groups[0]!.selling_plans;
  const sixWeeks = plans.find((plan) => plan.options[0]?.value === "6 weeks");
  expect((await page.request.post("/cart/add.js", { data: { id: product.variants[0]!.id, quantity: 1, selling_plan: sixWeeks!.id } })).status()).toBe(200);
  const address = { email, first_name: "Ada", last_name: "Lovelace", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" };
  expect((await page.request.post("/checkout.json", { data: address })).status()).toBe(200);

  await openReady(page, "/account/subscriptions");
  const subscription = page.getByRole("listitem").filter({ hasText: "Gentle Cream Cleanser" });
  await expect(subscription.getByText("Delivers every 6 weeks")).toBeVisible();
  await subscription.getByLabel("How often").selectOption({ label: "Deliver every 8 weeks" });
  expect(await seriousViolations(page)).toEqual([]);
  await subscription.getByRole("button", { name: /^Change frequency:/ }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Your subscription was updated.");
  await expect(subscription.getByText("Delivers every 8 weeks")).toBeVisible();
  await expect(subscription.getByLabel("How often")).toHaveValue(String(plans.find((plan) => plan.options[0]?.value === "8 weeks")!.id));
});
