import { type ReactNode, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Link } from "react-router";
import { type CartEntry, groupCartLines } from "../../core/cart/line-display.ts";
import type { CartViewJson } from "../../core/cart/cart-view-json.ts";
import type { LineItemJson } from "../../core/contract/shopify-types.ts";
import { CartEmpty } from "./CartEmpty.tsx";
import { CartLineItem } from "./CartLineItem.tsx";
import { CartSummary } from "./CartSummary.tsx";
import { canSaveForLater } from "../../core/builders/saved-bundles.ts";
import { useShop, useText, useSitePath } from "../storefront/use-shop.ts";
import { currentLines, dismissCartError, flushQuantities, flushQuantity, removeLines, reportCartError, seedCartView, setQuantity, useCartState } from "./cart-store.ts";
import { saveLineForLater } from "./saved-lines.ts";
import { SavedForLater } from "./SavedForLater.tsx";
import { useLocaleText } from "./use-locale-text.ts";
import "./cart.css";

const removeFormId = (index: number) => `cart-remove-${index + 1}`;

interface CartMainProps {
  /** The cart view the page rendered with; the store's newer answers replace it. */
  view: CartViewJson;
  /** The cart page, or the side cart's list. */
  layout?: "page" | "aside";
  /** A message the shop sent back after a failed form post (`?cart_error=`). */
  initialError?: string | null;
  /** Where the aside's error area goes (kept in view above the scrolling list). */
  messagesTarget?: HTMLElement | null;
}

/**
 * The cart's lines and their changes, for the cart page and the side cart
 * alike, drawn from the cart store. On the page it is also a classic cart
 * form posting to /cart/update and /cart/change, so it works without JavaScript.
 */
export function CartMain({ view: renderedView, layout = "page", initialError = null, messagesTarget = null }: CartMainProps) {
  const onSite = useSitePath();
  const state = useCartState();
  const view = state.view ?? renderedView;
  const { cart } = view;
  const lines = state.view ? currentLines(state) : cart.items;
  const updating = state.busy > 0 || Object.keys(state.pending).length > 0;
  const [initialErrorShown, setInitialErrorShown] = useState(Boolean(initialError));
  const [status, setStatus] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const text = useText();
  const localeText = useLocaleText();
  const { sideCart } = useShop();
  const aside = layout === "aside";
  const shownError = state.error ?? (initialErrorShown ? initialError : null);
  const pendingKeys = new Set(lines.filter((line) => cart.items.find((item) => item.key === line.key)?.quantity !== line.quantity).map((line) => line.key));
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);

  // A page's rendered cart (a navigation to the cart page) goes into the store.
  useEffect(() => seedCartView(renderedView), [renderedView]);

  // The button just went away with its line; keep keyboard focus in the cart.
  const focusCart = () => (aside ? listRef.current : headingRef.current);

  function remove(removed: LineItemJson[]) {
    setInitialErrorShown(false);
    removeLines(removed);
    setStatus(text("cart_removed", { titles: removed.map((line) => line.product_title).join(", ") }));
    requestAnimationFrame(() => focusCart()?.focus());
  }

  function saveForLater(line: LineItemJson) {
    setInitialErrorShown(false);
    const outcome = saveLineForLater(line);
    if (!outcome.ok) {
      reportCartError(outcome.reason === "full" ? localeText("saved_list_full") : text("cart_error_generic"));
      return;
    }
    setStatus(localeText("saved_line", { title: line.product_title }));
    requestAnimationFrame(() => focusCart()?.focus());
  }

  const lineItem = (line: LineItemJson, inBundle = false) => {
    const display = view.lines[line.key];
    if (!display) return null;
    return (
    <CartLineItem
      key={line.key}
      item={line}
      display={display}
      contents={display.contents}
      removeFormId={aside ? undefined : removeFormId(cart.items.findIndex((item) => item.key === line.key))}
      pending={pendingKeys.has(line.key)}
      inBundle={inBundle}
      onQuantity={(quantity, typed) => {
        setInitialErrorShown(false);
        if (quantity === 0) remove([line]);
        else setQuantity(line, quantity, { delay: typed });
      }}
      onCommitQuantity={() => flushQuantity(line)}
      onRemove={() => remove([line])}
      onSaveForLater={!inBundle && canSaveForLater(line) ? () => saveForLater(line) : undefined}
    />
    );
  };

  const entry = (item: CartEntry) => {
    if (item.kind === "line") return lineItem(item.line);
    const title = item.title ?? localeText("bundle_default_title");
    return (
      <CartBundle key={item.id} title={title} badge={sideCart?.bundle_badge_title ?? "Bundle"} removeLabel={text("remove_item", { title })} removeText={text("remove")} onRemove={() => remove(item.lines)}>
        {item.lines.map((line) => lineItem(line, true))}
      </CartBundle>
    );
  };

  const dismiss = () => {
    dismissCartError();
    setInitialErrorShown(false);
  };
  const errorArea = shownError ? <CartErrorAlert message={shownError} dismissText={text("dismiss_error")} onDismiss={dismiss} /> : null;
  const messages = (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {aside ? (messagesTarget ? createPortal(errorArea, messagesTarget) : null) : errorArea}
    </>
  );

  if (aside) {
    return (
      <div className="cart cart--aside" ref={listRef} tabIndex={-1}>
        {messages}
        {lines.length ? (
          <form
            className="cart__form cart__form--aside"
            onSubmit={(event) => {
              event.preventDefault();
              flushQuantities();
            }}
          >
            <ul className="cart__lines" aria-busy={updating}>
              {groupCartLines(lines).map(entry)}
            </ul>
          </form>
        ) : (
          <AsideCartEmpty title={localeText("cart_empty")} linkText={text("continue_shopping")} />
        )}
        <SavedForLater headingLevel={3} className="saved-lines--aside" fallbackFocus={() => listRef.current} />
      </div>
    );
  }

  if (!lines.length) {
    return (
      <div className="cart cart--empty" data-section-id="main-cart-items">
        {messages}
        <CartEmpty headingRef={headingRef} />
        <SavedForLater headingLevel={2} fallbackFocus={() => headingRef.current} />
      </div>
    );
  }

  return (
    <div className="cart">
      <div className="cart__header">
        <h1 className="cart__title" ref={headingRef} tabIndex={-1}>
          {text("cart_title")}
        </h1>
        <p className="cart__count">
          {text("cart_item_count", { count: itemCount })}
        </p>
      </div>
      {messages}
      <div className="cart__layout">
        <form
          className="cart__form"
          data-section-id="main-cart-items"
          method="post"
          action={onSite("/cart/update")}
          onSubmit={(event) => {
            // Enter in a quantity field: send what was typed now instead of posting the page.
            event.preventDefault();
            flushQuantities();
          }}
        >
          <h2 className="visually-hidden">{text("cart_items_heading")}</h2>
          <ul className="cart__lines">{groupCartLines(lines).map(entry)}</ul>
          <button className="button button--secondary no-js-only" type="submit">
            {text("cart_update")}
          </button>
        </form>
        <RemoveForms lines={cart.items} action={onSite("/cart/change")} />
        <CartSummary cart={cart} updating={updating} />
        {/* After the summary: on phones the checkout stays next to the lines; from the desktop breakpoint it sits under the lines. */}
        <SavedForLater headingLevel={2} className="cart__saved" fallbackFocus={() => headingRef.current} />
      </div>
    </div>
  );
}

/** The refusal or failure of the last cart change, until the shopper dismisses it. */
function CartErrorAlert({ message, dismissText, onDismiss }: { message: string; dismissText: string; onDismiss(): void }) {
  return (
    <div className="alert" role="alert">
      <p>{message}</p>
      <button className="link-button" type="button" onClick={onDismiss}>
        {dismissText}
      </button>
    </div>
  );
}

/** A bundle's lines under its title, removed together. */
function CartBundle({ title, badge, removeLabel, removeText, onRemove, children }: { title: string; badge: string; removeLabel: string; removeText: string; onRemove(): void; children: ReactNode }) {
  return (
    <li className="cart-bundle">
      <div className="cart-bundle__header">
        <span className="badge badge--bundle">{badge}</span>
        <h3 className="cart-bundle__title">{title}</h3>
        <button className="link-button cart-bundle__remove" type="button" aria-label={removeLabel} onClick={onRemove}>
          {removeText}
        </button>
      </div>
      <ul className="cart-bundle__lines">{children}</ul>
    </li>
  );
}

/** The side cart with nothing in it: says so, and offers the shop. */
function AsideCartEmpty({ title, linkText }: { title: string; linkText: string }) {
  return (
    <div className="cart-empty cart-empty--aside">
      <p className="cart-empty__title">{title}</p>
      <Link className="button button--secondary" to="/collections/all" prefetch="intent">
        {linkText}
      </Link>
    </div>
  );
}

/** Without scripts each line's Remove posts its own form (quantity 0 for its line number); they sit outside the cart form, so Enter there presses none of them. */
function RemoveForms({ lines, action }: { lines: readonly LineItemJson[]; action: string }) {
  return lines.map((item, index) => (
    <form key={item.key} id={removeFormId(index)} method="post" action={action} hidden>
      <input type="hidden" name="line" value={index + 1} />
      <input type="hidden" name="quantity" value="0" />
    </form>
  ));
}
