import { describe, expect, it } from "vitest";
import { readConfig } from "./config.ts";

describe("readConfig: email and proxy settings", () => {
  it("leaves SMTP, the proxy and the shop's address unset by default", () => {
    for (const env of [{}, { SMTP_URL: "", SHOP_URL: "", TRUST_PROXY: "" }]) {
      const config = readConfig(env);
      expect([config.SMTP_URL, config.TRUST_PROXY, config.SHOP_URL]).toEqual([undefined, false, undefined]);
    }
  });

  it("takes smtp:// and smtps:// URLs, with login and options", () => {
    expect(readConfig({ SMTP_URL: "smtp://127.0.0.1:2525" }).SMTP_URL).toBe("smtp://127.0.0.1:2525");
    expect(readConfig({ SMTP_URL: "smtps://user:secret@mail.example:465?pool=true" }).SMTP_URL).toBe("smtps://user:secret@mail.example:465?pool=true");
  });

  it("names a wrong SMTP_URL without repeating it", () => {
    for (const SMTP_URL of ["http://mail.example", "smtp://", "mail.example:25"]) {
      expect(() => readConfig({ SMTP_URL })).toThrow("SMTP_URL: must be an smtp:// or smtps:// URL with a host");
    }
    expect(() => readConfig({ SMTP_URL: "ftp://user:secret@x" })).not.toThrow(/secret/);
  });

  it("reads TRUST_PROXY as a switch and SHOP_URL as an origin", () => {
    expect(readConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(true);
    expect(readConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(readConfig({ TRUST_PROXY: "off" }).TRUST_PROXY).toBe(false);
    expect(() => readConfig({ TRUST_PROXY: "maybe" })).toThrow("TRUST_PROXY");
    expect(readConfig({ SHOP_URL: "https://shop.example/some/path" }).SHOP_URL).toBe("https://shop.example");
    expect(() => readConfig({ SHOP_URL: "javascript:alert(1)" })).toThrow("SHOP_URL: must be an http:// or https:// address");
  });
});

describe("readConfig: the database", () => {
  it("takes a read replica only beside a primary", () => {
    const both = readConfig({ DATABASE_URL: "postgres://shop@db/shop", DATABASE_REPLICA_URL: "postgres://shop@replica/shop" });
    expect([both.DATABASE_URL, both.DATABASE_REPLICA_URL]).toEqual(["postgres://shop@db/shop", "postgres://shop@replica/shop"]);
    expect(readConfig({ DATABASE_REPLICA_URL: "" }).DATABASE_REPLICA_URL).toBeUndefined();
    expect(() => readConfig({ DATABASE_REPLICA_URL: "postgres://shop@replica/shop" })).toThrow("DATABASE_REPLICA_URL: is a replica of DATABASE_URL, which is not set");
    expect(() => readConfig({ DATABASE_URL: "postgres://shop@db/shop", DATABASE_REPLICA_URL: "mysql://replica" })).toThrow("DATABASE_REPLICA_URL: must be a postgres:// URL");
  });
});

describe("readConfig: the memory budget", () => {
  it("leaves the budget to its default and sizes the page cache from it unless PAGE_CACHE_MB is set", () => {
    const config = readConfig({});
    expect([config.MEMORY_BUDGET_MB, config.PAGE_CACHE_MB]).toEqual([undefined, undefined]);
    expect(readConfig({ MEMORY_BUDGET_MB: "" }).MEMORY_BUDGET_MB).toBeUndefined();
    expect(readConfig({ PAGE_CACHE_MB: "" }).PAGE_CACHE_MB).toBeUndefined();
    expect(readConfig({ PAGE_CACHE_MB: "0" }).PAGE_CACHE_MB).toBe(0);
    expect(readConfig({ MEMORY_BUDGET_MB: "512", PAGE_CACHE_MB: "100" })).toMatchObject({ MEMORY_BUDGET_MB: 512, PAGE_CACHE_MB: 100 });
  });

  it("refuses a budget too small for any shop, and a page cache as large as the budget", () => {
    expect(() => readConfig({ MEMORY_BUDGET_MB: "64" })).toThrow("MEMORY_BUDGET_MB");
    expect(() => readConfig({ MEMORY_BUDGET_MB: "lots" })).toThrow("MEMORY_BUDGET_MB");
    expect(() => readConfig({ PAGE_CACHE_MB: "334" })).toThrow("PAGE_CACHE_MB: must be smaller than MEMORY_BUDGET_MB");
    expect(() => readConfig({ MEMORY_BUDGET_MB: "200", PAGE_CACHE_MB: "200" })).toThrow("PAGE_CACHE_MB: must be smaller than MEMORY_BUDGET_MB");
    expect(() => readConfig({ PAGE_CACHE_MB: "-1" })).toThrow("PAGE_CACHE_MB");
  });
});
