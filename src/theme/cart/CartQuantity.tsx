import { useState } from "react";
import { parseTypedQuantity } from "../../core/cart/line-display.ts";
import "../ui/quantity.css";

interface CartQuantityProps {
  id: string;
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  value: number;
  max: number;
  name?: string;
  describedBy?: string;
  /** A new quantity (0 removes); `typed` when it came from the keyboard, so it can wait for typing to pause. */
  onChange: (value: number, typed: boolean) => void;
  /** Enter in the field: send this line's typed quantity now rather than after the pause. */
  onCommit: () => void;
}

/**
 * A line's quantity between − and +: typing digits sends them,
 * typing anything else puts 1 in the field and sends nothing, an emptied
 * field sends nothing and shows the line's quantity again on blur. Enter
 * sends what was typed in this field at once and does nothing else: it never
 * submits the form around it, whose first submit button could be another
 * line's Remove. A text
 * field with the spinbutton role rather than `type=number`, which would turn
 * letters into an empty value before the rule could see them.
 */
export function CartQuantity({ id, label, decreaseLabel, increaseLabel, value, max, name, describedBy, onChange, onCommit }: CartQuantityProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const step = (delta: number) => {
    setDraft(null);
    const next = Math.min(max, Math.max(0, value + delta));
    if (next !== value) onChange(next, false);
  };
  return (
    <div className="quantity">
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <div className="quantity__control">
        <button className="quantity__button js-only" type="button" aria-label={decreaseLabel} onClick={() => step(-1)}>
          <svg aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 14 14">
            <path d="M2 7h10" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
        <input
          id={id}
          className="quantity__input"
          type="text"
          role="spinbutton"
          inputMode="numeric"
          autoComplete="off"
          name={name}
          aria-valuenow={value}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-describedby={describedBy}
          value={draft ?? String(value)}
          onKeyDown={(event) => {
            if (event.key === "ArrowUp" || event.key === "ArrowDown") {
              event.preventDefault();
              step(event.key === "ArrowUp" ? 1 : -1);
            } else if (event.key === "Enter") {
              event.preventDefault();
              onCommit();
            }
          }}
          onChange={(event) => {
            const typed = parseTypedQuantity(event.currentTarget.value);
            if (typed.kind === "invalid") {
              setDraft("1");
              return;
            }
            setDraft(event.currentTarget.value);
            if (typed.kind === "number") {
              const next = Math.min(max, typed.value);
              if (next !== value) onChange(next, true);
            }
          }}
          onBlur={() => setDraft(null)}
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
