/**
 * Subscribe and save on the product page: the shopper picks a delivery
 * frequency among the purchase options, adds, and the side cart and cart
 * page say how often it comes, at the plan's price.
 */
import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe.ts";

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
