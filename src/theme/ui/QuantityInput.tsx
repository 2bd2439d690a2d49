import { useState } from "react";
import "./quantity.css";

export type QuantitySource = "button" | "typing" | "blur";

interface QuantityInputProps {
  id: string;
  /** The input's accessible name. */
  label: string;
  /** Show the label above the control instead of only to assistive technology. */
  showLabel?: boolean;
  decreaseLabel: string;
  increaseLabel: string;
  value: number;
  min: number;
  max: number;
  /** Called with a whole number within min and max, and what caused it. */
  onChange: (value: number, source: QuantitySource) => void;
  name?: string;
  form?: string;
  describedBy?: string;
}

/**
 * A number input between − and + buttons. Typed values are clamped to min and
 * max; an empty field is left alone while typing and goes back to min on blur.
 * The buttons need JavaScript, so they are hidden without it; at a limit they
 * stay focusable (aria-disabled) so keyboard focus is not lost.
 */
export function QuantityInput({ id, label, showLabel = false, decreaseLabel, increaseLabel, value, min, max, onChange, name, form, describedBy }: QuantityInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const clamp = (next: number) => Math.min(max, Math.max(min, Math.trunc(next)));
  // A draft that no longer matches the value (a button press, a new variant's limits) gives way to it.
  const shown = draft !== null && (draft.trim() === "" || !Number.isFinite(Number(draft)) || Number(draft) === value) ? draft : String(value);
  const step = (delta: number) => {
    setDraft(null);
    const next = clamp(value + delta);
    if (next !== value) onChange(next, "button");
  };

  return (
    <div className="quantity">
      <label className={showLabel ? "quantity__label" : "visually-hidden"} htmlFor={id}>
        {label}
      </label>
      <div className="quantity__control">
        <button className="quantity__button js-only" type="button" aria-label={decreaseLabel} aria-disabled={value <= min} onClick={() => step(-1)}>
          <svg aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 14 14">
            <path d="M2 7h10" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
        <input
          id={id}
          className="quantity__input"
          type="number"
          inputMode="numeric"
          name={name}
          form={form}
          min={min}
          max={max}
          step={1}
          value={shown}
          aria-describedby={describedBy}
          onChange={(event) => {
            const text = event.currentTarget.value;
            const typed = Number(text);
            if (text.trim() === "" || !Number.isFinite(typed)) {
              setDraft(text);
              return;
            }
            const next = clamp(typed);
            setDraft(next === typed ? text : String(next));
            if (next !== value) onChange(next, "typing");
          }}
          onBlur={() => {
            if (draft === null) return;
            const typed = Number(draft);
            const empty = draft.trim() === "" || !Number.isFinite(typed);
            const next = empty ? min : clamp(typed);
            setDraft(null);
            if (next !== value) onChange(next, "blur");
          }}
        />
        <button className="quantity__button js-only" type="button" aria-label={increaseLabel} aria-disabled={value >= max} onClick={() => step(1)}>
          <svg aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 14 14">
            <path d="M2 7h10M7 2v10" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}
