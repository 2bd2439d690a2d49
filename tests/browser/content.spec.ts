/**
 * The content pages as a shopper uses them, at 390 and 1280 px: the FAQ by
 * keyboard, the glossary's links, the contact form through to its
 * confirmation (and its refusals), the journal, the embeds on the home page,
 * and axe on every new kind of page.
 */
import { expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";
import { seriousViolations } from "./axe.ts";
import { popupsMet, sessionPopupsShown, storageState } from "./storage-states.ts";

const NEW_PAGES = [
  "/pages/about",
  "/pages/faqs",
  "/pages/ingredients",
  "/pages/contact",
  "/policies/refund-policy",
  "/blogs/journal",
  "/blogs/journal/winter-skin-keeping-your-barrier-happy",
  "/collections",
  "/collections/types?q=Serum",
  "/search/suggest?q=vitamin",
  "/newsletter?state=confirmed",
];

for (const path of NEW_PAGES) {
  test(`axe finds no serious violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("the FAQ opens and closes by keyboard, one question of a group at a time", async ({ page }) => {
  await openReady(page, "/pages/faqs");
  const first = page.getByText("How much is delivery?");
  const second = page.getByText("When will my order arrive?");
  await first.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("UK standard delivery is free on orders of £40 or more")).toBeVisible();
  await page.keyboard.press("Tab");
  // The answer's link comes first, then the next question.
  await expect(page.getByRole("link", { name: "delivery and returns page" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(second).toBeFocused();
  await page.keyboard.press("Space");
  await expect(page.getByText("Orders placed before 2pm UK time")).toBeVisible();
  await expect(page.getByText("UK standard delivery is free on orders of £40 or more")).toBeHidden();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Orders placed before 2pm UK time")).toBeHidden();
  // A topic link goes to its group.
  await page.getByRole("link", { name: "Your account" }).click();
  await expect(page).toHaveURL(/#faq-your-account$/);
});

test("on the French site the FAQ asks and answers in French, and the glossary explains in French", async ({ page }) => {
  await openReady(page, "/fr-fr/pages/faqs");
  const question = page.getByText("Combien coûte la livraison ?", { exact: true });
  await question.click();
  await expect(page.getByText("La livraison standard au Royaume-Uni est offerte dès 40 £ d'achat")).toBeVisible();
  await page.getByRole("navigation", { name: "Thèmes des questions" }).getByRole("link", { name: "Votre compte" }).click();
  await expect(page).toHaveURL(/#faq-votre-compte$/);
  await expect(page.getByText("How much is delivery?")).toHaveCount(0);

  await openReady(page, "/fr-fr/pages/ingredients");
  await page.getByRole("navigation", { name: "Ingrédients par lettre" }).getByRole("link", { name: "G", exact: true }).click();
  const glycerin = page.locator("#ingredient-glycerin");
  await expect(glycerin).toContainText("Glycérine");
  await expect(glycerin).toContainText("L'humectant le plus travailleur de la cosmétique");
  await glycerin.getByRole("link", { name: /Voir tous les soins contenant\s: Glycérine/ }).click();
  await expect(page).toHaveURL(/\/fr-fr\/collections\/all\/ingredient-glycerin$/);
});

test("the glossary's letters and products lead where they say", async ({ page }) => {
  await openReady(page, "/pages/ingredients");
  await expect(page.getByRole("navigation", { name: "Ingredients by letter" }).getByText("D")).not.toHaveAttribute("href");
  await page.getByRole("navigation", { name: "Ingredients by letter" }).getByRole("link", { name: "N", exact: true }).click();
  await expect(page).toHaveURL(/#letter-n$/);
  const niacinamide = page.locator("#ingredient-niacinamide");
  await expect(niacinamide).toContainText("Vitamin B3");
  await niacinamide.getByRole("link", { name: /Niacinamide/ }).first().click();
  await expect(page).toHaveURL(/\/products\/niacinamide-zinc-serum$/);
  await page.goBack();
  await page.locator("#ingredient-niacinamide").getByRole("link", { name: /Shop everything with Niacinamide/ }).click();
  await expect(page).toHaveURL(/\/collections\/all\/ingredient-niacinamide$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the contact form names what is wrong, then sends the message and says so", async ({ page }, testInfo) => {
  // An address of its own, so other runs' messages do not count against this one's limit.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.77.${testInfo.project.name === "mobile" ? 1 : 2}.${Date.now() % 250}` });
  await openReady(page, "/pages/contact");
  await page.getByLabel("Name", { exact: true }).fill("Grace Hopper");
  await page.getByLabel("Email", { exact: true }).fill("grace@example.com");
  await page.getByRole("textbox", { name: "Message" }).fill("Too short");
  // The browser's own check stops a message under ten characters; the shop's words appear when it gets through.
  await page.getByRole("textbox", { name: "Message" }).evaluate((field: HTMLTextAreaElement) => field.removeAttribute("minlength"));
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: "Please check the highlighted fields." })).toBeVisible();
  await expect(page.getByText("Tell us a little more so we can help").first()).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Grace Hopper");

  await page.getByRole("textbox", { name: "Message" }).fill("Is the barrier cream safe to use around the eyes?");
  await page.getByLabel("Order number").fill("#1001");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/pages\/contact\?contact_posted=true/);
  await expect(page.getByRole("status").filter({ hasText: "Thank you, your message is on its way." })).toBeVisible();

  // The local mailbox answers only the machine itself, not the address this test borrowed.
  await page.setExtraHTTPHeaders({});
  await page.goto("/dev/mailbox");
  await expect(page.getByText("Contact form: Grace Hopper about order #1001").first()).toBeVisible();
});

test("the contact form works without JavaScript", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": `10.78.${testInfo.project.name === "mobile" ? 1 : 2}.${Date.now() % 250}` } });
  const page = await context.newPage();
  await page.goto("/pages/contact");
  await page.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
  await page.getByLabel("Email", { exact: true }).fill("ada@example.com");
  await page.getByRole("textbox", { name: "Message" }).fill("Do you ship to Jersey, and how long does it take?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/pages\/contact\?contact_posted=true/);
  await expect(page.getByText("Thank you, your message is on its way.")).toBeVisible();
  await context.close();
});

test("the journal lists its articles and an article ends with the products it talks about", async ({ page }) => {
  await openReady(page, "/blogs/journal");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(4);
  await page.getByRole("link", { name: "Winter skin: keeping your barrier happy" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Winter skin: keeping your barrier happy" })).toBeVisible();
  const shop = page.getByRole("region", { name: "Shop the article" });
  await expect(shop.locator(".product-grid > li")).toHaveCount(4);
  await page.getByRole("link", { name: "Back to The Journal" }).click();
  await expect(page).toHaveURL(/\/blogs\/journal$/);
});

test("the live show loads only when asked for, and the feed as it comes into view", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "cookie_consent", value: "v1.a1.m1", url: baseURL ?? "" }]);
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/embeds/")) asked.push(new URL(request.url()).pathname);
  });
  await openReady(page, "/");
  expect(asked).toEqual([]);
  const live = page.getByRole("region", { name: "Live from the studio" });
  await live.scrollIntoViewIfNeeded();
  // In view, the show still waits for its button (the feed below may start as it nears the viewport).
  await page.waitForTimeout(300);
  expect(asked.filter((path) => path.includes("live"))).toEqual([]);
  await live.getByRole("button", { name: "Watch the show" }).click();
  const show = page.frameLocator(".live-shopping__frame");
  await expect(show.getByRole("link", { name: /Shop Gentle Cream Cleanser/ })).toBeVisible();
  await show.getByRole("button", { name: "Next moment" }).click();
  await expect(show.getByRole("status")).toHaveText("Moment 2 of 6");

  const feed = page.getByRole("region", { name: "#LumenAndLeaf" });
  await feed.scrollIntoViewIfNeeded();
  // The feed's own posts, in place of the still preview.
  await expect(feed.locator(".social-feed:not(.social-feed--waiting) .social-feed__post img")).toHaveCount(8);
  expect(asked).toEqual(expect.arrayContaining(["/embeds/live-shopping.js", "/embeds/live/winter-skin-show", "/embeds/social-feed.js", "/embeds/social-feed.json"]));
});

test("an embed waits for marketing consent, and loads once it is given", async ({ page }) => {
  await openReady(page, "/");
  const live = page.getByRole("region", { name: "Live from the studio" });
  await live.scrollIntoViewIfNeeded();
  await live.getByRole("button", { name: "Watch the show" }).click();
  await expect(live.getByText("This comes from a service that uses marketing cookies.")).toBeVisible();
  await live.getByRole("button", { name: "Cookie settings" }).click();
  await page.getByRole("region", { name: "Cookies on this shop" }).getByRole("button", { name: "Accept all" }).click();
  await expect(page.frameLocator(".live-shopping__frame").getByRole("button", { name: "Next moment" })).toBeVisible();
});

test.describe("a first visit, before any cookie choice", () => {
  test.use({ storageState: storageState([sessionPopupsShown], Object.values(popupsMet())) });

  test("the feed says why it waits, over a still preview of the shop's pictures, and loads once marketing cookies are allowed", async ({ page }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/embeds/social-feed")) asked.push(new URL(request.url()).pathname);
    });
    // The reason is in the page as the server draws it, before any script runs.
    const html = await (await page.request.get("/")).text();
    expect(html).toContain("Our feed is shown by a social network that uses marketing cookies.");

    await openReady(page, "/");
    const feed = page.getByRole("region", { name: "#LumenAndLeaf" });
    await feed.scrollIntoViewIfNeeded();
    await expect(feed.getByRole("status")).toContainText("Our feed is shown by a social network that uses marketing cookies.");
    expect(await feed.locator(".social-feed--waiting img").count()).toBeGreaterThan(0);
    expect(asked).toEqual([]);

    await feed.getByRole("button", { name: "Cookie settings" }).click();
    await page.getByRole("region", { name: "Cookies on this shop" }).getByRole("button", { name: "Accept all" }).click();
    await expect(feed.locator(".social-feed:not(.social-feed--waiting) .social-feed__post img")).toHaveCount(8);
    await expect(feed.getByRole("status")).toHaveCount(0);
  });
});

test("an embed that cannot load says so and tries again on request", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "cookie_consent", value: "v1.a1.m1", url: baseURL ?? "" }]);
  let failures = 1;
  await page.route("**/embeds/live-shopping.js", (route) => (failures-- > 0 ? route.abort() : route.continue()));
  await openReady(page, "/");
  const live = page.getByRole("region", { name: "Live from the studio" });
  await live.scrollIntoViewIfNeeded();
  await live.getByRole("button", { name: "Watch the show" }).click();
  await expect(live.getByRole("alert")).toContainText("This could not load just now.");
  await live.getByRole("button", { name: "Try again" }).click();
  await expect(page.frameLocator(".live-shopping__frame").getByRole("button", { name: "Next moment" })).toBeVisible();
});

test("the checkout offers the delivery methods of the country chosen, and the summary follows", async ({ page }) => {
  await openReady(page, "/products/clarifying-gel-cleanser");
  await page.getByRole("button", { name: "Add to cart" }).first().click();
  await expect(page.getByRole("dialog", { name: /Your cart/ })).toBeVisible();
  await openReady(page, "/checkout");
  const methods = page.getByRole("group", { name: "Delivery method" });
  await expect(methods.getByRole("radio")).toHaveCount(2);
  await methods.getByRole("radio", { name: /Express/ }).check();
  await expect(page.locator(".order-summary").getByText("Express shipping")).toBeVisible();
  await page.getByLabel("Country", { exact: true }).selectOption("US");
  await expect(methods.getByRole("radio")).toHaveCount(1);
  await expect(methods.getByRole("radio", { name: /Standard.*7–12 working days/ })).toBeChecked();
  await expect(page.locator(".order-summary")).toContainText("£14.95");
});
