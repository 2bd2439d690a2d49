import { type RefObject, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import type { BuyButtonState } from "../../../core/catalog/product-rules.ts";
import { useMoney } from "../../storefront/use-shop.ts";
import { AddButton, type AddButtonTexts } from "../../cart/buying/AddButton.tsx";
import type { AddPhase } from "../../cart/buying/use-add-to-cart.ts";

/** Further than any page is long. */
const FAR_BELOW_PX = 1_000_000;

interface StickyAddToCartProps {
  /** The main add-to-cart area the bar stands in for. */
  target: RefObject<HTMLElement | null>;
  /** Pixels from the viewport top (settings `stickyAddToCartOffset`, default 600). */
  offset: number;
  formId: string;
  title: string;
  price: number;
  /** The price is the lowest of several (no variant chosen yet). */
  from: boolean;
  state: BuyButtonState;
  phase: AddPhase;
  texts: AddButtonTexts;
}

/**
 * The sticky add-to-cart bar: shown once the main button has come
 * within `offset` pixels of the viewport top, and while it stays there or
 * above. An IntersectionObserver with a root margin reports exactly that, so
 * nothing polls the layout (no check every 10 ms). The bar submits the product form, so it adds what the form
 * would; it is drawn outside the page's flow, so showing it shifts nothing.
 * It is hidden from assistive technology and the tab order: it repeats the
 * main button, which keyboard and screen-reader users reach directly.
 */
export function StickyAddToCart({ target, offset, formId, title, price, from, state, phase, texts }: StickyAddToCartProps) {
  const money = useMoney();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    // The root runs from `offset` below the viewport top to far below the page, so the button
    // crosses its edge exactly when it comes within `offset` of the top, however fast the scroll.
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry) setShown(!entry.isIntersecting && entry.boundingClientRect.bottom <= (entry.rootBounds?.top ?? offset));
      },
      { rootMargin: `-${offset}px 0px ${FAR_BELOW_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, offset]);

  // Drawn into the body (it is only loaded in the browser), outside the form and the main landmark.
  return createPortal(
    // A pointer shortcut to the main button, which stays the one in the tab order and the accessibility tree (no second "Add to cart").
    <div className={`floating-bar sticky-add ${shown ? "floating-bar--shown sticky-add--shown" : ""}`} aria-hidden="true" inert={!shown} data-testid="sticky-add-to-cart">
      <div className="sticky-add__inner">
        <div className="sticky-add__product">
          <p className="sticky-add__title">{title}</p>
          <p className="sticky-add__price">{`${from ? "From " : ""}${money(price)}`}</p>
        </div>
        <AddButton
          state={state}
          phase={phase}
          texts={texts}
          form={formId}
          tabIndex={-1}
          onClick={() => {
            window.dataLayer ??= [];
            window.dataLayer.push({ event: "sticky_add_to_cart_click" });
          }}
        />
      </div>
    </div>,
    document.body,
  );
}
