/**
 * Free skin consultations: a booking is checked against the booking schema,
 * rate limited per client address, stored, and confirmed by email to the
 * shopper with a notice to the shop's address. A refusal is answered as data.
 */
import { randomBytes } from "node:crypto";
import { type BookingAnswer, type BookingInput, bookingFieldErrors, bookingSchema } from "../../core/booking/booking.ts";
import type { Settings } from "../../core/settings/settings.ts";
import { type RateLimiter, type LimitRule, addressKey } from "../accounts/rate-limits.ts";
import type { Database } from "../db/database.ts";
import type { Mailer } from "../mail/mailer.ts";
import { bookingConfirmationMessage, bookingNoticeMessage } from "../mail/messages.ts";

/** Bookings a client address may make in a window. */
export const BOOKING_LIMIT: LimitRule = { limit: 5, windowSeconds: 60 * 60 };

const TOO_MANY = "You have made several bookings in a short time. Please try again later, or email us.";
const INVALID = "Please check the highlighted fields.";

/** The shop's date (YYYY-MM-DD) at `now` in its time zone. */
function shopDate(now: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(now));
}

/** What was booked, in a sentence for the emails. */
export function bookingSummary(booking: BookingInput): string {
  const day = (date: string) => new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long" }).format(new Date(`${date}T00:00:00Z`));
  switch (booking.type) {
    case "video":
      return `A video call on ${day(booking.date)} at ${booking.time}.`;
    case "in-store":
      return `A visit to our ${booking.store} store on ${day(booking.date)}.`;
    case "email":
      return "A consultation by email: a therapist will reply within two working days.";
  }
}

export class BookingService {
  private readonly db: Database;
  private readonly mailer: Mailer;
  private readonly limiter: RateLimiter;
  private readonly settings: Settings;
  private readonly now: () => number;
  private readonly limit: LimitRule;

  constructor(options: { db: Database; mailer: Mailer; limiter: RateLimiter; settings: Settings; now?: () => number; limit?: LimitRule }) {
    this.db = options.db;
    this.mailer = options.mailer;
    this.limiter = options.limiter;
    this.settings = options.settings;
    this.now = options.now ?? Date.now;
    this.limit = options.limit ?? BOOKING_LIMIT;
  }

  async book(form: Record<string, unknown>, context: { ip: string; customerId: number | null; shopUrl: string }): Promise<BookingAnswer> {
    const { booking: settings } = this.settings.builders.routine;
    const parsed = bookingSchema(settings.stores, shopDate(this.now(), this.settings.shop.timeZone)).safeParse(form);
    if (!parsed.success) return { ok: false, reason: "invalid", description: INVALID, errors: bookingFieldErrors(parsed.error) };
    const offered = settings.forms.some((option) => option.type === parsed.data.type);
    if (!offered) return { ok: false, reason: "invalid", description: INVALID, errors: { type: ["Choose how you'd like your consultation"] } };
    const verdict = await this.limiter.hit(addressKey("booking", context.ip), this.limit);
    if (!verdict.allowed) return { ok: false, reason: "limited", description: TOO_MANY, errors: {}, retryAfter: verdict.retryAfter };

    const booking = parsed.data;
    const reference = `C-${randomBytes(4).toString("hex").toUpperCase()}`;
    await this.db.query(
      "insert into bookings (reference, type, name, email, date, time, store, message, customer_id) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
      [
        reference,
        booking.type,
        booking.name,
        booking.email,
        booking.type === "email" ? null : booking.date,
        booking.type === "video" ? booking.time : null,
        booking.type === "in-store" ? booking.store : null,
        booking.type === "email" ? booking.message : null,
        context.customerId,
      ],
    );
    const summary = bookingSummary(booking);
    const { shop } = this.settings;
    // The booking stands whatever happens to its emails: the mailer logs its own failures.
    await this.mailer.send(bookingConfirmationMessage({ to: booking.email, name: booking.name, reference, summary, shopName: shop.name, shopUrl: context.shopUrl })).catch(() => undefined);
    await this.mailer
      .send(bookingNoticeMessage({ to: shop.email, name: booking.name, reference, summary, shopName: shop.name, shopUrl: context.shopUrl, email: booking.email, message: booking.type === "email" ? booking.message : null }))
      .catch(() => undefined);
    return { ok: true, reference, type: booking.type, email: booking.email };
  }
}
