/** What the design-mode store and the editor's listener (loaded only in the preview) agree on. */
import type { DesignEvent, DesignState } from "../../../core/content/theme-editor.ts";

/** Marks the element a component has left to the editor, for the editor to put the section's HTML in. */
export const YIELDED_ATTRIBUTE = "data-design-yielded";

/** The state the editor's events move: the listener reads it, sets the next one, and has the page read its data again. */
export interface DesignStore {
  read(): DesignState;
  write(next: DesignState): void;
  /** Reads the page's data again (its loaders, and the cart). */
  readDataAgain(): Promise<unknown>;
}

export interface DesignListener {
  /** Takes an event as if the editor had sent it (a popup the shopper closed is deselected). */
  hear(event: DesignEvent): void;
  /** Puts the flag back in the preview's address after a page reached in place, so reloading it stays in design mode. */
  keepFlagInAddress(): void;
}
