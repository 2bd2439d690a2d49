/**
 * The keyboard of a select-only combobox (WAI-ARIA Authoring Practices,
 * "Select-Only Combobox"), as a pure decision: which option becomes active and
 * whether the list opens, closes or commits the choice. The DOM side lives in
 * dropdown.ts.
 */

export type DropdownAction =
  | { kind: "none" }
  | { kind: "open"; active: number }
  | { kind: "move"; active: number }
  | { kind: "commit"; active: number; close: boolean; keepFocusMove?: boolean }
  | { kind: "close" };

export interface DropdownKeyInput {
  key: string;
  altKey: boolean;
  open: boolean;
  /** The active option while open; the selected one while closed. */
  active: number;
  count: number;
}

/** Page Up / Page Down move by this many options. */
export const PAGE_STEP = 10;

const clamp = (index: number, count: number) => Math.min(count - 1, Math.max(0, index));

export function dropdownKeyAction({ key, altKey, open, active, count }: DropdownKeyInput): DropdownAction {
  if (count === 0) return { kind: "none" };
  if (!open) {
    switch (key) {
      case "ArrowDown":
      case "ArrowUp":
      case "Enter":
      case " ":
        return { kind: "open", active: clamp(active, count) };
      case "Home":
        return { kind: "open", active: 0 };
      case "End":
        return { kind: "open", active: count - 1 };
      default:
        return { kind: "none" };
    }
  }
  switch (key) {
    case "ArrowDown":
      return { kind: "move", active: clamp(active + 1, count) };
    case "ArrowUp":
      return altKey ? { kind: "commit", active, close: true } : { kind: "move", active: clamp(active - 1, count) };
    case "Home":
      return { kind: "move", active: 0 };
    case "End":
      return { kind: "move", active: count - 1 };
    case "PageUp":
      return { kind: "move", active: clamp(active - PAGE_STEP, count) };
    case "PageDown":
      return { kind: "move", active: clamp(active + PAGE_STEP, count) };
    case "Enter":
    case " ":
      return { kind: "commit", active, close: true };
    case "Tab":
      // Tab takes the active option and lets focus move on.
      return { kind: "commit", active, close: true, keepFocusMove: true };
    case "Escape":
      return { kind: "close" };
    default:
      return { kind: "none" };
  }
}

/**
 * Type-ahead: the first option, searching from the one after `from` and
 * wrapping round, whose label starts with the typed text (case- and
 * accent-insensitive). A run of one repeated letter cycles through the
 * options starting with that letter, as native selects do.
 */
export function typeAheadMatch(labels: readonly string[], typed: string, from: number): number {
  const fold = (text: string) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
  const query = fold(typed);
  if (!query || labels.length === 0) return -1;
  const repeated = [...query].every((char) => char === query[0]);
  const needle = repeated ? query[0] ?? "" : query;
  const start = repeated || query.length === 1 ? from + 1 : from;
  for (let step = 0; step < labels.length; step++) {
    const index = (((start + step) % labels.length) + labels.length) % labels.length;
    if (fold(labels[index] ?? "").startsWith(needle)) return index;
  }
  return -1;
}
