import { type RefObject, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import type { BuyButtonState } from "../../core/product-rules.ts";
import { useMoney } from "../storefront/use-shop.ts";
import { AddButton, type AddButtonTexts } from "./AddButton.tsx";
import { useHydrated } from "./browser-state.ts";
import type { AddPhase } from "./use-add-to-cart.ts";

interface StickyAddToCartProps {
  /** The main add-to-cart area the bar stands in for. */
  target: RefObject<HTMLElement | null>;
  /** Pixels from the viewport top (settings `stickyAddToCartOffset`, default 600). */
  offset: number;
  formId: string;
  title: string;
  price: number;
  state: BuyButtonState;
  phase: AddPhase;
  texts: AddButtonTexts;
}

/**
 * The sticky add-to-cart bar (spec §9): shown once the main button has come
 * within `offset` pixels of the viewport top, and while it stays there or
 * above. An IntersectionObserver whose root is the viewport less its top
 * `offset` pixels reports exactly that, so nothing polls the layout (the spec's
 * 10 ms check). The bar submits the product form, so it adds what the form
 * would; it is drawn outside the page's flow, so showing it shifts nothing.
 */
export function StickyAddToCart({ target, offset, formId, title, price, state, phase, texts }: StickyAddToCartProps) {
  const money = useMoney();
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        const line = entry.rootBounds?.top ?? offset;
        setShown(!entry.isIntersecting && entry.boundingClientRect.bottom <= line);
      },
      { rootMargin: `-${offset}px 0px 0px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, offset]);

  // Drawn into the body once in the browser, outside the form and the main landmark.
  if (!hydrated) return null;
  return createPortal(
    <div className={`sticky-add ${shown ? "sticky-add--shown" : ""}`} role="region" aria-label={title} inert={!shown} aria-hidden={!shown || undefined} data-testid="sticky-add-to-cart">
      <div className="sticky-add__inner">
        <div className="sticky-add__product">
          <p className="sticky-add__title">{title}</p>
          <p className="sticky-add__price">{money(price)}</p>
        </div>
        <AddButton
          state={state}
          phase={phase}
          texts={texts}
          form={formId}
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
