/**
 * The theme editor's drafts: a change made in the editor is kept as the
 * staff member's own draft (checked by the same schema, each problem named
 * by its setting), shown only in their preview (a design-mode request with
 * their session), never to a shopper or another staff member; staff without
 * the settings are refused; publishing makes it a version (refused when
 * another was published since) and discarding drops it, each audited. A
 * page reached from a link in the preview (its document and its data, with
 * the design-mode flag) is drawn with the draft for that staff member only.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import type { AdminEditorSettings, AdminSettingsClient } from "../../src/core/admin/admin-settings.ts";
import { formFields, formSection } from "../../src/core/settings/settings-form.ts";
import { settingsAdmin } from "../../src/platform/admin/settings-admin.ts";
import type { Database } from "../../src/platform/db/database.ts";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { variantIdFor } from "../../src/platform/seed/seed.ts";
import type { LiveShop } from "../../src/server/live-shop.ts";
import { openThemeShop } from "./harness.ts";

let db: Database;
let shop: LiveShop;
let close: () => Promise<void>;
let owner: StaffJson;
let partner: StaffJson;
let staff: StaffJson;
const sessions = new Map<number, string>();

const addStaff = async (email: string, name: string, role: "owner" | "staff", into: Database = db): Promise<StaffJson> => {
  const [row] = await into.query<{ id: number }>(
    "insert into staff (email, name, role, password_hash, password_salt, password_params) values ($1, $2, $3, 'x', 'x', '{}') returning id",
    [email, name, role],
  );
  const member = { id: Number(row!.id), email, name, role };
  // A session as logging in makes one: the token's hash is kept.
  const token = `session-${member.id}-${email}`;
  await into.query("insert into staff_sessions (id, staff_id, expires_at) values ($1, $2, now() + interval '1 hour')", [createHash("sha256").update(token).digest("hex"), member.id]);
  if (into === db) sessions.set(member.id, token);
  return member;
};

const adminFor = (member: StaffJson, of: Database = db): AdminSettingsClient => settingsAdmin(of, async () => member);

const editorOf = async (member: StaffJson, of: Database = db): Promise<AdminEditorSettings> => {
  const editor = await adminFor(member, of).editor();
  if (!editor) throw new Error(`${member.name} sees no editor`);
  return editor;
};

/** The side cart's section as the editor's panel posts it, with `changes`. */
const sideCartForm = async (member: StaffJson, changes: Record<string, string>) => {
  const section = formSection((await editorOf(member)).form, "sideCart");
  if (!section) throw new Error("no side cart section");
  return { section: "sideCart", ...Object.fromEntries(formFields([section]).map((field) => [field.name, field.value])), ...changes };
};

/** The free-shipping line a cart with one £12 cleanser shows, as `member`'s browser (or a shopper's) asks for it, in the preview or not. */
async function shippingNotice(options: { member?: StaffJson; preview: "address" | "header" | false }): Promise<string> {
  let cookie = options.member ? `admin_session=${sessions.get(options.member.id)}` : "";
  const call = async (pathname: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set("cookie", cookie);
    if (options.preview === "header") headers.set("x-design-mode", "1");
    const url = options.preview === "address" ? `${pathname}${pathname.includes("?") ? "&" : "?"}design_mode=1` : pathname;
    const response = await shop.fetch(new Request(new URL(url, "http://shop.test"), { ...init, headers }));
    const cart = response.headers.getSetCookie().find((value) => value.startsWith("cart="));
    if (cart) cookie = [cookie, cart.split(";")[0]].filter(Boolean).join("; ");
    return response;
  };
  const added = await call("/cart/add.js", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: variantIdFor(1, 0), quantity: 1 }) });
  expect(added.status).toBe(200);
  const answer = await call("/cart.js?view=drawer");
  return ((await answer.json()) as { shipping: { shippingNotice: string } }).shipping.shippingNotice;
}

const LIVE = "You're £28.00 away from free shipping";
const DRAFTED = "You're £13.00 away from free shipping";

const auditOf = (action: string) => db.query<{ staff_id: string | number | null; before: any; after: any }>("select staff_id, before, after from audit_log where action = $1 order by id", [action]);
const versionCount = async () => (await db.query<{ count: number }>("select count(*)::int as count from settings_versions"))[0]?.count;

beforeAll(async () => {
  // The theme's pages too: a page reached in the preview is drawn by it.
  ({ db, shop, close } = await openThemeShop());
  owner = await addStaff("olive@example.com", "Olive Owner", "owner");
  partner = await addStaff("piper@example.com", "Piper Partner", "owner");
  staff = await addStaff("sam@example.com", "Sam Staff", "staff");
});
afterAll(async () => {
  await close?.();
});

describe("a draft made in the theme editor", () => {
  it("refuses a value the schema rejects, naming the setting, and keeps nothing", async () => {
    const answer = await adminFor(owner).saveDraft(await sideCartForm(owner, { "sideCart.shippingThreshold": "-5" }));
    expect(answer).toMatchObject({ ok: false, reason: "invalid", description: "Your preview did not change: one setting needs correcting." });
    if (answer.ok) return;
    expect(answer.errors["sideCart.shippingThreshold"]).toMatch(/expected number to be >=0/);
    expect((await editorOf(owner)).draft).toBeNull();
    expect(await shippingNotice({ member: owner, preview: "address" })).toBe(LIVE);
  });

  it("refuses a section the settings do not have", async () => {
    expect(await adminFor(owner).saveDraft({ section: "nowhere" })).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("is kept as the staff member's own draft, audited, and shown in their preview only", async () => {
    const answer = await adminFor(owner).saveDraft(await sideCartForm(owner, { "sideCart.shippingThreshold": "25" }));
    expect(answer).toEqual({ ok: true, next: "/editor?drafted=1" });
    const editor = await editorOf(owner);
    expect(editor.draft).toMatchObject({ base: 1, revision: 1 });
    expect(formFields(editor.form).find((field) => field.name === "sideCart.shippingThreshold")?.value).toBe("25");
    expect(await auditOf("settings.draft")).toEqual([
      expect.objectContaining({ staff_id: expect.anything(), before: { revision: null, settings: { "sideCart.shippingThreshold": 40 } }, after: { revision: 1, section: "sideCart", settings: { "sideCart.shippingThreshold": 25 } } }),
    ]);

    // The owner's preview: a page address with the flag, or the preview's own calls with the header.
    expect(await shippingNotice({ member: owner, preview: "address" })).toBe(DRAFTED);
    expect(await shippingNotice({ member: owner, preview: "header" })).toBe(DRAFTED);
    // The same owner outside the preview, a shopper asking for the preview, another owner: the live settings.
    expect(await shippingNotice({ member: owner, preview: false })).toBe(LIVE);
    expect(await shippingNotice({ preview: "address" })).toBe(LIVE);
    expect(await shippingNotice({ member: partner, preview: "header" })).toBe(LIVE);
    expect((await editorOf(partner)).draft).toBeNull();
    expect(await versionCount()).toBe(1);
  });

  it("moves on with each change and keeps the other sections the draft already holds", async () => {
    const answer = await adminFor(owner).saveDraft(await sideCartForm(owner, { "sideCart.shippingThresholdLabel": "Free delivery" }));
    expect(answer).toEqual({ ok: true, next: "/editor?drafted=2" });
    const fields = formFields((await editorOf(owner)).form);
    expect(fields.find((field) => field.name === "sideCart.shippingThreshold")?.value).toBe("25");
    expect(fields.find((field) => field.name === "sideCart.shippingThresholdLabel")?.value).toBe("Free delivery");
    expect(await shippingNotice({ member: owner, preview: "header" })).toBe(DRAFTED);
  });

  it("is refused to staff without the settings, whose preview shows the live shop", async () => {
    expect(await adminFor(staff).editor()).toBeNull();
    expect(await adminFor(staff).saveDraft(await sideCartForm(owner, { "sideCart.shippingThreshold": "1" }))).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await adminFor(staff).publishDraft({})).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await adminFor(staff).discardDraft()).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await db.query("select 1 from settings_drafts where staff_id = $1", [staff.id])).toEqual([]);
    // Even with a draft row of their own (written before their role changed), their preview is the live shop.
    await db.query("insert into settings_drafts (staff_id, base, settings) select $1, base, settings from settings_drafts where staff_id = $2", [staff.id, owner.id]);
    expect(await shippingNotice({ member: staff, preview: "address" })).toBe(LIVE);
    await db.query("delete from settings_drafts where staff_id = $1", [staff.id]);
  });

  it("is discarded on request, audited, and the preview shows the live settings again", async () => {
    await adminFor(partner).saveDraft(await sideCartForm(partner, { "sideCart.shippingThreshold": "30" }));
    expect(await adminFor(partner).discardDraft()).toEqual({ ok: true, next: "/editor?discarded=1" });
    expect((await editorOf(partner)).draft).toBeNull();
    expect(await shippingNotice({ member: partner, preview: "header" })).toBe(LIVE);
    expect(await auditOf("settings.discard")).toEqual([expect.objectContaining({ after: { settings: { "sideCart.shippingThreshold": 40 } } })]);
    expect(await adminFor(partner).discardDraft()).toMatchObject({ ok: false, reason: "not_found" });
  });

  it("is refused publishing once another version went live since it began, and kept", async () => {
    await adminFor(partner).saveDraft(await sideCartForm(partner, { "sideCart.shippingThreshold": "35" }));
    const page = await adminFor(owner).page();
    // The owner's draft began at version 1; the partner publishes their draft first.
    const published = await adminFor(partner).publishDraft({ note: "Free shipping from £35" });
    expect(published).toEqual({ ok: true, next: "/editor?published=2" });
    expect(page?.version.number).toBe(1);
    const refused = await adminFor(owner).publishDraft({});
    expect(refused).toMatchObject({ ok: false, reason: "conflict" });
    expect((await editorOf(owner)).draft).toMatchObject({ base: 1, revision: 2 });
    expect(await versionCount()).toBe(2);
  });

  it("is published as a new version from the editor: the live shop changes for every shopper, and the draft is gone", async () => {
    await adminFor(owner).discardDraft();
    await adminFor(owner).saveDraft(await sideCartForm(owner, { "sideCart.shippingThreshold": "25" }));
    expect((await editorOf(owner)).draft).toMatchObject({ base: 2 });
    const answer = await adminFor(owner).publishDraft({ note: "" });
    expect(answer).toEqual({ ok: true, next: "/editor?published=3" });
    expect((await editorOf(owner)).draft).toBeNull();
    expect(await shippingNotice({ preview: false })).toBe(DRAFTED);
    const [publish] = (await auditOf("settings.publish")).slice(-1);
    expect(publish).toMatchObject({ before: { version: 2, settings: { "sideCart.shippingThreshold": 35 } }, after: { version: 3, note: "Published from the theme editor" } });
    expect(await adminFor(owner).publishDraft({})).toMatchObject({ ok: false, reason: "not_found" });
  });

  it("keeps both of two concurrent saves of one staff member's draft", async () => {
    const [a, b] = await Promise.all([
      adminFor(owner).saveDraft(await sideCartForm(owner, { "sideCart.shippingThreshold": "20" })),
      adminFor(owner).saveDraft({ section: "shop", ...Object.fromEntries(formFields([formSection((await editorOf(owner)).form, "shop")!]).map((field) => [field.name, field.value])), "shop.name": "Lumen & Leaf Draft" }),
    ]);
    expect(a.ok && b.ok).toBe(true);
    const editor = await editorOf(owner);
    expect(editor.draft?.revision).toBe(2);
    const fields = formFields(editor.form);
    // The section saved second was read over the first's draft, so the two never undo each other.
    expect(fields.find((field) => field.name === "shop.name")?.value).toBe("Lumen & Leaf Draft");
    expect(fields.find((field) => field.name === "sideCart.shippingThreshold")?.value).toBe("20");
  });
});

describe("a page reached by following a link in the preview", () => {
  const LIVE_TITLE = "Order now, and it leaves today.";
  const DRAFT_TITLE = "Packed today, with care.";

  /** A page of the shop as `member`'s browser (or a shopper's, without one) asks for it. */
  const ask = async (address: string, member?: StaffJson) => {
    const headers = new Headers();
    if (member) headers.set("cookie", `admin_session=${sessions.get(member.id)}`);
    const response = await shop.fetch(new Request(new URL(address, "http://shop.test"), { headers }));
    return { status: response.status, cacheControl: response.headers.get("cache-control"), text: await response.text() };
  };

  it("is drawn with the staff member's draft, its document and its data alike; a shopper asking the same gets the live page", async () => {
    const home = formSection((await editorOf(owner)).form, "home");
    if (!home) throw new Error("no home section");
    const fields = formFields([home]);
    // The slides are one setting, written as JSON: the slide with the live title gets the draft's.
    const slides = fields.find((field) => field.value.includes(LIVE_TITLE));
    if (!slides) throw new Error("no hero slide with the live title");
    const form = { section: "home", ...Object.fromEntries(fields.map((field) => [field.name, field.value])), [slides.name]: slides.value.replace(LIVE_TITLE, DRAFT_TITLE) };
    expect(await adminFor(owner).saveDraft(form)).toMatchObject({ ok: true });

    // The preview keeps the flag on the next page's address and on its data requests (all routes, or the new page's own).
    for (const address of ["/?design_mode=1", "/_.data?design_mode=1", "/_.data?_routes=routes%2Fhome&design_mode=1"]) {
      const owners = await ask(address, owner);
      expect(owners.status, address).toBe(200);
      expect(owners.text.includes(DRAFT_TITLE), address).toBe(true);
      expect(owners.cacheControl, address).toBe("private, no-store");
      // The same address sent to a shopper, or opened by another owner, shows the live settings: the draft is the session's, not the link's.
      for (const other of [undefined, partner]) {
        const theirs = await ask(address, other);
        expect(theirs.status, address).toBe(200);
        expect(theirs.text.includes(LIVE_TITLE), address).toBe(true);
        expect(theirs.text.includes(DRAFT_TITLE), address).toBe(false);
      }
    }
    // The owner's own shop outside the preview is the live one too.
    expect((await ask("/_.data?_routes=routes%2Fhome", owner)).text.includes(DRAFT_TITLE)).toBe(false);
  });
});

describe("a builder's start re-rendered in the preview through the Section Rendering API", () => {
  const LIVE_INTRO = "Find your routine in a minute";
  const DRAFT_INTRO = "Your skin, in one minute";
  const LIVE_ROUTINE = "Build your routine";
  const DRAFT_ROUTINE = "Your routine, step by step";
  // The builders' pages need their products: a shop of the demo catalog, with an owner of its own and a shopper.
  let demo: Awaited<ReturnType<typeof openThemeShop>>;
  let designer: StaffJson;

  beforeAll(async () => {
    demo = await openThemeShop({ catalog: demoCatalog });
    designer = await addStaff("dana@example.com", "Dana Designer", "owner", demo.db);
  });
  afterAll(async () => {
    await demo?.close();
  });

  /** One section of a page as the designer's preview (or a shopper, without the session) asks the Section Rendering API for it. */
  const section = async (page: string, id: string, signedIn: boolean): Promise<string | null> => {
    const headers = new Headers({ accept: "application/json" });
    if (signedIn) headers.set("cookie", `admin_session=session-${designer.id}-${designer.email}`);
    const response = await demo.shop.fetch(new Request(new URL(`${page}?sections=${id}&design_mode=1`, "http://shop.test"), { headers }));
    expect(response.status).toBe(200);
    return ((await response.json()) as Record<string, string | null>)[id] ?? null;
  };
  const buildersForm = async (changes: Record<string, string>) => {
    const builders = formSection((await editorOf(designer, demo.db)).form, "builders");
    if (!builders) throw new Error("no builders section");
    return { section: "builders", ...Object.fromEntries(formFields([builders]).map((field) => [field.name, field.value])), ...changes };
  };

  it("answers the quiz's intro and the routine's start drawn with the draft in the preview, and as they are live to a shopper", async () => {
    const admin = adminFor(designer, demo.db);
    expect(await admin.saveDraft(await buildersForm({ "builders.quiz.intro.title": DRAFT_INTRO, "builders.routine.title": DRAFT_ROUTINE }))).toMatchObject({ ok: true });

    const intro = await section("/pages/build-your-bundle", "quiz-builder-intro", true);
    expect(intro).toMatch(/^<div id="shopify-section-quiz-builder-intro" class="shopify-section">/);
    expect(intro).toContain(DRAFT_INTRO);
    expect(intro).not.toContain(LIVE_INTRO);
    expect(await section("/pages/routine-builder", "routine-builder-start", true)).toContain(DRAFT_ROUTINE);

    expect(await section("/pages/build-your-bundle", "quiz-builder-intro", false)).toContain(LIVE_INTRO);
    expect(await section("/pages/routine-builder", "routine-builder-start", false)).toContain(LIVE_ROUTINE);
    // A stage the page is not drawn with is not in it: null, as Shopify answers for a section the page lacks.
    expect(await section("/pages/build-your-bundle", "quiz-builder-results", true)).toBeNull();
  });

  it("names, at its field, what a draft kept before the settings changed shape gets wrong, and the preview shows the live shop meanwhile", async () => {
    // A draft kept under older settings: its quiz intro has no title, which the settings now refuse.
    const [row] = await demo.db.query<{ settings: unknown }>("select settings from settings_drafts where staff_id = $1", [designer.id]);
    const input = (typeof row!.settings === "string" ? JSON.parse(row!.settings) : row!.settings) as { builders: { quiz: { intro: { title: string } } } };
    input.builders.quiz.intro.title = "";
    await demo.db.query("update settings_drafts set settings = $2, revision = revision + 1 where staff_id = $1", [designer.id, JSON.stringify(input)]);

    const editor = await editorOf(designer, demo.db);
    expect(Object.keys(editor.draft?.problems ?? {})).toEqual(["builders.quiz.intro.title"]);
    expect(editor.draft?.problems["builders.quiz.intro.title"]).toMatch(/>=1 characters/);
    expect(await section("/pages/build-your-bundle", "quiz-builder-intro", true)).toContain(LIVE_INTRO);

    // Correcting it in the editor keeps a draft the preview is drawn with again.
    expect(await adminFor(designer, demo.db).saveDraft(await buildersForm({ "builders.quiz.intro.title": DRAFT_INTRO }))).toMatchObject({ ok: true });
    expect((await editorOf(designer, demo.db)).draft?.problems).toEqual({});
    expect(await section("/pages/build-your-bundle", "quiz-builder-intro", true)).toContain(DRAFT_INTRO);
  });
});
