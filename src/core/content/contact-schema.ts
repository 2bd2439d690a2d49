/**
 * The contact form's schema: the shop checks a posted message with it, within
 * the limits the form in the browser draws (`contact.ts`). Apart from the
 * form's fields so that a page showing the form does not load the schema
 * library with it.
 */
import { CONTACT_LIMITS, type ContactField } from "./contact.ts";
import { hasControlCharacter } from "../common/text.ts";
import { z } from "../common/zod.ts";

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
  extras: z
    .array(
      z.object({
        label: z.string().max(CONTACT_LIMITS.extraLabel, "A field's name is too long").refine(printable(false), "A field's name has characters we cannot print"),
        value: z.string().trim().max(CONTACT_LIMITS.extraValue, "A field is too long").refine(printable(true), "A field has characters we cannot print"),
      }),
    )
    .max(CONTACT_LIMITS.extras, "The form has too many fields"),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** Field → messages, as the form shows them beside each field. */
export function contactFieldErrors(error: z.ZodError): Partial<Record<ContactField, string[]>> {
  const errors: Partial<Record<ContactField, string[]>> = {};
  // A theme's extra fields are part of the message.
  for (const issue of error.issues) (errors[(issue.path[0] === "extras" ? "body" : String(issue.path[0] ?? "body")) as ContactField] ??= []).push(issue.message);
  return errors;
}
