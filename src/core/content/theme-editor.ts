/**
 * The theme editor's rules for a previewed page: which section the preview
 * shows for Shopify's theme-editor events
 * (`shopify:section:select`, `:deselect`, `:load`, `:unload`).
 *
 * In design mode the selected section shows: a builder's selected stage is
 * drawn instead of the shopper's own, and a selected popup opens at once.
 * A section being re-rendered (unloaded, not yet loaded again) shows
 * nothing of itself; once loaded again it shows if it is still selected.
 * From its unload until the theme has drawn it again from fresh data, the
 * theme leaves the section's element to the editor, which puts the HTML the
 * Section Rendering API answered in it.
 *
 * The sections each page has, and the builders' and popups' section ids, are
 * in `editor-sections.ts`: only the editor and those parts need them.
 */

export type DesignEventType = "select" | "deselect" | "load" | "unload";

export const DESIGN_EVENT_TYPES: readonly DesignEventType[] = ["select", "deselect", "load", "unload"];

/** Shopify's event name for each type. */
export const designEventName = (type: DesignEventType): string => `shopify:section:${type}`;

export interface DesignEvent {
  type: DesignEventType;
  sectionId: string;
}

export interface DesignState {
  /** The section the merchant selected in the panel. */
  selected: string | null;
  /** A section unloaded and not loaded again yet. */
  unloaded: string | null;
  /** A section loaded again whose HTML the editor put in place, until the theme has redrawn it from fresh data. */
  redrawing: string | null;
}

export const initialDesignState: DesignState = { selected: null, unloaded: null, redrawing: null };

/** The state after one event. */
export function nextDesignState(state: DesignState, event: DesignEvent): DesignState {
  const id = event.sectionId;
  switch (event.type) {
    case "select":
      return { ...state, selected: id, unloaded: state.unloaded === id ? null : state.unloaded };
    case "deselect":
      return state.selected === id ? { ...state, selected: null } : state;
    case "unload":
      return { ...state, unloaded: id, redrawing: state.redrawing === id ? null : state.redrawing };
    case "load":
      return state.unloaded === id ? { ...state, unloaded: null, redrawing: id } : state;
  }
}

/** The state once the theme has drawn `sectionId` again from fresh data (ignored when it has been unloaded again meanwhile). */
export function redrawnDesignState(state: DesignState, sectionId: string): DesignState {
  return state.redrawing === sectionId && state.unloaded !== sectionId ? { ...state, redrawing: null } : state;
}

/** The section whose element the theme leaves to the editor: from its unload until it is redrawn after its load. */
export function yieldedSection(state: DesignState): string | null {
  return state.unloaded ?? state.redrawing;
}

/** The section the preview shows: the selected one, unless it is being re-rendered. */
export function shownSection(state: DesignState): string | null {
  return state.selected !== null && state.selected !== state.unloaded ? state.selected : null;
}

/** The section shown after a sequence of events, from none selected. */
export function shownAfter(events: readonly DesignEvent[]): string | null {
  return shownSection(events.reduce(nextDesignState, initialDesignState));
}

// --- Sections -------------------------------------------------------------------------------

/** The attribute that marks the root element of a section in the theme's markup. */
export const SECTION_ATTRIBUTE = "data-section-id";

/** The side cart as a section: open while selected, its bars and lines re-rendered when its settings change. */
export const SIDE_CART_SECTION = "cart-drawer";

/** The query flag that puts a framed storefront page in design mode. */
export const DESIGN_MODE_PARAMETER = "design_mode";
/** A call may ask for the preview with this header instead of the query flag (the preview's own pages and calls carry the flag in their address). */
export const DESIGN_MODE_HEADER = "x-design-mode";

/**
 * Whether a request comes from the editor's preview: its address carries
 * the design-mode flag, or its header does. Only then, and only for a
 * signed-in staff member allowed the settings, is their draft applied.
 */
export function asksForDesignPreview(search: string, header: string | null | undefined): boolean {
  return new URLSearchParams(search).get(DESIGN_MODE_PARAMETER) === "1" || header === "1";
}

/**
 * Where a request or link of the preview goes, as the preview keeps it: a
 * page or call of the shop itself (the same origin, outside the back office)
 * carries the design-mode flag, so the page it leads to, its data and its
 * calls are drawn with the staff member's draft. Anything else (another
 * site, the back office, a page-internal `#` link) is left as it is: null.
 * The flag alone shows nothing: the server applies a draft only to its
 * staff member's own session.
 */
export function designModeAddress(target: URL, page: URL): URL | null {
  if (target.origin !== page.origin || !/^https?:$/.test(target.protocol)) return null;
  if (target.pathname === "/admin" || target.pathname.startsWith("/admin/")) return null;
  if (target.searchParams.get(DESIGN_MODE_PARAMETER) === "1") return null;
  // A link to a place on the same page (the "Back to top" link) moves no request.
  if (target.hash !== "" && target.pathname === page.pathname && target.search === page.search) return null;
  const flagged = new URL(target.href);
  flagged.searchParams.set(DESIGN_MODE_PARAMETER, "1");
  return flagged;
}
