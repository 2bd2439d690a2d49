import { useSitePath } from "../storefront/use-shop.ts";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { type SavedCartItem, savedCartKey, savedFrom } from "../../core/builders/saved-bundles.ts";
import { visibleProperties } from "../../core/cart/line-rules.ts";
import { useSavedList } from "../builders/saved-for-later.ts";
import { CartApiError } from "../storefront/cart-api.ts";
import { imageUrl } from "../ui/product-image.ts";
import { moveSavedToBag, removeSavedLine } from "./saved-lines.ts";
import { useLocaleText } from "./use-locale-text.ts";
import "./saved-lines.css";

/** Drawn at 64 to 88 px; the image service's smallest width is sharp at 2x. */
const THUMBNAIL_WIDTH = 160;
const FALLBACK_FAILURE = "The item could not be added. Please try again.";

interface SavedForLaterProps {
  /** The section heading's level: 2 on the cart page, 3 in the side cart and the account; the lines' are one below. */
  headingLevel: 2 | 3;
  /** The section heading; by default the locale's 'Saved for later'. */
  title?: string;
  /** The lines to show; by default the browser's list. */
  items?: readonly SavedCartItem[];
  /** Whether a line moved to the bag opens the side cart (from the account; the cart shows it already). */
  openSideCart?: boolean;
  /** Lines that cannot be bought now: marked, without 'Move to bag'. */
  isUnavailable?: (item: SavedCartItem) => boolean;
  /** Another picture for a line than the one saved with it. */
  imageOf?: (item: SavedCartItem) => string | undefined;
  className?: string;
  /** Where focus goes when the last saved line leaves the list. */
  fallbackFocus: () => HTMLElement | null;
}

const always = () => false;
const savedImage = (item: SavedCartItem) => item.image;

/**
 * The cart lines saved for later: each can be moved back to the bag as the
 * same line, or removed. Held in the browser (and for a customer by the shop
 * too), so in the cart it shows once the page's scripts run. 'Move to bag' is
 * a form posting to /cart/add, so it adds the line even without them.
 */
export function SavedForLater({ headingLevel, title: sectionTitle, items: given, openSideCart = false, isUnavailable = always, imageOf = savedImage, className = "", fallbackFocus }: SavedForLaterProps) {
  const onSite = useSitePath();
  const stored = useSavedList();
  const items = given ?? savedFrom(stored, "cart");
  const text = useLocaleText();
  const [moving, setMoving] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  const [status, setStatus] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = `saved-lines${useId().replace(/[^a-z0-9]/gi, "")}`;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const ItemHeading = headingLevel === 2 ? "h3" : "h4";

  /** After a line leaves the list its buttons are gone: focus stays on the list, or in the cart once it is empty. */
  const keepFocus = (remaining: number) => requestAnimationFrame(() => (remaining > 0 ? headingRef.current : fallbackFocus())?.focus());

  async function move(item: SavedCartItem) {
    const key = savedCartKey(item);
    if (moving !== null) return;
    setMoving(key);
    setFailure(null);
    try {
      await moveSavedToBag(item, { openSideCart });
      setStatus(text("saved_moved", { title: item.product_title }));
      // The side cart takes focus when it opens.
      if (!openSideCart) keepFocus(items.length - 1);
    } catch (error) {
      const message = error instanceof CartApiError ? error.message : FALLBACK_FAILURE;
      // Every alert also logs a stack trace.
      console.error(new Error(`Move to bag failed: ${message}`, { cause: error }));
      setFailure({ key, message });
    } finally {
      setMoving(null);
    }
  }

  function remove(item: SavedCartItem) {
    if (failure?.key === savedCartKey(item)) setFailure(null);
    removeSavedLine(item);
    setStatus(text("saved_removed", { title: item.product_title }));
    keepFocus(items.length - 1);
  }

  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {items.length ? (
        <section className={`saved-lines ${className}`} aria-labelledby={headingId}>
          <Heading className="saved-lines__title" id={headingId} ref={headingRef} tabIndex={-1}>
            {sectionTitle ?? text("saved_for_later")} <span className="saved-lines__count">({items.length})</span>
          </Heading>
          <ul className="saved-lines__list">
            {items.map((item) => {
              const key = savedCartKey(item);
              const title = item.product_title;
              const busy = moving === key;
              const image = imageOf(item);
              const unavailable = isUnavailable(item);
              return (
                <li key={key} className="saved-line">
                  <div className="saved-line__media">
                    {image ? <img src={imageUrl(image, THUMBNAIL_WIDTH)} alt="" width={THUMBNAIL_WIDTH} height={THUMBNAIL_WIDTH} loading="lazy" decoding="async" /> : null}
                  </div>
                  <div className="saved-line__details">
                    <ItemHeading className="saved-line__title">
                      <Link to={`/products/${item.product_handle}?variant=${item.product_variant}`} prefetch="intent">
                        {title}
                      </Link>
                    </ItemHeading>
                    {item.variant_title ? <p className="saved-line__meta">{item.variant_title}</p> : null}
                    {visibleProperties(item.properties).map(([name, value]) => (
                      <p key={name} className="saved-line__meta">
                        {name}: {value}
                      </p>
                    ))}
                    <p className="saved-line__meta">{text("saved_quantity", { quantity: item.quantity })}</p>
                    {unavailable ? <p className="saved-line__unavailable">{text("saved_unavailable")}</p> : null}
                  </div>
                  <div className="saved-line__actions">
                    {unavailable ? null : (
                      <form
                        method="post"
                        action={onSite("/cart/add")}
                        onSubmit={(event) => {
                          event.preventDefault();
                          void move(item);
                        }}
                      >
                        <input type="hidden" name="id" value={item.product_variant} />
                        <input type="hidden" name="quantity" value={item.quantity} />
                        {Object.entries(item.properties).map(([name, value]) => (
                          <input key={name} type="hidden" name={`properties[${name}]`} value={value} />
                        ))}
                        <input type="hidden" name="return_to" value="/cart" />
                        <button
                          className="button button--secondary button--small saved-line__move"
                          type="submit"
                          aria-label={busy ? `${text("adding")} ${title}` : text("move_to_bag_item", { title })}
                          aria-disabled={moving !== null || undefined}
                        >
                          {busy ? text("adding") : text("move_to_bag")}
                        </button>
                      </form>
                    )}
                    {/* Taking a line off the list needs the page's scripts (the list lives in the browser). */}
                    <button className="link-button saved-line__remove js-only" type="button" aria-label={text("saved_remove_item", { title })} disabled={busy} onClick={() => remove(item)}>
                      {text("remove")}
                    </button>
                  </div>
                  {failure?.key === key ? (
                    <div className="alert saved-line__alert" role="alert">
                      <p>{failure.message}</p>
                      <button className="link-button" type="button" onClick={() => setFailure(null)}>
                        {text("dismiss_error")}
                      </button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </>
  );
}
