/**
 * Why the shop refused a form or an action, in the shop's words. Services
 * answer with a reason; only the edge (the HTTP routes and the theme's route
 * modules) turns a reason into a status.
 */
export type RefusalReason =
  /** The request makes no sense as sent: nothing is waiting for it, or it names no known choice. */
  | "malformed"
  /** Nobody is signed in, or the credentials do not match. */
  | "signed_out"
  /** Signed in, but this is not theirs to do. */
  | "forbidden"
  /** What the request names does not exist (any more). */
  | "not_found"
  /** The thing is not in a state that allows this (already done, cancelled, taken). */
  | "conflict"
  /** A field's value is not acceptable. */
  | "invalid"
  /** Too many attempts: try again after a while. */
  | "limited"
  /** A service the shop relies on (the payment provider) did not do it. */
  | "upstream";
