/**
 * Gift card codes: sixteen characters from an alphabet without look-alikes
 * (no 0/O, 1/I/L), shown in groups of four. A shopper may type one in any
 * case, with or without spaces and dashes.
 */

export const GIFT_CARD_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const GIFT_CARD_CODE_LENGTH = 16;

/** The code as the shop compares it: upper case, separators dropped; null when it cannot be a code. */
export function normaliseGiftCardCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]+/g, "");
  if (code.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const character of code) if (!GIFT_CARD_ALPHABET.includes(character)) return null;
  return code;
}

/** `ABCD-EFGH-JKMN-PQRS`: how a code is printed in the email. */
export const formatGiftCardCode = (code: string) => code.match(/.{1,4}/g)?.join("-") ?? code;

/** The checkout's messages for a gift card that cannot pay. */
export const GIFT_CARD_ERRORS = {
  invalid: "form_gift_card_invalid",
  unknown: "form_gift_card_unknown",
  empty: "form_gift_card_empty",
  currency: "form_gift_card_currency",
} as const;

/** A product is a gift card when its type says so, as Shopify's gift card products are typed. */
export const isGiftCardProduct = (product: { productType: string }): boolean => product.productType === "Gift Card";
