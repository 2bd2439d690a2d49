import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { BuilderKind } from "../../core/builders/builder-bundles.ts";
import { type SavedItem, savedFrom } from "../../core/builders/saved-bundles.ts";
import { type ShopCustomer, saveFrom, syncWithShop, useSavedList } from "../builders/saved-for-later.ts";
import { SavedForLater } from "../cart/SavedForLater.tsx";
import { useLocaleText } from "../cart/use-locale-text.ts";
import { imageUrl } from "../ui/product-image.ts";
import type { SavedAccountData } from "./saved-view.ts";

/** Drawn at 56 px; the image service's smallest width is sharp at 2x. */
const THUMBNAIL_WIDTH = 160;
const KINDS: readonly BuilderKind[] = ["quiz", "kit"];

interface AccountSavedListProps {
  data: SavedAccountData;
  customer: ShopCustomer;
}

/**
 * The account's saved-for-later list: the quiz and kit picks, each set with
 * its products and a link back to its builder (where the picks restore), and
 * the lines saved from the bag with 'Move to bag'. Drawn from the shop's list
 * on the server; once the page's scripts run, this browser takes that list in
 * (once per session) and the page shows the browser's list from then on. An
 * item the server's list did not hold yet (saved before signing in) has its
 * availability asked of the server again, rather than shown as gone.
 */
export function AccountSavedList({ data, customer }: AccountSavedListProps) {
  const text = useLocaleText();
  const stored = useSavedList();
  const [synced, setSynced] = useState(false);
  const [status, setStatus] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { id, hash } = customer;

  useEffect(() => {
    let current = true;
    void syncWithShop({ id, hash }, data.items).then(() => {
      if (current) setSynced(true);
    });
    return () => {
      current = false;
    };
  }, [id, hash, data.items]);

  const list: readonly SavedItem[] = synced ? stored : data.items;
  // Availability is known for what the server's list held when the page was read; the rest is read again once merged.
  const known = new Set(data.items.map((item) => item.product_handle));
  const unknown = synced && list.some((item) => !known.has(item.product_handle));
  const revalidator = useRevalidator();
  const askedAgain = useRef(false);
  useEffect(() => {
    if (!unknown || askedAgain.current) return;
    askedAgain.current = true;
    void revalidator.revalidate();
  }, [unknown, revalidator]);
  const lines = savedFrom(list, "cart");
  const sets = KINDS.map((kind) => ({ kind, items: savedFrom(list, kind), builder: data.builders[kind] })).filter((set) => set.items.length > 0);
  const imageOf = (handle: string) => data.products[handle]?.image?.src;

  function removeSet(kind: BuilderKind, title: string) {
    void saveFrom(kind, []);
    setStatus(text("saved_removed", { title }));
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  return (
    <section className="account__section account-saved" aria-labelledby="account-saved-title">
      <h2 className="account__subtitle" id="account-saved-title" ref={headingRef} tabIndex={-1}>
        {text("saved_for_later")}
      </h2>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {sets.length === 0 && lines.length === 0 ? <p className="account__muted">{text("saved_nothing")}</p> : null}
      {sets.map(({ kind, items, builder }) => {
        const headingId = `account-saved-${kind}`;
        return (
          <article key={kind} className="saved-set" aria-labelledby={headingId}>
            <h3 className="saved-set__title" id={headingId}>
              {builder.title}
            </h3>
            <ul className="saved-set__products">
              {items.map((item) => {
                const image = imageOf(item.product_handle);
                const step = builder.steps[String(item.product_step)];
                return (
                  <li key={`${item.product_step}:${item.product_variant}`} className="saved-set__product">
                    <div className="saved-set__media">{image ? <img src={imageUrl(image, THUMBNAIL_WIDTH)} alt="" width={THUMBNAIL_WIDTH} height={THUMBNAIL_WIDTH} loading="lazy" decoding="async" /> : null}</div>
                    <div className="saved-set__details">
                      <p className="saved-set__name">{item.product_title}</p>
                      {step ? <p className="saved-set__step">{step}</p> : null}
                    </div>
                    {item.source === "quiz" && item.product_is_free ? <span className="badge badge--saving">{text("free")}</span> : null}
                  </li>
                );
              })}
            </ul>
            <div className="saved-set__actions">
              <Link className="button button--small" to={builder.path} prefetch="intent" aria-describedby={headingId}>
                {text("saved_bundle_open")}
              </Link>
              {/* Taking a set off the list needs the page's scripts (the list lives in the browser). */}
              <button className="link-button js-only" type="button" aria-label={text("saved_bundle_remove", { builder: builder.title })} onClick={() => removeSet(kind, builder.title)}>
                {text("remove")}
              </button>
            </div>
          </article>
        );
      })}
      <SavedForLater
        headingLevel={3}
        title={text("saved_from_bag")}
        items={lines}
        openSideCart
        className="saved-lines--account"
        imageOf={(item) => imageOf(item.product_handle) ?? item.image}
        isUnavailable={(item) => known.has(item.product_handle) && !data.products[item.product_handle]?.available.includes(item.product_variant)}
        fallbackFocus={() => headingRef.current}
      />
    </section>
  );
}
