import { describe, expect, it } from "vitest";
import { type AdminArea, mayUse } from "./admin.ts";

const ALL: AdminArea[] = ["home", "orders", "customers", "stock", "catalog", "discounts", "settings", "staff"];

describe("back-office roles", () => {
  it("lets the owner use every area", () => {
    expect(ALL.filter((area) => !mayUse("owner", area))).toEqual([]);
  });

  it("gives staff the day's work and keeps the catalog, discounts, settings and staff to the owner", () => {
    expect(ALL.filter((area) => mayUse("staff", area))).toEqual(["home", "orders", "customers", "stock"]);
  });
});
