/**
 * The theme's settings in the database: config/settings.json seeds version 1,
 * the owner publishes new versions from the form generated from the schema
 * (invalid settings refused field by field, nothing changed), two publishes
 * from the same version keep one winner, an earlier version is restored as
 * the newest, each is audited, staff are refused, and a second server on the
 * same database serves the new settings without a restart.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import path from "node:path";
import { readFileSync } from "node:fs";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import type { AdminSettingsClient, AdminSettingsPage } from "../../src/core/admin/admin-settings.ts";
import { formFields } from "../../src/core/settings/settings-form.ts";
import { settingsAdmin } from "../../src/platform/admin/settings-admin.ts";
import type { Database } from "../../src/platform/db/database.ts";
import { migrate } from "../../src/platform/db/migrate.ts";
import { inProcessStorefront } from "../../src/platform/storefront/in-process.ts";
import { seedCatalog, variantIdFor } from "../../src/platform/seed/seed.ts";
import { readSettingsSeed } from "../../src/platform/settings/load.ts";
import { LiveSettings } from "../../src/platform/settings/live-settings.ts";
import { type LiveShop, openLiveShop } from "../../src/server/live-shop.ts";
import { fixtureCatalog } from "./fixture-catalog.ts";
import { Shopper, openTestDatabase } from "./harness.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SETTINGS_FILE = path.join(ROOT, "config/settings.json");
const fileSettings = JSON.parse(readFileSync(SETTINGS_FILE, "utf8")) as { sideCart: { shippingThreshold: number } };

let db: Database;
let drop: () => Promise<void>;
let owner: StaffJson;
let staff: StaffJson;
let signedIn: StaffJson | null;
let admin: AdminSettingsClient;
/** Two servers on one database; the second checks for new settings on every request. */
let first: LiveShop;
let second: LiveShop;

const open = () =>
  openLiveShop(db, readSettingsSeed(SETTINGS_FILE), {
    platform: { catalogCheckMs: 0, newCartLimit: { limit: 100_000, windowSeconds: 3600 } },
    app: { logger: pino({ level: "silent" }), imageCacheDir: path.join(ROOT, ".data/test-images") },
    live: { checkEveryMs: 0 },
  });

const addStaff = async (email: string, name: string, role: "owner" | "staff"): Promise<StaffJson> => {
  const [row] = await db.query<{ id: number }>(
    "insert into staff (email, name, role, password_hash, password_salt, password_params) values ($1, $2, $3, 'x', 'x', '{}') returning id",
    [email, name, role],
  );
  return { id: Number(row!.id), email, name, role };
};

/** What the browser posts for the page's form unchanged: every field's value, the version it shows, and `changes`. */
const formOf = (page: AdminSettingsPage, changes: Record<string, string> = {}): Record<string, string> => ({
  ...Object.fromEntries(formFields(page.form).map((field) => [field.name, field.value])),
  base: String(page.version.number),
  ...changes,
});

const livePage = async () => {
  const page = await admin.page();
  if (!page) throw new Error("the owner sees no settings page");
  return page;
};

const versionCount = async () => (await db.query<{ count: number }>("select count(*)::int as count from settings_versions"))[0]?.count;
const auditOf = (action: string) =>
  db.query<{ staff_id: string | number | null; subject: string; before: any; after: any }>("select staff_id, subject, before, after from audit_log where action = $1 order by id", [action]);

/** The side cart's free-shipping line for a shopper with one £12 cleanser. */
const shippingNotice = async (shop: LiveShop) => {
  const shopper = new Shopper({ request: (url: string, init?: RequestInit) => shop.fetch(new Request(new URL(url, "http://shop.test"), init)) } as never);
  const added = await shopper.postJson("/cart/add.js", { id: variantIdFor(1, 0), quantity: 1 });
  expect(added.status).toBe(200);
  const view = (await (await shopper.get("/cart.js?view=drawer")).json()) as { shipping: { shippingThresholdReached: boolean; shippingNotice: string; price: number } };
  return view.shipping;
};

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await migrate(db);
  await seedCatalog(db, fixtureCatalog);
  owner = await addStaff("olive@example.com", "Olive Owner", "owner");
  staff = await addStaff("sam@example.com", "Sam Staff", "staff");
  signedIn = owner;
  admin = settingsAdmin(db, async () => signedIn);
  first = await open();
  second = await open();
});
afterAll(async () => {
  await db?.close();
  await drop?.();
});

describe("the settings' first version", () => {
  it("is seeded once from the settings file, and both servers start from it", async () => {
    expect(await versionCount()).toBe(1);
    const page = await livePage();
    expect(page.version).toMatchObject({ number: 1, staffName: null, restoredFrom: null });
    expect(page.history.map((version) => version.number)).toEqual([1]);
    expect(first.settings.version).toBe(1);
    expect(second.settings.settings.sideCart.shippingThreshold).toBe(fileSettings.sideCart.shippingThreshold * 100);
    // The form shows money in whole units, as the file has it.
    expect(formFields(page.form).find((field) => field.name === "sideCart.shippingThreshold")).toMatchObject({ type: "money", value: String(fileSettings.sideCart.shippingThreshold) });
  });

  it("is not seeded again when another server starts on the same database", async () => {
    const third = await open();
    expect(third.settings.version).toBe(1);
    expect(await versionCount()).toBe(1);
  });
});

describe("publishing", () => {
  it("refuses settings the schema rejects, naming each field, and changes nothing", async () => {
    const page = await livePage();
    const answer = await admin.publish(
      formOf(page, { "sideCart.shippingThreshold": "-5", "shop.email": "not an address", "sideCart.freeGiftsData": "[{\"key\":\"Bad Key\"}", note: "broken" }),
    );
    expect(answer).toMatchObject({ ok: false, reason: "invalid" });
    if (answer.ok) return;
    expect(answer.errors["sideCart.freeGiftsData"]).toMatch(/not valid JSON/);
    // A JSON field that does not parse is answered first; the others the schema names, as the start-up check does.
    const schemaAnswer = await admin.publish(formOf(page, { "sideCart.shippingThreshold": "-5", "shop.email": "not an address", "sideCart.freeGiftsData": "[{\"key\":\"Bad Key\"}]" }));
    expect(schemaAnswer.ok).toBe(false);
    if (schemaAnswer.ok) return;
    expect(schemaAnswer.errors["sideCart.shippingThreshold"]).toMatch(/expected number to be >=0/);
    expect(schemaAnswer.errors["shop.email"]).toMatch(/email/i);
    expect(schemaAnswer.errors["sideCart.freeGiftsData"]).toMatch(/^\[0\]\.key: expected a key of lower-case letters/);
    expect(schemaAnswer.description).toMatch(/Nothing was published/);
    expect(await versionCount()).toBe(1);
    expect(await auditOf("settings.publish")).toEqual([]);
  });

  it("publishes valid settings as the next version, audited with what changed, and the other server serves them without a restart", async () => {
    expect(await shippingNotice(second)).toMatchObject({ shippingThresholdReached: false, shippingNotice: "You're £28.00 away from free shipping" });
    const answer = await admin.publish(formOf(await livePage(), { "sideCart.shippingThreshold": "10", note: "Free shipping from £10 this week" }));
    expect(answer).toEqual({ ok: true, next: "/settings?published=2" });

    const page = await livePage();
    expect(page.version).toMatchObject({ number: 2, staffName: "Olive Owner", note: "Free shipping from £10 this week", restoredFrom: null });
    expect(formFields(page.form).find((field) => field.name === "sideCart.shippingThreshold")?.value).toBe("10");

    const [entry] = await auditOf("settings.publish");
    expect(Number(entry?.staff_id)).toBe(owner.id);
    expect(entry?.subject).toBe("settings version 2");
    expect(entry?.before).toEqual({ version: 1, settings: { "sideCart.shippingThreshold": 40 } });
    expect(entry?.after).toEqual({ version: 2, note: "Free shipping from £10 this week", settings: { "sideCart.shippingThreshold": 10 } });

    // The second server was started before the publish; its next request uses the new version.
    expect(await shippingNotice(second)).toMatchObject({ shippingThresholdReached: true, shippingNotice: "You've unlocked free shipping!", price: 0 });
    expect(second.settings.version).toBe(2);
    const storefront = inProcessStorefront((await second.settings.current()).platform, "no-cart");
    expect((await storefront.shop()).sideCart?.shippingThreshold).toBe(1000);
  });

  it("keeps exactly one of two publishes made from the same version; the other is told to reload", async () => {
    const page = await livePage();
    const answers = await Promise.all([
      admin.publish(formOf(page, { "sideCart.shippingThreshold": "20", note: "twenty" })),
      admin.publish(formOf(page, { "sideCart.shippingThreshold": "30", note: "thirty" })),
    ]);
    const won = answers.filter((answer) => answer.ok);
    const lost = answers.filter((answer) => !answer.ok);
    expect(won).toEqual([{ ok: true, next: "/settings?published=3" }]);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({ ok: false, reason: "conflict" });
    expect(lost[0]!.ok ? "" : lost[0]!.description).toMatch(/version 3.*reload/s);
    expect(await versionCount()).toBe(3);
    const live = await livePage();
    const winner = answers[0]!.ok ? "20" : "30";
    expect(formFields(live.form).find((field) => field.name === "sideCart.shippingThreshold")?.value).toBe(winner);
    expect(live.version.note).toBe(winner === "20" ? "twenty" : "thirty");
    expect(await auditOf("settings.publish")).toHaveLength(2);
  });

  it("refuses a publish made from a version that is no longer the newest", async () => {
    const stale = { ...formOf(await livePage(), { "sideCart.shippingThreshold": "99" }), base: "1" };
    expect(await admin.publish(stale)).toMatchObject({ ok: false, reason: "conflict" });
    expect(await versionCount()).toBe(3);
  });

  it("refuses a note longer than the limit, by its field", async () => {
    const answer = await admin.publish(formOf(await livePage(), { note: "x".repeat(201) }));
    expect(answer).toMatchObject({ ok: false, reason: "invalid", errors: { note: expect.stringMatching(/200 characters/) } });
  });
});

describe("restoring", () => {
  it("publishes a copy of an earlier version as the newest, audited, and every server serves it", async () => {
    const page = await livePage();
    const answer = await admin.restore(1, { base: String(page.version.number) });
    expect(answer).toEqual({ ok: true, next: "/settings?published=4" });
    const live = await livePage();
    expect(live.version).toMatchObject({ number: 4, restoredFrom: 1, note: "Restored version 1", staffName: "Olive Owner" });
    expect(live.history.map((version) => version.number)).toEqual([4, 3, 2, 1]);
    expect(formFields(live.form).find((field) => field.name === "sideCart.shippingThreshold")?.value).toBe("40");

    const [entry] = await auditOf("settings.restore");
    expect(entry).toMatchObject({ subject: "settings version 4", before: { version: 3 }, after: { version: 4, restoredFrom: 1, settings: { "sideCart.shippingThreshold": 40 } } });

    expect(await shippingNotice(second)).toMatchObject({ shippingThresholdReached: false, shippingNotice: "You're £28.00 away from free shipping" });
    expect(await shippingNotice(first)).toMatchObject({ shippingThresholdReached: false });
  });

  it("refuses a version that does not exist, and a restore from an out-of-date page", async () => {
    expect(await admin.restore(99, { base: "4" })).toMatchObject({ ok: false, reason: "not_found" });
    expect(await admin.restore(2, { base: "3" })).toMatchObject({ ok: false, reason: "conflict" });
    expect(await versionCount()).toBe(4);
  });
});

describe("who may change the settings", () => {
  it("refuses staff (403) and anyone signed out (401), and shows them nothing", async () => {
    signedIn = staff;
    try {
      expect(await admin.page()).toBeNull();
      expect(await admin.publish(formOf(await settingsAdmin(db, async () => owner).page().then((page) => page!), { "sideCart.shippingThreshold": "1" }))).toMatchObject({ ok: false, reason: "forbidden" });
      expect(await admin.restore(2, { base: "4" })).toMatchObject({ ok: false, reason: "forbidden" });
      signedIn = null;
      expect(await admin.publish({ base: "4" })).toMatchObject({ ok: false, reason: "signed_out" });
    } finally {
      signedIn = owner;
    }
    expect(await versionCount()).toBe(4);
  });
});

describe("a server's live settings", () => {
  it("looks for a new version at most once per interval, and switches at the first look after a publish", async () => {
    const builds: number[] = [];
    const live = await LiveSettings.open(db, readSettingsSeed(SETTINGS_FILE), (settings) => builds.push(settings.sideCart.shippingThreshold), { checkEveryMs: 60_000 });
    expect(live.version).toBe((await livePage()).version.number);
    const answer = await admin.publish(formOf(await livePage(), { "sideCart.shippingThreshold": "55" }));
    expect(answer.ok).toBe(true);
    // Within the interval the server keeps what it has, without asking the database.
    await live.current();
    expect(live.settings.sideCart.shippingThreshold).not.toBe(5500);
    await live.refresh();
    expect(live.settings.sideCart.shippingThreshold).toBe(5500);
    expect(builds.at(-1)).toBe(5500);
    expect(builds).toHaveLength(2);
  });

  it("keeps serving the version it has when the newest cannot be used, and says so once", async () => {
    const errors: unknown[] = [];
    const logger = { info: () => undefined, warn: () => undefined, error: (...args: unknown[]) => errors.push(args) };
    const live = await LiveSettings.open(db, readSettingsSeed(SETTINGS_FILE), (settings) => settings.sideCart.shippingThreshold, { checkEveryMs: 0, logger });
    const before = live.version;
    await second.settings.refresh();
    // A version this code cannot read (as after a change to the settings' rules), written behind the back office's back.
    await db.query("insert into settings_versions (number, settings, note) values ($1, $2, 'unreadable')", [before + 1, JSON.stringify({ shop: { name: "" } })]);
    expect(await live.current()).toBe(5500);
    expect(await live.current()).toBe(5500);
    expect(live.version).toBe(before);
    expect(errors).toHaveLength(1);
    expect(await shippingNotice(second)).toMatchObject({ shippingThresholdReached: false, shippingNotice: "You're £43.00 away from free shipping" });
    await db.query("delete from settings_versions where number = $1", [before + 1]);
  });
});
