/**
 * What a shopper sets in a page before its scripts have run is what the page
 * acts on once they have (issue 36): a size, a quantity, a quiz answer, a
 * filter. A slow phone is played by an 8× CPU slowdown, and the page's entry
 * script is held back by the test until the shopper has made their choice,
 * so the choice always comes before hydration, however fast the machine.
 */
import { type Page, type Route, expect, test } from "@playwright/test";

const ENTRY_SCRIPT = /\/assets\/entry\.client-[\w-]+\.js(?:\?.*)?$/;

/** What follows hydration (a fetch, the router's file, a render) runs at an eighth of the speed too. */
const SLOW_PAGE = { timeout: 30_000 };

// A page hydrating at an eighth of the machine's speed takes its time on a loaded machine: these tests get three times as long.
test.beforeEach(() => {
  test.slow();
});

/**
 * Opens `path` on a slow phone with the page's entry script held back;
 * answers a function that lets it go and waits until the page has hydrated.
 */
async function openBeforeScripts(page: Page, path: string): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
  const held: Route[] = [];
  let holding = true;
  await page.route(ENTRY_SCRIPT, (route) => (holding ? void held.push(route) : route.continue()));
  await page.goto(path, { waitUntil: "domcontentloaded" });
  // The page asked for its entry script and is waiting for it: the scripts have not taken over.
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  return async () => {
    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 60_000 });
  };
}

async function variantIdOf(page: Page, handle: string, title: string): Promise<number> {
  const product = (await (await page.request.get(`/products/${handle}.js`)).json()) as { variants: { id: number; title: string }[] };
  const variant = product.variants.find((candidate) => candidate.title === title);
  if (!variant) throw new Error(`No variant ${title} of ${handle}`);
  return variant.id;
}

test("a size chosen before the scripts ran is the size the page shows, addresses and adds", async ({ page }) => {
  const large = await variantIdOf(page, "gentle-cream-cleanser", "200 ml");
  const hydrate = await openBeforeScripts(page, "/products/gentle-cream-cleanser");
  const form = page.getByRole("form", { name: "Gentle Cream Cleanser" });
  await form.getByRole("radio", { name: "200 ml" }).check();
  await hydrate();

  await expect(form).toHaveAttribute("data-hydrated", "true");
  await expect(form.getByRole("radio", { name: "200 ml" })).toBeChecked();
  await expect(form.locator('input[name="id"]')).toHaveValue(String(large));
  await expect(page).toHaveURL(new RegExp(`[?&]variant=${large}\\b`), SLOW_PAGE);

  await form.getByRole("button", { name: "Add to cart" }).click();
  const cart = page.getByRole("dialog", { name: /Your cart/ });
  await expect(cart.getByRole("listitem").filter({ hasText: "Gentle Cream Cleanser" }).getByText("200 ml", { exact: true })).toBeVisible(SLOW_PAGE);
});

test("a quantity typed before the scripts ran is the quantity added", async ({ page }) => {
  const hydrate = await openBeforeScripts(page, "/products/gentle-cream-cleanser");
  const form = page.getByRole("form", { name: "Gentle Cream Cleanser" });
  await form.getByRole("spinbutton", { name: "Quantity" }).fill("3");
  await hydrate();

  await expect(form).toHaveAttribute("data-hydrated", "true");
  await expect(form.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("3");
  // A press on + counts on from the shopper's 3, not from the server's 1.
  await form.getByRole("button", { name: "Increase quantity for Gentle Cream Cleanser" }).click();
  await expect(form.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("4");
  await form.getByRole("button", { name: "Add to cart" }).click();
  const cart = page.getByRole("dialog", { name: /Your cart/ });
  await expect(cart.getByRole("spinbutton", { name: "Quantity for Gentle Cream Cleanser" })).toHaveValue("4", SLOW_PAGE);
});

test("a quiz answer chosen before the scripts ran is the answer the quiz goes on with", async ({ page }) => {
  const hydrate = await openBeforeScripts(page, "/collections/oils");
  const quiz = page.getByRole("region", { name: "Which oil suits your skin?" });
  await quiz.getByLabel("Dull, with marks").check();
  await hydrate();

  await expect(quiz.getByLabel("Dull, with marks")).toBeChecked();
  await quiz.getByRole("button", { name: "Show my oil" }).click();
  await expect(quiz.getByText("For skin that is dull, with marks: uneven tone")).toBeVisible(SLOW_PAGE);
  await expect(quiz.getByRole("link", { name: "Cold-Pressed Rosehip Recovery Oil" })).toBeVisible();
});

test("a filter ticked before the scripts ran is applied once they have", async ({ page }) => {
  test.skip(test.info().project.name === "mobile", "on phones the filters are in the drawer, whose button needs the page's scripts");
  const hydrate = await openBeforeScripts(page, "/collections/face");
  const count = page.locator("[data-collection-count]");
  await expect(count).toHaveText("12 of 27");
  const oily = page.getByRole("group", { name: "Skin type" }).getByRole("checkbox", { name: /^Oily/ });
  await oily.check();
  await hydrate();

  await expect(page).toHaveURL(/\/collections\/face\?filter\.p\.m\.custom\.skin_type=oily$/, SLOW_PAGE);
  await expect(count).toHaveText("7 of 7", SLOW_PAGE);
  await expect(page.getByRole("group", { name: "Skin type" }).getByRole("checkbox", { name: /^Oily/ })).toBeChecked();
});
