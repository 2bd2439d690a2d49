/** The booking form's choices, apart from its schema so the browser's form does not load the schema's library. */

export const BOOKING_TYPES = ["video", "in-store", "email"] as const;
export type BookingType = (typeof BOOKING_TYPES)[number];

/** Video-call slots, shop time. */
export const BOOKING_SLOTS = ["09:30", "11:00", "13:30", "15:00", "16:30"] as const;

/** Bookings open from tomorrow up to eight weeks ahead. */
export const BOOKING_DAYS_AHEAD = 56;
