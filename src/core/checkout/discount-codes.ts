/**
 * Why a discount code on the cart does not apply, as the cart answers it
 * (`discount_codes[].reason`), and the words a shopper reads for it. The
 * platform decides; the side cart, cart page and checkout say it the same way.
 */
import { formatMoney } from "../money/money.ts";

export type DiscountCodeReason =
  | { kind: "unknown" }
  | { kind: "not_started" }
  | { kind: "ended" }
  /** The paid items (after bundle and gift discounts, gift cards left out) are below the code's minimum. */
  | { kind: "minimum"; minimum: number; shortfall: number }
  /** Nothing in the cart can take a code (only gifts, gift cards or free items). */
  | { kind: "no_eligible_items" }
  /** The code has been used on as many orders as it may be. */
  | { kind: "used_up" }
  /** This customer's email has used the code as many times as it may. */
  | { kind: "customer_limit" }
  /** Codes do not stack: another code on the cart saves more. */
  | { kind: "not_best"; best: string };

export interface DiscountCodeState {
  code: string;
  applicable: boolean;
  reason?: DiscountCodeReason;
}

/** The longest code a shopper may type. */
export const DISCOUNT_CODE_MAX_LENGTH = 64;

/** What the shopper reads beside a code that does not apply. */
export function discountCodeMessage(code: string, reason: DiscountCodeReason, moneyFormat: string): string {
  switch (reason.kind) {
    case "unknown":
      return `${code} isn't a valid discount code.`;
    case "not_started":
      return `${code} isn't active yet.`;
    case "ended":
      return `${code} has expired.`;
    case "minimum":
      return `Spend ${formatMoney(reason.shortfall, moneyFormat)} more to use ${code} (orders of ${formatMoney(reason.minimum, moneyFormat)} or more).`;
    case "no_eligible_items":
      return `${code} doesn't apply to the items in your bag.`;
    case "used_up":
      return `${code} has been used as many times as it can be.`;
    case "customer_limit":
      return `You've already used ${code} as many times as it allows.`;
    case "not_best":
      return `Only one code applies at a time: ${reason.best} saves you more.`;
  }
}
