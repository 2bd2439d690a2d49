/**
 * A price-drop follow as the server checks it. Apart from the rules the
 * product page draws with (price-drop.ts), so the page's scripts do not
 * carry the schema library.
 */
import { z } from "../common/zod.ts";

/** A follow as the shop checks it: the product, the address, and the ticked consent. */
export const priceDropRequestSchema = z.object({
  productId: z.coerce.number({ error: "Choose a product to follow" }).int("Choose a product to follow").positive("Choose a product to follow").max(Number.MAX_SAFE_INTEGER, "Choose a product to follow"),
  email: z.string({ error: "Enter your email address" }).trim().min(1, "Enter your email address").max(254, "That email address is too long").pipe(z.email("Enter a valid email address")),
  consent: z.literal(true, { error: "Tick the box to agree to an email when the price drops" }),
});
