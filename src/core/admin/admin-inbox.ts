/**
 * What shoppers send the shop, as the back office lists it: newsletter
 * sign-ups, contact messages and consultation bookings. Each kind is a list
 * searched by what staff would type (an email, a name, a reference, words
 * of a message), newest first, and a page per entry with every field kept.
 */

export const INBOX_KINDS = ["subscribers", "messages", "bookings"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** Entries on one page of a list. */
export const INBOX_PER_PAGE = 25;

export const INBOX_TITLES: Record<InboxKind, { plural: string; singular: string; search: string; empty: string }> = {
  subscribers: { plural: "Newsletter sign-ups", singular: "sign-up", search: "Email", empty: "Nobody has signed up yet." },
  messages: { plural: "Contact messages", singular: "message", search: "Email, name or words of the message", empty: "No messages yet." },
  bookings: { plural: "Consultation bookings", singular: "booking", search: "Email, name or reference", empty: "No bookings yet." },
};

/** One entry in a list: what it is called, who sent it, when, and a line about it. */
export interface InboxSummary {
  id: number;
  title: string;
  email: string;
  created_at: string;
  /** A status or a short line: "Subscribed", "Video call on 3 Dec at 11:00", the start of a message. */
  detail: string;
}

export interface InboxList {
  kind: InboxKind;
  entries: InboxSummary[];
  total: number;
  page: number;
  pageCount: number;
  query: string;
}

/** One entry with every field kept, in order, as label and text; and the customer account it belongs to, if any. */
export interface InboxEntry {
  kind: InboxKind;
  id: number;
  title: string;
  email: string;
  created_at: string;
  fields: { label: string; value: string }[];
  customer_id: number | null;
}

export interface AdminInboxClient {
  /** Empty without a signed-in staff member whose role reaches customers. */
  list(kind: InboxKind, options: { query?: string; page?: number }): Promise<InboxList>;
  entry(kind: InboxKind, id: number): Promise<InboxEntry | null>;
}

/** At most this many characters of a message show in the list. */
export const MESSAGE_PREVIEW_LENGTH = 80;

/** The start of a message for the list: on one line, cut at a word with an ellipsis. */
export function messagePreview(body: string): string {
  const line = body.replace(/\s+/g, " ").trim();
  if (line.length <= MESSAGE_PREVIEW_LENGTH) return line;
  const cut = line.slice(0, MESSAGE_PREVIEW_LENGTH);
  const space = cut.lastIndexOf(" ");
  return `${(space > MESSAGE_PREVIEW_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
