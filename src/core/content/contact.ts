/**
 * The contact form, posted to `/contact` with Shopify's field names
 * (`form_type=contact`, `contact[name]`, `contact[email]`, …): its fields
 * and their limits, which the form in the browser draws and the shop's
 * schema (`contact-schema.ts`) checks; a filled hidden field marks a robot.
 */

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

export type ContactAnswer =
  | { ok: true; email: string }
  | { ok: false; reason: Extract<RefusalReason, "invalid" | "limited">; description: string; errors: Partial<Record<ContactField, string[]>>; retryAfter?: number };

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
}import type { RefusalReason } from "../common/refusal.ts";

