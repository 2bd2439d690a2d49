/**
 * Staff sign-in under attack, through the client the back office's pages
 * use: strangers cannot lock a member out (an account with many failed
 * logins asks for the bot check instead of refusing its owner), every failed
 * or refused attempt is audited with its address, two-step sign-in with an
 * authenticator app (codes made here with otplib) and recovery codes, the
 * owner's rule that everyone uses it, and sessions a member can see and end.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_SESSION_COOKIE, ADMIN_SIGN_IN_COOKIE, adminClient } from "../../src/platform/admin/admin-client.ts";
import { ADMIN_EMAIL_LIMIT, ADMIN_LOGIN_LIMIT, SIGN_IN_CODE_TRIES } from "../../src/platform/admin/staff-service.ts";
import type { AdminAnswer } from "../../src/core/admin/admin.ts";
import { type TestShop, openTestShop } from "./harness.ts";

const OWNER = "hello@shop.test";
const PASSWORD = "a long owner password";
const MEMBER_PASSWORD = "a long member password";
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

/** A browser at its own address, keeping the back office's two cookies as a browser would. */
function browser(ip = `198.51.100.${++addresses}`) {
  const jar: { session?: string | undefined; signIn?: string | undefined } = {};
  const client = () => adminClient(shop.platform, { ip, sessionToken: jar.session, signInToken: jar.signIn, device: "Test browser", secure: false, shopUrl: "http://shop.test" });
  const keep = <T extends { cookies?: string[] }>(answer: T): T => {
    const session = cookieValue(answer, ADMIN_SESSION_COOKIE);
    const signIn = cookieValue(answer, ADMIN_SIGN_IN_COOKIE);
    if (session !== undefined) jar.session = session || undefined;
    if (signIn !== undefined) jar.signIn = signIn || undefined;
    return answer;
  };
  return {
    ip,
    jar,
    client,
    logIn: async (email: string, password: string, extra: Record<string, string> = {}) => keep(await client().login({ email, password, ...extra })),
    code: async (code: string) => keep(await client().signInWithCode({ code })),
    setup: async (code: string) => keep(await client().signInWithSetup({ code })),
  };
}

/** Solves the bot check the way the widget does, answering the widget's payload. */
async function solved(answer: AdminAnswer): Promise<string> {
  if (answer.ok || !answer.challenge) throw new Error("no bot check asked for");
  const challenge = answer.challenge as unknown as Parameters<typeof solveChallenge>[0]["challenge"];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the challenge");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** The app's code now, for the secret its page showed (grouped in fours for typing). */
const appCode = (secret: string, at = clock) => generate({ secret: secret.replace(/\s/g, ""), epoch: Math.floor(at / 1000) });

/** A member with their own password, signed in. */
async function newMember(email: string, role: "owner" | "staff" = "staff") {
  const owner = browser();
  await owner.logIn(OWNER, PASSWORD);
  expect(await owner.client().team.add({ name: email.split("@")[0], email, role, password: MEMBER_PASSWORD })).toMatchObject({ ok: true });
  const member = browser();
  expect(await member.logIn(email, MEMBER_PASSWORD)).toMatchObject({ ok: true, next: "/" });
  return member;
}

/** Turns two-step sign-in on from the member's own page, answering the app's secret and the recovery codes. */
async function turnOnTwoStep(member: ReturnType<typeof browser>) {
  expect(await member.client().account.startTwoStep()).toMatchObject({ ok: true });
  const setup = (await member.client().account.account())?.setup;
  if (!setup) throw new Error("no secret to scan");
  expect(setup.qrCode).toMatch(/^data:image\/png;base64,/);
  const wrong = await member.client().account.confirmTwoStep({ code: "000000" === (await appCode(setup.secret)) ? "111111" : "000000" });
  expect(wrong).toMatchObject({ ok: false, reason: "invalid", errors: { code: expect.any(String) } });
  const on = await member.client().account.confirmTwoStep({ code: await appCode(setup.secret) });
  if (!on.ok) throw new Error(on.description);
  return { secret: setup.secret, recoveryCodes: on.recoveryCodes };
}

describe("nobody can lock the owner out", () => {
  // Forty-odd password hashes and four proofs of work: slow by design, so this test has more time than most.
  it("asks for the bot check, not a wait, once the account has many failed logins from several addresses, again and again", { timeout: 240_000 }, async () => {
    for (let round = 0; round < 2; round += 1) {
      const attackers = Array.from({ length: ADMIN_EMAIL_LIMIT.limit / ADMIN_LOGIN_LIMIT.limit }, () => browser());
      for (const attacker of attackers) {
        for (let i = 0; i < ADMIN_LOGIN_LIMIT.limit; i += 1) expect(await attacker.logIn(OWNER, `guess ${round}-${i}`)).toMatchObject({ ok: false, reason: "signed_out" });
        // Each attacking address has used its own tries: it waits, whatever password it sends.
        expect(await attacker.logIn(OWNER, PASSWORD)).toMatchObject({ ok: false, reason: "limited" });
      }
      // The owner, from their own address: asked for more proof, never refused outright.
      const owner = browser();
      const asked = await owner.logIn(OWNER, PASSWORD);
      expect(asked).toMatchObject({ ok: false, reason: "signed_out", errors: { altcha: expect.any(String) }, challenge: expect.any(Object) });
      expect(await owner.logIn(OWNER, PASSWORD, { altcha: await solved(asked) })).toMatchObject({ ok: true, next: "/" });
      expect(await owner.client().staff()).toMatchObject({ email: OWNER });
      // A wrong password with a solved check is still wrong, and a solution is taken once.
      const stranger = browser();
      const strangerAsked = await stranger.logIn(OWNER, "another guess");
      const payload = await solved(strangerAsked);
      expect(await stranger.logIn(OWNER, "another guess", { altcha: payload })).toMatchObject({ ok: false, reason: "signed_out", errors: {} });
      expect(await stranger.logIn(OWNER, PASSWORD, { altcha: payload })).toMatchObject({ ok: false, reason: "signed_out", errors: { altcha: expect.any(String) } });
      clock += ADMIN_EMAIL_LIMIT.windowSeconds * 1000;
    }
  });

  it("counts the addresses of one IPv6 /64 as one client", async () => {
    const prefix = "2001:db8:77:1";
    for (let i = 0; i < ADMIN_LOGIN_LIMIT.limit; i += 1) expect(await browser(`${prefix}::${i + 1}`).logIn(OWNER, `v6 guess ${i}`)).toMatchObject({ ok: false, reason: "signed_out" });
    expect(await browser(`${prefix}::ffff`).logIn(OWNER, PASSWORD)).toMatchObject({ ok: false, reason: "limited" });
    // Another /64 is another client.
    expect(await browser("2001:db8:77:2::1").logIn(OWNER, PASSWORD)).toMatchObject({ ok: true });
  });

  it("audits every failed and refused attempt with its address", async () => {
    const attacker = browser();
    for (let i = 0; i < ADMIN_LOGIN_LIMIT.limit; i += 1) await attacker.logIn(OWNER, `audited guess ${i}`);
    await attacker.logIn(OWNER, PASSWORD);
    await attacker.logIn("nobody@shop.test", "whatever it is");
    const rows = await shop.db.query<{ action: string; staff_id: number | null; subject: string; address: string | null; after: { reason: string } }>(
      "select action, staff_id, subject, address, after from audit_log where address = $1 order by id",
      [attacker.ip],
    );
    expect(rows.filter((row) => row.action === "staff.login_failed")).toHaveLength(ADMIN_LOGIN_LIMIT.limit);
    expect(rows.filter((row) => row.action === "staff.login_refused")).toHaveLength(2);
    expect(rows[0]).toMatchObject({ action: "staff.login_failed", staff_id: expect.anything(), after: { reason: "password" } });
    expect(rows.at(-1)).toMatchObject({ action: "staff.login_refused", staff_id: null, subject: "email nobody@shop.test", after: { reason: "address limit" } });
  });
});

describe("two-step sign-in", () => {
  it("asks for the app's code after the password, takes each code once, and keeps the secret encrypted", async () => {
    const member = await newMember("robin@shop.test");
    const { secret } = await turnOnTwoStep(member);
    const [row] = await shop.db.query<{ two_step_secret: string }>("select two_step_secret from staff where email = 'robin@shop.test'");
    expect(row?.two_step_secret).not.toContain(secret.replace(/\s/g, ""));

    clock += 60_000;
    const later = browser();
    expect(await later.logIn("robin@shop.test", MEMBER_PASSWORD)).toMatchObject({ ok: true, next: "/login/code" });
    expect(await later.client().staff()).toBeNull();
    expect(await later.client().pendingSignIn()).toMatchObject({ stage: "code", email: "robin@shop.test", setup: null });
    expect(await later.code("123456" === (await appCode(secret)) ? "654321" : "123456")).toMatchObject({ ok: false, reason: "signed_out", errors: { code: expect.any(String) } });
    const code = await appCode(secret);
    expect(await later.code(code)).toMatchObject({ ok: true, next: "/" });
    expect(await later.client().staff()).toMatchObject({ email: "robin@shop.test" });

    // The same code again, in another sign-in: refused.
    const replay = browser();
    await replay.logIn("robin@shop.test", MEMBER_PASSWORD);
    expect(await replay.code(code)).toMatchObject({ ok: false, reason: "signed_out" });
    expect(await replay.client().staff()).toBeNull();
  });

  it("ends a waiting sign-in after too many wrong codes", async () => {
    const member = await newMember("kit@shop.test");
    await turnOnTwoStep(member);
    const guesser = browser();
    await guesser.logIn("kit@shop.test", MEMBER_PASSWORD);
    for (let i = 0; i < SIGN_IN_CODE_TRIES - 1; i += 1) expect(await guesser.code(`00000${i}`)).toMatchObject({ ok: false, errors: { code: expect.any(String) } });
    expect(await guesser.code("000009")).toMatchObject({ ok: false, reason: "signed_out", description: "Too many wrong codes. Log in again." });
    expect(await guesser.client().pendingSignIn()).toBeNull();
  });

  it("lets a recovery code in once, and new codes replace the old", async () => {
    const member = await newMember("ash@shop.test");
    const { recoveryCodes } = await turnOnTwoStep(member);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await shop.db.query<{ code_hash: string }>("select code_hash from staff_recovery_codes r join staff s on s.id = r.staff_id where s.email = 'ash@shop.test'");
    expect(stored.some((row) => recoveryCodes.includes(row.code_hash))).toBe(false);

    const first = browser();
    await first.logIn("ash@shop.test", MEMBER_PASSWORD);
    expect(await first.code(recoveryCodes[0]!.toUpperCase())).toMatchObject({ ok: true });
    expect((await first.client().account.account())?.recoveryCodesLeft).toBe(9);
    const again = browser();
    await again.logIn("ash@shop.test", MEMBER_PASSWORD);
    expect(await again.code(recoveryCodes[0]!)).toMatchObject({ ok: false, reason: "signed_out" });

    expect(await first.client().account.renewRecoveryCodes({ password: "not my password" })).toMatchObject({ ok: false, reason: "invalid" });
    const renewed = await first.client().account.renewRecoveryCodes({ password: MEMBER_PASSWORD });
    if (!renewed.ok) throw new Error(renewed.description);
    expect(await again.code(recoveryCodes[1]!)).toMatchObject({ ok: false, reason: "signed_out" });
    expect(await again.code(renewed.recoveryCodes[0]!)).toMatchObject({ ok: true });
  });

  it("sends a member without it to set it up when the owner requires it of everyone, then signs them in", async () => {
    await newMember("sky@shop.test");
    const owner = browser();
    await owner.logIn(OWNER, PASSWORD);
    // Only the owner sets the rule.
    const staffMember = browser();
    await staffMember.logIn("sky@shop.test", MEMBER_PASSWORD);
    expect(await staffMember.client().team.requireTwoStep(true)).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await owner.client().team.requireTwoStep(true)).toMatchObject({ ok: true });
    try {
      expect(await owner.client().team.twoStepRequired()).toBe(true);
      const sky = browser();
      expect(await sky.logIn("sky@shop.test", MEMBER_PASSWORD)).toMatchObject({ ok: true, next: "/login/setup" });
      expect(await sky.client().staff()).toBeNull();
      const pending = await sky.client().pendingSignIn();
      expect(pending).toMatchObject({ stage: "setup", email: "sky@shop.test", setup: { secret: expect.any(String), qrCode: expect.stringMatching(/^data:image\/png/) } });
      // The code step cannot be skipped to: it needs two-step sign-in on.
      expect(await sky.code("123456")).toMatchObject({ ok: false, reason: "signed_out" });
      const done = await sky.setup(await appCode(pending!.setup!.secret));
      expect(done).toMatchObject({ ok: true, recoveryCodes: expect.arrayContaining([expect.any(String)]) });
      expect(await sky.client().staff()).toMatchObject({ email: "sky@shop.test" });
      // Required: it cannot be turned off.
      expect(await sky.client().account.turnOffTwoStep({ password: MEMBER_PASSWORD })).toMatchObject({ ok: false, reason: "conflict" });
      const members = await owner.client().team.list();
      expect(members.find((member) => member.email === "sky@shop.test")?.two_step).toBe(true);
    } finally {
      await owner.client().team.requireTwoStep(false);
    }
  });
});

describe("sessions", () => {
  it("lists each session on the member's page, ends one, and a new password ends the others", async () => {
    const here = await newMember("lee@shop.test");
    const phone = browser();
    await phone.logIn("lee@shop.test", MEMBER_PASSWORD);
    const laptop = browser();
    await laptop.logIn("lee@shop.test", MEMBER_PASSWORD);

    const sessions = (await here.client().account.account())?.sessions ?? [];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.map((session) => session.address)).toEqual(expect.arrayContaining([phone.ip, laptop.ip, here.ip]));
    expect(sessions[0]).toMatchObject({ device: "Test browser", number: expect.any(Number), started_at: expect.any(String) });

    const phoneSession = sessions.find((session) => session.address === phone.ip)!;
    expect(await here.client().account.endSession(phoneSession.number)).toMatchObject({ ok: true });
    expect(await phone.client().staff()).toBeNull();
    expect(await laptop.client().staff()).not.toBeNull();
    // Nobody ends another member's session.
    const laptopSession = sessions.find((session) => session.address === laptop.ip)!;
    const other = await newMember("noor@shop.test");
    expect(await other.client().account.endSession(laptopSession.number)).toMatchObject({ ok: false, reason: "not_found" });
    expect(await laptop.client().staff()).not.toBeNull();

    expect(await here.client().account.changePassword({ current_password: "wrong one", new_password: "a brand new password" })).toMatchObject({
      ok: false,
      reason: "invalid",
      errors: { current_password: expect.any(String) },
    });
    expect(await here.client().account.changePassword({ current_password: MEMBER_PASSWORD, new_password: "a brand new password" })).toMatchObject({ ok: true });
    expect(await laptop.client().staff()).toBeNull();
    expect(await here.client().staff()).toMatchObject({ email: "lee@shop.test" });
    expect(await browser().logIn("lee@shop.test", "a brand new password")).toMatchObject({ ok: true });
    const actions = await shop.db.query<{ action: string }>("select action from audit_log where subject = (select 'staff ' || id from staff where email = 'lee@shop.test')");
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(["staff.session_end", "staff.password"]));
  });
});
