import { describe, expect, it } from "vitest";
import { formatGiftCardCode, normaliseGiftCardCode } from "./gift-cards.ts";

describe("gift card codes", () => {
  it("reads a code typed in any case, with spaces or dashes", () => {
    expect(normaliseGiftCardCode("abcd-efgh jkmn-pqrs")).toBe("ABCDEFGHJKMNPQRS");
    expect(formatGiftCardCode("ABCDEFGHJKMNPQRS")).toBe("ABCD-EFGH-JKMN-PQRS");
  });

  it("refuses what cannot be a code: the wrong length or a look-alike character", () => {
    expect(normaliseGiftCardCode("ABCD-EFGH")).toBeNull();
    expect(normaliseGiftCardCode("ABCD-EFGH-JKMN-PQR0")).toBeNull();
    expect(normaliseGiftCardCode("")).toBeNull();
  });
});
