import type { BuyButtonState } from "../../../core/catalog/product-rules.ts";
import type { AddPhase } from "./use-add-to-cart.ts";

export interface AddButtonTexts {
  add: string;
  soldOut: string;
  select: string;
  adding: string;
  added: string;
}

interface AddButtonProps {
  state: BuyButtonState;
  phase: AddPhase;
  texts: AddButtonTexts;
  type?: "submit" | "button";
  /** The form it submits when it sits outside it (the sticky bar). */
  form?: string;
  onClick?: () => void;
  className?: string;
  tabIndex?: number;
}

/**
 * An add-to-cart button in its three states (make a selection, sold out, add
 * to cart), and while adding: the adding text and a loading look, disabled to
 * assistive technology (aria-disabled, so keyboard focus is not lost) and to
 * presses.
 */
export function AddButton({ state, phase, texts, type = "submit", form, onClick, className = "", tabIndex }: AddButtonProps) {
  const adding = phase === "adding";
  const label = adding ? texts.adding : phase === "added" && state === "add" ? texts.added : state === "add" ? texts.add : state === "sold-out" ? texts.soldOut : texts.select;
  return (
    <button
      className={`button add-button ${adding ? "add-button--loading" : ""} ${className}`}
      type={type}
      form={form}
      tabIndex={tabIndex}
      disabled={state !== "add"}
      aria-disabled={adding || undefined}
      aria-busy={adding || undefined}
      onClick={(event) => {
        if (adding) event.preventDefault();
        else onClick?.();
      }}
    >
      {adding ? <span className="add-button__spinner" aria-hidden="true" /> : null}
      {label}
    </button>
  );
}
