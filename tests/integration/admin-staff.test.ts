/**
 * The back office's door through the client its pages use: the first owner
 * (given or generated password, made once), logging in and out, the session
 * cookie, the limit on attempts, the audit log, and the home page's figures.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOW_STOCK_THRESHOLD } from "../../src/core/admin/admin.ts";
import { ADMIN_SESSION_COOKIE, adminClient } from "../../src/platform/admin/admin-client.ts";
import { ADMIN_LOGIN_LIMIT } from "../../src/platform/admin/staff-service.ts";
import { type TestShop, openTestShop } from "./harness.ts";

const OWNER = "owner@shop.test";
const PASSWORD = "a long owner password";
let shop: TestShop;
let addresses = 0;

beforeAll(async () => {
  shop = await openTestShop();
  expect(await shop.platform.staff.ensureOwner(OWNER, PASSWORD)).toEqual({ created: true, generatedPassword: null });
});
afterAll(async () => {
  await shop?.close();
});

/** A browser at its own address: the session cookie the back office set, if any. */
function browser(ip = `203.0.113.${++addresses}`) {
  let session: string | undefined;
  const client = () => adminClient(shop.platform, { ip, sessionToken: session, secure: false, shopUrl: "http://shop.test" });
  return {
    client,
    async logIn(email: string, password: string) {
      const answer = await client().login({ email, password });
      const cookie = answer.cookies?.find((value) => value.startsWith(`${ADMIN_SESSION_COOKIE}=`));
      if (answer.ok && cookie) session = cookie.split(";")[0]?.split("=")[1];
      return { answer, cookie };
    },
  };
}

describe("the first owner", () => {
  it("is made once: a later start changes nothing, and a shop without ADMIN_PASSWORD gets a generated one shown once", async () => {
    expect(await shop.platform.staff.ensureOwner("someone-else@shop.test", "another password!")).toEqual({ created: false, generatedPassword: null });
    const fresh = await openTestShop();
    try {
      const first = await fresh.platform.staff.ensureOwner(OWNER);
      expect(first.created).toBe(true);
      expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);
      expect(await fresh.platform.staff.ensureOwner(OWNER)).toEqual({ created: false, generatedPassword: null });
      const [row] = await fresh.db.query<{ password_hash: string }>("select password_hash from staff");
      expect(row?.password_hash).not.toContain(first.generatedPassword ?? "");
    } finally {
      await fresh.close();
    }
  });
});

describe("logging in", () => {
  it("signs the owner in with a Strict, HttpOnly session cookie and knows them on the next request", async () => {
    const shopper = browser();
    expect(await shopper.client().staff()).toBeNull();
    const { answer, cookie } = await shopper.logIn("OWNER@shop.test", PASSWORD);
    expect(answer).toMatchObject({ ok: true, next: "/" });
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(await shopper.client().staff()).toMatchObject({ email: OWNER, role: "owner" });
    // The database keeps only the token's hash.
    const token = cookie?.split(";")[0]?.split("=")[1] ?? "";
    const rows = await shop.db.query<{ id: string }>("select id from staff_sessions");
    expect(rows.some((row) => row.id === token)).toBe(false);
  });

  it("answers a wrong password and an unknown email alike, and names empty fields", async () => {
    const wrong = await browser().logIn(OWNER, "not the password");
    const unknown = await browser().logIn("nobody@shop.test", PASSWORD);
    expect(wrong.answer).toEqual({ ok: false, reason: "signed_out", description: "The email or password is not right.", errors: {} });
    expect(unknown.answer).toEqual(wrong.answer);
    const empty = await browser().logIn("", "");
    expect(empty.answer).toMatchObject({ ok: false, reason: "invalid", errors: { email: "Enter your email.", password: "Enter your password." } });
  });

  it("stops an address after too many attempts, even with the right password", async () => {
    const attacker = browser();
    for (let i = 0; i < ADMIN_LOGIN_LIMIT.limit; i += 1) expect((await attacker.logIn(OWNER, `guess ${i}`)).answer.ok).toBe(false);
    const blocked = await attacker.logIn(OWNER, PASSWORD);
    expect(blocked.answer).toMatchObject({ ok: false, reason: "limited" });
    expect((blocked.answer as { retryAfter?: number }).retryAfter).toBeGreaterThan(0);
  });

  it("ends the session on logout, and writes both to the audit log", async () => {
    const owner = browser();
    await owner.logIn(OWNER, PASSWORD);
    const out = await owner.client().logout();
    expect(out).toMatchObject({ ok: true, next: "/login" });
    expect(out.cookies?.[0]).toMatch(/Max-Age=0/);
    expect(await owner.client().staff()).toBeNull();
    const actions = await shop.db.query<{ action: string }>("select action from audit_log order by id");
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(["staff.login", "staff.logout"]));
  });
});

describe("the home page", () => {
  it("counts the variants at or below the low-stock threshold that cannot oversell", async () => {
    const [expected] = await shop.db.query<{ count: number }>(
      "select count(*)::int as count from variants where inventory_management = 'shopify' and inventory_policy = 'deny' and inventory_quantity <= $1",
      [LOW_STOCK_THRESHOLD],
    );
    const home = await browser().client().home();
    expect(home.lowStock).toBe(expected?.count);
    expect(home.today.orders).toBe(home.today.sales.length === 0 ? 0 : home.today.orders);
  });
});
