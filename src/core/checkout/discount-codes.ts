/**
 * Why a discount code on the cart does not apply, as the cart answers it
 * (`discount_codes[].reason`), and the words a shopper reads for it. The
 * platform decides; the side cart, cart page and checkout say it the same way.
 */
import type { Translate } from "../i18n/messages.ts";
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

/** What the shopper reads beside a code that does not apply, in the site's words (the spec's refusals, `discount_code_*` in the catalogues). */
export function discountCodeMessage(code: string, reason: DiscountCodeReason, moneyFormat: string, translate: Translate): string {
  switch (reason.kind) {
    case "minimum":
      return translate("discount_code_minimum", { code, shortfall: formatMoney(reason.shortfall, moneyFormat), minimum: formatMoney(reason.minimum, moneyFormat) });
    case "not_best":
      return translate("discount_code_not_best", { best: reason.best });
    default:
      return translate(`discount_code_${reason.kind}`, { code });
  }
}
