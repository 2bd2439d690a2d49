/**
 * The limits kept in the database (new carts, logins, sign-ups): of hits
 * arriving together, exactly as many as the limit pass, and a hit in an
 * older bucket still counts. Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/platform/db/database.ts";
import { migrate } from "../../src/platform/db/migrate.ts";
import { AddressGate } from "../../src/platform/accounts/address-gate.ts";
import { RateLimiter } from "../../src/platform/accounts/rate-limits.ts";
import { openTestDatabase } from "./harness.ts";

let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await migrate(db);
});

afterAll(async () => {
  await db.close();
  await drop();
});

describe("a limit kept in the database", () => {
  it("lets exactly the limit's number of hits through when they all arrive together", async () => {
    const limiter = new RateLimiter(db, () => Date.parse("2026-11-26T12:00:30Z"));
    const rule = { limit: 20, windowSeconds: 3600 };
    const verdicts = await Promise.all(Array.from({ length: 35 }, () => limiter.hit("together", rule)));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(20);
    expect(verdicts.filter((verdict) => !verdict.allowed).every((verdict) => verdict.retryAfter > 0)).toBe(true);
  });

  it("counts the hits of earlier buckets in the window with this one's", async () => {
    let now = Date.parse("2026-11-26T12:00:30Z");
    const limiter = new RateLimiter(db, () => now);
    const rule = { limit: 5, windowSeconds: 3600 };
    for (let hit = 0; hit < 3; hit++) expect((await limiter.hit("spread", rule)).allowed).toBe(true);
    // Twenty minutes on: another bucket, the same window.
    now += 20 * 60 * 1000;
    const verdicts = await Promise.all(Array.from({ length: 4 }, () => limiter.hit("spread", rule)));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(2);
    // Past the window of the first three: room again.
    now += 45 * 60 * 1000;
    expect((await limiter.hit("spread", rule)).allowed).toBe(true);
  });
});

describe("a limit per client address", () => {
  it("counts every address of one IPv6 /64 as one client, and an IPv4-mapped address as its IPv4 address", async () => {
    const gate = new AddressGate(db, "v6-test", { limit: 3, windowSeconds: 3600 }, () => Date.parse("2026-11-26T12:00:30Z"));
    const verdicts = [];
    for (const host of ["1", "2", "ffff:ffff:ffff:ffff", "abcd:1:2:3"]) verdicts.push((await gate.admit(`2001:db8:77:1:${host.includes(":") ? host : `0:0:0:${host}`}`)).allowed);
    expect(verdicts).toEqual([true, true, true, false]);
    expect((await gate.admit("2001:db8:77:2::1")).allowed).toBe(true);

    for (let hit = 0; hit < 3; hit++) expect((await gate.admit("192.0.2.55")).allowed).toBe(true);
    expect((await gate.admit("::ffff:192.0.2.55")).allowed).toBe(false);
  });
});
