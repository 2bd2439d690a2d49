import AxeBuilder from "@axe-core/playwright";
import { type Locator, type Page, type TestInfo, expect, test } from "@playwright/test";
import { BOT_CHECK_SOLVED_MS, openReady } from "./ready.ts";

/**
 * Save for later as a shopper uses it: a guest moves a cart line out of the
 * side cart and the cart page into the saved list and back, as the same
 * line; a customer's list is stored by the shop and follows them to another
 * browser, where the account shows it (bundles by builder, lines with 'Move
 * to bag') and the cart too; logging out takes it off that browser.
 */

const GEL = "Clarifying 2% BHA Gel Cleanser"; // £16, ample stock
const SPF_GIFT = "Free Gift: SPF 50 Travel Mini (15 ml)";
const PASSWORD = "correct horse battery";

/**
 * This file's shoppers come from a network address of their own (the test
 * shop trusts X-Forwarded-For as from a proxy), so the customers registering
 * here do not count against the address the account tests register from.
 */
const SHOPPER_ADDRESS = { "x-forwarded-for": "198.51.100.21" };
test.use({ extraHTTPHeaders: SHOPPER_ADDRESS });

let counter = 0;
const uniqueEmail = (testInfo: TestInfo) => `saver.${testInfo.project.name}.${Date.now()}.${++counter}@example.com`;

const sideCart = (page: Page) => page.getByRole("dialog", { name: /Your cart/ });
const savedSection = (scope: Page | Locator) => scope.getByRole("region", { name: /^Saved for later/ });
const cartLine = (scope: Locator, title: string) => scope.getByRole("listitem").filter({ has: scope.page().getByRole("heading", { name: title, exact: true }) });

async function addFromProductPage(page: Page, handle: string): Promise<Locator> {
  await openReady(page, `/products/${handle}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  const dialog = sideCart(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Serious and critical violations only. */
async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 3).join(", ")}`);
}

test("a guest saves a side cart line for later and moves it back to the bag", async ({ page }) => {
  const dialog = await addFromProductPage(page, "clarifying-gel-cleanser");
  await dialog.getByRole("button", { name: `Increase quantity for ${GEL}` }).click();
  await expect(dialog.getByRole("spinbutton", { name: `Quantity for ${GEL}` })).toHaveValue("2");
  await expect(dialog.getByText("You're £8.00 away from free shipping")).toBeVisible();

  await dialog.getByRole("button", { name: `Save for later: ${GEL}` }).click();
  const saved = savedSection(dialog);
  await expect(saved.getByRole("heading", { name: "Saved for later (1)" })).toBeVisible();
  await expect(saved.getByRole("link", { name: GEL })).toHaveAttribute("href", /\/products\/clarifying-gel-cleanser\?variant=\d+$/);
  await expect(saved.getByText("Qty: 2")).toBeVisible();
  await expect(dialog.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Cart, 0 items/ })).toBeAttached();
  await expect(page.getByRole("status").filter({ hasText: `${GEL} is saved for later.` })).toBeAttached();
  // Focus stays in the cart, not on the page behind it.
  await expect(dialog.locator(":focus")).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  expect(await seriousViolations(page, ".side-cart__panel")).toEqual([]);

  // A guest's list stays in this browser only: nothing is sent to the shop.
  const sends: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/save-for-later")) sends.push(request.method());
  });
  await saved.getByRole("button", { name: `Move to bag: ${GEL}` }).click();
  await expect(cartLine(dialog, GEL)).toBeVisible();
  await expect(dialog.getByRole("spinbutton", { name: `Quantity for ${GEL}` })).toHaveValue("2");
  await expect(savedSection(dialog)).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Cart, 2 items/ })).toBeAttached();
  await expect(page.getByRole("status").filter({ hasText: `${GEL} is back in your bag.` })).toBeAttached();
  expect(sends).toEqual([]);
});

test("on the cart page a line keeps its quantity and properties through saving and back; gifts cannot be saved", async ({ page }) => {
  await openReady(page, "/");
  const variantId = await page.evaluate(async () => ((await (await fetch("/products/clarifying-gel-cleanser.js")).json()) as { variants: { id: number }[] }).variants[0]?.id);
  const added = await page.evaluate(
    async (id) => (await fetch("/cart/add.js", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ id, quantity: 3, properties: { Note: "For Mum" } }) })).status,
    variantId,
  );
  expect(added).toBe(200);

  await openReady(page, "/cart");
  const main = page.getByRole("main");
  // £48 reached the £35 gift threshold: the SPF mini came by itself, and a gift cannot be saved.
  await expect(cartLine(main, SPF_GIFT)).toBeVisible();
  await expect(cartLine(main, SPF_GIFT).getByRole("button", { name: /Save for later/ })).toHaveCount(0);

  await cartLine(main, GEL).getByRole("button", { name: `Save for later: ${GEL}` }).click();
  const saved = savedSection(main);
  await expect(saved.getByText("Note: For Mum")).toBeVisible();
  await expect(saved.getByText("Qty: 3")).toBeVisible();
  // The gift left with the paid line that earned it.
  await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();

  // The list is kept in the browser across pages.
  await openReady(page, "/cart");
  await expect(saved.getByRole("link", { name: GEL })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await seriousViolations(page)).toEqual([]);

  // A refusal shows the shop's reason and keeps the line saved.
  await page.route("**/cart/add.js*", (route) => route.fulfill({ status: 422, contentType: "application/json", body: JSON.stringify({ status: 422, message: "Cart Error", description: "That item is no longer available." }) }));
  await saved.getByRole("button", { name: `Move to bag: ${GEL}` }).click();
  await expect(saved.getByRole("alert")).toHaveText(/That item is no longer available\./);
  await expect(saved.getByRole("button", { name: `Move to bag: ${GEL}` })).toBeEnabled();
  await page.unroute("**/cart/add.js*");

  await saved.getByRole("button", { name: `Move to bag: ${GEL}` }).click();
  await expect(cartLine(main, GEL)).toBeVisible();
  await expect(savedSection(main)).toHaveCount(0);
  const cart = await page.evaluate(async () => (await (await fetch("/cart.js")).json()) as { items: { handle: string; quantity: number; properties: Record<string, string> }[] });
  expect(cart.items.find((item) => item.handle === "clarifying-gel-cleanser")).toMatchObject({ quantity: 3, properties: { Note: "For Mum" } });
});

test("a guest removes a saved line from the list", async ({ page }) => {
  const dialog = await addFromProductPage(page, "clarifying-gel-cleanser");
  await dialog.getByRole("button", { name: `Save for later: ${GEL}` }).click();
  await savedSection(dialog).getByRole("button", { name: `Remove ${GEL} from saved for later` }).click();
  await expect(savedSection(dialog)).toHaveCount(0);
  await expect(dialog.getByText("Your cart is empty")).toBeVisible();
  await openReady(page, "/cart");
  await expect(savedSection(page.getByRole("main"))).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the cart page offers no 'Save for later', which needs the page's scripts, and keeps its plain remove", async ({ page }) => {
    const product = (await (await page.request.get("/products/clarifying-gel-cleanser.js")).json()) as { variants: { id: number }[] };
    expect((await page.request.post("/cart/add.js", { data: { id: product.variants[0]?.id, quantity: 1 } })).status()).toBe(200);
    await page.goto("/cart");
    const line = cartLine(page.getByRole("main"), GEL);
    await expect(line.getByRole("button", { name: `Remove ${GEL}` })).toBeVisible();
    await expect(line.getByRole("button", { name: `Save for later: ${GEL}` })).toBeHidden();
  });
});

async function register(page: Page, email: string) {
  await openReady(page, "/account/register");
  await page.getByLabel("First name", { exact: true }).fill("Ada");
  await page.getByLabel("Last name", { exact: true }).fill("Lovelace");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/challenge$/);
  await expect(page.getByRole("status").filter({ hasText: "Done. Press Continue." })).toBeVisible({ timeout: BOT_CHECK_SOLVED_MS });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/account$/);
}

async function logIn(page: Page, email: string) {
  await openReady(page, "/account/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/account$/);
}

/** Picks as the quiz and the kit save them, for products of the demo's builders. */
async function builderPicks(page: Page) {
  return page.evaluate(async () => {
    const variant = async (handle: string) => ((await (await fetch(`/products/${handle}.js`)).json()) as { variants: { id: number }[] }).variants[0]?.id ?? 0;
    return [
      { source: "quiz", product_handle: "gentle-cream-cleanser", product_title: "Gentle Cream Cleanser", product_step: "cleanse", product_variant: await variant("gentle-cream-cleanser"), product_is_free: false },
      { source: "quiz", product_handle: "lip-repair-balm", product_title: "Lip Repair Balm", product_step: "gift", product_variant: await variant("lip-repair-balm"), product_is_free: true },
      { source: "kit", product_handle: "water-gel-moisturiser", product_title: "Water Gel Moisturiser", product_step: 2, product_variant: await variant("water-gel-moisturiser") },
    ];
  });
}

test("a customer's saved list follows them to another browser: on the account, in the cart, and off the browser at logout", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const email = uniqueEmail(testInfo);
  await register(page, email);
  await expect(page.getByRole("region", { name: "Saved for later" }).getByText(/Nothing saved yet/)).toBeVisible();

  // The quiz and the kit save their picks through the same store; here as their pages would.
  const picks = await builderPicks(page);
  const stored = await page.evaluate(async (data) => {
    const customer = (window as unknown as { ShopCustomer: { id: number; hash: string } }).ShopCustomer;
    localStorage.setItem("lumen-leaf:saved-for-later", JSON.stringify(data));
    const response = await fetch("/api/save-for-later", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ customer: customer.id, hash: customer.hash, shop: location.host, data }) });
    return response.status;
  }, picks);
  expect(stored).toBe(200);

  // A cart line saved from the side cart is sent to the shop at once.
  const dialog = await addFromProductPage(page, "clarifying-gel-cleanser");
  const sent = page.waitForResponse((response) => response.url().includes("/api/save-for-later") && response.request().method() === "POST");
  const recorded = page.waitForResponse((response) => response.url().endsWith("/newsletter/bundle"));
  await dialog.getByRole("button", { name: `Save for later: ${GEL}` }).click();
  expect((await sent).status()).toBe(200);
  // The builder picks go once to the email list, under the customer's email, for a reminder.
  expect((await recorded).status()).toBe(200);
  const record = new URLSearchParams((await recorded).request().postData() ?? "");
  expect(record.get("ue")).toBe(email);
  expect(record.get("@account")).toMatch(/^\d+$/);
  expect((JSON.parse(record.get("bundle") ?? "[]") as { source: string }[]).map((item) => item.source)).toEqual(["quiz", "quiz", "kit"]);
  const body = (await sent).request().postDataJSON() as { data: { source: string; product_handle: string }[] };
  expect(body.data.map((item) => `${item.source}:${item.product_handle}`)).toEqual(["quiz:gentle-cream-cleanser", "quiz:lip-repair-balm", "kit:water-gel-moisturiser", "cart:clarifying-gel-cleanser"]);

  const elsewhere = await browser.newContext({ ...testInfo.project.use, extraHTTPHeaders: SHOPPER_ADDRESS });
  try {
    const other = await elsewhere.newPage();
    await logIn(other, email);
    const saved = other.getByRole("region", { name: "Saved for later" });
    const bundle = saved.getByRole("article", { name: "Build your bundle" });
    await expect(bundle.getByText("Gentle Cream Cleanser")).toBeVisible();
    await expect(bundle.getByText("Choose your cleanser")).toBeVisible();
    await expect(bundle.getByRole("listitem").filter({ hasText: "Lip Repair Balm" }).getByText("Free", { exact: true })).toBeVisible();
    await expect(bundle.getByRole("link", { name: "Pick up where you left off" })).toHaveAttribute("href", "/pages/build-your-bundle");
    const kit = saved.getByRole("article", { name: "Build your kit" });
    await expect(kit.getByText("Water Gel Moisturiser")).toBeVisible();
    await expect(kit.getByText("Choose a moisturiser")).toBeVisible();
    await expect(kit.getByRole("link", { name: "Pick up where you left off" })).toHaveAttribute("href", "/pages/build-your-kit");
    const fromBag = saved.getByRole("region", { name: /^From your bag/ });
    await expect(fromBag.getByRole("link", { name: GEL })).toBeVisible();
    await other.waitForLoadState("networkidle");
    expect(await seriousViolations(other)).toEqual([]);

    // This browser took the list in: the builders and the cart find it here too.
    const local = await other.evaluate(() => JSON.parse(localStorage.getItem("lumen-leaf:saved-for-later") ?? "[]") as { source: string }[]);
    expect(local.map((item) => item.source)).toEqual(["quiz", "quiz", "kit", "cart"]);
    await openReady(other, "/cart");
    await expect(savedSection(other.getByRole("main")).getByRole("link", { name: GEL })).toBeVisible();
    // A new session that lands elsewhere than the account reads the shop's list itself.
    await other.evaluate(() => {
      sessionStorage.clear();
      localStorage.removeItem("lumen-leaf:saved-for-later");
    });
    await openReady(other, "/cart");
    await expect(savedSection(other.getByRole("main")).getByRole("link", { name: GEL })).toBeVisible();

    // Without JavaScript the account still shows the list from the shop, and 'Move to bag' still adds the line.
    const noScript = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false, extraHTTPHeaders: SHOPPER_ADDRESS });
    try {
      const plain = await noScript.newPage();
      await plain.goto("/account/login");
      await plain.getByLabel("Email", { exact: true }).fill(email);
      await plain.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await plain.getByRole("button", { name: "Log in" }).click();
      await expect(plain).toHaveURL(/\/account$/);
      const plainList = plain.getByRole("region", { name: "Saved for later" });
      await expect(plainList.getByRole("article", { name: "Build your kit" }).getByText("Water Gel Moisturiser")).toBeVisible();
      const plainBag = plainList.getByRole("region", { name: /^From your bag/ });
      await expect(plainBag.getByRole("button", { name: `Remove ${GEL} from saved for later` })).toBeHidden();
      await plainBag.getByRole("button", { name: `Move to bag: ${GEL}` }).click();
      await expect(plain).toHaveURL(/\/cart$/);
      await expect(cartLine(plain.getByRole("main"), GEL)).toBeVisible();
    } finally {
      await noScript.close();
    }

    // Moving the line to the bag from the account opens the side cart with it, and the shop's list loses it.
    await openReady(other, "/account");
    await fromBag.getByRole("button", { name: `Move to bag: ${GEL}` }).click();
    await expect(cartLine(sideCart(other), GEL)).toBeVisible();
    await other.keyboard.press("Escape");
    await expect(fromBag).toHaveCount(0);
    await expect.poll(async () => other.evaluate(async () => {
      const customer = (window as unknown as { ShopCustomer: { id: number; hash: string } }).ShopCustomer;
      const answer = (await (await fetch(`/api/save-for-later?customer=${customer.id}&hash=${customer.hash}`)).json()) as { data: { source: string }[] };
      return answer.data.map((item) => item.source);
    })).toEqual(["quiz", "quiz", "kit"]);

    // Logging out takes the customer's list off this browser; the shop keeps it.
    await other.getByRole("button", { name: "Log out" }).click();
    await expect(other).toHaveURL(/\/$/);
    await expect.poll(() => other.evaluate(() => localStorage.getItem("lumen-leaf:saved-for-later"))).toBe("[]");
  } finally {
    await elsewhere.close();
  }
});

test("a line a guest saved shows as in stock, with 'Move to bag', on the account page right after registering", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const dialog = await addFromProductPage(page, "clarifying-gel-cleanser");
  await dialog.getByRole("button", { name: `Save for later: ${GEL}` }).click();
  await expect(savedSection(dialog).getByRole("link", { name: GEL })).toBeVisible();

  await register(page, uniqueEmail(testInfo));
  const saved = page.getByRole("region", { name: "Saved for later" });
  await expect(saved.getByRole("button", { name: `Move to bag: ${GEL}` })).toBeVisible();
  await expect(saved.getByText("No longer available")).toHaveCount(0);
});
