import type { RefusalReason } from "../common/refusal.ts";

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

export const CONTACT_LIMITS = { name: 80, email: 254, phone: 30, orderNumber: 20, body: 5000, bodyMin: 10, extras: 20, extraLabel: 80, extraValue: 1000 } as const;

export type ContactAnswer =
  | { ok: true; email: string }
  | { ok: false; reason: Extract<RefusalReason, "invalid" | "limited">; description: string; errors: Partial<Record<ContactField, string[]>>; retryAfter?: number };

/**
 * Other names themes give the known fields (Dawn's `contact[Name]`,
 * `contact[Comment]`, `contact[Phone number]`), matched without regard to
 * case, spaces or underscores.
 */
const FIELD_NAMES: Record<string, ContactField | "trap"> = {
  name: "name",
  fullname: "name",
  email: "email",
  phone: "phone",
  phonenumber: "phone",
  telephone: "phone",
  ordernumber: "orderNumber",
  order: "orderNumber",
  body: "body",
  comment: "body",
  message: "body",
  website: "trap",
};

/** A `contact[...]` field the shop has no column for: kept in the message under its own label. */
export interface ContactExtra {
  label: string;
  value: string;
}

const looseName = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, "");

/**
 * The posted form's values by what they hold. Any other `contact[...]` field
 * a theme adds is kept, in the order posted, as an extra for the message.
 */
export function readContactForm(form: Record<string, unknown>): Record<ContactField, unknown> & { trap: unknown; extras: ContactExtra[] } {
  const known: Partial<Record<ContactField | "trap", unknown>> = {};
  const extras: ContactExtra[] = [];
  for (const [key, raw] of Object.entries(form)) {
    const label = /^contact\[([^\]]*)\]$/.exec(key)?.[1]?.trim();
    if (!label) continue;
    const value = Array.isArray(raw) ? raw[0] : raw;
    const field = FIELD_NAMES[looseName(label)];
    if (field) {
      // Shopify's own name wins over a theme's alias when both are posted.
      if (known[field] === undefined || key === CONTACT_FIELDS[field]) known[field] = value;
    } else if (typeof value === "string" && value.trim() !== "") extras.push({ label, value });
  }
  return { name: known.name, email: known.email, phone: known.phone, orderNumber: known.orderNumber, body: known.body, trap: known.trap, extras };
}

/** The message as kept and emailed: its text, then each extra field as "label: value". */
export function contactMessageText(body: string, extras: readonly ContactExtra[]): string {
  return extras.length ? `${body}\n\n${extras.map((extra) => `${extra.label}: ${extra.value}`).join("\n")}` : body;
}
