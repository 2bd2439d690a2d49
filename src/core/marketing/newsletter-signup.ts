/**
 * A newsletter sign-up as the provider checks it: the address, the lists and
 * the optional skin answers the form offers.
 */
import { SKIN_SENSITIVITIES, SKIN_TYPES } from "./newsletter.ts";
import { z } from "../common/zod.ts";

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal("")])
    .optional()
    .transform((value) => (value ? value : null));

/** A sign-up as the provider checks it. */
export const signupSchema = z.object({
  email: z.string({ error: "Enter your email address" }).trim().min(1, "Enter your email address").max(254, "That email address is too long").pipe(z.email("Enter a valid email address")),
  lists: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((list) => list.trim())
        .filter(Boolean),
    ),
  skintype: optionalChoice(SKIN_TYPES),
  sensitivity: optionalChoice(SKIN_SENSITIVITIES),
});

export type SignupInput = z.infer<typeof signupSchema>;
