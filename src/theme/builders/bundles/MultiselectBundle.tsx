import { useEffect, useId, useRef, useState } from "react";
import { bundleButtonState, bundleQuote } from "../../../core/builders/bundle-chooser.ts";
import { setVariant } from "../../../core/catalog/product-rules.ts";
import { AddButton } from "../../cart/buying/AddButton.tsx";
import { useMoney, useText } from "../../storefront/use-shop.ts";
import { BundleAlert } from "./BundleAlert.tsx";
import { BundleOption } from "./BundleOption.tsx";
import { BundlePopup } from "./BundlePopup.tsx";
import { BundlePrice, offerAmount } from "./BundlePrice.tsx";
import { type BundleData, type BundleProduct, bundleHeading } from "./bundle-data.ts";
import { useBundleAdd } from "./use-bundle-add.ts";
import { useHydrated } from "../../ui/use-hydrated.ts";

interface Pick {
  handle: string;
  variantId: number;
}

/**
 * A multiselect bundle: one pick from each group, shown as an accordion of
 * native `<details>` (one open at a time; a pick opens the next group still
 * to choose), with a floating bar holding the running total and the button
 * while the chooser is on screen. Complete when every group that is not
 * optional has a pick.
 */
export function MultiselectBundle({ bundle }: { bundle: BundleData }) {
  const { definition, products, holder } = bundle;
  const text = useText();
  const money = useMoney();
  const hydrated = useHydrated();
  const id = useId();
  const section = useRef<HTMLElement>(null);
  const { phase, error, addBundle, dismissError } = useBundleAdd(bundle);
  const groups = definition.groups;
  const [picks, setPicks] = useState<(Pick | null)[]>(() => groups.map(() => null));
  const [shownVariant, setShownVariant] = useState<Record<string, number>>({});
  const [openGroup, setOpenGroup] = useState<number | null>(0);
  const [barShown, setBarShown] = useState(false);

  useEffect(() => {
    const element = section.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setBarShown(entry?.isIntersecting ?? false));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const productOf = (handle: string): BundleProduct | undefined => products[handle];
  const variantOf = (pick: Pick | null) => (pick ? productOf(pick.handle)?.variants.find((variant) => variant.id === pick.variantId) : undefined);
  const slots = groups.map((group) => ({ optional: group.optional, options: group.products.flatMap((handle) => productOf(handle)?.variants ?? []) }));
  const state = bundleButtonState(slots, picks.map(variantOf));
  const quote = bundleQuote(
    definition,
    picks.flatMap((pick) => {
      const variant = variantOf(pick);
      return pick && variant ? [{ handle: pick.handle, price: variant.price }] : [];
    }),
  );
  const heading = bundleHeading(bundle);

  function choose(groupIndex: number, handle: string, variantId: number) {
    dismissError();
    const next = picks.map((pick, index) => (index === groupIndex ? { handle, variantId } : pick));
    setPicks(next);
    setShownVariant((current) => ({ ...current, [`${groupIndex}:${handle}`]: variantId }));
    const following = next.findIndex((pick, index) => index > groupIndex && pick === null && !groups[index]?.optional);
    if (following !== -1) setOpenGroup(following);
  }

  function add() {
    if (state !== "add") return;
    void addBundle(
      picks.flatMap((pick, index) => {
        const variant = variantOf(pick);
        return pick && variant ? [{ handle: pick.handle, variantId: variant.id, available: variant.available, group: groups[index]?.title ?? holder.handle }] : [];
      }),
    );
  }

  const texts = { add: text("add_to_cart"), soldOut: text("sold_out"), select: text("make_a_selection"), adding: text("adding"), added: text("bundle_added") };

  return (
    <>
      <section id="bundle" data-bundle-chooser="" ref={section} className="bundle bundle--multiselect" aria-labelledby={`${id}-heading`} tabIndex={-1} data-hydrated={hydrated || undefined}>
        <h2 id={`${id}-heading`} className="bundle__heading">
          {heading}
        </h2>
        <div className="bundle-groups">
          {groups.map((group, groupIndex) => {
            const pick = picks[groupIndex] ?? null;
            const picked = pick ? productOf(pick.handle) : undefined;
            const pickedVariant = variantOf(pick);
            return (
              <details
                key={group.title}
                className="bundle-group"
                open={openGroup === groupIndex}
                onToggle={(event) => {
                  const isOpen = event.currentTarget.open;
                  setOpenGroup((current) => (isOpen ? groupIndex : current === groupIndex ? null : current));
                }}
              >
                <summary className="bundle-group__summary">
                  <span className="bundle-group__title">{group.title}</span>
                  <span className={`bundle-group__flag ${group.optional ? "" : "bundle-group__flag--required"}`}>{group.optional ? text("bundle_optional") : text("bundle_required")}</span>
                  <span className="bundle-group__picked">
                    {picked ? `${picked.title}${picked.variants.length > 1 && pickedVariant ? `, ${pickedVariant.title}` : ""}` : ""}
                  </span>
                </summary>
                <fieldset className="bundle-group__options">
                  <legend className="visually-hidden">{group.title}</legend>
                  {group.products.map((handle) => {
                    const product = productOf(handle);
                    if (!product) return null;
                    const shown = shownVariant[`${groupIndex}:${handle}`] ?? setVariant(product.variants)?.id;
                    return (
                      <BundleOption
                        key={handle}
                        name={`${id}-group-${groupIndex}`}
                        product={product}
                        variantId={pick?.handle === handle ? pick.variantId : shown}
                        checked={pick?.handle === handle}
                        onPick={(variantId) => choose(groupIndex, handle, variantId)}
                      />
                    );
                  })}
                </fieldset>
              </details>
            );
          })}
        </div>
        <div className="bundle__summary" data-add-to-cart-area="">
          <BundlePrice quote={quote} definition={definition} />
        </div>
        <BundleAlert message={error} onDismiss={dismissError} />
      </section>
      <div className={`floating-bar bundle-bar ${barShown ? "floating-bar--shown" : ""}`} role="region" aria-label={heading} inert={!barShown} aria-hidden={!barShown || undefined}>
        <div className="bundle-bar__inner">
          <BundlePrice quote={quote} definition={definition} live={false} />
          <AddButton state={state} phase={phase} type="button" texts={texts} onClick={add} />
        </div>
      </div>
      <BundlePopup handle={holder.handle} heading={heading} offer={offerAmount(quote, definition, money)}>
        <button
          type="button"
          className="button button--wide"
          onClick={(event) => {
            // Closing first: the dialog hands focus back to where it was, then it moves to the chooser.
            event.currentTarget.closest("dialog")?.close();
            section.current?.focus();
          }}
        >
          {text("bundle_select")}
        </button>
      </BundlePopup>
    </>
  );
}
