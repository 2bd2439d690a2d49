/** Random tokens, their stored digests, and comparisons that take the same time whatever the inputs. */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A random token of `bytes` bytes, in hex. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString("hex");

/** What the database keeps of a token: its SHA-256, so a copy of the table opens nothing. */
export const digest = (token: string): string => createHash("sha256").update(token).digest("hex");

/** Whether two strings are equal, in time that depends only on their length. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  // Compared against itself when the lengths differ, so the time does not tell how much matched.
  return left.length === right.length ? timingSafeEqual(left, right) : (timingSafeEqual(left, left), false);
}

export const hmacHex = (secret: string, value: string): string => createHmac("sha256", secret).update(value).digest("hex");

/** Tokens the shop hands out are lower-case hex of a known length; anything else is refused before a query. */
export const isHexToken = (value: unknown, bytes = 32): value is string => typeof value === "string" && new RegExp(`^[a-f0-9]{${bytes * 2}}$`).test(value);
