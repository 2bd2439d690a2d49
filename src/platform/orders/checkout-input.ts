import { z } from "zod";

const text = (label: string, max = 120) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

/** Countries the shop ships to (the geo sites' countries plus the Channel Islands). */
export const SHIPPING_COUNTRIES = ["GB", "JE", "GG", "IM", "IE", "FR", "US", "AU", "CA"] as const;

export const checkoutInput = z.object({
  email: z.string({ error: "Email is required" }).trim().pipe(z.email("Enter a valid email address")),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{7,20}$/, "Enter a valid phone number")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  sms_opt_in: z
    .union([z.boolean(), z.enum(["on", "true", "false", ""])])
    .optional()
    .transform((value) => value === true || value === "on" || value === "true"),
  first_name: text("First name", 60),
  last_name: text("Last name", 60),
  address1: text("Address"),
  address2: z.string().trim().max(120).optional().or(z.literal("").transform(() => undefined)),
  city: text("City", 80),
  province: z.string().trim().max(80).optional().or(z.literal("").transform(() => undefined)),
  zip: z
    .string({ error: "Postcode is required" })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/, "Enter a valid postcode"),
  country: z.enum(SHIPPING_COUNTRIES, { error: "Choose a country we ship to" }),
});

export type CheckoutInput = z.infer<typeof checkoutInput>;

/** Field → messages, the way the checkout form shows them beside each field. */
export function checkoutFieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
