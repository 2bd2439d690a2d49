/**
 * Staff passkeys through the client the back office's pages use: adding one
 * (password needed) with a real attestation from a software authenticator,
 * signing in with it after the password, and the server's refusals: a
 * replayed challenge, another origin, another member's passkey, a counter
 * going back. Passkeys count as two-step sign-in for the owner's rule.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_SESSION_COOKIE, ADMIN_SIGN_IN_COOKIE, adminClient } from "../../src/platform/admin/admin-client.ts";
import { PASSKEY_CHALLENGE_MINUTES } from "../../src/platform/admin/passkeys.ts";
import { SoftwarePasskey } from "../passkey-authenticator.ts";
import { type TestShop, openTestShop } from "./harness.ts";

const OWNER = "owner@shop.test";
const PASSWORD = "a long owner password";
const MEMBER_PASSWORD = "a long member password";
const ORIGIN = "https://shop.test";
let shop: TestShop;
let clock = Date.parse("2026-03-02T09:00:00Z");
let addresses = 0;

beforeAll(async () => {
  shop = await openTestShop({ now: () => clock });
  await shop.platform.staff.ensureOwner(OWNER, PASSWORD);
});
afterAll(async () => {
  await shop?.close();
});

const cookieValue = (answer: { cookies?: string[] }, name: string) => {
  const cookie = answer.cookies?.find((value) => value.startsWith(`${name}=`));
  return cookie === undefined ? undefined : (cookie.split(";")[0]?.split("=")[1] ?? "");
};

/** A browser at its own address on the shop's origin, keeping the back office's cookies. */
function browser(shopUrl = ORIGIN) {
  const ip = `198.51.100.${++addresses}`;
  const jar: { session?: string | undefined; signIn?: string | undefined } = {};
  const client = () => adminClient(shop.platform, { ip, sessionToken: jar.session, signInToken: jar.signIn, device: "Test browser", secure: true, shopUrl });
  const keep = <T extends { cookies?: string[] }>(answer: T): T => {
    const session = cookieValue(answer, ADMIN_SESSION_COOKIE);
    const signIn = cookieValue(answer, ADMIN_SIGN_IN_COOKIE);
    if (session !== undefined) jar.session = session || undefined;
    if (signIn !== undefined) jar.signIn = signIn || undefined;
    return answer;
  };
  return {
    ip,
    client,
    logIn: async (email: string, password: string) => keep(await client().login({ email, password })),
    passkey: async (answer: unknown) => keep(await client().signInWithPasskey({ passkey: JSON.stringify(answer) })),
  };
}

async function newMember(email: string) {
  const owner = browser();
  await owner.logIn(OWNER, PASSWORD);
  expect(await owner.client().team.add({ name: email.split("@")[0], email, role: "staff", password: MEMBER_PASSWORD })).toMatchObject({ ok: true });
  const member = browser();
  expect(await member.logIn(email, MEMBER_PASSWORD)).toMatchObject({ ok: true, next: "/" });
  return member;
}

/** Adds a passkey made by `key` from the member's page, as the page does. */
async function addPasskey(member: ReturnType<typeof browser>, key: SoftwarePasskey, name = "Work laptop", origin = ORIGIN) {
  const options = await member.client().account.passkeyOptions();
  if (!options.ok) throw new Error(options.description);
  return member.client().account.addPasskey({ passkey_name: name, passkey_password: MEMBER_PASSWORD, passkey: JSON.stringify(key.register(options.options, origin)) });
}

async function signInOptions(member: ReturnType<typeof browser>) {
  const options = await member.client().passkeySignInOptions();
  if (!options.ok) throw new Error(options.description);
  return options.options;
}

const auditOf = (email: string) =>
  shop.db.query<{ action: string; after: Record<string, unknown> | null; before: Record<string, unknown> | null }>(
    "select action, after, before from audit_log where subject = (select 'staff ' || id from staff where email = $1) order by id",
    [email],
  );

describe("adding a passkey", () => {
  it("keeps a verified passkey with its name, and refuses a wrong password, a used challenge and another origin", async () => {
    const member = await newMember("ada@shop.test");
    const key = new SoftwarePasskey();

    const options = await member.client().account.passkeyOptions();
    if (!options.ok) throw new Error(options.description);
    expect(options.options.rp).toEqual({ id: "shop.test", name: expect.any(String) });
    const made = JSON.stringify(key.register(options.options, ORIGIN));
    expect(await member.client().account.addPasskey({ passkey_name: "Work laptop", passkey_password: "not the password", passkey: made })).toMatchObject({
      ok: false,
      reason: "invalid",
      errors: { passkey_password: expect.any(String) },
    });
    expect(await member.client().account.addPasskey({ passkey_name: "Work laptop", passkey_password: MEMBER_PASSWORD, passkey: made })).toMatchObject({ ok: true });
    // The same answer again: its challenge was taken.
    expect(await member.client().account.addPasskey({ passkey_name: "Again", passkey_password: MEMBER_PASSWORD, passkey: made })).toMatchObject({ ok: false, reason: "invalid", errors: { passkey: expect.any(String) } });
    // Made for another site.
    expect(await addPasskey(member, new SoftwarePasskey(), "Elsewhere", "https://evil.test")).toMatchObject({ ok: false, reason: "invalid" });
    // A challenge past its time.
    const late = await member.client().account.passkeyOptions();
    if (!late.ok) throw new Error(late.description);
    clock += (PASSKEY_CHALLENGE_MINUTES * 60 + 1) * 1000;
    expect(await member.client().account.addPasskey({ passkey_name: "Late", passkey_password: MEMBER_PASSWORD, passkey: JSON.stringify(new SoftwarePasskey().register(late.options, ORIGIN)) })).toMatchObject({ ok: false, reason: "invalid" });

    const account = await member.client().account.account();
    expect(account?.passkeys).toEqual([{ number: expect.any(Number), name: "Work laptop", created_at: expect.any(String), last_used_at: null }]);
    expect((await auditOf("ada@shop.test")).filter((row) => row.action === "staff.passkey_added")).toEqual([expect.objectContaining({ after: expect.objectContaining({ name: "Work laptop" }) })]);
  });
});

describe("signing in with a passkey", () => {
  it("takes the passkey after the password, once per challenge, and notes its use", async () => {
    const member = await newMember("bo@shop.test");
    const key = new SoftwarePasskey(1);
    expect(await addPasskey(member, key)).toMatchObject({ ok: true });

    const next = browser();
    expect(await next.logIn("bo@shop.test", MEMBER_PASSWORD)).toMatchObject({ ok: true, next: "/login/code" });
    expect(await next.client().pendingSignIn()).toMatchObject({ stage: "code", passkey: true, app: false });
    const options = await signInOptions(next);
    expect(options.rpId).toBe("shop.test");
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([Buffer.from(key.id).toString("base64url")]);
    const answer = key.authenticate(options, ORIGIN);
    expect(await next.passkey(answer)).toMatchObject({ ok: true, next: "/" });
    expect(await next.client().staff()).toMatchObject({ email: "bo@shop.test" });

    // The same signature for a new sign-in: its challenge was taken.
    const replay = browser();
    await replay.logIn("bo@shop.test", MEMBER_PASSWORD);
    await signInOptions(replay);
    expect(await replay.passkey(answer)).toMatchObject({ ok: false, reason: "signed_out", errors: { passkey: expect.any(String) } });
    expect(await replay.client().staff()).toBeNull();

    const account = await next.client().account.account();
    expect(account?.passkeys[0]?.last_used_at).toEqual(new Date(clock).toISOString());
    const audit = await auditOf("bo@shop.test");
    expect(audit.filter((row) => row.action === "staff.login" && row.after?.method === "passkey")).toEqual([expect.objectContaining({ after: { method: "passkey", passkey: "Work laptop" } })]);
    expect(audit.filter((row) => row.action === "staff.login_failed")).toEqual([expect.objectContaining({ after: expect.objectContaining({ reason: "passkey" }) })]);
  });

  it("refuses another origin, another member's passkey and a counter going back", async () => {
    const cy = await newMember("cy@shop.test");
    const cyKey = new SoftwarePasskey(5);
    expect(await addPasskey(cy, cyKey)).toMatchObject({ ok: true });
    const dee = await newMember("dee@shop.test");
    const deeKey = new SoftwarePasskey();
    expect(await addPasskey(dee, deeKey)).toMatchObject({ ok: true });

    const signIn = browser();
    await signIn.logIn("cy@shop.test", MEMBER_PASSWORD);
    expect(await signIn.passkey(cyKey.authenticate(await signInOptions(signIn), "https://evil.test"))).toMatchObject({ ok: false, reason: "signed_out" });
    // Dee's passkey, answering Cy's sign-in's challenge: not one of Cy's.
    expect(await signIn.passkey(deeKey.authenticate(await signInOptions(signIn), ORIGIN))).toMatchObject({ ok: false, reason: "signed_out" });
    // A copy of the key whose counter is behind the one the shop saw.
    const options = await signInOptions(signIn);
    const before = cyKey.counter;
    cyKey.counter = 2;
    expect(await signIn.passkey(cyKey.authenticate(options, ORIGIN))).toMatchObject({ ok: false, reason: "signed_out" });
    cyKey.counter = before;
    expect(await signIn.client().staff()).toBeNull();
    expect(await signIn.passkey(cyKey.authenticate(await signInOptions(signIn), ORIGIN))).toMatchObject({ ok: true });
    expect(await signIn.client().staff()).toMatchObject({ email: "cy@shop.test" });
  });
});

describe("passkeys as two-step sign-in", () => {
  it("count for the owner's rule, and the last one stays while the rule is on", async () => {
    const member = await newMember("eve@shop.test");
    const key = new SoftwarePasskey();
    expect(await addPasskey(member, key, "Phone")).toMatchObject({ ok: true });
    const owner = browser();
    await owner.logIn(OWNER, PASSWORD);
    // The owner has no second step yet: turning the rule on sends them to setup next time, which this test does not need.
    expect(await owner.client().team.requireTwoStep(true)).toMatchObject({ ok: true });
    try {
      const next = browser();
      expect(await next.logIn("eve@shop.test", MEMBER_PASSWORD)).toMatchObject({ ok: true, next: "/login/code" });
      expect((await owner.client().team.list()).find((row) => row.email === "eve@shop.test")).toMatchObject({ two_step: true });
      const [passkey] = (await member.client().account.account())?.passkeys ?? [];
      if (!passkey) throw new Error("no passkey listed");
      expect(await member.client().account.removePasskey(passkey.number, { remove_password: MEMBER_PASSWORD })).toMatchObject({ ok: false, reason: "conflict" });
      expect((await member.client().account.account())?.passkeys).toHaveLength(1);
    } finally {
      expect(await owner.client().team.requireTwoStep(false)).toMatchObject({ ok: true });
    }
    const [passkey] = (await member.client().account.account())?.passkeys ?? [];
    expect(await member.client().account.removePasskey(passkey!.number, { remove_password: "not it" })).toMatchObject({ ok: false, reason: "invalid", errors: { remove_password: expect.any(String) } });
    expect(await member.client().account.removePasskey(passkey!.number, { remove_password: MEMBER_PASSWORD })).toMatchObject({ ok: true });
    expect((await member.client().account.account())?.passkeys).toEqual([]);
    expect((await auditOf("eve@shop.test")).map((row) => row.action)).toContain("staff.passkey_removed");
    // Without a passkey, the password alone signs in again.
    expect(await browser().logIn("eve@shop.test", MEMBER_PASSWORD)).toMatchObject({ ok: true, next: "/" });
  });
});

describe("a lost device", () => {
  it("lets the owner remove another member's passkeys, ending their sessions, audited", async () => {
    const member = await newMember("lost@shop.test");
    await addPasskey(member, new SoftwarePasskey(), "Lost phone");
    const owner = browser();
    await owner.logIn(OWNER, PASSWORD);
    const listed = (await owner.client().team.list()).find((row) => row.email === "lost@shop.test");
    expect(listed).toMatchObject({ two_step: true, passkeys: 1 });
    const ownerId = (await owner.client().team.list()).find((row) => row.email === OWNER)!.id;
    expect(await owner.client().team.clearPasskeys(ownerId)).toMatchObject({ ok: false, reason: "conflict" });
    // Someone without the staff page cannot.
    expect(await member.client().team.clearPasskeys(listed!.id)).toMatchObject({ ok: false });
    expect(await owner.client().team.clearPasskeys(listed!.id)).toMatchObject({ ok: true });
    expect((await owner.client().team.list()).find((row) => row.email === "lost@shop.test")).toMatchObject({ two_step: false, passkeys: 0 });
    expect(await member.client().account.account()).toBeNull();
    expect((await auditOf("lost@shop.test")).at(-1)).toMatchObject({ action: "staff.passkeys_cleared", before: { passkeys: ["Lost phone"] } });
  });
});

describe("setting up two-step sign-in with a passkey", () => {
  it("keeps the first passkey of a member the owner's rule sends to setup, signs them in with recovery codes, and asks for it next time", async () => {
    const owner = browser();
    await owner.logIn(OWNER, PASSWORD);
    const email = "fay@shop.test";
    expect(await owner.client().team.add({ name: "fay", email, role: "staff", password: MEMBER_PASSWORD })).toMatchObject({ ok: true });
    expect(await owner.client().team.requireTwoStep(true)).toMatchObject({ ok: true });
    try {
      const member = browser();
      expect(await member.logIn(email, MEMBER_PASSWORD)).toMatchObject({ ok: true, next: "/login/setup" });
      const key = new SoftwarePasskey();
      const options = await member.client().passkeySetupOptions();
      if (!options.ok) throw new Error(options.description);
      // A passkey made for another origin, or without a name, turns nothing on and keeps the sign-in waiting.
      expect(await member.client().signInWithPasskeySetup({ passkey_name: "Desk key", passkey: JSON.stringify(key.register(options.options, "https://elsewhere.test")) })).toMatchObject({
        ok: false,
        reason: "invalid",
        errors: { passkey: expect.any(String) },
      });
      expect(await member.client().signInWithPasskeySetup({ passkey_name: " ", passkey: "{}" })).toMatchObject({ ok: false, reason: "invalid", errors: { passkey_name: expect.any(String) } });
      expect(await member.client().staff()).toBeNull();

      const again = await member.client().passkeySetupOptions();
      if (!again.ok) throw new Error(again.description);
      const made = JSON.stringify(key.register(again.options, ORIGIN));
      const setUp = await member.client().signInWithPasskeySetup({ passkey_name: "Desk key", passkey: made });
      expect(setUp).toMatchObject({ ok: true, recoveryCodes: expect.arrayContaining([expect.any(String)]) });
      if (!setUp.ok) return;
      expect(setUp.recoveryCodes).toHaveLength(10);
      const session = cookieValue(setUp, ADMIN_SESSION_COOKIE);
      expect(session).toBeTruthy();
      expect(await adminClient(shop.platform, { ip: member.ip, sessionToken: session, secure: true, shopUrl: ORIGIN }).staff()).toMatchObject({ email });
      // The same answer cannot set up a second time: the sign-in it belonged to is gone.
      expect(await member.client().signInWithPasskeySetup({ passkey_name: "Desk key", passkey: made })).toMatchObject({ ok: false, reason: "signed_out" });

      const next = browser();
      expect(await next.logIn(email, MEMBER_PASSWORD)).toMatchObject({ ok: true, next: "/login/code" });
      expect(await next.client().pendingSignIn()).toMatchObject({ stage: "code", passkey: true, app: false });
      expect(await next.passkey(key.authenticate(await signInOptions(next), ORIGIN))).toMatchObject({ ok: true });
      expect((await auditOf(email)).map((row) => row.action)).toEqual(expect.arrayContaining(["staff.passkey_added", "staff.login"]));
    } finally {
      expect(await owner.client().team.requireTwoStep(false)).toMatchObject({ ok: true });
    }
  });
});
