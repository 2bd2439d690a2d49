/**
 * The account forms' rules, checked by the platform. The form names are
 * Shopify's (`customer[email]`, `address[city]`), so a Shopify theme's
 * account forms post here unchanged.
 */
import { z } from "../common/zod.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./account.ts";
import { checkoutFields } from "../checkout/checkout.ts";
import { hasControlCharacter } from "../common/text.ts";

const printable = (value: string) => !hasControlCharacter(value, { lineBreaks: false });

// The messages are catalogue keys (`form_…`), written in the site's language at the edge (core/i18n/form-messages.ts).
const email = z
  .string({ error: "form_account_email" })
  .trim()
  .min(1, "form_account_email")
  .max(254, "form_account_email_too_long")
  .pipe(z.email("form_account_email_invalid"));

const name = (field: "first_name" | "last_name") =>
  z
    .string({ error: `form_account_${field}` })
    .trim()
    .min(1, `form_account_${field}`)
    .max(60, `form_account_${field}_too_long`)
    .refine(printable, `form_account_${field}_unprintable`);

const newPassword = z
  .string({ error: "form_password_choose" })
  .min(PASSWORD_MIN_LENGTH, "form_password_short")
  .max(PASSWORD_MAX_LENGTH, "form_password_long");

/** A checkbox sends "on" (or Shopify's "true") when ticked and nothing otherwise. */
const checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true" || value === "1");

/** `/account/register` (`form_type=create_customer`). */
export const registerInput = /* @__PURE__ */ z.object({
  first_name: name("first_name"),
  last_name: name("last_name"),
  email,
  password: newPassword,
  accepts_marketing: checkbox,
});
export type RegisterInput = z.infer<typeof registerInput>;

/** `/account/login` (`form_type=customer_login`). Any length is accepted here: a wrong one is just a wrong password. */
export const loginInput = /* @__PURE__ */ z.object({
  email,
  password: z.string({ error: "form_password_enter" }).min(1, "form_password_enter").max(PASSWORD_MAX_LENGTH, "form_password_wrong"),
});

/** `/account/recover` (`form_type=recover_customer_password`). */
export const recoverInput = /* @__PURE__ */ z.object({ email });

/** `/account/reset/{id}/{token}` (`form_type=reset_customer_password`). */
export const resetInput = /* @__PURE__ */ z
  .object({ password: newPassword, password_confirmation: z.string().optional() })
  .refine((value) => value.password_confirmation === undefined || value.password_confirmation === value.password, {
    message: "form_passwords_differ",
    path: ["password_confirmation"],
  });

/** An address book entry: the checkout's delivery fields, plus a company. */
export const addressInput = /* @__PURE__ */ addressSchema();

function addressSchema() {
  return checkoutFields
    .pick({ first_name: true, last_name: true, address1: true, address2: true, city: true, province: true, zip: true, country: true, phone: true })
    .extend({
      company: z
        .string()
        .trim()
        .max(100, "form_company_too_long")
        .refine(printable, "form_company_unprintable")
        .optional()
        .transform((value) => value || undefined),
      default: checkbox,
    });
}
export type AddressInput = z.infer<typeof addressInput>;

/** Field → messages, the way the forms show them beside each field. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * A Shopify form's fields without their wrapper: `customer[email]` → `email`,
 * `address[city]` → `city`. Plain names pass as they are; other fields
 * (`form_type`, `utf8`, `return_url`) are kept for the caller to ignore.
 */
export function unwrapFields(form: Record<string, unknown>, wrapper: "customer" | "address"): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const pattern = new RegExp(`^${wrapper}\\[([a-z_0-9]+)\\]$`);
  for (const [key, value] of Object.entries(form)) {
    const match = pattern.exec(key);
    if (match?.[1]) fields[match[1]] = value;
    else if (!(key in fields)) fields[key] = value;
  }
  return fields;
}

