/**
 * The header's predictive search as a grouped listbox, at 390 and 1280 px:
 * suggestions, products, pages and articles each a group named by its
 * heading, the arrow keys moving across the groups, Enter opening the
 * active page; French on /fr-fr with the French site's links; axe clean
 * with the panel open. Web-first assertions, no sleeps.
 */
import { type Page, expect, test } from "@playwright/test";
import { seriousViolations } from "./axe.ts";

/** Types `query` into the header's box once its script has taken over, and waits for the answer to the whole word. */
async function typeQuery(page: Page, query: string, label: string) {
  await expect(page.locator("form.predictive-search")).toHaveAttribute("data-hydrated", "true");
  const box = page.getByRole("combobox", { name: label });
  await box.click();
  const answered = page.waitForResponse((response) => response.url().includes(`/search/suggest.json?q=${query}&`));
  await box.pressSequentially(query);
  await answered;
  await expect(box).toHaveAttribute("aria-expanded", "true");
  return box;
}

/** Presses ArrowDown until `option` is the active one, checking each step moves the active option. */
async function arrowDownTo(page: Page, box: ReturnType<Page["getByRole"]>, option: ReturnType<Page["getByRole"]>) {
  const target = await option.getAttribute("id");
  const ids = await page.getByRole("listbox").getByRole("option").evaluateAll((options) => options.map((element) => element.id));
  const steps = ids.indexOf(target ?? "") + 1;
  expect(steps).toBeGreaterThan(0);
  for (let step = 0; step < steps; step++) {
    await box.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-activedescendant", ids[step] ?? "");
  }
  await expect(option).toHaveAttribute("aria-selected", "true");
}

test("the panel groups pages and articles under their headings, and the keyboard moves across the groups", async ({ page }) => {
  await page.goto("/");
  const box = await typeQuery(page, "guide", "Search products");
  const listbox = page.getByRole("listbox", { name: "Search" });
  const pages = listbox.getByRole("group", { name: "Pages" });
  const articles = listbox.getByRole("group", { name: "Articles" });
  await expect(pages.getByRole("option", { name: "The layering guide" })).toBeVisible();
  await expect(articles.getByRole("option", { name: "A beginner's guide to vitamin C" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Up from nothing chosen wraps to the last option, the last group's last one.
  await box.press("ArrowUp");
  await expect(articles.getByRole("option").last()).toHaveAttribute("aria-selected", "true");
  await box.press("Escape");
  await expect(box).toHaveAttribute("aria-expanded", "false");

  await box.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await box.press("ArrowUp");
  const guide = pages.getByRole("option", { name: "The layering guide" });
  await arrowDownTo(page, box, guide);
  await box.press("Enter");
  await expect(page).toHaveURL(/\/pages\/layering-guide$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The layering guide");
});

test("the panel is French on the French site and opens the French site's article", async ({ page }) => {
  await page.goto("/fr-fr");
  const box = await typeQuery(page, "vitamine", "Rechercher un produit");
  const listbox = page.getByRole("listbox", { name: "Rechercher" });
  await expect(listbox.getByRole("group", { name: "Produits" }).getByRole("option", { name: /^Sérum Éclat Vitamine C/ })).toBeVisible();
  const article = listbox.getByRole("group", { name: "Articles" }).getByRole("option", { name: "La vitamine C : le guide pour bien débuter" });
  await expect(article).toBeVisible();
  await arrowDownTo(page, box, article);
  await box.press("Enter");
  await expect(page).toHaveURL(/\/fr-fr\/blogs\/journal\/a-beginners-guide-to-vitamin-c$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("La vitamine C : le guide pour bien débuter");
});

test("a results page fills the header's box with its query but leaves the suggestions closed until the shopper is in the box", async ({ page }) => {
  const suggested = page.waitForResponse((response) => response.url().includes("/search/suggest.json?q=sensitive&"));
  await page.goto("/search?q=sensitive");
  await expect(page.locator("form.predictive-search")).toHaveAttribute("data-hydrated", "true");
  await suggested;
  const box = page.getByRole("combobox", { name: "Search products" });
  await expect(box).toHaveValue("sensitive");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("listbox", { name: "Search" })).toBeHidden();
  await box.focus();
  await expect(box).toHaveAttribute("aria-expanded", "true");
});
