/**
 * Customer passkeys through the storefront client the account and login
 * pages use (in-process, cookies kept as a browser keeps them), with real
 * attestations and assertions from a software authenticator: adding one
 * (password needed), signing in with it (a fresh session, no email asked),
 * and the refusals: a replayed answer, another origin, another customer's
 * user handle, a counter going back, an unknown passkey reading like any
 * other refusal, the address limits. Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountAnswer } from "../../src/core/accounts/account.ts";
import type { AccountClient } from "../../src/core/contract/storefront.ts";
import { newCartToken } from "../../src/platform/cart/cart-model.ts";
import { CART_COOKIE_SECRET, signedCartCookie } from "../../src/platform/http/cookies.ts";
import { inProcessStorefront } from "../../src/platform/storefront/in-process.ts";
import { SoftwarePasskey } from "../passkey-authenticator.ts";
import { type TestShop, openTestShop } from "./harness.ts";

const SHOP_URL = "https://shop.test";
const PASSWORD = "correct horse battery";
let shop: TestShop;
let addresses = 0;
let cartKey = "";
let clock = Date.parse("2026-03-02T09:00:00Z");

beforeAll(async () => {
  shop = await openTestShop({ now: () => clock });
  cartKey = await shop.platform.secrets.get(CART_COOKIE_SECRET);
});
afterAll(async () => {
  await shop?.close();
});

/** A browser: a cookie jar and an address, one request per call, on `shopUrl`. */
class Browser {
  readonly cookies = new Map<string, string>();
  readonly ip = `198.51.100.${++addresses}`;
  readonly shopUrl = SHOP_URL;
  constructor() {
    this.cookies.set("cart", signedCartCookie(newCartToken(), cartKey));
  }

  get account(): AccountClient {
    const cartToken = (this.cookies.get("cart") ?? "").split(".")[0] ?? "";
    return inProcessStorefront(shop.platform, cartToken, this.shopUrl, {
      ip: this.ip,
      sessionToken: this.cookies.get("customer_session"),
      challengeToken: this.cookies.get("challenge"),
      shopUrl: this.shopUrl,
      secure: true,
      cartCookieKey: cartKey,
    }).account;
  }

  async post(call: (account: AccountClient) => Promise<AccountAnswer>): Promise<AccountAnswer> {
    const answer = await call(this.account);
    for (const cookie of answer.cookies) {
      const [pair = "", ...attributes] = cookie.split(";").map((part) => part.trim());
      const [name = "", value = ""] = pair.split("=");
      if (attributes.some((attribute) => /^max-age=0$/i.test(attribute))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return answer;
  }
}

let emails = 0;
const uniqueEmail = () => `passkey.${++emails}@example.com`;

/** Registers through the bot check, as the register page does; answers the browser, logged in. */
async function registered(email = uniqueEmail()): Promise<Browser> {
  const browser = new Browser();
  const fields = { form_type: "create_customer", "customer[first_name]": "Ada", "customer[last_name]": "Lovelace", "customer[email]": email, "customer[password]": PASSWORD };
  expect(await browser.post((account) => account.register(fields))).toMatchObject({ ok: true, redirect: "/challenge" });
  const view = await browser.account.challenge();
  const challenge = view.challenge as unknown as Parameters<typeof solveChallenge>[0]["challenge"];
  const solution = await solveChallenge({ challenge, deriveKey });
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  expect(await browser.post((account) => account.solveChallenge({ altcha }))).toMatchObject({ ok: true });
  expect(await browser.account.customer()).toMatchObject({ email });
  return browser;
}

/** Adds a passkey made by `key` from the account page, as the page does. */
async function addPasskey(browser: Browser, key: SoftwarePasskey, name = "My phone", origin = SHOP_URL, password = PASSWORD) {
  const options = await browser.account.passkeyOptions();
  if (!options.ok) throw new Error(options.description);
  return browser.post((account) => account.addPasskey({ intent: "add-passkey", passkey_name: name, passkey_password: password, passkey: JSON.stringify(key.register(options.options, origin)) }));
}

/** Signs in from the login page with whatever passkey `key` holds, as the page does; the answer can be changed first. */
async function signIn(browser: Browser, key: SoftwarePasskey, origin = SHOP_URL, change: (answer: ReturnType<SoftwarePasskey["authenticate"]>) => unknown = (answer) => answer) {
  const options = await browser.account.passkeySignInOptions();
  if (!options.ok) throw new Error(options.description);
  const answer = key.authenticate(options.options, origin);
  return browser.post((account) => account.passkeyLogin({ intent: "passkey-login", passkey: JSON.stringify(change(answer)) }));
}

const refused = { ok: false, reason: "signed_out", description: "That passkey could not sign you in. Try again, or log in with your email and password." };

describe("adding a passkey", () => {
  it("needs the password and a name, and lists the passkey with its dates", async () => {
    const browser = await registered();
    const key = new SoftwarePasskey();
    expect(await addPasskey(browser, key, "My phone", SHOP_URL, "not my password")).toMatchObject({ ok: false, reason: "invalid", errors: { passkey_password: ["That is not your password."] } });
    expect(await addPasskey(browser, key, "  ")).toMatchObject({ ok: false, reason: "invalid", errors: { passkey_name: [expect.stringContaining("name")] } });
    expect(await browser.account.passkeys()).toEqual([]);
    expect(await addPasskey(browser, key)).toMatchObject({ ok: true, redirect: "/account?passkey=added#passkeys" });
    expect(await browser.account.passkeys()).toEqual([{ number: expect.any(Number), name: "My phone", created_at: new Date(clock).toISOString(), last_used_at: null }]);
  });

  it("refuses a registration answered for another origin, or answering a challenge twice", async () => {
    const browser = await registered();
    expect(await addPasskey(browser, new SoftwarePasskey(), "Elsewhere", "https://evil.test")).toMatchObject({ ok: false, reason: "invalid", errors: { passkey: [expect.any(String)] } });
    const options = await browser.account.passkeyOptions();
    if (!options.ok) throw new Error(options.description);
    const answer = JSON.stringify(new SoftwarePasskey().register(options.options, SHOP_URL));
    const add = () => browser.post((account) => account.addPasskey({ passkey_name: "Twice", passkey_password: PASSWORD, passkey: answer }));
    expect(await add()).toMatchObject({ ok: true });
    expect(await add()).toMatchObject({ ok: false, reason: "invalid" });
    expect(await browser.account.passkeys()).toHaveLength(1);
  });

  it("is for a logged-in customer only", async () => {
    const stranger = new Browser();
    expect(await stranger.account.passkeyOptions()).toMatchObject({ ok: false, reason: "signed_out" });
    expect(await stranger.account.addPasskey({ passkey_name: "x", passkey_password: PASSWORD, passkey: "{}" })).toMatchObject({ ok: true, redirect: "/account/login" });
  });
});

describe("signing in with a passkey", () => {
  it("starts a fresh session without an email or password, and notes the last use", async () => {
    const email = uniqueEmail();
    const home = await registered(email);
    const key = new SoftwarePasskey(1);
    await addPasskey(home, key);
    const away = new Browser();
    away.cookies.set("customer_session", "ab".repeat(32));
    clock += 60_000;
    const answer = await signIn(away, key);
    expect(answer).toMatchObject({ ok: true, redirect: "/account" });
    const session = away.cookies.get("customer_session");
    expect(session).toMatch(/^[0-9a-f]{64}$/);
    expect(session).not.toBe("ab".repeat(32));
    expect(session).not.toBe(home.cookies.get("customer_session"));
    expect(await away.account.customer()).toMatchObject({ email });
    expect((await away.account.passkeys())?.[0]?.last_used_at).toBe(new Date(clock).toISOString());
  });

  it("follows a return path on this shop only", async () => {
    const home = await registered();
    const key = new SoftwarePasskey();
    await addPasskey(home, key);
    const options = await new Browser().account.passkeySignInOptions();
    if (!options.ok) throw new Error(options.description);
    const browser = new Browser();
    const answer = await browser.post((account) => account.passkeyLogin({ return_url: "https://evil.test/x", passkey: JSON.stringify(key.authenticate(options.options, SHOP_URL)) }));
    expect(answer).toMatchObject({ ok: true, redirect: "/account" });
  });

  it("refuses a replayed answer, another origin, and a challenge made up by the browser", async () => {
    const home = await registered();
    const key = new SoftwarePasskey();
    await addPasskey(home, key);
    const options = await new Browser().account.passkeySignInOptions();
    if (!options.ok) throw new Error(options.description);
    const answer = JSON.stringify(key.authenticate(options.options, SHOP_URL));
    expect(await new Browser().post((account) => account.passkeyLogin({ passkey: answer }))).toMatchObject({ ok: true });
    const replay = new Browser();
    expect(await replay.post((account) => account.passkeyLogin({ passkey: answer }))).toMatchObject(refused);
    expect(await replay.account.customer()).toBeNull();
    expect(await signIn(new Browser(), key, "https://evil.test")).toMatchObject(refused);
    const madeUp = key.authenticate({ challenge: Buffer.from("a challenge the shop never gave").toString("base64url"), rpId: "shop.test" }, SHOP_URL);
    expect(await new Browser().post((account) => account.passkeyLogin({ passkey: JSON.stringify(madeUp) }))).toMatchObject(refused);
  });

  it("does not let a passkey sign in as another customer, and answers an unknown passkey alike", async () => {
    const mine = await registered();
    const theirs = await registered();
    const myKey = new SoftwarePasskey();
    const theirKey = new SoftwarePasskey();
    await addPasskey(mine, myKey);
    await addPasskey(theirs, theirKey);
    // My passkey's signature, sent as if it were their passkey (their credential id and user handle).
    const theirHandle = (await signInOptionsFor(theirKey)).response.userHandle;
    const asThem = await signIn(new Browser(), myKey, SHOP_URL, (answer) => ({ ...answer, id: b64(theirKey.id), rawId: b64(theirKey.id), response: { ...answer.response, userHandle: theirHandle } }));
    expect(asThem).toMatchObject(refused);
    // My passkey with their user handle.
    expect(await signIn(new Browser(), myKey, SHOP_URL, (answer) => ({ ...answer, response: { ...answer.response, userHandle: theirHandle } }))).toMatchObject(refused);
    // A passkey the shop never saw.
    expect(await signIn(new Browser(), new SoftwarePasskey())).toMatchObject(refused);
    expect(await signIn(new Browser(), myKey)).toMatchObject({ ok: true });
  });

  it("refuses a counter going back", async () => {
    const home = await registered();
    const key = new SoftwarePasskey(5);
    await addPasskey(home, key);
    expect(await signIn(new Browser(), key)).toMatchObject({ ok: true });
    key.counter = 2;
    expect(await signIn(new Browser(), key)).toMatchObject(refused);
  });

  it("keeps passkeys when the password changes and lets them go with the account", async () => {
    const email = uniqueEmail();
    const home = await registered(email);
    const key = new SoftwarePasskey();
    await addPasskey(home, key);
    const [customer] = await shop.db.query<{ id: number }>("select id from customers where email = $1", [email]);
    await shop.db.query("update customers set password_hash = 'changed' where id = $1", [customer!.id]);
    expect(await signIn(new Browser(), key)).toMatchObject({ ok: true });
    await shop.db.query("delete from customers where id = $1", [customer!.id]);
    expect(await shop.db.query("select 1 from customer_passkeys where customer_id = $1", [customer!.id])).toHaveLength(0);
    expect(await signIn(new Browser(), key)).toMatchObject(refused);
  });

  it("removes a passkey with the password only", async () => {
    const home = await registered();
    const key = new SoftwarePasskey();
    await addPasskey(home, key);
    const [passkey] = (await home.account.passkeys()) ?? [];
    expect(await home.post((account) => account.removePasskey(String(passkey!.number), { remove_password: "wrong password" }))).toMatchObject({ ok: false, reason: "invalid" });
    const someoneElse = await registered();
    expect(await someoneElse.post((account) => account.removePasskey(String(passkey!.number), { remove_password: PASSWORD }))).toMatchObject({ ok: false, reason: "not_found" });
    expect(await home.post((account) => account.removePasskey(String(passkey!.number), { remove_password: PASSWORD }))).toMatchObject({ ok: true, redirect: "/account?passkey=removed#passkeys" });
    expect(await home.account.passkeys()).toEqual([]);
    expect(await signIn(new Browser(), key)).toMatchObject(refused);
  });
});

describe("limits", () => {
  it("counts a refused passkey against the address's failed logins, so its password logins need the check", async () => {
    const email = uniqueEmail();
    await registered(email);
    const browser = new Browser();
    for (let attempt = 0; attempt < shop.platform.customers.limits.beforeChallenge.limit; attempt++) expect(await signIn(browser, new SoftwarePasskey())).toMatchObject(refused);
    const login = await browser.post((account) => account.login({ form_type: "customer_login", "customer[email]": email, "customer[password]": PASSWORD }));
    expect(login).toMatchObject({ ok: true, redirect: "/challenge" });
  });

  it("signs in with a good passkey even when the account's password needs the check", async () => {
    const email = uniqueEmail();
    const home = await registered(email);
    const key = new SoftwarePasskey();
    await addPasskey(home, key);
    for (let attempt = 0; attempt < shop.platform.customers.limits.accountBeforeChallenge.limit; attempt++) {
      await new Browser().post((account) => account.login({ form_type: "customer_login", "customer[email]": email, "customer[password]": "wrong password" }));
    }
    const guesser = await new Browser().post((account) => account.login({ form_type: "customer_login", "customer[email]": email, "customer[password]": PASSWORD }));
    expect(guesser).toMatchObject({ ok: true, redirect: "/challenge" });
    expect(await signIn(new Browser(), key)).toMatchObject({ ok: true, redirect: "/account" });
  });

  it("holds an address to the login limit, passkeys and passwords together", async () => {
    const browser = new Browser();
    const { limit } = shop.platform.customers.limits.login;
    for (let attempt = 0; attempt < limit; attempt++) await browser.post((account) => account.passkeyLogin({ passkey: "not json" }));
    expect(await browser.post((account) => account.passkeyLogin({ passkey: "not json" }))).toMatchObject({ ok: false, reason: "limited" });
    expect(await browser.post((account) => account.login({ form_type: "customer_login", "customer[email]": uniqueEmail(), "customer[password]": PASSWORD }))).toMatchObject({ ok: false, reason: "limited" });
  });
});

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

/** A sign-in answer by `key`, for reading the user handle it carries. */
async function signInOptionsFor(key: SoftwarePasskey) {
  const options = await new Browser().account.passkeySignInOptions();
  if (!options.ok) throw new Error(options.description);
  return key.authenticate(options.options, SHOP_URL);
}
