/**
 * A free skin consultation booked from the routine builder: by video call,
 * in one of the shop's stores, or by email. Each kind asks for its own
 * details; the same schema checks them in the browser's form and at the shop.
 */
import type { RefusalReason } from "../common/refusal.ts";
import { z } from "../common/zod.ts";
import { hasControlCharacter } from "../common/text.ts";

import { BOOKING_DAYS_AHEAD, BOOKING_SLOTS, type BookingType } from "./booking-options.ts";

export { BOOKING_DAYS_AHEAD, BOOKING_SLOTS, BOOKING_TYPES, type BookingType } from "./booking-options.ts";

const printable = (value: string) => !hasControlCharacter(value, { lineBreaks: false });

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`)
    .refine(printable, `${label} has characters we cannot print`);

const isoDate = z
  .string({ error: "Choose a date" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date");

/** A date within the bookable days after `today` (both YYYY-MM-DD). */
export function isBookableDate(date: string, today: string): boolean {
  const day = Date.parse(`${date}T00:00:00Z`);
  const start = Date.parse(`${today}T00:00:00Z`);
  if (!Number.isFinite(day) || !Number.isFinite(start)) return false;
  const ahead = Math.round((day - start) / 86_400_000);
  return ahead >= 1 && ahead <= BOOKING_DAYS_AHEAD;
}

/** The booking form's schema; `stores` are the stores the merchant offers, `today` the shop's date. */
export function bookingSchema(stores: readonly string[], today: string) {
  const base = {
    name: text("Name", 80),
    email: z.string({ error: "Email is required" }).trim().pipe(z.email("Enter a valid email address")),
  };
  const bookable = isoDate.refine((date) => isBookableDate(date, today), `Choose a date from tomorrow up to ${BOOKING_DAYS_AHEAD / 7} weeks ahead`);
  return z.discriminatedUnion(
    "type",
    [
      z.object({ type: z.literal("video"), ...base, date: bookable, time: z.enum(BOOKING_SLOTS, { error: "Choose a time" }) }),
      z.object({
        type: z.literal("in-store"),
        ...base,
        date: bookable,
        store: z.string({ error: "Choose a store" }).refine((store) => stores.includes(store), "Choose a store"),
      }),
      z.object({ type: z.literal("email"), ...base, message: text("Tell us about your skin", 2000).pipe(z.string().min(10, "Tell us a little more about your skin")) }),
    ],
    { error: "Choose how you'd like your consultation" },
  );
}

export type BookingInput = z.infer<ReturnType<typeof bookingSchema>>;

export type BookingAnswer =
  | { ok: true; reference: string; type: BookingType; email: string }
  | { ok: false; reason: Extract<RefusalReason, "invalid" | "limited">; description: string; errors: Record<string, string[]>; retryAfter?: number };

/** Field → messages, the way the form shows them beside each field. */
export function bookingFieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[String(issue.path[0] ?? "type")] ??= []).push(issue.message);
  return errors;
}
