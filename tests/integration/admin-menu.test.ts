/**
 * The back office's main menu: saving it (audited, shown by the storefront
 * at once and by a second server on the same database), a link to a page
 * that does not exist or to another site refused with its field named, two
 * editors saving from the same copy (one wins, the other is told and keeps
 * nothing of theirs stored), and staff refused. The demo shop's own menu
 * passes the rules unchanged. Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import { type AdminMenuClient, MAIN_MENU_HANDLE, menuFormValues } from "../../src/core/admin/admin-menu.ts";
import type { MenuItem } from "../../src/core/contract/shopify-types.ts";
import { menuAdmin } from "../../src/platform/admin/menu-admin.ts";
import { createPlatform } from "../../src/platform/platform.ts";
import { inProcessStorefront } from "../../src/platform/storefront/in-process.ts";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { demoContent } from "../../src/platform/seed/demo-content.ts";
import { seedContent } from "../../src/platform/seed/seed-content.ts";
import { type TestShop, addStaff, openTestShop } from "./harness.ts";

let shop: TestShop;
let owner: StaffJson;
let staffMember: StaffJson;
let menu: AdminMenuClient;

beforeAll(async () => {
  shop = await openTestShop({ catalog: demoCatalog });
  await seedContent(shop.db, demoContent);
  owner = await addStaff(shop.db, "olive@example.com", "Olive Owner", "owner");
  staffMember = await addStaff(shop.db, "sam@example.com", "Sam Staff", "staff");
  menu = menuAdmin(shop.db, () => shop.platform.settings.builders, async () => owner);
});
afterAll(async () => {
  await shop?.close();
});

/** The form as the page posts it for `items`, from the copy the editor opened. */
const formOf = (items: MenuItem[], version: string): Record<string, string> => ({ ...menuFormValues(items), version });
const headerMenu = async (platform = shop.platform) => (await inProcessStorefront(platform, "menu-test").shop()).menus["main-menu"];

describe("the main menu", () => {
  it("opens with the shop's menu, which passes the link rules as it is", async () => {
    const opened = (await menu.menu(MAIN_MENU_HANDLE))!;
    expect(opened.items).toEqual(demoCatalog.menus["main-menu"]);
    expect(opened.destinations).toContainEqual({ url: "/collections/face", label: "Collection: Face" });
    expect(opened.destinations).toContainEqual({ url: "/pages/build-your-bundle", label: "Page: Skin quiz bundle builder" });
    // Saved unchanged: every link of the demo menu is a page of the shop.
    expect(await menu.save(MAIN_MENU_HANDLE, formOf(opened.items, opened.version))).toEqual({ ok: true, next: "/menu/main-menu?saved=1" });
  });

  it("saves a changed menu, audits it, and the storefront and a second server show it", async () => {
    // A second server on the same database, its catalog loaded before the change.
    const second = createPlatform(shop.db, shop.platform.settings, { catalogCheckMs: 0 });
    expect((await headerMenu(second))?.[0]?.title).toBe("Skincare");

    const opened = (await menu.menu(MAIN_MENU_HANDLE))!;
    const items = structuredClone(opened.items);
    items[0]!.title = "Face care";
    items[0]!.items[0]!.items.unshift({ title: "Glow serum", url: "/products/gentle-cream-cleanser", items: [] });
    items.push({ title: "Search", url: "/search?q=spf", items: [] });
    [items[1], items[2]] = [items[2]!, items[1]!];
    const answer = await menu.save(MAIN_MENU_HANDLE, formOf(items, opened.version));
    expect(answer).toEqual({ ok: true, next: "/menu/main-menu?saved=1" });

    expect(await headerMenu()).toEqual(items);
    expect(await headerMenu(second)).toEqual(items);
    const saved = (await menu.menu(MAIN_MENU_HANDLE))!;
    expect(saved.items).toEqual(items);
    expect(saved.version).not.toBe(opened.version);

    const [entry] = await shop.db.query<{ staff_id: number; action: string; subject: string; before: MenuItem[]; after: MenuItem[] }>(
      "select staff_id, action, subject, before, after from audit_log where action = 'menu.update' order by id desc limit 1",
    );
    expect(entry).toMatchObject({ staff_id: owner.id, action: "menu.update", subject: "menu main-menu" });
    expect(entry!.before[0]!.title).toBe("Skincare");
    expect(entry!.after).toEqual(items);
  });

  it("refuses links to pages that do not exist and to other sites, naming each field, and stores nothing", async () => {
    const opened = (await menu.menu(MAIN_MENU_HANDLE))!;
    const items = structuredClone(opened.items);
    items[0]!.url = "/collections/no-such-collection";
    items[1]!.items.push({ title: "", url: "javascript:alert(1)", items: [] });
    items[2]!.url = "https://elsewhere.example/sale";
    const answer = await menu.save(MAIN_MENU_HANDLE, formOf(items, opened.version));
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.reason).toBe("invalid");
    const added = `item_1_${items[1]!.items.length - 1}`;
    expect(Object.keys(answer.errors).sort()).toEqual([`${added}_title`, `${added}_url`, "item_0_url", "item_2_url"].sort());
    expect(answer.errors.item_0_url).toMatch(/no collection no-such-collection/);
    expect(answer.errors.item_2_url).toMatch(/within this shop/);
    expect((await menu.menu(MAIN_MENU_HANDLE))!.items).toEqual(opened.items);
  });

  it("keeps one of two saves made from the same copy; the other is refused with 409", async () => {
    const opened = (await menu.menu(MAIN_MENU_HANDLE))!;
    const mine = structuredClone(opened.items);
    mine[0]!.title = "Mine";
    const theirs = structuredClone(opened.items);
    theirs[0]!.title = "Theirs";
    const answers = await Promise.all([menu.save(MAIN_MENU_HANDLE, formOf(mine, opened.version)), menu.save(MAIN_MENU_HANDLE, formOf(theirs, opened.version))]);
    const won = answers.filter((answer) => answer.ok);
    const lost = answers.filter((answer) => !answer.ok);
    expect(won).toHaveLength(1);
    expect(lost).toEqual([expect.objectContaining({ reason: "conflict", description: expect.stringMatching(/Someone else saved the menu/) })]);
    const winner = answers[0]!.ok ? "Mine" : "Theirs";
    expect((await headerMenu())?.[0]?.title).toBe(winner);
    expect(await shop.db.query("select 1 from audit_log where action = 'menu.update' and after->0->>'title' = $1", [winner === "Mine" ? "Theirs" : "Mine"])).toEqual([]);

    // Saved again from the current copy, the loser's menu goes through.
    const current = (await menu.menu(MAIN_MENU_HANDLE))!;
    const retry = winner === "Mine" ? theirs : mine;
    expect(await menu.save(MAIN_MENU_HANDLE, formOf(retry, current.version))).toMatchObject({ ok: true });
    expect((await headerMenu())?.[0]?.title).toBe(retry[0]!.title);
  });

  it("refuses an empty menu", async () => {
    const opened = (await menu.menu(MAIN_MENU_HANDLE))!;
    expect(await menu.save(MAIN_MENU_HANDLE, { version: opened.version })).toMatchObject({ ok: false, reason: "invalid", errors: { menu: expect.stringMatching(/at least one item/) } });
  });

  it("is the owner's alone", async () => {
    const asStaff = menuAdmin(shop.db, () => shop.platform.settings.builders, async () => staffMember);
    expect(await asStaff.menu(MAIN_MENU_HANDLE)).toBeNull();
    const opened = (await menu.menu(MAIN_MENU_HANDLE))!;
    expect(await asStaff.save(MAIN_MENU_HANDLE, formOf(opened.items, opened.version))).toMatchObject({ ok: false, reason: "forbidden" });
    const signedOut = menuAdmin(shop.db, () => shop.platform.settings.builders, async () => null);
    expect(await signedOut.save(MAIN_MENU_HANDLE, formOf(opened.items, opened.version))).toMatchObject({ ok: false, reason: "signed_out" });
  });
});
