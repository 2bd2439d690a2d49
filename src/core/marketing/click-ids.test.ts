import { describe, expect, it } from "vitest";
import { CLICK_ID_MAX_LENGTH, clickIdsIn, isClickId } from "./click-ids.ts";

describe("clickIdsIn", () => {
  it("finds each platform's click id", () => {
    const search = new URLSearchParams("utm_source=google&gclid=Cj0KCQiA-abc_123&fbclid=IwAR2xYz_9&msclkid=0123456789abcdef0123456789abcdef&ttclid=E.C.P.CqgBabc");
    expect(clickIdsIn(search)).toEqual([
      { name: "gclid", value: "Cj0KCQiA-abc_123" },
      { name: "fbclid", value: "IwAR2xYz_9" },
      { name: "msclkid", value: "0123456789abcdef0123456789abcdef" },
      { name: "ttclid", value: "E.C.P.CqgBabc" },
    ]);
  });

  it("takes the first of a repeated parameter", () => {
    expect(clickIdsIn(new URLSearchParams("gclid=first&gclid=second"))).toEqual([{ name: "gclid", value: "first" }]);
  });

  it("finds nothing in an ordinary address", () => {
    expect(clickIdsIn(new URLSearchParams("variant=123&utm_campaign=spring"))).toEqual([]);
    expect(clickIdsIn(new URLSearchParams("GCLID=upper-case-is-another-parameter"))).toEqual([]);
  });

  it("drops values that are not ids", () => {
    expect(clickIdsIn(new URLSearchParams("gclid=&fbclid=a%3Bb"))).toEqual([]);
    expect(clickIdsIn(new URLSearchParams("msclkid=a%20b&ttclid=%3Cscript%3E"))).toEqual([]);
  });
});

describe("isClickId", () => {
  it("allows URL-safe characters up to the length cap", () => {
    expect(isClickId("a".repeat(CLICK_ID_MAX_LENGTH))).toBe(true);
    expect(isClickId("a".repeat(CLICK_ID_MAX_LENGTH + 1))).toBe(false);
    expect(isClickId("abc-DEF_123.~")).toBe(true);
    for (const bad of ["", "a b", "a;b", "a,b", "a=b", 'a"b', "a\nb", "é", "a/b", "a+b"]) expect(isClickId(bad), bad).toBe(false);
  });
});
