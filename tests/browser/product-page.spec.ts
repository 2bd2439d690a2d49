/**
 * The product page, add to cart, the three product bundles, the bundle popup,
 * the bundle page chooser, recommendations and the discount link, as a shopper
 * uses them. Timers (the 5 s popup, the 30 s counter, the 4 s 'added' text)
 * run on Playwright's clock; nothing sleeps.
 */
import { type Locator, type Page, expect, test } from "@playwright/test";

interface CartLine {
  handle: string;
  variant_id: number;
  quantity: number;
  properties: Record<string, string>;
  final_line_price: number;
}
interface Cart {
  total_price: number;
  items_subtotal_price: number;
  item_count: number;
  attributes: Record<string, string>;
  items: CartLine[];
  discount_codes: { code: string; applicable: boolean }[];
}

const readCart = (page: Page): Promise<Cart> => page.evaluate(async () => (await fetch(`/cart.js?v=${Math.random()}`)).json());

/** Lines of the cart that are not free gifts the side cart may have added on its own. */
const paidLines = (cart: Cart) => cart.items.filter((line) => !line.properties._gift_group && line.final_line_price > 0);

async function variantIds(page: Page, handle: string): Promise<Record<string, number>> {
  const product = (await page.evaluate(async (path) => (await fetch(path)).json(), `/products/${handle}.js`)) as { variants: { id: number; title: string }[] };
  return Object.fromEntries(product.variants.map((variant) => [variant.title, variant.id]));
}

/** Keeps the bundle popup away in tests about something else (it shows once per visit). */
async function popupSeen(page: Page) {
  await page.addInitScript(() => {
    for (const handle of ["daily-shield-spf50", "the-glow-edit", "build-your-own-routine"]) sessionStorage.setItem(`bundle-popup:${handle}`, "seen");
  });
}

/** The side cart opens after an add; close it to go on with the page. */
async function closeSideCart(page: Page) {
  const sideCart = page.getByRole("dialog", { name: /Your cart/ });
  await expect(sideCart).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sideCart).toBeHidden();
}

const isMobile = (projectName: string) => projectName === "mobile";

/** Waits until a server-rendered form or chooser works in place (it is hydrated). */
const ready = (locator: Locator) => expect(locator).toHaveAttribute("data-hydrated", "true");

/** Keeps the side cart shut, for tests that stop the clock (the side cart's opening needs it running). */
async function sideCartStaysShut(page: Page) {
  await page.addInitScript(() => window.addEventListener("cart-item-added", (event) => event.stopImmediatePropagation()));
}

test.describe("choosing a variant", () => {
  test("the first variant that can be bought is chosen on arrival, the button follows the variant, and the address follows it too", async ({ page }) => {
    await page.goto("/products/botanical-body-wash");
    const form = page.getByRole("form", { name: "Botanical Body Wash" });
    await ready(form);
    // Arriving, the first variant on sale is chosen: the shopper can add at once.
    await expect(form.getByRole("button", { name: "Add to cart" })).toBeEnabled();
    expect(await form.getByRole("radio", { checked: true }).count()).toBe(2);
    expect(new URL(page.url()).searchParams.get("variant")).toBeNull();
    const historyLength = await page.evaluate(() => history.length);
    const ids = await variantIds(page, "botanical-body-wash");

    await form.getByRole("group", { name: "Size" }).getByRole("radio", { name: "500 ml" }).check();

    await form.getByRole("group", { name: "Scent" }).getByRole("radio", { name: "Cedar & Sage" }).check();
    // Sold out: the sold-out area takes the place of the quantity and add-to-cart area.
    await expect(form.getByRole("button", { name: "Sold out" })).toBeDisabled();
    await expect(form.getByRole("spinbutton", { name: "Quantity" })).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`[?&]variant=${ids["500 ml / Cedar & Sage"]}$`));

    await form.getByRole("group", { name: "Scent" }).getByRole("radio", { name: "Unscented" }).check();
    await expect(form.getByRole("button", { name: "Add to cart" })).toBeEnabled();
    await expect(form.getByRole("spinbutton", { name: "Quantity" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]variant=${ids["500 ml / Unscented"]}$`));
    await expect(page.getByText("£4.40 / 100 ml")).toBeVisible();
    // The choice replaced the history entry rather than adding one.
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
  });

  test("a variant named in the address is chosen on arrival, with its picture", async ({ page }) => {
    await page.goto("/products/skin-tint-spf30");
    const ids = await variantIds(page, "skin-tint-spf30");
    await page.goto(`/products/skin-tint-spf30?variant=${ids.Tan}`);
    const form = page.getByRole("form", { name: /Skin Tint/ });
    await ready(form);
    await expect(form.getByRole("radio", { name: "Tan" })).toBeChecked();
    await expect(page.getByText("Only 3 left")).toBeVisible();
    await expect(page.locator(".gallery__main img")).toHaveAttribute("src", /skin-tint-spf30-3/);
    await form.getByRole("radio", { name: "Medium" }).check();
    await expect(page.locator(".gallery__main img")).toHaveAttribute("src", /skin-tint-spf30-2/);
  });

  test("a product that is sold out says so and cannot be added", async ({ page }) => {
    await page.goto("/products/azelaic-calming-serum");
    await expect(page.getByRole("button", { name: "Sold out" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
  });

  test("a pre-order variant shows the pre-order message and can be added", async ({ page }) => {
    await page.goto("/products/nourishing-body-lotion");
    const form = page.getByRole("form", { name: "Nourishing Body Lotion" });
    await ready(form);
    await form.getByRole("radio", { name: "500 ml" }).check();
    await form.getByRole("radio", { name: "Unscented" }).check();
    await expect(page.getByText("Pre-order: this item ships as soon as new stock arrives.")).toBeVisible();
    await expect(form.getByRole("button", { name: "Add to cart" })).toBeEnabled();
    await form.getByRole("radio", { name: "Cedar & Sage" }).check();
    await expect(page.getByText(/^Pre-order:/)).toHaveCount(0);
  });
});

test.describe("quantity", () => {
  test("stays within 1 and the stock, or 15, and stops at its bounds", async ({ page }) => {
    await page.goto("/products/sea-buckthorn-cleansing-balm");
    const form = page.getByRole("form", { name: /Cleansing Balm/ });
    await ready(form);
    const quantity = form.getByRole("spinbutton", { name: "Quantity" });
    const more = form.getByRole("button", { name: /^Increase quantity/ });
    const less = form.getByRole("button", { name: /^Decrease quantity/ });

    // 100 ml: 3 in stock, never oversold, so at most 3.
    await form.getByRole("radio", { name: "100 ml" }).check();
    await expect(less).toBeDisabled();
    await more.click();
    await more.click();
    await expect(quantity).toHaveValue("3");
    await expect(more).toBeDisabled();
    await more.click({ force: true });
    await expect(quantity).toHaveValue("3");

    // Typed values are clamped; an emptied field goes back to 1 on leaving it.
    await quantity.fill("99");
    await expect(quantity).toHaveValue("3");
    await quantity.fill("");
    await quantity.blur();
    await expect(quantity).toHaveValue("1");

    // 50 ml has 120 in stock: the cap of 50.
    await form.getByRole("radio", { name: "50 ml" }).check();
    await quantity.fill("99");
    await expect(quantity).toHaveValue("50");
    await expect(more).toBeDisabled();

    // Back to the variant with 3: the chosen 50 is reduced to fit.
    await form.getByRole("radio", { name: "100 ml" }).check();
    await expect(quantity).toHaveValue("3");
  });

  test("offers up to 15 where the stock sets no limit", async ({ page }) => {
    await page.goto("/products/squalane-facial-oil");
    const form = page.getByRole("form", { name: /Squalane/ });
    await ready(form);
    await form.getByRole("radio", { name: "30 ml" }).check();
    const quantity = form.getByRole("spinbutton", { name: "Quantity" });
    await quantity.fill("40");
    await expect(quantity).toHaveValue("15");
    await expect(form.getByRole("button", { name: /^Increase quantity/ })).toBeDisabled();
  });
});

test.describe("price per ml and the tax calculator", () => {
  test("show the chosen variant's unit price, and tax and total for a chosen rate", async ({ page }) => {
    await page.goto("/products/vitamin-c-brightening-serum");
    const form = page.getByRole("form", { name: /Vitamin C/ });
    await ready(form);
    await form.getByRole("radio", { name: "30 ml" }).check();
    await expect(page.getByText("£126.67 / 100 ml")).toBeVisible();

    // The calculator says what it is for: the UK's prices include VAT, and a rate shows the tax a price holds.
    const calculator = form.getByRole("group", { name: "Estimate the tax" });
    await expect(calculator).toContainText("Prices include tax");
    const rate = calculator.getByRole("combobox", { name: "Tax rate" });
    await expect(rate).toHaveValue("");
    await expect(form.getByText("Total incl. tax")).toHaveCount(0);
    await rate.selectOption({ label: "UK VAT (20%)" });
    await expect(calculator.getByRole("definition").filter({ hasText: "£6.33" })).toBeVisible();
    await expect(calculator.getByRole("definition").filter({ hasText: "£38.00" })).toBeVisible();
    await form.getByRole("spinbutton", { name: "Quantity" }).fill("2");
    await expect(calculator.getByRole("definition").filter({ hasText: "£12.67" })).toBeVisible();
    await expect(calculator.getByRole("definition").filter({ hasText: "£76.00" })).toBeVisible();
    await rate.selectOption({ label: "Choose a rate" });
    await expect(form.getByText("Total incl. tax")).toHaveCount(0);
  });

  test("hide the unit price where it cannot be computed", async ({ page }) => {
    await page.goto("/products/gift-card");
    await ready(page.getByRole("form", { name: /Gift Card/ }));
    await page.getByRole("radio", { name: "£25" }).check();
    await expect(page.getByText(/\/ 100 ml/)).toHaveCount(0);
  });
});

test.describe("add to cart", () => {
  test("adds the product with a chosen add-on, opens the side cart, stamps the cart and tells analytics", async ({ page }) => {
    await popupSeen(page);
    await page.addInitScript(() => {
      (window as unknown as { added: unknown[] }).added = [];
      window.addEventListener("cart-item-added", (event) => (window as unknown as { added: unknown[] }).added.push((event as CustomEvent).detail));
    });
    await page.goto("/products/daily-shield-spf50");
    const form = page.getByRole("form", { name: /Daily Shield/ });
    await ready(form);
    await form.getByRole("spinbutton", { name: "Quantity" }).fill("2");
    await form.getByRole("checkbox", { name: /Vitamin C 15% Brightening Serum/ }).check();

    // Hold the add so its in-between state can be read.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/cart/add.js*", async (route) => {
      await held;
      await route.continue();
    });
    const before = Math.floor(Date.now() / 1000);
    await form.getByRole("button", { name: "Add to cart" }).click();
    const adding = form.getByRole("button", { name: "Adding…" });
    await expect(adding).toBeDisabled();
    await expect(adding).toHaveAttribute("aria-busy", "true");
    release();

    await closeSideCart(page);
    await expect(form.getByRole("button", { name: /Added|Add to cart/ })).toBeEnabled();
    expect(await page.evaluate(() => (window as unknown as { added: unknown[] }).added.length)).toBe(1);

    const cart = await readCart(page);
    const lines = Object.fromEntries(paidLines(cart).map((line) => [line.handle, line.quantity]));
    expect(lines).toEqual({ "daily-shield-spf50": 2, "vitamin-c-brightening-serum": 1 });
    expect(Number(cart.attributes._time_today)).toBeGreaterThanOrEqual(before - 5);
    const events = await page.evaluate(() => (window.dataLayer ?? []).filter((entry) => (entry as { event?: string })?.event === "add_to_cart"));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ ecommerce: { currency: "GBP" } });
  });

  test("says 'added' for the configured wait, then is an add button again", async ({ page }) => {
    await sideCartStaysShut(page);
    await page.clock.install();
    await page.goto("/products/clarifying-gel-cleanser");
    const form = page.getByRole("form", { name: /Clarifying/ });
    await ready(form);
    // Time stands still from here, so 'added' cannot run out before it is read.
    await page.clock.pauseAt(Date.now() + 1000);
    await form.getByRole("button", { name: "Add to cart" }).click();
    await expect(form.getByRole("button", { name: "Added" })).toBeVisible();
    await page.clock.runFor(1499);
    await expect(form.getByRole("button", { name: "Added" })).toBeVisible();
    await page.clock.runFor(1);
    await expect(form.getByRole("button", { name: "Add to cart" })).toBeEnabled();
  });

  test("shows the shop's reason in an alert and restores the button when the add is refused", async ({ page }) => {
    await page.goto("/products/clarifying-gel-cleanser");
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.route("**/cart/add.js*", (route) =>
      route.fulfill({ status: 422, contentType: "application/json", body: JSON.stringify({ status: 422, message: "Cart Error", description: "You can only add 1 of this item." }) }),
    );
    const form = page.getByRole("form", { name: /Clarifying/ });
    await ready(form);
    await form.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByRole("alert")).toContainText("You can only add 1 of this item.");
    await expect(form.getByRole("button", { name: "Add to cart" })).toBeEnabled();
    expect(errors.some((text) => text.includes("You can only add 1 of this item."))).toBe(true);
    await page.getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("the sticky bar appears once the main button is within 600 px of the top, and adds", async ({ page }) => {
    await page.goto("/products/gentle-cream-cleanser");
    const ids = await variantIds(page, "gentle-cream-cleanser");
    await page.goto(`/products/gentle-cream-cleanser?variant=${ids["200 ml"]}`);
    const bar = page.getByTestId("sticky-add-to-cart");
    const form = page.getByRole("form", { name: /Gentle Cream/ });
    await ready(form);
    const area = page.locator("[data-add-to-cart-area]");
    // At the top of the page: shown only if the button already sits within 600 px of the top (on a tall desktop window it does).
    const bottomAtTop = await area.evaluate((element) => element.getBoundingClientRect().bottom);
    if (bottomAtTop > 600) await expect(bar).not.toHaveClass(/sticky-add--shown/);
    else await expect(bar).toHaveClass(/sticky-add--shown/);
    await area.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().bottom + window.scrollY - 300));
    await expect(bar).toHaveClass(/sticky-add--shown/);
    await bar.locator("button").click();
    await closeSideCart(page);
    const cart = await readCart(page);
    expect(paidLines(cart).map((line) => [line.handle, line.quantity])).toEqual([["gentle-cream-cleanser", 1]]);
  });
});

test.describe("users on page", () => {
  test("counts the shoppers who really viewed the product and refreshes every 30 s", async ({ page, playwright, baseURL }) => {
    const handle = "ginseng-eye-cream";
    // Another shopper (their own cookies) looked at it first.
    const other = await playwright.request.newContext({ baseURL: baseURL! });
    await other.post(`/products/${handle}/viewers.json`);
    await page.clock.install();
    await page.goto(`/products/${handle}`);
    const counter = page.getByTestId("users-on-page");
    await expect(counter).toHaveText(/^\d+ people viewed this in the last 5 minutes$/);
    const first = Number((await counter.textContent())?.match(/\d+/)?.[0]);
    expect(first).toBeGreaterThanOrEqual(2);

    const third = await playwright.request.newContext({ baseURL: baseURL! });
    await third.post(`/products/${handle}/viewers.json`);
    const refreshed = page.waitForRequest((request) => request.method() === "GET" && request.url().includes(`/products/${handle}/viewers.json`));
    await page.clock.runFor(30_000);
    await refreshed;
    await expect.poll(async () => Number((await counter.textContent())?.match(/\d+/)?.[0])).toBeGreaterThan(first);
    await other.dispose();
    await third.dispose();
  });
});

test.describe("recommendations", () => {
  test("arrive as a section of HTML once the page is interactive", async ({ page }) => {
    // Listen before the page loads: on a tall screen the section is near the viewport and fetched at once.
    const section = page.waitForResponse((response) => response.url().includes("/recommendations/products?section_id=product-recommendations"));
    await page.goto("/products/water-gel-moisturiser");
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    const response = await section;
    expect(response.headers()["content-type"]).toContain("text/html");
    expect(response.url()).toMatch(/product_id=\d+&limit=4&intent=related/);
    const recommended = page.getByRole("region", { name: "You may also like" });
    await expect(recommended.getByRole("heading", { name: "You may also like" })).toBeVisible();
    await expect(recommended.getByRole("link")).toHaveCount(4);
  });
});

test.describe("product bundles", () => {
  test("variants: the product with a chosen shade of Skin Tint, 20% off", async ({ page }) => {
    await popupSeen(page);
    await page.goto("/products/daily-shield-spf50");
    const bundle = page.getByRole("region", { name: /Add a Skin Tint SPF 30/ });
    await ready(bundle);
    const button = bundle.getByRole("button", { name: "Make a selection" });
    await expect(button).toBeDisabled();
    await expect(bundle.getByRole("radio", { name: /Deep/ })).toBeDisabled();
    const medium = bundle.getByRole("radio", { name: /Medium/ });
    await medium.check();
    const tintIds = await variantIds(page, "skin-tint-spf30");
    await expect(medium).toHaveAttribute("data-variant-id", String(tintIds.Medium));
    await expect(medium).toHaveAttribute("data-discount-type", "percent");
    await expect(medium).toHaveAttribute("data-discount-amount", "20");
    await expect(bundle.getByText("Save £10.60")).toBeVisible();
    await bundle.getByRole("button", { name: "Add to cart" }).click();
    await closeSideCart(page);

    const cart = await readCart(page);
    const lines = paidLines(cart);
    expect(lines.map((line) => line.handle).sort()).toEqual(["daily-shield-spf50", "skin-tint-spf30"]);
    expect(lines.find((line) => line.handle === "skin-tint-spf30")?.variant_id).toBe(tintIds.Medium);
    const ids = new Set(lines.map((line) => line.properties.__bundleId));
    expect(ids.size).toBe(1);
    for (const line of lines) {
      expect(line.properties).toMatchObject({ _is_bundle_item: "true", __bundleTitle: "Daily Shield SPF 50 PA++++", Bundle: "Daily Shield SPF 50 PA++++" });
    }
    // (2600 + 2700) less 20%.
    expect(cart.total_price).toBe(4240);
  });

  test("preselected: the whole set in one add, 15% off", async ({ page }) => {
    await popupSeen(page);
    // The side cart may add free gifts on its own; the bundle's add is the one carrying bundle lines.
    const adds: { items: { properties?: Record<string, string> }[] }[] = [];
    page.on("request", (request) => {
      const body = request.url().includes("/cart/add.js") ? request.postDataJSON() : null;
      if (body?.items?.some((item: { properties?: Record<string, string> }) => item.properties?.__bundleId)) adds.push(body);
    });
    await page.goto("/products/the-glow-edit");
    const bundle = page.getByRole("region", { name: /The Glow Edit: cleanse, brighten, protect/ });
    await ready(bundle);
    await expect(bundle.getByText("Save £9.90")).toBeVisible();
    await bundle.getByRole("button", { name: "Add to cart" }).click();
    await closeSideCart(page);

    expect(adds).toHaveLength(1);
    expect(adds[0]?.items).toHaveLength(3);
    const cart = await readCart(page);
    const lines = paidLines(cart);
    expect(lines.map((line) => [line.handle, line.quantity]).sort()).toEqual([
      ["clarifying-gel-cleanser", 1],
      ["daily-shield-spf50", 1],
      ["vitamin-c-brightening-serum", 1],
    ]);
    expect(new Set(lines.map((line) => line.properties.__bundleId)).size).toBe(1);
    expect(cart.total_price).toBe(5610);
  });

  test("preselected: the address hash picks a product's variant", async ({ page }) => {
    await popupSeen(page);
    await page.goto("/products/vitamin-c-brightening-serum");
    const serum = await variantIds(page, "vitamin-c-brightening-serum");
    await page.goto(`/products/the-glow-edit#variant=${serum["30 ml"]}`);
    const bundle = page.getByRole("region", { name: /The Glow Edit/ });
    await ready(bundle);
    await expect(bundle.getByRole("combobox", { name: /Vitamin C/ })).toHaveValue(String(serum["30 ml"]));
    await bundle.getByRole("button", { name: "Add to cart" }).click();
    await closeSideCart(page);
    const cart = await readCart(page);
    expect(paidLines(cart).find((line) => line.handle === "vitamin-c-brightening-serum")?.variant_id).toBe(serum["30 ml"]);
    // (1600 + 3800 + 2600) less 15%.
    expect(cart.total_price).toBe(6800);
  });

  test("multiselect: one pick from each required group, from the floating bar, £10 off", async ({ page }) => {
    await popupSeen(page);
    await page.goto("/products/build-your-own-routine");
    const chooser = page.getByRole("region", { name: "Build your routine and save £10" }).first();
    const bar = page.getByRole("region", { name: "Build your routine and save £10" }).last();
    await ready(chooser);
    await chooser.getByRole("group", { name: "Cleanse" }).getByRole("radio", { name: /Clarifying 2% BHA Gel Cleanser/ }).check();
    await expect(bar.getByRole("button", { name: "Make a selection" })).toBeDisabled();
    // Choosing opens the next group still to choose.
    await chooser.getByRole("group", { name: "Treat" }).getByRole("radio", { name: /Niacinamide/ }).check();
    await chooser.getByRole("group", { name: "Moisturise" }).getByRole("radio", { name: /Cica Calming Cream/ }).check();
    await expect(chooser.getByText("Save £10.00")).toBeVisible();
    await bar.getByRole("button", { name: "Add to cart" }).click();
    await closeSideCart(page);

    const cart = await readCart(page);
    const lines = paidLines(cart);
    expect(lines.map((line) => line.handle).sort()).toEqual(["cica-calming-cream", "clarifying-gel-cleanser", "niacinamide-zinc-serum"]);
    expect(lines.map((line) => line.properties.__bundleGroup).sort()).toEqual(["Cleanse", "Moisturise", "Treat"]);
    // 1600 + 1400 + 2200 less £10.
    expect(cart.total_price).toBe(4200);
  });
});

test.describe("bundle popup", () => {
  test("on desktop it appears after 5 s, and Escape closes it", async ({ page }, testInfo) => {
    test.skip(isMobile(testInfo.project.name), "desktop timing");
    await page.clock.install();
    await page.goto("/products/the-glow-edit");
    await ready(page.getByRole("region", { name: /The Glow Edit:/ }));
    const popup = page.getByRole("dialog", { name: /The Glow Edit: cleanse, brighten, protect/ });
    await expect(popup).toBeHidden();
    await page.clock.runFor(5000);
    await expect(popup).toBeVisible();
    await expect(popup.getByText("Save £9.90")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popup).toBeHidden();
    // Once per visit.
    await page.reload();
    await page.clock.runFor(6000);
    await expect(popup).toBeHidden();
  });

  test("on mobile it appears once the add-to-cart area has scrolled 100 px past the top", async ({ page }, testInfo) => {
    test.skip(!isMobile(testInfo.project.name), "mobile scrolling");
    await page.goto("/products/the-glow-edit");
    const popup = page.getByRole("dialog", { name: /The Glow Edit/ });
    const area = page.locator("[data-add-to-cart-area]");
    await ready(page.getByRole("region", { name: /The Glow Edit:/ }));
    await area.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY + 50));
    await expect(popup).toBeHidden();
    await area.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY + 120));
    await expect(popup).toBeVisible();
    await popup.getByRole("button", { name: "Close" }).click();
    await expect(popup).toBeHidden();
  });
});

test.describe("bundle page", () => {
  test("steps through the routine to 'added', then the add text again after 4 s", async ({ page }) => {
    await sideCartStaysShut(page);
    await page.clock.install();
    await page.goto("/bundles/build-your-own-routine");
    await ready(page.locator(".bundle-page"));
    await expect(page.getByRole("heading", { level: 1, name: "Build your routine and save £10" })).toBeVisible();
    const steps = page.getByRole("navigation", { name: "Bundle steps" });
    await expect(steps.getByRole("button")).toHaveCount(4);
    const button = page.getByRole("button", { name: "Select your products" });
    await expect(button).toBeDisabled();

    await page.getByRole("radio", { name: /Gentle Cream Cleanser/ }).check();
    await page.getByRole("button", { name: "Next step" }).click();
    await expect(page.getByRole("heading", { name: /Step 2 \/ 4/ })).toBeVisible();
    await page.getByRole("radio", { name: /Niacinamide/ }).check();
    await steps.getByRole("button", { name: /Moisturise/ }).click();
    await page.getByRole("radio", { name: /Water Gel/ }).check();
    // Three of four steps chosen: still asking.
    await expect(page.getByRole("button", { name: "Select your products" })).toBeDisabled();
    await steps.getByRole("button", { name: /Protect/ }).click();
    await page.getByRole("radio", { name: "No thanks" }).check();

    await page.clock.pauseAt(Date.now() + 1000);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByRole("button", { name: "Added to your cart" })).toBeVisible();
    await page.clock.runFor(3999);
    await expect(page.getByRole("button", { name: "Added to your cart" })).toBeVisible();
    await page.clock.runFor(1);
    await expect(page.getByRole("button", { name: "Add to cart" })).toBeEnabled();

    const cart = await readCart(page);
    const lines = paidLines(cart);
    expect(lines.map((line) => line.handle).sort()).toEqual(["gentle-cream-cleanser", "niacinamide-zinc-serum", "water-gel-moisturiser"]);
    for (const line of lines) {
      expect(line.properties["_is-bundle-page-item"]).toBe("true");
      expect(line.properties["_bundle-id"]).toMatch(/^[a-z0-9]+---Build Your Own Routine$/);
      expect(line.properties.__bundleProductId).toMatch(/^\d+$/);
    }
    // 1800 + 1400 + 2400 less £10.
    expect(cart.total_price).toBe(4600);
  });
});

test.describe("discount link", () => {
  test("applies its code to the cart and goes where it says", async ({ page }) => {
    await popupSeen(page);
    await page.goto("/products/water-gel-moisturiser");
    const form = page.getByRole("form", { name: /Water Gel/ });
    await ready(form);
    await form.getByRole("button", { name: "Add to cart" }).click();
    await closeSideCart(page);
    await page.goto("/discount/GLOW10?redirect=/cart");
    await expect(page).toHaveURL(/\/cart$/);
    const cart = await readCart(page);
    expect(cart.discount_codes).toEqual([{ code: "GLOW10", applicable: true }]);
    // £24.00 less 10%.
    expect(cart.total_price).toBe(2160);
  });
});
