/**
 * The back office's footer and legal menus, edited as the main menu is:
 * the list of the shop's menus, each saved (audited, shown by the storefront
 * at once and by a second server on the same database), links to pages that
 * do not exist refused with the field named, nothing kept below a menu's
 * last level, two editors saving from the same copy (one wins), a menu the
 * shop does not draw refused, and staff refused. The demo shop's own footer
 * and legal links pass the rules unchanged. Runs on PGlite, and on
 * PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import { type AdminMenuClient, menuFormValues } from "../../src/core/admin/admin-menu.ts";
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
let menus: AdminMenuClient;

beforeAll(async () => {
  shop = await openTestShop({ catalog: demoCatalog });
  await seedContent(shop.db, demoContent);
  owner = await addStaff(shop.db, "olive@example.com", "Olive Owner", "owner");
  staffMember = await addStaff(shop.db, "sam@example.com", "Sam Staff", "staff");
  menus = menuAdmin(shop.db, () => shop.platform.settings.builders, async () => owner);
});
afterAll(async () => {
  await shop?.close();
});

const formOf = (items: MenuItem[], version: string): Record<string, string> => ({ ...menuFormValues(items), version });
const shopMenus = async (platform = shop.platform) => (await inProcessStorefront(platform, "menus-test").shop()).menus;

describe("the list of menus", () => {
  it("names the header's, the footer's and the legal menu, with how many items each holds", async () => {
    const list = (await menus.menus())!;
    expect(list.map(({ menu, count }) => [menu.handle, menu.title, count])).toEqual([
      ["main-menu", "Main menu", demoCatalog.menus["main-menu"]!.length],
      ["footer", "Footer menu", demoCatalog.menus.footer!.length],
      ["legal", "Legal links", demoCatalog.menus.legal!.length],
    ]);
  });
});

describe("the footer menu", () => {
  it("opens with the shop's footer, which passes the link rules as it is, and offers the policies and the journal", async () => {
    const opened = (await menus.menu("footer"))!;
    expect(opened.items).toEqual(demoCatalog.menus.footer);
    expect(opened.destinations).toContainEqual({ url: "/policies/privacy-policy", label: "Policy: Privacy policy" });
    expect(opened.destinations).toContainEqual({ url: "/blogs/journal", label: expect.stringMatching(/^Blog: /) });
    expect(opened.destinations).toContainEqual({ url: "/collections", label: "All collections" });
    expect(await menus.save("footer", formOf(opened.items, opened.version))).toEqual({ ok: true, next: "/menu/footer?saved=1" });
  });

  it("saves a changed footer, audits it, and the storefront and a second server show it; the main menu is untouched", async () => {
    const second = createPlatform(shop.db, shop.platform.settings, { catalogCheckMs: 0 });
    expect((await shopMenus(second)).footer?.[1]?.title).toBe("Help");

    const opened = (await menus.menu("footer"))!;
    const items = structuredClone(opened.items);
    items[1]!.title = "Customer care";
    items[1]!.items.unshift({ title: "Shipping policy", url: "/policies/shipping-policy", items: [] });
    items.push({ title: "Journal", url: "/blogs/journal", items: [{ title: "Search the shop", url: "/search?q=serum", items: [] }] });
    expect(await menus.save("footer", formOf(items, opened.version))).toEqual({ ok: true, next: "/menu/footer?saved=1" });

    expect((await shopMenus()).footer).toEqual(items);
    expect((await shopMenus(second)).footer).toEqual(items);
    expect((await shopMenus())["main-menu"]).toEqual(demoCatalog.menus["main-menu"]);
    expect((await menus.menus())!.find(({ menu }) => menu.handle === "footer")!.count).toBe(items.length);

    const [entry] = await shop.db.query<{ staff_id: number; subject: string; before: MenuItem[]; after: MenuItem[] }>(
      "select staff_id, subject, before, after from audit_log where action = 'menu.update' order by id desc limit 1",
    );
    expect(entry).toMatchObject({ staff_id: owner.id, subject: "menu footer" });
    expect(entry!.before).toEqual(opened.items);
    expect(entry!.after).toEqual(items);
  });

  it("keeps one of two saves made from the same copy; the other is refused with 409", async () => {
    const opened = (await menus.menu("footer"))!;
    const mine = structuredClone(opened.items);
    mine[0]!.title = "Mine";
    const theirs = structuredClone(opened.items);
    theirs[0]!.title = "Theirs";
    const answers = await Promise.all([menus.save("footer", formOf(mine, opened.version)), menus.save("footer", formOf(theirs, opened.version))]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.ok)).toEqual([expect.objectContaining({ reason: "conflict" })]);
    expect((await shopMenus()).footer?.[0]?.title).toBe(answers[0]!.ok ? "Mine" : "Theirs");
  });

  it("refuses links to pages that do not exist, naming each field, and keeps nothing below a link", async () => {
    const opened = (await menus.menu("footer"))!;
    const form = formOf(opened.items, opened.version);
    form.item_0_0_url = "/blogs/journal/no-such-article";
    form.item_1_url = "/policies/cookie-policy";
    // A third level is not read: the footer's columns hold links, and links hold nothing.
    form.item_2_0_0_title = "Deeper";
    form.item_2_0_0_url = "https://elsewhere.example/";
    const answer = await menus.save("footer", form);
    expect(answer).toMatchObject({ ok: false, reason: "invalid" });
    if (answer.ok) return;
    expect(Object.keys(answer.errors).sort()).toEqual(["item_0_0_url", "item_1_url"]);
    expect(answer.errors.item_0_0_url).toMatch(/no published article no-such-article/);
    expect(answer.errors.item_1_url).toMatch(/no policy cookie-policy/);
    expect((await menus.menu("footer"))!.items).toEqual(opened.items);
  });
});

describe("the legal links", () => {
  it("open with the shop's policies, which pass the rules as they are", async () => {
    const opened = (await menus.menu("legal"))!;
    expect(opened.items).toEqual(demoCatalog.menus.legal);
    expect(await menus.save("legal", formOf(opened.items, opened.version))).toEqual({ ok: true, next: "/menu/legal?saved=1" });
  });

  it("save a reordered, shorter line, shown by the storefront, with nothing kept below a link", async () => {
    const opened = (await menus.menu("legal"))!;
    const items = [opened.items[3]!, opened.items[0]!];
    const form = formOf(items, opened.version);
    form.item_0_0_title = "Not a column";
    form.item_0_0_url = "/policies/privacy-policy";
    expect(await menus.save("legal", form)).toMatchObject({ ok: true });
    expect((await shopMenus()).legal).toEqual(items);
    const [entry] = await shop.db.query<{ subject: string }>("select subject from audit_log where action = 'menu.update' order by id desc limit 1");
    expect(entry!.subject).toBe("menu legal");
  });

  it("refuses an empty line and a link outside the shop", async () => {
    const opened = (await menus.menu("legal"))!;
    expect(await menus.save("legal", { version: opened.version })).toMatchObject({ ok: false, reason: "invalid", errors: { menu: expect.stringMatching(/policies must stay one click away/) } });
    const answer = await menus.save("legal", formOf([{ title: "Terms", url: "https://elsewhere.example/terms", items: [] }], opened.version));
    expect(answer).toMatchObject({ ok: false, reason: "invalid", errors: { item_0_url: expect.stringMatching(/within this shop/) } });
    expect((await shopMenus()).legal).toEqual(opened.items);
  });
});

describe("who may edit which menu", () => {
  it("has no menu by another name, and saves none", async () => {
    expect(await menus.menu("sidebar")).toBeNull();
    expect(await menus.save("sidebar", { version: "", item_0_title: "Home", item_0_url: "/" })).toMatchObject({ ok: false, reason: "not_found" });
    expect(await shop.db.query("select 1 from menus where handle = 'sidebar'")).toEqual([]);
  });

  it("is the owner's alone", async () => {
    const asStaff = menuAdmin(shop.db, () => shop.platform.settings.builders, async () => staffMember);
    expect(await asStaff.menus()).toBeNull();
    expect(await asStaff.menu("footer")).toBeNull();
    const opened = (await menus.menu("footer"))!;
    expect(await asStaff.save("footer", formOf(opened.items, opened.version))).toMatchObject({ ok: false, reason: "forbidden" });
    const signedOut = menuAdmin(shop.db, () => shop.platform.settings.builders, async () => null);
    expect(await signedOut.save("legal", formOf(opened.items, opened.version))).toMatchObject({ ok: false, reason: "signed_out" });
  });
});
