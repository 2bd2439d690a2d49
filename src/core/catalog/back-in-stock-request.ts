/**
 * A back-in-stock request as the server checks it. Apart from the rules the
 * product page draws with (back-in-stock.ts), so the page's scripts do not
 * carry the schema library.
 */
import { z } from "../common/zod.ts";

/** A request as the shop checks it: the variant asked after, the address, and the ticked consent. */
export const backInStockRequestSchema = z.object({
  variantId: z.coerce.number({ error: "Choose the size you want" }).int("Choose the size you want").positive("Choose the size you want").max(Number.MAX_SAFE_INTEGER, "Choose the size you want"),
  email: z.string({ error: "Enter your email address" }).trim().min(1, "Enter your email address").max(254, "That email address is too long").pipe(z.email("Enter a valid email address")),
  consent: z.literal(true, { error: "Tick the box to agree to one email when it is back" }),
});

export type BackInStockRequest = z.infer<typeof backInStockRequestSchema>;

/** A checkbox as forms send it: `on`, `true`, `1` (or a script's boolean) is ticked. */
export const ticked = (value: unknown): boolean => value === true || value === "on" || value === "true" || value === "1";
