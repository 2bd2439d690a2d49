import { useEffect, useRef, useState } from "react";
import { freeShippingCodeOf } from "../../core/checkout/checkout.ts";
import type { ThresholdEntry } from "../../core/money/thresholds.ts";
import type { ShopInfo } from "../../core/contract/storefront.ts";
import { useMoney, useText } from "../storefront/use-shop.ts";
import { refreshCart, useCartState } from "./cart-store.ts";
import { CartMain } from "./CartMain.tsx";
import { DiscountCodeForm } from "./DiscountCodeForm.tsx";
import { CheckoutButton } from "./CheckoutButton.tsx";
import { CartTaxNote } from "./CartTaxNote.tsx";
import { GiftPickers } from "./GiftPickers.tsx";
import { type OpenReason, SIDE_CART_SHOWN } from "./side-cart-events.ts";
import { ThresholdBars } from "./ThresholdBars.tsx";
import { Upsells } from "./Upsells.tsx";
import { useLocaleText } from "./use-locale-text.ts";
import { useModalDialog } from "./use-modal-dialog.ts";
import { SIDE_CART_SECTION } from "../../core/content/theme-editor.ts";
import { useYieldedSection, yieldedMark } from "../content/editor/design-mode.ts";
import "./side-cart.css";

/** The shop as the side cart needs it: with its settings. */
export type CartShop = ShopInfo & Required<Pick<ShopInfo, "sideCart" | "upsell">>;

/** The panel's scroll position is put back within this long of opening, once its content is tall enough. */
const SCROLL_RESTORE_MS = 1500;

interface SideCartProps {
  shop: CartShop;
  open: boolean;
  /** Counts openings: each one refreshes the cart. */
  serial: number;
  reason: OpenReason;
  /** Where focus goes back to on close. */
  opener: HTMLElement | null;
  onClose: () => void;
}

/**
 * The side cart: a modal dialog sliding in from the right with the threshold
 * bars, the error area, the lines (the same CartMain as the cart page), the
 * gift pickers, the upsells and a footer with the shop's totals and the
 * checkout button, all drawn from the cart store's one answer of the shop.
 * Loaded on demand; see SideCartHost.
 */
export default function SideCart({ shop, open, serial, reason, opener, onClose }: SideCartProps) {
  const state = useCartState();
  const { view } = state;
  const cart = view?.cart ?? null;
  const busy = state.busy > 0;
  const text = useLocaleText();
  const shopText = useText();
  const money = useMoney();
  const containerRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const savedScroll = useRef(0);
  const [errorArea, setErrorArea] = useState<HTMLDivElement | null>(null);
  const [rendered, setRendered] = useState(false);
  const [footerShadow, setFooterShadow] = useState(false);
  const [codeOpen, setCodeOpen] = useState(false);
  const [seenTotal, setSeenTotal] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const yielded = useYieldedSection(SIDE_CART_SECTION);

  // A polite word when the total changes (not for the first cart seen).
  if (cart && cart.total_price !== seenTotal) {
    setSeenTotal(cart.total_price);
    if (seenTotal !== null) setAnnouncement(text("cart_updated", { total: money(cart.total_price) }));
  }

  // The rendered flag: set once the panel has painted, so its first paint does not animate twice.
  useEffect(() => {
    const frame = requestAnimationFrame(() => setRendered(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  // An opening tells the page; it reads the cart unless an add just answered it.
  useEffect(() => {
    if (!open) return;
    if (reason !== "added") void refreshCart();
    window.dispatchEvent(new CustomEvent(SIDE_CART_SHOWN, { detail: { reason } }));
  }, [open, serial, reason]);

  useModalDialog({
    open,
    container: containerRef,
    panel: panelRef,
    initialFocus: closeRef,
    returnFocus: opener,
    fallbackFocus: () => document.querySelector<HTMLElement>(".cart-link__link"),
    onClose,
  });

  // Scroll: after an add show the top (the newest line); otherwise where the shopper left it.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!open || !scroller) return;
    const target = reason === "added" ? 0 : savedScroll.current;
    const started = performance.now();
    let frame = 0;
    const restore = () => {
      if (scroller.scrollHeight - scroller.clientHeight >= target || performance.now() - started >= SCROLL_RESTORE_MS) scroller.scrollTop = target;
      else frame = requestAnimationFrame(restore);
    };
    restore();
    const onScroll = () => {
      savedScroll.current = scroller.scrollTop;
    };
    scroller.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      scroller.removeEventListener("scroll", onScroll);
    };
  }, [open, serial, reason]);

  const loaded = cart !== null;
  // The footer casts a shadow while content scrolls under it (an observer instead of a 50 ms poll).
  useEffect(() => {
    const scroller = scrollerRef.current;
    const sentinel = sentinelRef.current;
    if (!open || !scroller || !sentinel) return;
    const observer = new IntersectionObserver(([entry]) => setFooterShadow(!(entry?.isIntersecting ?? true)), { root: scroller });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [open, loaded]);

  if (!open) return null;

  const groups = view?.gifts ?? [];
  const iconOf = (entry: ThresholdEntry) => (entry.type === "shipping" ? "shipping" : (groups.find((group) => group.key === entry.groupKey)?.settings.icon_type ?? "gift"));
  const itemCount = cart?.item_count ?? 0;
  const hasItems = Boolean(cart && cart.items.length > 0);
  const freeShipping = cart ? freeShippingCodeOf(cart) : undefined;

  return (
    <div className="side-cart" ref={containerRef} data-rendered={rendered || undefined}>
      <div className="side-cart__overlay" aria-hidden="true" onClick={onClose} />
      <div className={`side-cart__panel ${busy ? "is-loading" : ""}`} ref={panelRef} role="dialog" aria-modal="true" aria-labelledby="side-cart-title">
        <header className="side-cart__header">
          <h2 className="side-cart__title" id="side-cart-title">
            {text("cart_title")}
            <span className="side-cart__count"> ({itemCount})</span>
          </h2>
          <button ref={closeRef} className="side-cart__close" type="button" aria-label={text("cart_close")} onClick={onClose}>
            <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
              <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
        <div className="side-cart__messages" ref={setErrorArea} />
        <div className="side-cart__body" ref={scrollerRef} aria-busy={busy}>
          {/* The side cart's section: re-rendered in the theme editor, it holds the section's new HTML until the cart is read again. */}
          <div className="side-cart__section" data-section-id={SIDE_CART_SECTION} {...yieldedMark(yielded)}>
            {yielded ? null : view ? (
              <>
                {hasItems ? <ThresholdBars tracks={view.thresholds} messages={view.messages} iconOf={iconOf} /> : null}
                <CartMain view={view} layout="aside" messagesTarget={errorArea} />
                {hasItems ? <GiftPickers groups={groups} giftProducts={view.giftProducts} /> : null}
                <Upsells offers={view.upsells} title={shop.upsell.title || text("upsell_title")} />
              </>
            ) : (
              <p className="side-cart__loading">{text("cart_loading")}</p>
            )}
          </div>
          <div className="side-cart__sentinel" ref={sentinelRef} aria-hidden="true" />
        </div>
        {hasItems && cart ? (
          <footer className={`side-cart__footer ${footerShadow ? "has-shadow" : ""}`} aria-busy={busy}>
            {/* The footer stays short on a phone: the code field folds away until asked for, or while a code is on the cart. */}
            <details className="side-cart__discount" open={codeOpen || cart.discount_codes.length > 0} onToggle={(event) => setCodeOpen(event.currentTarget.open)}>
              <summary>{text("discount_code_question")}</summary>
              <DiscountCodeForm cart={cart} returnTo="/cart" />
            </details>
            <dl className="side-cart__totals">
              {cart.total_discount > 0 ? (
                <div className="side-cart__row side-cart__row--discount">
                  <dt>{text("savings")}</dt>
                  <dd>−{money(cart.total_discount)}</dd>
                </div>
              ) : null}
              {freeShipping ? (
                <div className="side-cart__row side-cart__row--discount">
                  <dt>{text("shipping")}</dt>
                  <dd>{text("shipping_free_with", { title: freeShipping.title })}</dd>
                </div>
              ) : null}
              <div className="side-cart__row side-cart__row--total">
                <dt>{shopText("subtotal")}</dt>
                <dd>{money(cart.total_price)}</dd>
              </div>
            </dl>
            <CartTaxNote cart={cart} shop={shop} className="side-cart__note side-cart__note--tax" />
            <p className="side-cart__note">{text("shipping_at_checkout")}</p>
            <CheckoutButton label={text("checkout")} />
          </footer>
        ) : null}
      </div>
    </div>
  );
}
