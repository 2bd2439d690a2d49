import { useEffect } from "react";
import { installDropdowns } from "./dropdown.ts";
import "./dropdown.css";

interface DropdownProps {
  /** A stable id: the server renders the same one in a full page and in a swapped-in fragment. */
  id: string;
  name: string;
  label: string;
  labelClassName?: string;
  options: readonly { value: string; label: string }[];
  value: string;
}

/**
 * A custom dropdown: a native select for forms and visits without
 * JavaScript, and beside it a select-only combobox (WAI-ARIA practice) that
 * takes its place once scripts run (the root's `js` class). The combobox's
 * behaviour is installed once for the whole document (see dropdown.ts), so
 * it needs no React state and works in server-rendered fragments too.
 */
export function Dropdown({ id, name, label, labelClassName, options, value }: DropdownProps) {
  useEffect(installDropdowns, []);
  const selected = options.find((option) => option.value === value) ?? options[0];
  return (
    <div className="dropdown" data-dropdown>
      <label id={`${id}-label`} className={labelClassName} htmlFor={id}>
        {label}
      </label>
      <select id={id} className="select dropdown__native" name={name} defaultValue={selected?.value}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <div className="dropdown__field">
        <div
          id={`${id}-combobox`}
          className="select dropdown__button"
          role="combobox"
          tabIndex={0}
          aria-controls={`${id}-listbox`}
          aria-expanded="false"
          aria-haspopup="listbox"
          aria-labelledby={`${id}-label`}
        >
          <span data-dropdown-value>{selected?.label}</span>
        </div>
        <div id={`${id}-listbox`} className="dropdown__list" role="listbox" aria-labelledby={`${id}-label`} tabIndex={-1} hidden>
          {options.map((option, index) => (
            <div key={option.value} id={`${id}-option-${index}`} className="dropdown__option" role="option" aria-selected={option === selected} data-value={option.value}>
              {option.label}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
