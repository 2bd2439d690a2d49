import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../../src/platform/db/database.ts";
import { migrate } from "../../src/platform/db/migrate.ts";
import { openSettings } from "../../src/platform/settings/settings-versions.ts";
import { openTestDatabase } from "./harness.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The migration that gives the French site its language. */
const UPGRADE = 43;

/** The shipped settings as a shop published them before the catalogues: the French site in "en-FR". */
const shipped = JSON.parse(readFileSync(path.join(ROOT, "config/settings.json"), "utf8")) as { shop: { name: string }; geo: { sites: { code: string; language: string }[] } };
const withFrenchIn = (language: string) => ({ ...shipped, geo: { ...shipped.geo, sites: shipped.geo.sites.map((site) => (site.code === "FR" ? { ...site, language } : site)) } });
const oldSettings = withFrenchIn("en-FR");

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A database as it stood before the upgrade, with `versions` published and a draft on the newest. */
async function oldShop(versions: unknown[]): Promise<{ db: Database; staffId: number }> {
  const opened = await openTestDatabase();
  close = async () => {
    await opened.db.close();
    await opened.drop();
  };
  const { db } = opened;
  await migrate(db, { before: UPGRADE });
  for (const [index, settings] of versions.entries()) {
    await db.query("insert into settings_versions (number, settings, note) values ($1, $2, 'published')", [index + 1, JSON.stringify(settings)]);
  }
  const [staff] = await db.query<{ id: number }>(
    "insert into staff (email, name, role, password_hash, password_salt, password_params) values ('owner@example.com', 'Owner', 'owner', 'x', 'x', '{}') returning id",
  );
  const staffId = Number(staff?.id);
  const draft = { ...(versions.at(-1) as typeof shipped), shop: { ...shipped.shop, name: "Lumen & Leaf Paris" } };
  await db.query("insert into settings_drafts (staff_id, base, settings) values ($1, $2, $3)", [staffId, versions.length, JSON.stringify(draft)]);
  return { db, staffId };
}

const seedNever = () => {
  throw new Error("the settings were seeded again");
};

describe("an existing shop's French site after the upgrade", () => {
  it("publishes the live settings again with the French site in fr-FR, the rest as typed, and keeps the draft publishable", async () => {
    const renamed = { ...oldSettings, shop: { ...oldSettings.shop, name: "Lumen and Leaf" } };
    const { db, staffId } = await oldShop([oldSettings, renamed]);

    expect(await migrate(db)).toContain("043_french_site_locale.sql");

    const live = await openSettings(db, seedNever, "test");
    expect(live.version).toBe(3);
    expect(live.settings.geo.sites.find((site) => site.code === "FR")?.language).toBe("fr-FR");
    // Built from the live version (the merchant's name), not the first one.
    expect(live.settings.shop.name).toBe("Lumen and Leaf");
    const [stored] = await db.query<{ settings: unknown; note: string }>("select settings, note from settings_versions where number = 3");
    const input = typeof stored?.settings === "string" ? (JSON.parse(stored.settings) as unknown) : stored?.settings;
    expect(input).toEqual({ ...renamed, geo: withFrenchIn("fr-FR").geo });
    expect(stored?.note).toMatch(/French/);
    // Every other site keeps its language.
    expect(live.settings.geo.sites.filter((site) => site.code !== "FR").map((site) => site.language)).toEqual(["en-GB", "en-US", "en-IE", "en-AU", "en-CA"]);

    const [draft] = await db.query<{ base: number; settings: unknown; revision: number }>("select base, settings, revision from settings_drafts where staff_id = $1", [staffId]);
    const draftInput = (typeof draft?.settings === "string" ? JSON.parse(draft.settings) : draft?.settings) as typeof shipped;
    expect(draft?.base).toBe(3);
    expect(draft?.revision).toBe(2);
    expect(draftInput.geo.sites.find((site) => site.code === "FR")?.language).toBe("fr-FR");
    expect(draftInput.shop.name).toBe("Lumen & Leaf Paris");
  });

  it("publishes nothing for a shop whose French site already speaks French", async () => {
    const { db } = await oldShop([withFrenchIn("fr-FR")]);
    await migrate(db);
    const live = await openSettings(db, seedNever, "test");
    expect(live.version).toBe(1);
    const [draft] = await db.query<{ base: number; revision: number }>("select base, revision from settings_drafts");
    expect(draft).toEqual({ base: 1, revision: 1 });
  });

  it("keeps an English-speaking French site the merchant chose after the upgrade", async () => {
    const { db } = await oldShop([oldSettings]);
    await migrate(db);
    await db.query("insert into settings_versions (number, settings, note) values (3, $1, 'back to English')", [JSON.stringify(oldSettings)]);
    expect(await migrate(db)).toEqual([]);
    const live = await openSettings(db, seedNever, "test");
    expect(live.settings.geo.sites.find((site) => site.code === "FR")?.language).toBe("en-FR");
  });
});
