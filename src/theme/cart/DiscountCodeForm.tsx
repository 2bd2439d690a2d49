import { useId, useRef, useState } from "react";
import { DISCOUNT_CODE_MAX_LENGTH, discountCodeMessage } from "../../core/checkout/discount-codes.ts";
import type { CartJson } from "../../core/contract/shopify-types.ts";
import { shopTranslator, useShop, useSitePath } from "../storefront/use-shop.ts";
import { setDiscountCodes } from "./cart-store.ts";
import "./discount-code.css";
import { useText } from "../storefront/use-shop.ts";

interface DiscountCodeFormProps {
  cart: CartJson;
  /** Where a plain form post (no JavaScript) returns to. */
  returnTo: string;
  /** Called with the new cart once the shop answered a change (the checkout reloads its figures). */
  onChanged?: (cart: CartJson) => void;
}

/**
 * A discount code field: apply a code, see whether it applies and why not,
 * and remove it. Codes do not stack, so a new code replaces those on the
 * cart, as a checkout's code field does. The shop decides; this draws its
 * answer. Without JavaScript it is a form post to `/cart/update`.
 */
export function DiscountCodeForm({ cart, returnTo, onChanged }: DiscountCodeFormProps) {
  const onSite = useSitePath();
  const shop = useShop();
  const id = useId();
  const text = useText();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");
  const codes = cart.discount_codes;

  const change = async (next: string[], said: (cart: CartJson) => string) => {
    if (busy) return;
    setBusy(true);
    const view = await setDiscountCodes(next);
    setBusy(false);
    if (!view) return;
    setStatus(said(view.cart));
    onChanged?.(view.cart);
  };

  const describe = (code: string, cartNow: CartJson) => {
    const state = cartNow.discount_codes.find((entry) => entry.code === code);
    if (!state) return "";
    if (state.applicable) return text("discount_code_applied", { code });
    return state.reason ? discountCodeMessage(code, state.reason, shop.moneyFormat, shopTranslator(shop)) : text("discount_code_not_this_order", { code });
  };

  return (
    <div className="discount-code">
      <form
        className="discount-code__form"
        method="post"
        action={onSite("/cart/update")}
        onSubmit={(event) => {
          event.preventDefault();
          const code = input.current?.value.trim().toUpperCase() ?? "";
          if (!code) {
            input.current?.focus();
            return;
          }
          void change([code], (cartNow) => {
            if (input.current) input.current.value = "";
            return describe(code, cartNow);
          });
        }}
      >
        <input type="hidden" name="return_to" value={returnTo} />
        <label className="discount-code__label" htmlFor={`${id}-code`}>
          {text("discount_code")}
        </label>
        <div className="discount-code__row">
          <input
            ref={input}
            className="discount-code__input"
            id={`${id}-code`}
            name="discount"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={DISCOUNT_CODE_MAX_LENGTH}
            required
          />
          <button className="button button--secondary discount-code__apply" type="submit" aria-disabled={busy || undefined}>
            {text("discount_apply")}
          </button>
        </div>
      </form>
      {codes.length > 0 ? (
        <ul className="discount-code__list" aria-label={text("discount_codes")}>
          {codes.map((entry) => (
            <li key={entry.code} className={`discount-code__item ${entry.applicable ? "is-applied" : "is-refused"}`}>
              <span className="discount-code__text">
                <strong className="discount-code__code">{entry.code}</strong>{" "}
                {entry.applicable ? text("discount_applied") : entry.reason ? discountCodeMessage(entry.code, entry.reason, shop.moneyFormat, shopTranslator(shop)) : text("discount_not_this_order")}
              </span>
              <form
                method="post"
                action={onSite("/cart/update")}
                onSubmit={(event) => {
                  event.preventDefault();
                  void change(
                    codes.map((other) => other.code).filter((other) => other !== entry.code),
                    () => text("discount_code_removed", { code: entry.code }),
                  );
                }}
              >
                <input type="hidden" name="return_to" value={returnTo} />
                <input type="hidden" name="discount" value={codes.map((other) => other.code).filter((other) => other !== entry.code).join(",")} />
                <button className="link-button discount-code__remove" type="submit" aria-label={text("discount_code_remove", { code: entry.code })}>
                  {text("remove")}
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}
