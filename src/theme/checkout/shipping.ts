/** What the checkout charges for shipping: free from the free-shipping threshold, else the standard price (as the server's order does). */
export function checkoutShipping(cart: { total_price: number; requires_shipping: boolean }, thresholdWhole: number, standardWhole: number): number {
  if (!cart.requires_shipping) return 0;
  return cart.total_price >= Math.round(thresholdWhole * 100) ? 0 : Math.round(standardWhole * 100);
}

/** Countries the shop ships to, as the checkout offers them (the platform accepts the same codes). */
export const SHIPPING_COUNTRIES: readonly { code: string; name: string }[] = [
  { code: "GB", name: "United Kingdom" },
  { code: "JE", name: "Jersey" },
  { code: "GG", name: "Guernsey" },
  { code: "IM", name: "Isle of Man" },
  { code: "IE", name: "Ireland" },
  { code: "FR", name: "France" },
  { code: "US", name: "United States" },
  { code: "AU", name: "Australia" },
  { code: "CA", name: "Canada" },
];

/** The checkout form's values as `/checkout.json` takes them (the opt-in as a boolean). */
export function checkoutBody(form: FormData): Record<string, string | boolean> {
  const body: Record<string, string | boolean> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && name !== "sms_opt_in") body[name] = value.trim();
  body.sms_opt_in = form.get("sms_opt_in") === "on";
  return body;
}
