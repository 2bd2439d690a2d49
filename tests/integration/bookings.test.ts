/**
 * Free skin consultations booked from the routine builder: checked, stored,
 * confirmed by email to the shopper with a notice to the shop, and limited
 * per client address.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPlatform } from "../../src/platform/platform.ts";
import { inProcessStorefront } from "../../src/platform/storefront/in-process.ts";
import { type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  await shop.db.query("delete from outbox");
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const client = (ip: string, platform = shop.platform) => inProcessStorefront(platform, "", "http://shop.test", { ip, sessionToken: undefined, challengeToken: undefined, shopUrl: "http://shop.test", secure: false });

describe("booking a consultation", () => {
  it("stores a video call and emails the shopper and the shop", async () => {
    const answer = await client("10.0.0.1").bookConsultation({ type: "video", name: "Ada Lovelace", email: "ada@example.com", date: inDays(3), time: "11:00" });
    expect(answer).toMatchObject({ ok: true, type: "video", email: "ada@example.com", reference: expect.stringMatching(/^C-[0-9A-F]{8}$/) });
    if (!answer.ok) throw new Error("not booked");
    const [row] = await shop.db.query<Record<string, unknown>>("select type, name, email, time, store, message from bookings where reference = $1", [answer.reference]);
    expect(row).toEqual({ type: "video", name: "Ada Lovelace", email: "ada@example.com", time: "11:00", store: null, message: null });
    const mails = await shop.db.query<{ recipient: string; subject: string; text_body: string }>("select recipient, subject, text_body from outbox order by id");
    expect(mails.map((mail) => [mail.recipient, mail.subject])).toEqual([
      ["ada@example.com", `Your free skin consultation (${answer.reference})`],
      [shop.platform.settings.shop.email, `New consultation booking ${answer.reference}`],
    ]);
    expect(mails[0]?.text_body).toContain("A video call on");
    expect(mails[0]?.text_body).toContain("at 11:00.");
  });

  it("takes an in-store visit only at a store the merchant lists, and an email consultation with its message", async () => {
    const store = shop.platform.settings.builders.routine.booking.stores[0] ?? "";
    expect(await client("10.0.0.2").bookConsultation({ type: "in-store", name: "Ada", email: "ada@example.com", date: inDays(5), store })).toMatchObject({ ok: true });
    expect(await client("10.0.0.2").bookConsultation({ type: "in-store", name: "Ada", email: "ada@example.com", date: inDays(5), store: "Paris" })).toMatchObject({
      ok: false,
      reason: "invalid",
      errors: { store: ["Choose a store"] },
    });
    expect(await client("10.0.0.2").bookConsultation({ type: "email", name: "Ada", email: "ada@example.com", message: "My cheeks go red and tight in winter." })).toMatchObject({ ok: true });
  });

  it("names each bad field and stores nothing", async () => {
    const before = await shop.db.query<{ count: number }>("select count(*)::int as count from bookings");
    const answer = await client("10.0.0.3").bookConsultation({ type: "video", name: "", email: "not-an-email", date: inDays(0), time: "03:00" });
    expect(answer).toMatchObject({ ok: false, reason: "invalid", description: "Please check the highlighted fields." });
    if (answer.ok) throw new Error("booked");
    expect(Object.keys(answer.errors).sort()).toEqual(["date", "email", "name", "time"]);
    expect(await client("10.0.0.3").bookConsultation({ type: "telepathy" })).toMatchObject({ ok: false, errors: { type: ["Choose how you'd like your consultation"] } });
    expect(await shop.db.query<{ count: number }>("select count(*)::int as count from bookings")).toEqual(before);
  });

  it("limits bookings per client address, answering when to try again", async () => {
    const limited = createPlatform(shop.db, shop.platform.settings, { catalogCheckMs: 0, bookingLimit: { limit: 2, windowSeconds: 3600 } });
    const book = () => client("10.9.9.9", limited).bookConsultation({ type: "email", name: "Ada", email: "ada@example.com", message: "Oily T-zone, dry cheeks." });
    expect(await book()).toMatchObject({ ok: true });
    expect(await book()).toMatchObject({ ok: true });
    expect(await book()).toMatchObject({ ok: false, reason: "limited", retryAfter: expect.any(Number) });
    expect(await client("10.9.9.8", limited).bookConsultation({ type: "email", name: "Ada", email: "ada@example.com", message: "Oily T-zone, dry cheeks." })).toMatchObject({ ok: true });
  });
});

describe("the booking form's post", () => {
  it("is refused from another site", async () => {
    const response = await shop.app.request("http://localhost/pages/routine-builder?screen=booking", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: "type=email&name=Ada&email=ada%40example.com&message=hello+there+friend",
    });
    expect(response.status).toBe(403);
    expect(await shop.db.query("select 1 from bookings where message = 'hello there friend'")).toEqual([]);
  });
});
