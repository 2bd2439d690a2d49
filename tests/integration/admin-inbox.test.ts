/**
 * Sign-ups, contact messages and bookings in the back office: each a list
 * newest first with a search (wildcards as plain characters) and pages, and
 * a page per entry; staff may read them, nobody signed out can.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import { INBOX_PER_PAGE, messagePreview } from "../../src/core/admin/admin-inbox.ts";
import { inboxAdmin } from "../../src/platform/admin/inbox-admin.ts";
import { type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
const staff: StaffJson = { id: 1, email: "sam@lumenandleaf.example", name: "Sam", role: "staff" };
const inboxAs = (member: StaffJson | null) => inboxAdmin(shop.db, async () => member);

beforeAll(async () => {
  shop = await openTestShop();
  for (let index = 0; index < INBOX_PER_PAGE + 3; index += 1) {
    await shop.db.query("insert into contact_messages (name, email, body, created_at) values ($1, $2, $3, now() - make_interval(mins => $4))", [
      `Writer ${index}`,
      `writer${index}@example.com`,
      index === 0 ? `My order 100% arrived_late. ${"Very ".repeat(30)}sorry to write.` : `Question number ${index}`,
      100 - index,
    ]);
  }
  await shop.db.query("insert into subscribers (email, status, lists, consent_text, source) values ('rose@example.com', 'active', '{newsletter,routine}', 'Send me news', 'popup')");
  await shop.db.query("insert into bookings (reference, type, name, email, date, time) values ('BK-ROSE2', 'video', 'Rose', 'rose@example.com', '2026-12-03', '11:00')");
});
afterAll(async () => {
  await shop?.close();
});

describe("what shoppers send", () => {
  it("lists messages newest first, 25 a page, with the start of each message", async () => {
    const inbox = inboxAs(staff);
    const first = await inbox.list("messages", {});
    expect(first).toMatchObject({ total: INBOX_PER_PAGE + 3, page: 1, pageCount: 2 });
    expect(first.entries[0]).toMatchObject({ title: `Writer ${INBOX_PER_PAGE + 2}`, detail: `Question number ${INBOX_PER_PAGE + 2}` });
    const last = await inbox.list("messages", { page: 2 });
    expect(last.entries.at(-1)?.detail).toBe(messagePreview(`My order 100% arrived_late. ${"Very ".repeat(30)}sorry to write.`));
    expect(last.entries.at(-1)?.detail.endsWith("…")).toBe(true);
  });

  it("searches email, name and words, taking % and _ as themselves", async () => {
    const inbox = inboxAs(staff);
    expect((await inbox.list("messages", { query: "100%" })).entries.map((entry) => entry.title)).toEqual(["Writer 0"]);
    expect((await inbox.list("messages", { query: "arrived_late" })).total).toBe(1);
    expect((await inbox.list("messages", { query: "%" })).total).toBe(1);
    expect((await inbox.list("messages", { query: "WRITER1@" })).total).toBe(1);
    expect((await inbox.list("bookings", { query: "bk-rose" })).entries.map((entry) => entry.title)).toEqual(["BK-ROSE2 · Rose"]);
    expect((await inbox.list("subscribers", { query: "rose" })).entries[0]).toMatchObject({ title: "rose@example.com", detail: "Subscribed" });
  });

  it("shows each entry with every field kept", async () => {
    const inbox = inboxAs(staff);
    const [booking] = (await inbox.list("bookings", {})).entries;
    const entry = await inbox.entry("bookings", booking!.id);
    expect(entry?.fields).toEqual([
      { label: "Reference", value: "BK-ROSE2" },
      { label: "Name", value: "Rose" },
      { label: "Kind", value: "Video call" },
      { label: "Day", value: "2026-12-03" },
      { label: "Time", value: "11:00" },
    ]);
    const [subscriber] = (await inbox.list("subscribers", {})).entries;
    expect((await inbox.entry("subscribers", subscriber!.id))?.fields).toEqual(
      expect.arrayContaining([
        { label: "Lists", value: "newsletter, routine" },
        { label: "Words agreed to", value: "Send me news" },
        { label: "Signed up from", value: "popup" },
      ]),
    );
    expect(await inbox.entry("messages", 999_999_999)).toBeNull();
  });

  it("shows nothing to nobody", async () => {
    expect(await inboxAs(null).list("messages", {})).toMatchObject({ entries: [], total: 0 });
    expect(await inboxAs(null).entry("subscribers", 1)).toBeNull();
  });
});
