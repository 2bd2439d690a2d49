import { useEffect, useMemo, useState } from "react";
import { BuilderIntro } from "../BuilderIntro.tsx";
import { BUILDER_PROPERTIES } from "../../../core/builders/builder-bundles.ts";
import { type KitLine, type KitList, type KitPicks, canAddKit, kitStarted, kitLines, kitTotals, picksOf, restoreKit, stepDescription, stepSatisfied, togglePick } from "../../../core/builders/kit-builder.ts";
import { useShopperTask } from "../../marketing/overlays/stage.ts";
import { type SavedKitItem, savedFrom } from "../../../core/builders/saved-bundles.ts";
import { useAddToCart } from "../../cart/buying/use-add-to-cart.ts";
import { type TextKey, useMoney, useShop, useText } from "../../storefront/use-shop.ts";
import type { MessageValues } from "../../../core/i18n/messages.ts";
import { Dropdown } from "../../ui/Dropdown.tsx";
import { newSetId } from "../set-id.ts";
import { kitStepOf, kitStepSectionId } from "../../../core/content/editor-sections.ts";
import { useDesignSection, useYieldedSectionId, yieldedMark } from "../../content/editor/design-mode.ts";
import { saveFrom, useSavedList } from "../saved-for-later.ts";
import { KitDialog } from "./KitDialog.tsx";
import { KitProductCard } from "./KitProductCard.tsx";
import { KitBar } from "./KitBar.tsx";
import { KitCompareTable } from "./KitCompareTable.tsx";
import type { KitPage, KitPageProduct, KitPageStep } from "./kit-data.ts";

/** The 'saved for later' flag shows this long. */
const SAVED_FLAG_MS = 10_000;


/** What a step still needs, in words, or null when it has what it needs. */
function stillNeeded(step: KitPageStep, picks: KitPicks, text: (key: TextKey, values?: MessageValues) => string): string | null {
  if (stepSatisfied(step, picks)) return null;
  const main = step.main.length ? step.limit - picksOf(picks, step.id, "main").length : 0;
  const popup = step.popup.length ? step.popupLimit - picksOf(picks, step.id, "popup").length : 0;
  if (main > 0 && popup > 0) return text("kit_need_both", { count: main, popup, title: step.popupTitle });
  if (main > 0) return text("kit_need_more", { count: main });
  return popup > 0 ? text("kit_need_popup", { popup, title: step.popupTitle }) : null;
}

/** The kit's picks as the saved-for-later list keeps them. */
const savedKitItems = (lines: readonly KitLine[]): SavedKitItem[] =>
  lines.map(({ step, list, product }) => ({
    source: "kit",
    product_handle: product.handle,
    product_step: step.id,
    product_title: product.title,
    product_variant: product.variantId,
    ...(list === "popup" ? { in_popup: true } : {}),
  }));

/**
 * The multi-step kit builder: numbered steps with product grids, a popup of
 * extra products and a compare view per step, a dropdown that highlights
 * recommended products, and a sticky bar with the kit's total, add to cart
 * and save for later.
 */
export function KitBuilder({ page }: { page: KitPage }) {
  const text = useText();
  const { definition } = page;
  const shop = useShop();
  const money = useMoney();
  // The shopper's own picks, null until their first change (the saved picks are shown until then).
  const [own, setOwn] = useState<KitPicks | null>(null);
  const [filter, setFilter] = useState("");
  const [popupStep, setPopupStep] = useState<number | null>(null);
  const [compareStep, setCompareStep] = useState<number | null>(null);
  const [savedFlag, setSavedFlag] = useState(false);
  const { phase, error, add } = useAddToCart(shop.productPage?.addToCartWaitMs ?? 1500);
  // In the theme editor a selected step's section shows that step alone (kept while it is re-rendered).
  const yieldedId = useYieldedSectionId();
  const designStep = kitStepOf(useDesignSection() ?? yieldedId);
  const shownStep = definition.steps.some((step) => step.id === designStep) ? designStep : null;

  // Saved picks in storage restore the selection, until the shopper changes it.
  const saved = useSavedList();
  const restored = useMemo(() => (own ? null : restoreKit(definition, savedFrom(saved, "kit"))), [own, definition, saved]);
  const picks = own ?? restored ?? {};
  useShopperTask(kitStarted(picks) ? "builder" : null);

  useEffect(() => {
    if (!savedFlag) return;
    const timer = setTimeout(() => setSavedFlag(false), SAVED_FLAG_MS);
    return () => clearTimeout(timer);
  }, [savedFlag]);

  const toggle = (stepId: number, list: KitList, handle: string) => {
    // From the picks as they stand after any change not yet drawn: taps quicker than a render each count.
    setOwn((current) => togglePick(definition, current ?? restored ?? {}, stepId, list, handle));
  };

  const lines = kitLines(definition, picks);
  const totals = kitTotals(definition, picks);
  const ready = canAddKit(definition, picks);
  const needs = definition.steps.map((step, index) => ({ step, index, need: stillNeeded(step, picks, text) })).filter((entry) => entry.need !== null);

  const addKit = () => {
    if (!ready) return;
    const id = newSetId();
    void add(
      lines.map(({ step, list, product }) => ({
        id: product.variantId,
        quantity: 1,
        properties: {
          [BUILDER_PROPERTIES.builder]: "kit",
          [BUILDER_PROPERTIES.id]: id,
          [BUILDER_PROPERTIES.step]: list === "popup" ? step.popupTitle : step.title,
        },
      })),
    );
  };

  const saveKit = () => void saveFrom("kit", savedKitItems(lines)).then(() => setSavedFlag(true));

  const popup = definition.steps.find((step) => step.id === popupStep);
  const compare = definition.steps.find((step) => step.id === compareStep);
  const compared = compare ? [...compare.main, ...compare.popup].filter((product) => product.inCompare) : [];

  const grid = (step: KitPageStep, list: KitList, products: KitPageProduct[]) => (
    <ul className="kit-grid" aria-label={list === "main" ? `${step.title}: products` : step.popupTitle}>
      {products.map((product, index) => (
        <KitProductCard
          key={product.handle}
          product={product}
          discountPercent={definition.discountPercent}
          chosen={picksOf(picks, step.id, list).includes(product.handle)}
          recommended={filter !== "" && product.recommendedFor.includes(filter)}
          onToggle={() => toggle(step.id, list, product.handle)}
          priority={index < 2 && step === definition.steps[0]}
        />
      ))}
    </ul>
  );

  return (
    <div className="kit">
      <KitHeader page={page} filter={filter} onFilter={setFilter} />

      <ol className="kit__steps">
        {definition.steps.map((step, index) => {
          if (shownStep !== null && step.id !== shownStep) return null;
          const sectionId = kitStepSectionId(step.id);
          if (yieldedId === sectionId) return <li key={step.id} className="kit-step" data-section-id={sectionId} {...yieldedMark(true)} />;
          const comparable = [...step.main, ...step.popup].filter((product) => product.inCompare).length >= 2;
          const need = stillNeeded(step, picks, text);
          const description = stepDescription(step, definition.discountPercent, money);
          return (
            <li key={step.id} className="kit-step" aria-labelledby={`kit-step-${step.id}`} data-section-id={sectionId}>
              <div className="kit-step__head">
                <span className="kit-step__number" aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h2 className="kit-step__title" id={`kit-step-${step.id}`}>
                    <span className="visually-hidden">{text("kit_step_number", { step: index + 1 })} </span>
                    {step.title}
                    {step.optional ? <span className="kit-step__optional"> {text("bundle_optional")}</span> : null}
                  </h2>
                  {description ? <p className="kit-step__description">{description}</p> : null}
                  <p className="kit-step__status" aria-live="polite">
                    {step.main.length ? text("kit_step_chosen", { chosen: picksOf(picks, step.id, "main").length, limit: step.limit }) : null}
                    {need ? ` · ${need}` : step.optional && lines.every((line) => line.step.id !== step.id) ? "" : ` · ${text("kit_step_done")}`}
                  </p>
                </div>
              </div>
              {step.main.length ? grid(step, "main", step.main) : null}
              <div className="kit-step__tools">
                {step.popup.length ? (
                  <button type="button" className="button button--secondary" onClick={() => setPopupStep(step.id)}>
                    {text("kit_popup_button", { title: step.popupTitle, chosen: picksOf(picks, step.id, "popup").length, limit: step.popupLimit })}
                  </button>
                ) : null}
                {comparable ? (
                  <button type="button" className="link-button" onClick={() => setCompareStep(step.id)}>
                    {text("kit_compare")}
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>

      <KitBar
        totals={totals}
        bundleText={page.bundleText}
        need={!ready && needs[0] ? text("kit_step_need", { step: needs[0].index + 1, need: needs[0].need ?? "" }) : null}
        ready={ready}
        canSave={lines.length > 0}
        phase={phase}
        saved={savedFlag}
        error={error}
        onSave={saveKit}
        onAdd={addKit}
      />

      <KitDialog open={popup !== undefined} title={popup?.popupTitle ?? ""} onClose={() => setPopupStep(null)}>
        {popup ? (
          <>
            <p className="kit-dialog__lead">
              {text(popup.optional ? "kit_popup_lead_optional" : "kit_popup_lead", { limit: popup.popupLimit, chosen: picksOf(picks, popup.id, "popup").length })}
            </p>
            {grid(popup, "popup", popup.popup)}
          </>
        ) : null}
      </KitDialog>

      <KitDialog open={compare !== undefined} title={compare ? text("kit_compare_title", { title: compare.title }) : ""} onClose={() => setCompareStep(null)} className="kit-dialog--wide">
        {compare ? (
          <KitCompareTable products={compared} discountPercent={definition.discountPercent} />
        ) : null}
      </KitDialog>
    </div>
  );
}

/** The kit builder's title, introduction and the dropdown that highlights products recommended for a concern. */
function KitHeader({ page, filter, onFilter }: { page: KitPage; filter: string; onFilter(value: string): void }) {
  const text = useText();
  return (
    <header className="kit__header">
      <BuilderIntro start={page.start} pictures={page.pictures} action={null}>
        <h1 className="builder-title">{page.title}</h1>
        {page.intro ? <p className="builder-lead">{page.intro}</p> : null}
      </BuilderIntro>
      {page.dropdown.options.length ? (
        <div
          className="kit__filter"
          onChange={(event) => {
            const target = event.target;
            if (target instanceof HTMLSelectElement && target.name === "kit-recommended") onFilter(target.value);
          }}
        >
          <Dropdown id="kit-recommended" name="kit-recommended" label={page.dropdown.label} options={[{ value: "", label: text("kit_everything") }, ...page.dropdown.options]} value={filter} />
        </div>
      ) : null}
    </header>
  );
}
