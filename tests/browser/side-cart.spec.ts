import { type Locator, type Page, expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";

/**
 * The side cart as a shopper uses it (issue 3),
 * on the demo shop: free shipping from £40, an automatic SPF mini from £35, an
 * automatic cleansing balm from £50, a choice of one gift from £65 (two from
 * £100). Every test starts with its own empty cart (a new browser context).
 */

const GEL = "Clarifying 2% BHA Gel Cleanser"; // £16, ample stock
const SPF_GIFT = "Free Gift: SPF 50 Travel Mini (15 ml)";
const BALM_GIFT = "Free Gift: Mini Cleansing Balm (15 ml)";

function sideCart(page: Page): Locator {
  return page.getByRole("dialog", { name: /Your cart/ });
}

/** Adds a product from its page, as a shopper would, and waits for the side cart. */
async function addFromProductPage(page: Page, handle: string): Promise<Locator> {
  await openReady(page, `/products/${handle}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  const dialog = sideCart(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

function line(dialog: Locator, title: string): Locator {
  return dialog.getByRole("listitem").filter({ has: dialog.page().getByRole("heading", { name: title, exact: true }) });
}

test("the free-shipping bar fills as the cart grows and the automatic gift arrives at its threshold", async ({ page }) => {
  const dialog = await addFromProductPage(page, "clarifying-gel-cleanser");
  const shipping = dialog.getByRole("progressbar", { name: "Free shipping" });
  await expect(dialog.getByText("You're £24.00 away from free shipping")).toBeVisible();
  await expect(shipping).not.toHaveAttribute("aria-valuenow", "100");

  await dialog.getByRole("button", { name: `Increase quantity for ${GEL}` }).click();
  await expect(dialog.getByText("You're £8.00 away from free shipping")).toBeVisible();
  await expect(line(dialog, SPF_GIFT)).toHaveCount(0);

  await dialog.getByRole("button", { name: `Increase quantity for ${GEL}` }).click();
  await expect(dialog.getByText("You've unlocked free shipping!")).toBeVisible();
  await expect(shipping).toHaveAttribute("aria-valuenow", "100");
  // £48 crossed the £35 gift threshold: the SPF mini is added by itself, free and without a link.
  const gift = line(dialog, SPF_GIFT);
  await expect(gift).toBeVisible();
  await expect(gift.getByText("Free").first()).toBeVisible();
  await expect(gift.getByRole("link")).toHaveCount(0);
  await expect(dialog.getByText("Your free SPF 50 travel mini is in your bag")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Cart updated. Total £48.00" })).toBeAttached();
});

test("a gift removed by hand stays removed, and a gift goes when the cart drops below its threshold", async ({ page }) => {
  const dialog = await addFromProductPage(page, "clarifying-gel-cleanser");
  const quantity = dialog.getByRole("spinbutton", { name: `Quantity for ${GEL}` });
  await quantity.fill("3");
  await expect(line(dialog, SPF_GIFT)).toBeVisible();

  await dialog.getByRole("button", { name: `Remove ${SPF_GIFT}` }).click();
  await expect(line(dialog, SPF_GIFT)).toHaveCount(0);

  // £64: the balm (from £50) comes, the SPF mini the shopper turned down does not.
  await dialog.getByRole("button", { name: `Increase quantity for ${GEL}` }).click();
  await expect(line(dialog, BALM_GIFT)).toBeVisible();
  await expect(line(dialog, SPF_GIFT)).toHaveCount(0);

  // Back to £32: below the balm's £50, so it goes.
  await quantity.fill("2");
  await expect(line(dialog, BALM_GIFT)).toHaveCount(0);
  await expect(dialog.getByText("Spend £3.00 more for a free SPF 50 travel mini")).toBeVisible();
});

test("choosing more gifts than the threshold allows says so", async ({ page }) => {
  const dialog = await addFromProductPage(page, "clarifying-gel-cleanser");
  await dialog.getByRole("spinbutton", { name: `Quantity for ${GEL}` }).fill("5");
  // £80: one gift to choose. The picker is offered; it opens by its button.
  const toggle = dialog.getByRole("button", { name: /Choose 1 free gift/ });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await dialog.getByRole("button", { name: /^Add gift Free Gift: Rose Mist Mini/ }).click();
  await expect(line(dialog, "Free Gift: Rose Mist Mini (30 ml)")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");

  await dialog.getByRole("button", { name: /^Add gift Free Gift: Linen Wash Bag/ }).click();
  const alert = page.getByRole("alert").filter({ hasText: "You can only choose a maximum of 1 gift" });
  await expect(alert).toBeVisible();
  await expect(line(dialog, "Free Gift: Linen Wash Bag")).toHaveCount(0);
  await alert.getByRole("button", { name: "Dismiss" }).click();
  await expect(alert).toBeHidden();
});

test("quantities change, typed values follow the rules, and refusals and failed removes are handled", async ({ page }) => {
  const title = "Cica Calming Cream"; // 2 in stock
  const dialog = await addFromProductPage(page, "cica-calming-cream");
  const quantity = dialog.getByRole("spinbutton", { name: `Quantity for ${title}` });
  const changes: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/cart/change.js")) changes.push(request.postData() ?? "");
  });

  await dialog.getByRole("button", { name: `Increase quantity for ${title}` }).click();
  await expect(quantity).toHaveValue("2");
  await expect(line(dialog, title).getByText("Line total: £44.00")).toBeVisible();

  await dialog.getByRole("button", { name: `Increase quantity for ${title}` }).click();
  const refusal = page.getByRole("alert").filter({ hasText: `All ${title} are currently in your cart` });
  await expect(refusal).toBeVisible();
  await expect(quantity).toHaveValue("2");
  await refusal.getByRole("button", { name: "Dismiss" }).click();
  await expect(refusal).toBeHidden();

  const sent = changes.length;
  await quantity.fill("abc");
  await expect(quantity).toHaveValue("1");
  await quantity.fill("");
  await quantity.blur();
  await expect(quantity).toHaveValue("2");
  expect(changes).toHaveLength(sent);

  await quantity.fill("1");
  await expect(line(dialog, title).getByText("Line total: £22.00")).toBeVisible();
  expect(changes.at(-1)).toContain('"quantity":1');

  await dialog.getByRole("button", { name: `Remove ${title}` }).click();
  await expect(dialog.getByText("Your cart is empty")).toBeVisible();

  // A remove the shop fails: the whole cart is emptied and shown afresh.
  await page.getByRole("button", { name: "Close cart" }).click();
  await addFromProductPage(page, "clarifying-gel-cleanser");
  await page.route("**/cart/change.js*", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"status":500}' }));
  await dialog.getByRole("button", { name: `Remove ${GEL}` }).click();
  await expect(dialog.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Cart, 0 items/ })).toBeAttached();
});

test("an upsell is added from the slider and marked as added", async ({ page }) => {
  const dialog = await addFromProductPage(page, "clarifying-gel-cleanser");
  const upsells = dialog.getByRole("region", { name: "Complete your routine" });
  const serum = upsells.getByRole("group").filter({ hasText: "Hyaluronic Acid Hydration Serum" });
  await serum.getByRole("button", { name: /^Add Hyaluronic Acid Hydration Serum/ }).click();
  await expect(serum.getByText("Added")).toBeVisible();
  await expect(line(dialog, "Hyaluronic Acid Hydration Serum")).toBeVisible();
  const event = await page.evaluate(() => (window.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event === "add_to_cart").at(-1));
  expect(event).toMatchObject({ event: "add_to_cart", ecommerce: { currency: "GBP", item_list_name: "Cart upsell", items: [{ item_name: "Hyaluronic Acid Hydration Serum", quantity: 1 }] } });
});

test("checkout from a framed shop posts go-to-checkout to the top window; the message takes a shop page to /checkout", async ({ page }) => {
  // A page of the shop's own origin that frames the shop (only this origin may frame it).
  await page.route("**/frame-host", (route) =>
    route.fulfill({ contentType: "text/html", body: '<!doctype html><title>Host</title><iframe title="Shop" src="/products/clarifying-gel-cleanser" width="1000" height="800"></iframe>' }),
  );
  await page.goto("/frame-host");
  const frame = page.frameLocator('iframe[title="Shop"]');
  // The framed page's scripts start after its first paint; before that the button is the plain form.
  await expect(frame.locator("html")).toHaveAttribute("data-hydrated", "true");
  await frame.getByRole("button", { name: "Add to cart" }).click();
  const framedCart = frame.getByRole("dialog", { name: /Your cart/ });
  await expect(framedCart).toBeVisible();
  const message = page.evaluate(
    () => new Promise<{ data: unknown; origin: string }>((resolve) => window.addEventListener("message", (event) => resolve({ data: event.data, origin: event.origin }), { once: true })),
  );
  await framedCart.getByRole("link", { name: "Checkout" }).click();
  expect(await message).toEqual({ data: { type: "go-to-checkout" }, origin: new URL(page.url()).origin });
  await expect(framedCart).toBeVisible();

  await openReady(page, "/collections/face");
  // The page listens once it is interactive: keep posting until it follows.
  await expect(async () => {
    await page.evaluate(() => window.postMessage({ type: "go-to-checkout" }, window.location.origin));
    await expect(page).toHaveURL(/\/checkout$/, { timeout: 1000 });
  }).toPass();
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
});

test("the side cart works from the keyboard alone: focus moves in, stays in, Esc closes and focus returns", async ({ page }) => {
  await addFromProductPage(page, "clarifying-gel-cleanser");
  await page.keyboard.press("Escape");
  const cartLink = page.getByRole("link", { name: /^Cart, 1 item/ });
  await expect(sideCart(page)).toBeHidden();
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeFocused();

  await cartLink.focus();
  await page.keyboard.press("Enter");
  const dialog = sideCart(page);
  await expect(dialog).toBeVisible();
  const close = dialog.getByRole("button", { name: "Close cart" });
  await expect(close).toBeFocused();
  await expect(page.locator("main")).toHaveAttribute("inert", "");
  expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");

  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("link", { name: "Checkout" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(close).toBeFocused();
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(cartLink).toBeFocused();
  await expect(page.locator("main")).not.toHaveAttribute("inert", "");
});

test("the show-cart address opens the side cart, and tabs stay in step", async ({ page, context }) => {
  await addFromProductPage(page, "clarifying-gel-cleanser");
  const other = await context.newPage();
  await openReady(other, "/cart?show-cart=1");
  const otherCart = sideCart(other);
  await expect(otherCart).toBeVisible();
  await expect(line(otherCart, GEL)).toBeVisible();

  // A change in the first tab reaches the second one's side cart and cart page.
  await sideCart(page).getByRole("button", { name: `Increase quantity for ${GEL}` }).click();
  await expect(otherCart.getByRole("spinbutton", { name: `Quantity for ${GEL}` })).toHaveValue("2");
  await expect(other.getByRole("main").getByRole("spinbutton", { name: `Quantity for ${GEL}` })).toHaveValue("2");
});

test("a full checkout places a test order and shows its confirmation", async ({ page }) => {
  const dialog = await addFromProductPage(page, "clarifying-gel-cleanser");
  await dialog.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary.getByText(GEL)).toBeVisible();
  await expect(summary.getByText("£3.95")).toBeVisible();
  await expect(summary.getByText("£19.95")).toBeVisible();

  await page.getByLabel("Email", { exact: true }).fill("ada@example.com");
  await page.getByLabel("Phone (optional)").fill("+44 20 7946 0000");
  await page.getByLabel("Text me with news and offers").check();
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Address", { exact: true }).fill("12 St James's Square");
  await page.getByLabel("City").fill("London");
  await page.getByLabel("Postcode").fill("!!");
  await page.getByRole("button", { name: "Place order" }).click();

  // The shop's refusal is shown in place, and focus moves to its summary.
  const problem = page.getByRole("alert").filter({ hasText: "Please check the highlighted fields." });
  await expect(problem).toBeFocused();
  await expect(problem).toContainText("1 field needs attention.");
  const postcode = page.getByLabel("Postcode");
  await expect(postcode).toHaveAttribute("aria-invalid", "true");
  await expect(postcode).toHaveAccessibleDescription("Enter a valid postcode");
  await postcode.fill("SW1Y 4LE");

  // A lost connection is said on the form, which keeps what was typed.
  await page.route("**/checkout.data*", (route) => route.abort("internetdisconnected"), { times: 1 });
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "We could not reach the shop." })).toBeFocused();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("ada@example.com");
  await expect(postcode).toHaveValue("SW1Y 4LE");
  await page.getByRole("button", { name: "Place order" }).click();

  await expect(page).toHaveURL(/\/orders\/[a-f0-9]{32}$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Thank you! Your order #\d+ is confirmed\.$/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your order" }).getByText(GEL)).toBeVisible();
  await expect(page.getByText("£19.95")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Cart, 0 items/ })).toBeAttached();
  await page.getByRole("link", { name: /^Cart, 0 items/ }).click();
  await expect(sideCart(page).getByText("Your cart is empty")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the checkout form still places the order, showing the shop's field errors first", async ({ page }) => {
    await page.goto("/products/clarifying-gel-cleanser");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.goto("/checkout");
    await page.getByLabel("Email", { exact: true }).fill("grace@example.com");
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Hopper");
    await page.getByLabel("Address", { exact: true }).fill("1 Navy Yard");
    await page.getByLabel("City").fill("Dublin");
    await page.getByLabel("Country", { exact: true }).selectOption("IE");
    await page.getByLabel("Postcode").fill("#");
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByLabel("Postcode")).toHaveAccessibleDescription("Enter a valid postcode");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("grace@example.com");

    await page.getByLabel("Postcode").fill("D02 X285");
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/orders\/[a-f0-9]{32}$/);
    await expect(page.getByRole("heading", { level: 1, name: /is confirmed/ })).toBeVisible();
    await expect(page.locator(".order__address")).toContainText("Ireland");
  });
});
