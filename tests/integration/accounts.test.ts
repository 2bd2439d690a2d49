/**
 * Customer accounts through the storefront client the account pages use
 * (in-process, one request per call, cookies kept in a jar as a browser
 * would): registration through the bot check, login, lockout, sessions,
 * recovery, addresses, order history, the cart at login, the customer hash,
 * rate limits. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountAnswer } from "../../src/core/accounts/account.ts";
import type { AccountClient } from "../../src/core/contract/storefront.ts";
import { newCartToken } from "../../src/platform/cart/cart-model.ts";
import { CART_COOKIE_SECRET, signedCartCookie } from "../../src/platform/http/cookies.ts";
import { PASSWORD_PARAMS, hashPassword, verifyPassword } from "../../src/platform/accounts/passwords.ts";
import { createPlatform } from "../../src/platform/platform.ts";
import { inProcessStorefront } from "../../src/platform/storefront/in-process.ts";
import { type TestShop, openTestShop } from "./harness.ts";

const SHOP_URL = "http://shop.test";
let shop: TestShop;
let addresses = 0;
/** The shop's key for cart cookies: a browser's cart cookie is a token the shop signed. */
let cartKey = "";

beforeAll(async () => {
  shop = await openTestShop();
  cartKey = await shop.platform.secrets.get(CART_COOKIE_SECRET);
});
afterAll(async () => {
  await shop?.close();
});

/** A browser: a cookie jar and an address, making one request per call. */
class Browser {
  readonly cookies = new Map<string, string>();
  readonly ip: string;
  private readonly target: TestShop;

  constructor(target: TestShop = shop, ip = `198.51.100.${++addresses}`) {
    this.target = target;
    this.ip = ip;
    this.cookies.set("cart", signedCartCookie(newCartToken(), cartKey));
  }

  /** The cart's token, from the signed cookie `token.signature`. */
  get cartToken(): string {
    return (this.cookies.get("cart") ?? "").split(".")[0] ?? "";
  }

  private get cartCookie(): string {
    return `cart=${this.cookies.get("cart") ?? ""}`;
  }

  storefront() {
    return inProcessStorefront(this.target.platform, this.cartToken, SHOP_URL, {
      ip: this.ip,
      sessionToken: this.cookies.get("customer_session"),
      challengeToken: this.cookies.get("challenge"),
      shopUrl: SHOP_URL,
      secure: false,
      cartCookieKey: cartKey,
    });
  }

  get account(): AccountClient {
    return this.storefront().account;
  }

  /** Runs an account post and keeps the cookies its answer sets, as a browser does. */
  async post(call: (account: AccountClient) => Promise<AccountAnswer>): Promise<AccountAnswer> {
    const answer = await call(this.account);
    for (const cookie of answer.cookies) {
      const [pair = "", ...attributes] = cookie.split(";").map((part) => part.trim());
      const [name = "", value = ""] = pair.split("=");
      if (attributes.some((attribute) => /^max-age=0$/i.test(attribute))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    if (!this.cookies.has("cart")) this.cookies.set("cart", signedCartCookie(newCartToken(), cartKey));
    return answer;
  }

  /** The cart as `/cart.js` answers it for this browser. */
  async cart() {
    return (await (await this.target.app.request("/cart.js", { headers: { cookie: this.cartCookie } })).json()) as { token: string; items: { variant_id: number; quantity: number }[] };
  }

  async add(variantId: number, quantity: number) {
    const response = await this.target.app.request("/cart/add.js", {
      method: "POST",
      headers: { cookie: this.cartCookie, "content-type": "application/json" },
      body: JSON.stringify({ id: variantId, quantity }),
    });
    return response.status;
  }
}

/** Solves the bot check the way the widget does, and answers the widget's payload. */
async function solvedPayload(browser: Browser): Promise<string> {
  const view = await browser.account.challenge();
  if (!view.challenge) throw new Error("no challenge on the page");
  const challenge = view.challenge as unknown as Parameters<typeof solveChallenge>[0]["challenge"];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the challenge");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

let emails = 0;
const uniqueEmail = (name = "shopper") => `${name}.${++emails}.${Date.now()}@example.com`;
const PASSWORD = "correct horse battery";

const registration = (email: string, extra: Record<string, string> = {}) => ({
  form_type: "create_customer",
  "customer[first_name]": "Ada",
  "customer[last_name]": "Lovelace",
  "customer[email]": email,
  "customer[password]": PASSWORD,
  ...extra,
});

/** Registers through the bot check; answers the browser, logged in. */
async function registered(email = uniqueEmail(), browser = new Browser()): Promise<Browser> {
  const started = await browser.post((account) => account.register(registration(email)));
  expect(started).toMatchObject({ ok: true, redirect: "/challenge" });
  const payload = await solvedPayload(browser);
  const done = await browser.post((account) => account.solveChallenge({ altcha: payload }));
  expect(done).toMatchObject({ ok: true, redirect: "/account/register?challenge=passed" });
  return browser;
}

const login = (browser: Browser, email: string, password = PASSWORD, extra: Record<string, string> = {}) =>
  browser.post((account) => account.login({ form_type: "customer_login", "customer[email]": email, "customer[password]": password, ...extra }));

const customerCount = async (email: string) =>
  (await shop.db.query<{ count: number }>("select count(*)::int as count from customers where lower(email) = lower($1)", [email]))[0]?.count;

/** The emails sent to `email`, once the work the last answers left behind is done. */
async function outboxFor(email: string) {
  await shop.platform.afterAnswer.settled();
  return shop.db.query<{ subject: string; text_body: string }>("select subject, text_body from outbox where recipient = $1 order by id", [email]);
}

describe("registering", () => {
  it("passes through the bot check, then logs the new customer in with a welcome email", async () => {
    const email = uniqueEmail("ada");
    const browser = new Browser();
    const started = await browser.post((account) => account.register(registration(email, { "customer[accepts_marketing]": "true" })));
    expect(started).toMatchObject({ ok: true, redirect: "/challenge" });
    expect(started.cookies.join("\n")).toMatch(/^challenge=[a-f0-9]{64}; Max-Age=900; Path=\/; HttpOnly; SameSite=Lax$/m);
    // Nothing is registered until the check is passed.
    expect(await customerCount(email)).toBe(0);
    expect(await browser.account.challenge()).toMatchObject({ purpose: "register", challenge: { parameters: { algorithm: "PBKDF2/SHA-256" } } });

    const done = await browser.post(async (account) => account.solveChallenge({ altcha: await solvedPayload(browser) }));
    expect(done).toMatchObject({ ok: true, redirect: "/account/register?challenge=passed" });
    expect(done.cookies.join("\n")).toMatch(/^customer_session=[a-f0-9]{64}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/m);
    const customer = await browser.account.customer();
    expect(customer).toMatchObject({ email, first_name: "Ada", last_name: "Lovelace", accepts_marketing: true });
    expect(customer?.hash).toMatch(/^[a-f0-9]{64}$/);
    expect(await outboxFor(email)).toEqual([expect.objectContaining({ subject: expect.stringContaining("Welcome") })]);

    // The password is kept as a scrypt hash with its parameters, never as given.
    const [row] = await shop.db.query<{ password_hash: string; password_params: unknown }>("select password_hash, password_params from customers where email = $1", [email]);
    expect(row?.password_hash).not.toContain(PASSWORD);
    expect(row?.password_params).toEqual(PASSWORD_PARAMS);
  });

  it("names each field that is wrong and sends nobody to the check", async () => {
    const browser = new Browser();
    const answer = await browser.post((account) =>
      account.register({ "customer[first_name]": "", "customer[last_name]": "L", "customer[email]": "not-an-email", "customer[password]": "short" }),
    );
    expect(answer).toMatchObject({ ok: false, reason: "invalid" });
    if (answer.ok) return;
    expect(Object.keys(answer.errors).sort()).toEqual(["email", "first_name", "password"]);
    expect(answer.errors.password).toEqual(["Choose a password of at least 8 characters"]);
    expect(browser.cookies.has("challenge")).toBe(false);
  });

  it("refuses a password longer than 256 characters", async () => {
    const answer = await new Browser().post((account) => account.register(registration(uniqueEmail(), { "customer[password]": "x".repeat(257) })));
    expect(answer).toMatchObject({ ok: false, reason: "invalid", errors: { password: ["A password can be at most 256 characters"] } });
  });

  it("answers an email already registered, whatever its case, as a new one, and emails its owner instead", async () => {
    const email = uniqueEmail("taken");
    await registered(email);
    const taken = new Browser();
    const fresh = new Browser();
    const answers = [await taken.post((account) => account.register(registration(email.toUpperCase()))), await fresh.post((account) => account.register(registration(uniqueEmail("fresh"))))];
    // Both go on to the check, with nothing in the answer but a new trip's cookie.
    const shape = (answer: AccountAnswer) => ({ ...answer, cookies: answer.cookies.map((cookie) => cookie.replace(/[a-f0-9]{64}/, "TOKEN")) });
    expect(shape(answers[0] as AccountAnswer)).toEqual(shape(answers[1] as AccountAnswer));
    expect(answers[0]).toMatchObject({ ok: true, redirect: "/challenge" });

    // Past the check nothing is created or logged in; the owner is told by email, once a day however often it happens.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      if (attempt > 0) await taken.post((account) => account.register(registration(email)));
      const done = await taken.post(async (account) => account.solveChallenge({ altcha: await solvedPayload(taken) }));
      expect(done).toEqual({ ok: true, redirect: "/account/register?challenge=passed", cookies: ["challenge=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax"] });
    }
    expect(await taken.account.customer()).toBeNull();
    expect(await customerCount(email)).toBe(1);
    const notices = (await outboxFor(email)).filter((message) => /already have/.test(message.subject));
    expect(notices).toEqual([expect.objectContaining({ text_body: expect.stringMatching(/tried to create an account[\s\S]*http:\/\/shop\.test\/account\/login[\s\S]*http:\/\/shop\.test\/account\/recover/) })]);
  });

  it("shows a failed check's error and registers nothing", async () => {
    const email = uniqueEmail("bot");
    const browser = new Browser();
    await browser.post((account) => account.register(registration(email)));
    const view = await browser.account.challenge();
    const forged = Buffer.from(JSON.stringify({ challenge: view.challenge, solution: { counter: 1, derivedKey: "00".repeat(32) } })).toString("base64");
    for (const altcha of [forged, "", "not base64 json"]) {
      const answer = await browser.post((account) => account.solveChallenge({ altcha }));
      expect(answer).toMatchObject({ ok: false, reason: "invalid", errors: { altcha: [expect.stringMatching(/check/)] } });
    }
    expect(await customerCount(email)).toBe(0);
    expect(await browser.account.customer()).toBeNull();
  });

  it("refuses a solution posted a second time, and registers nothing with it", async () => {
    const first = new Browser();
    await first.post((account) => account.register(registration(uniqueEmail())));
    const payload = await solvedPayload(first);
    expect(await first.post((account) => account.solveChallenge({ altcha: payload }))).toMatchObject({ ok: true });

    const email = uniqueEmail("replay");
    const second = new Browser();
    await second.post((account) => account.register(registration(email)));
    const replayed = await second.post((account) => account.solveChallenge({ altcha: payload }));
    expect(replayed).toMatchObject({ ok: false, reason: "invalid", description: "That check was already used. Please run it again." });
    expect(await customerCount(email)).toBe(0);
    // The same trip still completes with a fresh solution.
    expect(await second.post(async (account) => account.solveChallenge({ altcha: await solvedPayload(second) }))).toMatchObject({ ok: true });
    expect(await customerCount(email)).toBe(1);
  });

  it("answers a check nobody is waiting on without registering", async () => {
    const browser = new Browser();
    expect(await browser.account.challenge()).toEqual({ purpose: null, challenge: null });
    expect(await browser.post((account) => account.solveChallenge({ altcha: "x" }))).toMatchObject({ ok: false, reason: "malformed" });
  });
});

describe("logging in and out", () => {
  it("logs in with a new session id, and logging out ends that session on the server", async () => {
    const email = uniqueEmail("login");
    const first = await registered(email);
    const browser = new Browser();
    const answer = await login(browser, email.toUpperCase());
    expect(answer).toMatchObject({ ok: true, redirect: "/account" });
    const session = browser.cookies.get("customer_session");
    expect(session).toMatch(/^[a-f0-9]{64}$/);
    expect(session).not.toBe(first.cookies.get("customer_session"));
    expect((await browser.account.customer())?.email).toBe(email);
    // Only the session id's digest is stored.
    expect(await shop.db.query("select 1 from customer_sessions where id = $1", [session])).toEqual([]);

    const out = await browser.post((account) => account.logout());
    expect(out).toMatchObject({ ok: true, redirect: "/" });
    expect(out.cookies.join("\n")).toMatch(/^customer_session=; Max-Age=0/m);
    // A copy of the old cookie opens nothing any more.
    const stolen = new Browser();
    stolen.cookies.set("customer_session", session ?? "");
    expect(await stolen.account.customer()).toBeNull();
    // The other browser's session is its own and stays.
    expect((await first.account.customer())?.email).toBe(email);
  });

  it("answers an unknown email exactly as a wrong password", async () => {
    const email = uniqueEmail("known");
    await registered(email);
    const wrong = await login(new Browser(), email, "not the password");
    const unknown = await login(new Browser(), uniqueEmail("unknown"), "not the password");
    expect(wrong).toEqual({ ok: false, reason: "signed_out", description: "Incorrect email or password.", errors: { form: ["Incorrect email or password."] }, cookies: [] });
    expect(unknown).toEqual(wrong);
  });

  it("follows a return_url on this shop only", async () => {
    const email = uniqueEmail("return");
    await registered(email);
    expect(await login(new Browser(), email, PASSWORD, { return_url: "/checkout" })).toMatchObject({ ok: true, redirect: "/checkout" });
    expect(await login(new Browser(), email, PASSWORD, { return_url: "//evil.example/x" })).toMatchObject({ ok: true, redirect: "/account" });
    expect(await login(new Browser(), email, PASSWORD, { return_url: "https://evil.example/" })).toMatchObject({ ok: true, redirect: "/account" });
  });

  it("sends an address through the bot check after 3 failed logins, one pass per attempt", async () => {
    const email = uniqueEmail("locked");
    await registered(email);
    const browser = new Browser();
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await login(browser, email, "wrong password")).toMatchObject({ ok: false, reason: "signed_out" });
    // Even the right password now goes through the check first, so guessing costs a proof of work each time.
    expect(await login(browser, email)).toMatchObject({ ok: true, redirect: "/challenge" });
    expect(await browser.account.customer()).toBeNull();
    expect((await browser.account.challenge()).purpose).toBe("login");
    expect(await browser.post(async (account) => account.solveChallenge({ altcha: await solvedPayload(browser) }))).toMatchObject({
      ok: true,
      redirect: "/account/login?challenge=passed",
    });
    expect(await login(browser, email)).toMatchObject({ ok: true, redirect: "/account" });
    expect((await browser.account.customer())?.email).toBe(email);
    // The pass was used up: the next attempt from that address is checked again.
    expect(await login(new Browser(undefined, browser.ip), email)).toMatchObject({ ok: true, redirect: "/challenge" });
    // Another address is not affected.
    expect(await login(new Browser(), email)).toMatchObject({ ok: true, redirect: "/account" });
  });
});

describe("guessing a password from many addresses", () => {
  /** Answers the outcome of each login in turn: 401 for a judged wrong password, "check" when sent to the bot check. */
  const outcome = (answer: AccountAnswer) => (answer.ok ? (answer.redirect === "/challenge" ? "check" : "in") : answer.reason);

  it("sends every try at an account through the check after 5 failures from anywhere, and tells its owner once", async () => {
    const email = uniqueEmail("guessed");
    await registered(email);
    const outcomes = [];
    // Twenty addresses, three guesses each: the most any one address may fail before its own check.
    for (let address = 0; address < 20; address += 1) {
      const browser = new Browser();
      for (let guess = 0; guess < 3; guess += 1) outcomes.push(outcome(await login(browser, email, `guess ${address}.${guess}`)));
    }
    expect(outcomes.filter((result) => result === "signed_out")).toHaveLength(5);
    expect(outcomes.slice(5).every((result) => result === "check")).toBe(true);
    // The right password from a new address needs the check too, and logs in once it is passed.
    const owner = new Browser();
    expect(outcome(await login(owner, email))).toBe("check");
    await owner.post(async (account) => account.solveChallenge({ altcha: await solvedPayload(owner) }));
    expect(outcome(await login(owner, email))).toBe("in");

    const notices = (await outboxFor(email)).filter((message) => /Failed attempts/.test(message.subject));
    expect(notices).toEqual([expect.objectContaining({ text_body: expect.stringContaining("http://shop.test/account/recover") })]);
  });

  it("answers guesses at an email without an account exactly as at one with an account", async () => {
    const email = uniqueEmail("guessed-known");
    await registered(email);
    const unknown = uniqueEmail("guessed-unknown");
    const outcomes = async (target: string) => {
      const results = [];
      for (let address = 0; address < 8; address += 1) results.push(await login(new Browser(), target, "a wrong guess"));
      return results.map((answer) => ({ ...answer, cookies: answer.cookies.map((cookie) => cookie.replace(/[a-f0-9]{64}/, "TOKEN")) }));
    };
    expect(await outcomes(unknown)).toEqual(await outcomes(email));
    expect(await outboxFor(unknown)).toEqual([]);
  });

  it("judges at most 10 guesses at one account, however many arrive together from however many addresses", async () => {
    const email = uniqueEmail("swarmed");
    await registered(email);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, address) => login(new Browser(), email, `swarm guess ${address}`)));
    const judged = answers.filter((answer) => !answer.ok);
    expect(judged.length).toBeLessThanOrEqual(10);
    expect(judged.every((answer) => !answer.ok && answer.reason === "signed_out")).toBe(true);
    expect(answers.filter((answer) => answer.ok && answer.redirect === "/challenge")).toHaveLength(30 - judged.length);
  });

  it("counts the addresses of one IPv6 /64 as one address", async () => {
    const outcomes = [];
    // Each guess at a different account, so only the address's own count can send it to the check.
    for (let host = 1; host <= 6; host += 1) {
      outcomes.push(outcome(await login(new Browser(undefined, `2001:db8:44:${addresses}::${host.toString(16)}`), uniqueEmail("v6"), "a wrong guess")));
    }
    expect(outcomes).toEqual(["signed_out", "signed_out", "signed_out", "check", "check", "check"]);
    // The next /64 is another subscriber.
    expect(outcome(await login(new Browser(undefined, `2001:db8:45:${addresses}::1`), uniqueEmail("v6"), "a wrong guess"))).toBe("signed_out");
  });
});

describe("recovering a password", () => {
  it("answers the same for an unknown email, and emails a known one a single-use link", async () => {
    const email = uniqueEmail("recover");
    const before = await registered(email);
    const known = await new Browser().post((account) => account.recover({ form_type: "recover_customer_password", email }));
    const unknown = await new Browser().post((account) => account.recover({ form_type: "recover_customer_password", email: uniqueEmail("nobody") }));
    expect(known).toEqual({ ok: true, redirect: "/account/recover?sent=1", cookies: ["challenge=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax"] });
    expect(unknown).toEqual(known);

    const mail = (await outboxFor(email)).find((message) => /reset/i.test(message.subject));
    const link = /http:\/\/shop\.test\/account\/reset\/(\d+)\/([a-f0-9]{64})/.exec(mail?.text_body ?? "");
    expect(link).not.toBeNull();
    const [, id = "", token = ""] = link ?? [];
    const browser = new Browser();
    expect(await browser.account.resetLinkValid(id, token)).toBe(true);
    expect(await browser.post((account) => account.resetPassword(id, token, { "customer[password]": "short", "customer[password_confirmation]": "short" }))).toMatchObject({
      ok: false,
      reason: "invalid",
      errors: { password: [expect.any(String)] },
    });
    expect(await browser.post((account) => account.resetPassword(id, token, { "customer[password]": "a new password", "customer[password_confirmation]": "different" }))).toMatchObject({
      ok: false,
      errors: { password_confirmation: ["The two passwords are not the same"] },
    });
    const reset = await browser.post((account) => account.resetPassword(id, token, { "customer[password]": "a new password", "customer[password_confirmation]": "a new password" }));
    expect(reset).toMatchObject({ ok: true, redirect: "/account" });
    expect((await browser.account.customer())?.email).toBe(email);
    // Every earlier session ended with the reset; the old password is gone and the new one works.
    expect(await before.account.customer()).toBeNull();
    expect(await login(new Browser(), email)).toMatchObject({ ok: false, reason: "signed_out" });
    expect(await login(new Browser(), email, "a new password")).toMatchObject({ ok: true });
    // The link works once.
    expect(await browser.account.resetLinkValid(id, token)).toBe(false);
    expect(await new Browser().post((account) => account.resetPassword(id, token, { "customer[password]": "another password" }))).toMatchObject({ ok: false, reason: "not_found" });
  });

  it("does the same database work before answering whether or not the email has an account, and makes the link after", async () => {
    const email = uniqueEmail("recover-work");
    await registered(email);
    await shop.platform.afterAnswer.settled();
    let statements: string[] = [];
    const counting = new Proxy(shop.db, {
      get(target, property) {
        if (property === "query") return (sql: string, params?: unknown[]) => (statements.push(sql), target.query(sql, params));
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const server = createPlatform(counting, shop.platform.settings, { catalogCheckMs: 0 });
    const workBeforeAnswer = async (target: string) => {
      // What an earlier answer left behind is done first, so only this answer's own work is counted.
      await server.afterAnswer.settled();
      statements = [];
      const answer = await server.customers.recover({ ip: `203.0.113.${++addresses % 250}`, cartToken: newCartToken(), shopUrl: SHOP_URL, locale: "en-GB" }, { email: target });
      return { answer, statements: [...statements] };
    };
    const known = await workBeforeAnswer(email);
    const unknown = await workBeforeAnswer(uniqueEmail("nobody"));
    expect(unknown).toEqual(known);
    expect(known.answer).toMatchObject({ ok: true, redirect: "/account/recover?sent=1" });
    await server.afterAnswer.settled();
    expect((await outboxFor(email)).filter((message) => /reset/i.test(message.subject))).toHaveLength(1);
  });

  it("refuses a link older than an hour", async () => {
    const email = uniqueEmail("expired");
    await registered(email);
    await new Browser().post((account) => account.recover({ email }));
    const mail = (await outboxFor(email)).find((message) => /reset/i.test(message.subject));
    const [, id = "", token = ""] = /\/account\/reset\/(\d+)\/([a-f0-9]{64})/.exec(mail?.text_body ?? "") ?? [];
    await shop.db.query("update password_reset_tokens set expires_at = now() - interval '1 second' where customer_id = $1", [Number(id)]);
    const browser = new Browser();
    expect(await browser.account.resetLinkValid(id, token)).toBe(false);
    expect(await browser.post((account) => account.resetPassword(id, token, { "customer[password]": "a new password" }))).toMatchObject({ ok: false, reason: "not_found" });
    expect(await login(new Browser(), email)).toMatchObject({ ok: true });
  });

  it("sends an address through the bot check after 3 requests", async () => {
    const browser = new Browser();
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await browser.post((account) => account.recover({ email: uniqueEmail() }))).toMatchObject({ ok: true, redirect: "/account/recover?sent=1" });
    expect(await browser.post((account) => account.recover({ email: uniqueEmail() }))).toMatchObject({ ok: true, redirect: "/challenge" });
    await browser.post(async (account) => account.solveChallenge({ altcha: await solvedPayload(browser) }));
    expect(await browser.post((account) => account.recover({ email: uniqueEmail() }))).toMatchObject({ ok: true, redirect: "/account/recover?sent=1" });
  });
});

describe("the cart at login", () => {
  it("merges a guest cart into the customer's (quantities summed, stock applied) and follows the customer to another browser", async () => {
    const email = uniqueEmail("cart");
    const home = await registered(email);
    const cleanser = shop.variant("plain-cleanser");
    const soap = shop.variant("untracked-soap");
    expect(await home.add(cleanser, 1)).toBe(200);
    const customerCart = home.cartToken;

    const work = new Browser();
    expect(await work.add(cleanser, 2)).toBe(200);
    expect(await work.add(soap, 3)).toBe(200);
    const guestCart = work.cartToken;
    await login(work, email);
    // The browser now holds the customer's cart, with the guest's lines in it.
    expect(work.cartToken).toBe(customerCart);
    const merged = await work.cart();
    expect(merged.items.map((item) => [item.variant_id, item.quantity]).sort()).toEqual([[cleanser, 3], [soap, 3]].sort());
    expect((await new Browser().storefront().cart()).items).toEqual([]);
    const [guest] = await shop.db.query<{ lines: unknown[] }>("select lines from carts where token = $1", [guestCart]);
    expect(guest?.lines).toEqual([]);
    expect((await home.cart()).items.length).toBe(2);
  });

  it("never merges beyond the stock a variant may sell", async () => {
    const email = uniqueEmail("stock");
    const home = await registered(email);
    const cleanser = shop.variant("plain-cleanser");
    await shop.db.query("update variants set inventory_management = 'shopify', inventory_policy = 'deny', inventory_quantity = 4 where id = $1", [cleanser]);
    await shop.db.query("update catalog_meta set revision = revision + 1, inventory_revision = inventory_revision + 1");
    try {
      expect(await home.add(cleanser, 3)).toBe(200);
      const guest = new Browser();
      expect(await guest.add(cleanser, 3)).toBe(200);
      await login(guest, email);
      expect((await guest.cart()).items).toEqual([expect.objectContaining({ variant_id: cleanser, quantity: 4 })]);
    } finally {
      await shop.db.query("update variants set inventory_quantity = 1000 where id = $1", [cleanser]);
    }
  });

  it("gives a customer without a cart this browser's", async () => {
    const email = uniqueEmail("firstcart");
    await registered(email);
    await shop.db.query("update customers set cart_token = null where email = $1", [email]);
    const browser = new Browser();
    await browser.add(shop.variant("untracked-soap"), 1);
    const token = browser.cartToken;
    await login(browser, email);
    expect(browser.cartToken).toBe(token);
    const [row] = await shop.db.query<{ cart_token: string }>("select cart_token from customers where email = $1", [email]);
    expect(row?.cart_token).toBe(token);
  });

  it("leaves the browser a fresh cart at logout", async () => {
    const browser = await registered();
    await browser.add(shop.variant("untracked-soap"), 1);
    const token = browser.cartToken;
    await browser.post((account) => account.logout());
    expect(browser.cartToken).not.toBe(token);
    expect((await browser.cart()).items).toEqual([]);
  });
});

const address = {
  "address[first_name]": "Ada",
  "address[last_name]": "Lovelace",
  "address[address1]": "12 St James's Square",
  "address[city]": "London",
  "address[zip]": "SW1Y 4JH",
  "address[country]": "GB",
};

describe("addresses, orders and the checkout", () => {
  it("adds, edits, deletes and sets the default address; checkout starts from it", async () => {
    const email = uniqueEmail("addresses");
    const browser = await registered(email);
    expect(await browser.post((account) => account.saveAddress({ ...address, "address[zip]": "" }))).toMatchObject({ ok: false, reason: "invalid", errors: { zip: [expect.any(String)] } });
    expect(await browser.post((account) => account.saveAddress(address))).toEqual({ ok: true, redirect: "/account/addresses", cookies: [] });
    await browser.post((account) => account.saveAddress({ ...address, "address[address1]": "1 Other Street", "address[city]": "Leeds" }));
    let book = (await browser.account.overview())?.addresses ?? [];
    expect(book.map((entry) => [entry.city, entry.default])).toEqual([["London", true], ["Leeds", false]]);
    const leeds = String(book[1]?.id);
    await browser.post((account) => account.setDefaultAddress(leeds));
    await browser.post((account) => account.saveAddress({ ...address, "address[city]": "Manchester", "address[address1]": "1 Other Street" }, leeds));
    book = (await browser.account.overview())?.addresses ?? [];
    expect(book.map((entry) => [entry.city, entry.default])).toEqual([["Manchester", true], ["London", false]]);
    expect(await browser.account.checkoutPrefill()).toMatchObject({ email, address: { city: "Manchester", zip: "SW1Y 4JH", country: "GB" } });

    // Another customer cannot touch this book.
    const other = await registered();
    expect(await other.post((account) => account.deleteAddress(leeds))).toMatchObject({ ok: false, reason: "not_found" });
    expect(await other.post((account) => account.saveAddress(address, leeds))).toMatchObject({ ok: false, reason: "not_found" });
    expect(await other.post((account) => account.setDefaultAddress(leeds))).toMatchObject({ ok: false, reason: "not_found" });

    await browser.post((account) => account.deleteAddress(leeds));
    book = (await browser.account.overview())?.addresses ?? [];
    expect(book.map((entry) => [entry.city, entry.default])).toEqual([["London", true]]);
    // Nobody logged in is sent to the login page.
    expect(await new Browser().post((account) => account.saveAddress(address))).toEqual({ ok: true, redirect: "/account/login", cookies: [] });
    expect(await new Browser().account.checkoutPrefill()).toBeNull();
  });

  it("puts an order placed while logged in in the customer's history at once, newest first; a guest's order in nobody's", async () => {
    const email = uniqueEmail("orders");
    const browser = await registered(email);
    const contact = { email, first_name: "Ada", last_name: "Lovelace", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" };
    await browser.add(shop.variant("plain-cleanser"), 2);
    const first = await browser.storefront().placeOrder(contact);
    await browser.add(shop.variant("untracked-soap"), 1);
    const second = await browser.storefront().placeOrder(contact);
    const guest = new Browser();
    await guest.add(shop.variant("untracked-soap"), 1);
    const guestOrder = await guest.storefront().placeOrder(contact);
    expect(first.ok && second.ok && guestOrder.ok).toBe(true);

    const orders = (await browser.account.overview())?.orders ?? [];
    expect(orders.map((order) => order.name)).toEqual([second.ok ? second.order.name : "", first.ok ? first.order.name : ""]);
    expect(orders[1]).toMatchObject({ line_items: [expect.objectContaining({ variant_id: shop.variant("plain-cleanser"), quantity: 2 })], status: expect.stringContaining("Placed") });
    expect(orders[1]?.total_price).toBeGreaterThan(0);
    const [row] = await shop.db.query<{ customer_id: number | null }>("select customer_id from orders where token = $1", [guestOrder.ok ? guestOrder.order.token : ""]);
    expect(row?.customer_id).toBeNull();
  });

  it("keeps the number and SMS consent a logged-in customer gave at checkout with the customer", async () => {
    const browser = await registered(uniqueEmail("sms"));
    const me = await browser.account.customer();
    const contact = { email: me?.email, first_name: "Ada", last_name: "Lovelace", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" };
    await browser.add(shop.variant("plain-cleanser"), 1);
    expect((await browser.storefront().placeOrder({ ...contact, phone: "07911 123456", sms_opt_in: "on" })).ok).toBe(true);
    const [row] = await shop.db.query<{ phone: string | null; sms_consent: { consent_text: string; phone: string } | null }>("select phone, sms_consent from customers where id = $1", [me?.id]);
    expect(row).toMatchObject({ phone: "+447911123456", sms_consent: { consent_text: "Text me with news and offers", phone: "+447911123456" } });
  });
});

describe("the customer id and hash", () => {
  it("verifies a good pair, and refuses a tampered hash or another customer's", async () => {
    const ada = await (await registered()).account.customer();
    const grace = await (await registered()).account.customer();
    if (!ada || !grace) throw new Error("not logged in");
    const { hasher } = shop.platform.customers;
    expect(await hasher.verify(ada.id, ada.hash)).toBe(ada.id);
    expect(await hasher.verify(String(ada.id), ada.hash.toUpperCase())).toBe(ada.id);
    const tampered = `${ada.hash.slice(0, -1)}${ada.hash.endsWith("0") ? "1" : "0"}`;
    expect(await hasher.verify(ada.id, tampered)).toBeNull();
    expect(await hasher.verify(ada.id, grace.hash)).toBeNull();
    expect(await hasher.verify(grace.id, ada.hash)).toBeNull();
    expect(await hasher.verify("1 or 1=1", ada.hash)).toBeNull();
    expect(await hasher.verify(ada.id, undefined)).toBeNull();
  });

  it("changes with a password reset: the old hash proves nothing, and the new one reaches the saved list", async () => {
    const email = uniqueEmail("rotated");
    const before = await (await registered(email)).account.customer();
    if (!before) throw new Error("not logged in");
    const picks = [{ source: "quiz", product_handle: "gel-cleanser", product_title: "Gel Cleanser", product_step: "cleanse", product_variant: 11, product_is_free: false }];
    expect(await shop.platform.savedForLater.replace(before.id, before.hash, picks)).toEqual({ ok: true, items: picks });

    await new Browser().post((account) => account.recover({ email }));
    const mail = (await outboxFor(email)).find((message) => /reset/i.test(message.subject));
    const [, id = "", token = ""] = /\/account\/reset\/(\d+)\/([a-f0-9]{64})/.exec(mail?.text_body ?? "") ?? [];
    const browser = new Browser();
    expect(await browser.post((account) => account.resetPassword(id, token, { "customer[password]": "a new password", "customer[password_confirmation]": "a new password" }))).toMatchObject({ ok: true });
    const after = await browser.account.customer();
    if (!after) throw new Error("not logged in");

    expect(after.id).toBe(before.id);
    expect(after.hash).not.toBe(before.hash);
    const { hasher } = shop.platform.customers;
    expect(await hasher.verify(before.id, before.hash)).toBeNull();
    expect(await hasher.verify(after.id, after.hash)).toBe(after.id);
    expect(await shop.platform.savedForLater.read(before.id, before.hash)).toMatchObject({ ok: false, kind: "unknown_customer" });
    expect(await shop.platform.savedForLater.read(after.id, after.hash)).toEqual({ ok: true, items: picks });
    // Every server agrees on the new hash.
    expect(await createPlatform(shop.db, shop.platform.settings, { catalogCheckMs: 0 }).customers.hasher.hash(after.id)).toBe(after.hash);
  });

  it("generates the secret once and keeps it with the database, so every server agrees; a configured one wins", async () => {
    const customer = await (await registered()).account.customer();
    if (!customer) throw new Error("not logged in");
    const [secret] = await shop.db.query<{ value: string }>("select value from shop_secrets where name = 'customer_hash'");
    expect(secret?.value).toMatch(/^[a-f0-9]{64}$/);
    const otherServer = createPlatform(shop.db, shop.platform.settings, { catalogCheckMs: 0 });
    expect(await otherServer.customers.hasher.hash(customer.id)).toBe(customer.hash);
    const configured = createPlatform(shop.db, shop.platform.settings, { catalogCheckMs: 0, customerHashSecret: "x".repeat(40) });
    expect(await configured.customers.hasher.hash(customer.id)).not.toBe(customer.hash);
  });

  it("is readable as JSON with the session cookie, from any server on the database", async () => {
    const browser = await registered();
    const customer = await browser.account.customer();
    const otherServer = createPlatform(shop.db, shop.platform.settings, { catalogCheckMs: 0 });
    const headers = { cookie: `customer_session=${browser.cookies.get("customer_session")}` };
    const viaShop = await (await shop.app.request("/account.json", { headers })).json();
    expect(viaShop).toEqual({ customer });
    expect(await otherServer.customers.customerForSession(browser.cookies.get("customer_session"))).toEqual(customer);
    expect(await (await shop.app.request("/account.json")).json()).toEqual({ customer: null });
  });
});

describe("rate limits", () => {
  it("answers 429 with a wait once an address passes a limit, held in the database", async () => {
    const limited = await openTestShop({});
    try {
      const limits = { register: { limit: 2, windowSeconds: 3600 }, login: { limit: 2, windowSeconds: 900 }, recover: { limit: 2, windowSeconds: 3600 } };
      const servers = [createPlatform(limited.db, limited.platform.settings, { catalogCheckMs: 0, accountLimits: limits }), createPlatform(limited.db, limited.platform.settings, { catalogCheckMs: 0, accountLimits: limits })];
      // Alternate servers: the count is the database's, not one server's.
      const client = (index: number) => inProcessStorefront(servers[index % 2]!, newCartToken(), SHOP_URL, { ip: "203.0.113.9", sessionToken: undefined, challengeToken: undefined, shopUrl: SHOP_URL, secure: false }).account;
      for (const [index, call] of [
        (account: AccountClient) => account.register(registration(uniqueEmail())),
        (account: AccountClient) => account.register(registration(uniqueEmail())),
      ].entries()) {
        expect(await call(client(index))).toMatchObject({ ok: true, redirect: "/challenge" });
      }
      const refused = await client(2).register(registration(uniqueEmail()));
      expect(refused).toMatchObject({ ok: false, reason: "limited", description: expect.stringMatching(/^Too many attempts from your network\. Please wait \d+ minutes and try again\.$/) });
      expect(!refused.ok && refused.retryAfter).toBeGreaterThan(0);
      expect(!refused.ok && refused.retryAfter).toBeLessThanOrEqual(3600);

      for (let attempt = 0; attempt < 2; attempt += 1) expect((await client(attempt).login({ email: "a@example.com", password: "x" })).ok).toBe(false);
      expect(await client(0).login({ email: "a@example.com", password: "x" })).toMatchObject({ reason: "limited" });
      for (let attempt = 0; attempt < 2; attempt += 1) await client(attempt).recover({ email: "a@example.com" });
      expect(await client(0).recover({ email: "a@example.com" })).toMatchObject({ reason: "limited" });
      // Another address is not limited.
      const elsewhere = inProcessStorefront(servers[0]!, newCartToken(), SHOP_URL, { ip: "203.0.113.10", sessionToken: undefined, challengeToken: undefined, shopUrl: SHOP_URL, secure: false }).account;
      expect(await elsewhere.register(registration(uniqueEmail()))).toMatchObject({ ok: true });
    } finally {
      await limited.close();
    }
  });
});

describe("password hashing", () => {
  it("uses scrypt at N=2^15, r=8, p=1 with a random salt, and verifies in constant time", async () => {
    const started = performance.now();
    const first = await hashPassword(PASSWORD);
    const elapsed = performance.now() - started;
    const second = await hashPassword(PASSWORD);
    expect(first.params).toEqual({ N: 32768, r: 8, p: 1, keylen: 32 });
    expect(first.salt).not.toBe(second.salt);
    expect(first.hash).not.toBe(second.hash);
    expect(await verifyPassword(PASSWORD, first)).toBe(true);
    expect(await verifyPassword(`${PASSWORD} `, first)).toBe(false);
    // The figure for docs/decisions.md; measured, not asserted.
    console.info(`scrypt N=2^15 r=8 p=1: ${elapsed.toFixed(0)} ms per hash`);
  });
});
