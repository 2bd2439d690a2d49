/**
 * The owner manages the staff: adding someone (who can then log in with
 * the first password), changing roles, taking access away (their sessions
 * end at once) and giving it back; the shop keeps an owner who can log in,
 * nobody locks themselves out, and staff cannot manage staff.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import { staffAdmin } from "../../src/platform/admin/staff-admin.ts";
import { type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
let owner: StaffJson;
const PASSWORD = "a long first password";

const teamAs = (staff: StaffJson | null) => staffAdmin(shop.db, async () => staff);
const memberByEmail = async (email: string) => (await teamAs(owner).list()).find((member) => member.email === email);

beforeAll(async () => {
  shop = await openTestShop();
  await shop.platform.staff.ensureOwner("owner@lumenandleaf.example", "owner-password-for-tests");
  const login = await shop.platform.staff.login({ email: "owner@lumenandleaf.example", password: "owner-password-for-tests" }, "10.0.0.1");
  if (!login.ok) throw new Error("the owner should log in");
  owner = login.staff;
});
afterAll(async () => {
  await shop?.close();
});

describe("managing the staff", () => {
  it("adds someone who can then log in, and names each wrong field", async () => {
    const team = teamAs(owner);
    expect(await team.add({ name: "", email: "nope", role: "boss", password: "short" })).toMatchObject({
      ok: false,
      reason: "invalid",
      errors: { name: "Enter their name.", email: "Enter an email like name@example.com.", role: "Choose a role.", password: "Use at least 12 characters." },
    });
    const added = await team.add({ name: "Sam", email: "sam@lumenandleaf.example", role: "staff", password: PASSWORD });
    expect(added).toMatchObject({ ok: true, next: expect.stringMatching(/^\/staff\?added=\d+$/) });
    expect(await team.add({ name: "Sam again", email: "SAM@lumenandleaf.example", role: "staff", password: PASSWORD })).toMatchObject({ ok: false, reason: "conflict", errors: { email: expect.any(String) } });
    const login = await shop.platform.staff.login({ email: "sam@lumenandleaf.example", password: PASSWORD }, "10.0.0.2");
    expect(login).toMatchObject({ ok: true, staff: { role: "staff", name: "Sam" } });
    expect(await memberByEmail("sam@lumenandleaf.example")).toMatchObject({ role: "staff", disabled_at: null, last_login_at: expect.any(String) });
    const [entry] = await shop.db.query<{ action: string; after: unknown }>("select action, after from audit_log where action = 'staff.add'");
    expect(entry).toEqual({ action: "staff.add", after: { email: "sam@lumenandleaf.example", name: "Sam", role: "staff" } });
  });

  it("is for the owner alone", async () => {
    const sam = await memberByEmail("sam@lumenandleaf.example");
    const asSam = teamAs({ id: sam!.id, email: sam!.email, name: sam!.name, role: "staff" });
    expect(await asSam.list()).toEqual([]);
    expect(await asSam.add({ name: "Eve", email: "eve@example.com", role: "owner", password: PASSWORD })).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await asSam.changeRole(sam!.id, { role: "owner" })).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await teamAs(null).setDisabled(sam!.id, true)).toMatchObject({ ok: false, reason: "signed_out" });
  });

  it("takes access away at once, ending every session, and gives it back", async () => {
    const sam = await memberByEmail("sam@lumenandleaf.example");
    const login = await shop.platform.staff.login({ email: "sam@lumenandleaf.example", password: PASSWORD }, "10.0.0.2");
    if (!login.ok) throw new Error("Sam should log in");
    expect(await shop.platform.staff.staffForSession(login.sessionToken)).not.toBeNull();
    expect(await teamAs(owner).setDisabled(sam!.id, true)).toMatchObject({ ok: true });
    expect(await shop.platform.staff.staffForSession(login.sessionToken)).toBeNull();
    expect(await shop.platform.staff.login({ email: "sam@lumenandleaf.example", password: PASSWORD }, "10.0.0.2")).toMatchObject({ ok: false, reason: "signed_out" });
    expect(await teamAs(owner).setDisabled(sam!.id, false)).toMatchObject({ ok: true });
    expect(await shop.platform.staff.login({ email: "sam@lumenandleaf.example", password: PASSWORD }, "10.0.0.2")).toMatchObject({ ok: true });
  });

  it("keeps an owner who can log in, and nobody locks themselves out", async () => {
    const team = teamAs(owner);
    expect(await team.setDisabled(owner.id, true)).toMatchObject({ ok: false, reason: "conflict", description: "You cannot take away your own access. Ask another owner." });
    expect(await team.changeRole(owner.id, { role: "staff" })).toMatchObject({ ok: false, reason: "conflict", description: expect.stringContaining("only owner") });
    // With a second owner, the first may step down.
    const sam = await memberByEmail("sam@lumenandleaf.example");
    expect(await team.changeRole(sam!.id, { role: "owner" })).toMatchObject({ ok: true });
    expect(await team.changeRole(owner.id, { role: "staff" })).toMatchObject({ ok: true });
    expect((await memberByEmail("owner@lumenandleaf.example"))?.role).toBe("staff");
    const asSam = teamAs({ ...owner, id: sam!.id, role: "owner" });
    expect(await asSam.changeRole(owner.id, { role: "owner" })).toMatchObject({ ok: true });
  });

  it("two owners demoting each other at once leave one owner, without a deadlock", async () => {
    const team = teamAs(owner);
    const sam = await memberByEmail("sam@lumenandleaf.example");
    expect(sam?.role).toBe("owner");
    const asSam = teamAs({ ...owner, id: sam!.id });
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all([team.changeRole(sam!.id, { role: "staff" }), asSam.changeRole(owner.id, { role: "staff" })]);
      expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
      const owners = (await team.list()).filter((member) => member.role === "owner" && member.disabled_at === null);
      expect(owners).toHaveLength(1);
      // Both owners again for the next round.
      await shop.db.query("update staff set role = 'owner' where id = any($1::bigint[])", [[owner.id, sam!.id]]);
    }
  });
});
