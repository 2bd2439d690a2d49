/**
 * The HTTP status that answers each refusal reason. Only the edge imports
 * this: the platform's HTTP routes and the theme's route modules.
 */
import type { RefusalReason } from "../common/refusal.ts";

const STATUS = {
  malformed: 400,
  signed_out: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  invalid: 422,
  limited: 429,
  upstream: 502,
} as const satisfies Record<RefusalReason, number>;

export type RefusalStatus = (typeof STATUS)[RefusalReason];

export const statusFor = (reason: RefusalReason): RefusalStatus => STATUS[reason];
