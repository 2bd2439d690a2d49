/**
 * The contact form, posted to `/contact` with Shopify's field names
 * (`form_type=contact`, `contact[name]`, `contact[email]`, …). The same
 * schema checks it in the browser and at the shop; a filled hidden field
 * marks a robot.
 */
import { z } from "./zod.ts";
import { hasControlCharacter } from "./text.ts";

/** Where the form posts and where a sent message lands (`?contact_posted=true`). */
export const CONTACT_PATH = "/contact";
export const CONTACT_PAGE = "/pages/contact";

/** Field names as posted, keyed by what they hold. */
export const CONTACT_FIELDS = {
  name: "contact[name]",
  email: "contact[email]",
  phone: "contact[phone]",
  orderNumber: "contact[order_number]",
  body: "contact[body]",
  /** Left empty by people: it is hidden from sight and from assistive technology. */
  trap: "contact[website]",
} as const;

export type ContactField = Exclude<keyof typeof CONTACT_FIELDS, "trap">;

export const CONTACT_LIMITS = { name: 80, email: 254, phone: 30, orderNumber: 20, body: 5000, bodyMin: 10 } as const;

const printable = (lineBreaks: boolean) => (value: string) => !hasControlCharacter(value, { lineBreaks });

const optional = (max: number, label: string, pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long`)
    .refine((value) => value === "" || pattern.test(value), message)
    .optional()
    .transform((value) => (value ? value : null));

export const contactSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(CONTACT_LIMITS.name, "Name is too long")
    .refine(printable(false), "Name has characters we cannot print"),
  email: z.string({ error: "Email is required" }).trim().max(CONTACT_LIMITS.email, "Email is too long").pipe(z.email("Enter a valid email address")),
  phone: optional(CONTACT_LIMITS.phone, "Phone number", /^\+?[0-9 ()-]{6,}$/, "Enter a phone number with digits only"),
  orderNumber: optional(CONTACT_LIMITS.orderNumber, "Order number", /^#?[A-Za-z0-9-]{3,}$/, "Enter the order number from your confirmation email"),
  body: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .min(CONTACT_LIMITS.bodyMin, "Tell us a little more so we can help")
    .max(CONTACT_LIMITS.body, "Message is too long")
    .refine(printable(true), "Message has characters we cannot print"),
});

export type ContactInput = z.infer<typeof contactSchema>;

export type ContactAnswer =
  | { ok: true; email: string }
  | { ok: false; status: 422 | 429; description: string; errors: Partial<Record<ContactField, string[]>>; retryAfter?: number };

/** The posted form's values by what they hold. */
export function readContactForm(form: Record<string, unknown>): Record<ContactField, unknown> & { trap: unknown } {
  const read = (name: string) => {
    const value = form[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return {
    name: read(CONTACT_FIELDS.name),
    email: read(CONTACT_FIELDS.email),
    phone: read(CONTACT_FIELDS.phone),
    orderNumber: read(CONTACT_FIELDS.orderNumber),
    body: read(CONTACT_FIELDS.body),
    trap: read(CONTACT_FIELDS.trap),
  };
}

/** Field → messages, as the form shows them beside each field. */
export function contactFieldErrors(error: z.ZodError): Partial<Record<ContactField, string[]>> {
  const errors: Partial<Record<ContactField, string[]>> = {};
  for (const issue of error.issues) (errors[String(issue.path[0] ?? "body") as ContactField] ??= []).push(issue.message);
  return errors;
}
