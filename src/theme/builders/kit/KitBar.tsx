import type { KitTotals } from "../../../core/builders/kit-builder.ts";
import { AddButton } from "../../cart/buying/AddButton.tsx";
import type { AddPhase } from "../../cart/buying/use-add-to-cart.ts";
import { useMoney, useText } from "../../storefront/use-shop.ts";

interface KitBarProps {
  totals: KitTotals;
  /** The kit's saving named as the merchant names it. */
  bundleText: string;
  /** What the first unfinished step still needs, or null. */
  need: string | null;
  ready: boolean;
  canSave: boolean;
  phase: AddPhase;
  /** The 'saved for later' flag is showing. */
  saved: boolean;
  error: string | null;
  onSave(): void;
  onAdd(): void;
}

/** The kit builder's sticky bar: how many products, the kit's total and saving, what is still needed, save for later and add to cart. */
export function KitBar({ totals, bundleText, need, ready, canSave, phase, saved, error, onSave, onAdd }: KitBarProps) {
  const text = useText();
  const money = useMoney();
  return (
    <section className="kit-bar" aria-label={text("kit_yours")}>
      <div className="kit-bar__figures" aria-live="polite">
        <p className="kit-bar__count">
          {text("kit_products_chosen", { count: totals.count })}
        </p>
        <p className="kit-bar__total">
          <strong>{money(totals.total)}</strong>
          {totals.saving > 0 ? (
            <>
              {" "}
              <s>{money(totals.full)}</s>
              <span className="kit-bar__saving">
                {" "}
                {text("kit_saving", { bundle: bundleText, amount: money(totals.saving) })}
              </span>
            </>
          ) : null}
        </p>
        {need ? <p className="kit-bar__need">{need}</p> : null}
      </div>
      <div className="kit-bar__actions">
        <button type="button" className="button button--secondary kit-bar__save" onClick={onSave} disabled={!canSave}>
          {text("builder_save_for_later")}
        </button>
        <AddButton
          type="button"
          state={ready ? "add" : "select"}
          phase={phase}
          texts={{ add: text("add_to_cart"), soldOut: text("sold_out"), select: text("make_a_selection"), adding: text("adding"), added: text("bundle_added") }}
          onClick={onAdd}
        />
      </div>
      <p className="kit-bar__flag" role="status">
        {saved ? text("saved_for_later") : ""}
      </p>
      {error ? (
        <p className="kit-bar__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
