import { useId, useRef, useState } from "react";
import { bundlePageButtonState, bundlePageSteps, bundleQuote } from "../../../core/builders/bundle-chooser.ts";
import { setVariant } from "../../../core/catalog/product-rules.ts";
import { AddButton } from "../../cart/buying/AddButton.tsx";
import { useMoney, useText } from "../../storefront/use-shop.ts";
import { BundleAlert } from "./BundleAlert.tsx";
import { BundleOption } from "./BundleOption.tsx";
import { BundlePrice } from "./BundlePrice.tsx";
import { type BundleData, bundleHeading } from "./bundle-data.ts";
import { useBundleAdd } from "./use-bundle-add.ts";
import { useHydrated } from "../../ui/use-hydrated.ts";

type StepChoice = { handle: string; variantId: number } | "skip" | null;

/**
 * The bundle page chooser: the bundle's
 * steps with nav items, one step shown at a time. The button asks the shopper
 * to select until every step has a choice (an optional step's choice may be
 * "No thanks"), says out of stock when a chosen variant is unavailable (the
 * page lets one be chosen, marked sold out), and adds otherwise; afterwards it
 * says added for 4 s. Lines carry `_is-bundle-page-item`, `_bundle-id` and the
 * `__bundle*` properties, so a complete set is discounted.
 */
export function BundlePage({ bundle }: { bundle: BundleData }) {
  const { definition, products } = bundle;
  const text = useText();
  const hydrated = useHydrated();
  const money = useMoney();
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const steps = bundlePageSteps(definition, (handle) => products[handle]?.title ?? handle);
  const [current, setCurrent] = useState(0);
  const [choices, setChoices] = useState<StepChoice[]>(() => steps.map(() => null));
  const [shownVariant, setShownVariant] = useState<Record<string, number>>({});
  const { phase, error, addBundle, dismissError } = useBundleAdd(bundle);

  const variantOf = (choice: StepChoice) => (choice && choice !== "skip" ? products[choice.handle]?.variants.find((variant) => variant.id === choice.variantId) : undefined);
  const chosen = choices.flatMap((choice, index) => {
    const variant = variantOf(choice);
    return choice && choice !== "skip" && variant ? [{ step: index, handle: choice.handle, variant }] : [];
  });
  const made = choices.filter((choice) => choice !== null).length;
  const state = bundlePageButtonState(steps.length, made, chosen.map((item) => item.variant));
  const quote = bundleQuote(
    definition,
    chosen.map((item) => ({ handle: item.handle, price: item.variant.price })),
  );
  const step = steps[current];

  function goTo(index: number) {
    setCurrent(index);
    // Focus follows the step so keyboard and screen-reader users land on its heading.
    requestAnimationFrame(() => panel.current?.focus());
  }

  function choose(stepIndex: number, choice: StepChoice) {
    dismissError();
    const next = choices.map((existing, index) => (index === stepIndex ? choice : existing));
    setChoices(next);
    if (choice && choice !== "skip") setShownVariant((shown) => ({ ...shown, [`${stepIndex}:${choice.handle}`]: choice.variantId }));
  }

  function add() {
    if (state !== "add") return;
    void addBundle(
      chosen.map((item) => ({ handle: item.handle, variantId: item.variant.id, available: item.variant.available, group: steps[item.step]?.title ?? bundle.holder.handle })),
      "page",
    );
  }

  return (
    <div className="bundle-page" data-hydrated={hydrated || undefined}>
      <header className="bundle-page__header">
        <p className="product__vendor">{bundle.holder.title}</p>
        <h1 className="bundle-page__title">{bundleHeading(bundle)}</h1>
        <p className="bundle-page__offer">{text("bundle_save", { amount: definition.discountType === "percent" ? `${definition.discountAmount}%` : money(definition.fixedDiscount) })}</p>
      </header>

      <nav className="bundle-steps" aria-label={text("bundle_steps")}>
        <ol className="bundle-steps__list">
          {steps.map((candidate, index) => {
            const choice = choices[index];
            const variant = variantOf(choice ?? null);
            const product = choice && choice !== "skip" ? products[choice.handle] : undefined;
            return (
              <li key={`${candidate.title}-${index}`}>
                <button
                  type="button"
                  className={`bundle-steps__item ${choice ? "bundle-steps__item--done" : ""}`}
                  aria-current={index === current ? "step" : undefined}
                  onClick={() => goTo(index)}
                >
                  <span className="bundle-steps__number" aria-hidden="true">
                    {choice ? "✓" : index + 1}
                  </span>
                  <span className="bundle-steps__text">
                    <span className="bundle-steps__title">{candidate.title}</span>
                    <span className="bundle-steps__choice">{choice === "skip" ? text("bundle_skip") : product && variant ? (product.variants.length > 1 ? `${product.title}, ${variant.title}` : product.title) : candidate.optional ? text("bundle_optional") : ""}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>

      <div className="bundle-page__layout">
        {step ? (
          <div className="bundle-page__step" ref={panel} tabIndex={-1} aria-labelledby={`${id}-step`}>
            <h2 id={`${id}-step`} className="bundle-page__step-title">
              <span className="bundle-page__step-count">{text("bundle_step", { n: current + 1, total: steps.length })}</span> {step.title}
            </h2>
            <fieldset className="bundle-group__options">
              <legend className="visually-hidden">{step.title}</legend>
              {step.products.map((handle) => {
                const product = products[handle];
                if (!product) return null;
                const choice = choices[current];
                const picked = choice && choice !== "skip" && choice.handle === handle ? choice : null;
                const shown = shownVariant[`${current}:${handle}`] ?? setVariant(product.variants)?.id;
                return (
                  <BundleOption
                    key={handle}
                    name={`${id}-step-${current}`}
                    product={product}
                    variantId={picked ? picked.variantId : shown}
                    checked={picked !== null}
                    allowUnavailable
                    onPick={(variantId) => choose(current, { handle, variantId })}
                  />
                );
              })}
              {step.optional ? <BundleSkipOption id={`${id}-skip-${current}`} name={`${id}-step-${current}`} checked={choices[current] === "skip"} label={text("bundle_skip")} onPick={() => choose(current, "skip")} /> : null}
            </fieldset>
            <div className="bundle-page__nav">
              <button type="button" className="button button--secondary button--small" disabled={current === 0} onClick={() => goTo(current - 1)}>
                {text("bundle_previous")}
              </button>
              <button type="button" className="button button--secondary button--small" disabled={current === steps.length - 1} onClick={() => goTo(current + 1)}>
                {text("bundle_next")}
              </button>
            </div>
          </div>
        ) : null}

        <aside className="bundle-page__summary" aria-label={text("total")}>
          <ul className="bundle-page__chosen">
            {chosen.map((item) => (
              <li key={item.step}>
                <span>{products[item.handle]?.title}</span>
                <span>{money(item.variant.price)}</span>
              </li>
            ))}
          </ul>
          <BundlePrice quote={quote} definition={definition} />
          <div data-add-to-cart-area="">
            <AddButton
              state={state}
              phase={phase}
              type="button"
              className="button--wide"
              texts={{ add: text("add_to_cart"), soldOut: text("bundle_out_of_stock"), select: text("bundle_select"), adding: text("adding"), added: text("bundle_added") }}
              onClick={add}
            />
          </div>
          <BundleAlert message={error} onDismiss={dismissError} />
        </aside>
      </div>
    </div>
  );
}

/** An optional step's "skip" choice, a radio among the step's products. */
function BundleSkipOption({ id, name, checked, label, onPick }: { id: string; name: string; checked: boolean; label: string; onPick(): void }) {
  return (
    <div className={`bundle-option bundle-option--skip ${checked ? "bundle-option--checked" : ""}`}>
      <input id={id} className="bundle-option__input" type="radio" name={name} value="" checked={checked} onChange={onPick} />
      <label className="bundle-option__label" htmlFor={id}>
        <span className="bundle-option__text">
          <span className="bundle-option__title">{label}</span>
        </span>
      </label>
    </div>
  );
}
