import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SHIPPING_COUNTRIES, checkoutFieldErrors, checkoutInput, countryName } from "./checkout.ts";
import { type ShippingSettings, quoteRate, shippingZones } from "./shipping-rates.ts";

const contact = {
  email: "ada@example.com",
  first_name: "Ada",
  last_name: "Lovelace",
  address1: "12 St James's Square",
  city: "London",
  zip: "SW1Y 4JH",
  country: "GB",
};

const errorsFor = (input: Record<string, unknown>) => {
  const parsed = checkoutInput.safeParse(input);
  if (parsed.success) throw new Error("expected the input to be refused");
  return checkoutFieldErrors(parsed.error);
};

describe("checkout input", () => {
  it("takes a complete address, trimming fields, blank optionals as absent, the opt-in as a boolean", () => {
    const parsed = checkoutInput.parse({ ...contact, email: " ada@example.com ", phone: "", address2: "", province: "" });
    expect(parsed).toEqual({ ...contact, sms_opt_in: false, shipping_method: "standard" });
    expect(checkoutInput.parse(contact).sms_opt_in).toBe(false);
    expect(checkoutInput.parse({ ...contact, sms_opt_in: "on", phone: "+44 7911 123456" })).toMatchObject({ sms_opt_in: true, phone: "+44 7911 123456" });
  });

  it("needs a number to text when the SMS box is ticked", () => {
    expect(errorsFor({ ...contact, phone: "", sms_opt_in: "on" })).toEqual({ phone: ["form_sms_needs_phone"] });
  });

  it("names each bad field with the catalogue key of the text the form shows beside it", () => {
    expect(errorsFor({ ...contact, email: "not-an-email", zip: "!!", country: "XX", phone: "call me" })).toEqual({
      email: ["form_email_invalid"],
      zip: ["form_zip_invalid"],
      country: ["form_country"],
      phone: ["form_phone_invalid"],
    });
  });

  it("says which required fields are missing or blank", () => {
    expect(errorsFor({ country: "GB", first_name: "  " })).toEqual({
      email: ["form_email_required"],
      first_name: ["form_first_name_required"],
      last_name: ["form_last_name_required"],
      address1: ["form_address1_required"],
      city: ["form_city_required"],
      zip: ["form_zip_required"],
    });
    expect(errorsFor({ ...contact, first_name: "A".repeat(61) })).toEqual({ first_name: ["form_first_name_too_long"] });
  });
});

describe("shipping countries", () => {
  it("are one list of distinct codes, each with a name, every one accepted by the checkout", () => {
    const codes = SHIPPING_COUNTRIES.map((country) => country.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toContain("GB");
    for (const { code, name } of SHIPPING_COUNTRIES) {
      expect(name).not.toBe("");
      expect(checkoutInput.safeParse({ ...contact, country: code }).success).toBe(true);
    }
  });

  it("names a country by its code, and shows an unknown code as it is", () => {
    expect(countryName("IE")).toBe("Ireland");
    expect(countryName("XX")).toBe("XX");
  });
});

describe("shipping price", () => {
  /** The home zone's standard rate, as the side cart and the checkout quote it. */
  const shippingPrice = (total: number, ships: boolean, home: Pick<ShippingSettings, "shippingThreshold" | "standardShippingPrice">) =>
    quoteRate(shippingZones({ ...home, expressShippingPrice: 595, zones: [] }), "GB", "standard", total, ships)?.price;
  const rates = { shippingThreshold: 4000, standardShippingPrice: 395 };

  it("is free exactly at the threshold and above, the standard price a penny below", () => {
    expect(shippingPrice(4000, true, rates)).toBe(0);
    expect(shippingPrice(4001, true, rates)).toBe(0);
    expect(shippingPrice(3999, true, rates)).toBe(395);
    expect(shippingPrice(0, true, rates)).toBe(395);
  });

  it("is nothing when nothing needs shipping", () => {
    expect(shippingPrice(100, false, rates)).toBe(0);
    expect(shippingPrice(0, false, rates)).toBe(0);
  });

  it("reads the settings as minor units, never converting them again", () => {
    expect(shippingPrice(4999, true, { shippingThreshold: 5000, standardShippingPrice: 499 })).toBe(499);
  });

  it("is always either free or the standard price, and never more once free", () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), fc.nat(2_000), fc.boolean(), (total, shippingThreshold, standardShippingPrice, ships) => {
        const price = shippingPrice(total, ships, { shippingThreshold, standardShippingPrice });
        expect([0, standardShippingPrice]).toContain(price);
        if (ships && total < shippingThreshold) expect(price).toBe(standardShippingPrice);
        else expect(price).toBe(0);
      }),
    );
  });
});
