import { describe, expect, it } from "vitest";
import { checkoutBody, checkoutShipping } from "./shipping.ts";

describe("checkout shipping", () => {
  it("is free from the threshold, standard below it, nothing when nothing ships", () => {
    expect(checkoutShipping({ total_price: 4000, requires_shipping: true }, 40, 3.95)).toBe(0);
    expect(checkoutShipping({ total_price: 3999, requires_shipping: true }, 40, 3.95)).toBe(395);
    expect(checkoutShipping({ total_price: 100, requires_shipping: false }, 40, 3.95)).toBe(0);
  });

  it("sends trimmed fields and the SMS opt-in as a boolean", () => {
    const form = new FormData();
    form.set("email", " a@b.co ");
    form.set("sms_opt_in", "on");
    expect(checkoutBody(form)).toEqual({ email: "a@b.co", sms_opt_in: true });
    expect(checkoutBody(new FormData())).toEqual({ sms_opt_in: false });
  });
});
