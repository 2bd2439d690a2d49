/**
 * The job queue's dead letters in the back office: the home page lists the
 * emails the shop gave up delivering, with the mail server's last answer,
 * to staff who may read orders; it says nothing when there are none.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/platform/db/database.ts";
import type { LiveShop } from "../../src/server/live-shop.ts";
import { addStaff, openThemeShop } from "./harness.ts";

let db: Database;
let shop: LiveShop;
let close: () => Promise<void>;
let cookie = "";

beforeAll(async () => {
  ({ db, shop, close } = await openThemeShop());
  const member = await addStaff(db, "sam@lumenandleaf.example", "Sam", "staff");
  const token = `session-for-failed-emails-${member.id}`;
  await db.query("insert into staff_sessions (id, staff_id, expires_at) values ($1, $2, now() + interval '1 hour')", [createHash("sha256").update(token).digest("hex"), member.id]);
  cookie = `admin_session=${token}`;
});
afterAll(async () => {
  await close?.();
});

const home = async () => {
  const response = await shop.fetch(new Request("http://localhost/admin", { headers: { cookie } }));
  expect(response.status).toBe(200);
  return response.text();
};

describe("emails not delivered, on the back office's home page", () => {
  it("are not mentioned while every email went out", async () => {
    expect(await home()).not.toContain("Emails not delivered");
  });

  it("are listed with their address, subject, tries and the mail server's answer once the shop gave up on them", async () => {
    await db.query(
      "insert into outbox (recipient, subject, text_body, html_body, via, attempts, error, gave_up_at) values ('ada@example.com', 'Order #1042 confirmed', 'Hello', '<p>Hello</p>', 'smtp', 7, '550 Mailbox unknown', now())",
    );
    // A message delivered after failing once is not a dead letter.
    await db.query("insert into outbox (recipient, subject, via, attempts, error, sent_at) values ('grace@example.com', 'Welcome', 'smtp', 1, 'timeout', now())");
    const page = await home();
    expect(page).toContain("Emails not delivered");
    expect(page).toMatch(/<td>ada@example\.com<\/td><td>Order #1042 confirmed<\/td><td>7<\/td><td>550 Mailbox unknown<\/td>/);
    expect(page).not.toContain("Welcome</td>");
  });
});
