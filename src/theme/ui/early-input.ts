/**
 * What a shopper set in the server's HTML before the page's scripts ran.
 *
 * Until a page hydrates its forms are plain HTML: a radio can be chosen, a
 * number typed, a box ticked, and a press goes as a plain form post with
 * those values. React keeps such values in the page as it hydrates, but not
 * in its state, so the next render puts the server's choice back (a
 * controlled radio) or the page never acts on it (a ticked filter). A
 * component therefore adopts, once as it hydrates, every control whose state
 * differs from what the server drew, and takes it as its own change.
 *
 * What the server drew is the control's default: hydrating sets a control's
 * `defaultValue` / `defaultChecked` to what it was rendered with and leaves
 * its current value alone. A control the browser drew afresh (a client
 * render) has nothing that differs, so adopting there does nothing.
 */
import { type RefObject, useEffect, useEffectEvent, useLayoutEffect, useRef } from "react";

export type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const TICKABLE = new Set(["radio", "checkbox"]);
const UNCHANGEABLE = new Set(["hidden", "submit", "button", "reset", "image", "file"]);

/**
 * The controls under `root` the shopper changed from what the server drew, in
 * page order: a radio chosen (not the one it replaced), a box ticked or
 * cleared, a field typed into, a select set. Disabled controls are left out.
 */
export function changedControls(root: ParentNode): FormControl[] {
  const changed: FormControl[] = [];
  for (const control of root.querySelectorAll<FormControl>("input, select, textarea")) {
    if (control.disabled) continue;
    if (control instanceof HTMLSelectElement) {
      if ([...control.options].some((option) => option.selected !== option.defaultSelected)) changed.push(control);
    } else if (control instanceof HTMLInputElement && TICKABLE.has(control.type)) {
      if (control.type === "radio" ? control.checked && !control.defaultChecked : control.checked !== control.defaultChecked) changed.push(control);
    } else if (!(control instanceof HTMLInputElement && UNCHANGEABLE.has(control.type)) && control.value !== control.defaultValue) {
      changed.push(control);
    }
  }
  return changed;
}

/** A control the shopper changed, as it stood when the component hydrated. */
export interface EarlyValue {
  control: FormControl;
  name: string;
  value: string;
  /** For radios and check boxes. */
  checked: boolean;
}

/**
 * Hands `adopt` what the shopper changed under `ref` before hydration, once,
 * as the component mounts. The values are read in a layout effect, before
 * any later render could put the server's values back, and handed over in
 * the passive effect, once the page's own hooks (the router's navigate among
 * them) answer. `adopt` is not called when nothing changed.
 */
export function useEarlyInput(ref: RefObject<HTMLElement | null>, adopt: (changed: EarlyValue[]) => void): void {
  const adoptChanged = useEffectEvent(adopt);
  const found = useRef<EarlyValue[]>([]);
  useLayoutEffect(() => {
    const root = ref.current;
    found.current = root
      ? changedControls(root).map((control) => ({ control, name: control.name, value: control.value, checked: control instanceof HTMLInputElement && control.checked }))
      : [];
  }, [ref]);
  useEffect(() => {
    const changed = found.current;
    found.current = [];
    if (changed.length > 0) adoptChanged(changed);
  }, [ref]);
}
