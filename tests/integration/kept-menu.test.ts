/**
 * The main menu's HTML, drawn once by the server and written as it is on
 * the pages it renders after: the same menu on every page of a site, its
 * link without a panel marked current on that link's own page only, its
 * links under each site's prefix, and a menu saved in the back office shown
 * on the next page. Pages are rendered every time (no page cache), as for a
 * customer. The theme is built first when its sources changed. Runs on
 * PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import { MAIN_MENU_HANDLE, menuFormValues } from "../../src/core/admin/admin-menu.ts";
import { menuAdmin } from "../../src/platform/admin/menu-admin.ts";
import type { Database } from "../../src/platform/db/database.ts";
import type { LiveShop } from "../../src/server/live-shop.ts";
import { addStaff, openThemeShop } from "./harness.ts";

const PRODUCT = "/products/plain-cleanser";

let db: Database;
let shop: LiveShop;
let close: () => Promise<void>;
let owner: StaffJson;

const page = async (address: string) => {
  const response = await shop.fetch(new Request(new URL(address, "http://shop.test")));
  expect(response.status).toBe(200);
  return response.text();
};

/** The menu's element as the page has it. */
const menuOf = (html: string) => {
  const start = html.indexOf('<div class="later" data-later="menu">');
  const end = html.indexOf('<div class="later" data-later="search">', start);
  expect(start).toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  return html.slice(start, end);
};

beforeAll(async () => {
  ({ db, shop, close } = await openThemeShop());
  owner = await addStaff(db, "olive@example.com", "Olive Owner", "owner");
});
afterAll(async () => {
  await close?.();
});

describe("the main menu the server keeps", () => {
  it("is the same on page after page, and marks its link without a panel current on that link's page only", async () => {
    const first = menuOf(await page(PRODUCT));
    expect(first).toContain('href="/collections/face"');
    expect(first).not.toContain("aria-current");
    expect(menuOf(await page(PRODUCT))).toBe(first);
    expect(menuOf(await page("/search?q=cleanser"))).toBe(first);

    const own = menuOf(await page("/collections/face"));
    expect(own).toMatch(/<a aria-current="page" class="main-nav__link active" href="\/collections\/face"[^>]*>Face<\/a>/);
    expect(menuOf(await page("/collections/face"))).toBe(own);
    expect(menuOf(await page(PRODUCT))).toBe(first);
  });

  it("writes its links under each site's prefix", async () => {
    const french = menuOf(await page(`/fr-fr${PRODUCT}`));
    expect(french).toContain('href="/fr-fr/collections/face"');
    expect(french).not.toContain('href="/collections/face"');
    expect(menuOf(await page(PRODUCT))).toContain('href="/collections/face"');
    expect(menuOf(await page(`/fr-fr${PRODUCT}`))).toBe(french);
  });

  it("shows a menu saved in the back office on the next page", async () => {
    expect(menuOf(await page(PRODUCT))).not.toContain("Gentle care");
    const { platform } = await shop.settings.current();
    const menu = menuAdmin(db, () => platform.settings.builders, async () => owner);
    const opened = (await menu.menu(MAIN_MENU_HANDLE))!;
    const items = [...structuredClone(opened.items), { title: "Gentle care", url: "/collections/face", items: [] }];
    expect(await menu.save(MAIN_MENU_HANDLE, { ...menuFormValues(items), version: opened.version })).toMatchObject({ ok: true });
    const after = menuOf(await page(PRODUCT));
    expect(after).toContain(">Gentle care</a>");
    expect(menuOf(await page(PRODUCT))).toBe(after);
  });
});
