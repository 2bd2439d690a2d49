/**
 * The storefront in the theme editor's preview (design mode): Shopify's
 * `window.Shopify.designMode`, and the editor's section events heard on
 * `document` (`shopify:section:select` and the rest, each a CustomEvent with
 * `detail.sectionId`). Which section shows is core's rule; components read
 * it with `useDesignSection`. Outside design mode nothing listens and no
 * section is ever shown by the editor: the listener (design-listener.ts) is
 * loaded only by a page in design mode.
 *
 * A section re-rendered with new settings: from its `unload`, its component
 * draws the section's element empty (`useYieldedSection`) and the editor
 * puts the Section Rendering API's HTML in it; on `load` the page reads its
 * data again (the staff member's draft applies to the preview's requests)
 * and, once it has, takes the element back and draws it from that data.
 *
 * Following a link in the preview stays in design mode: every request the
 * page makes to the shop (React Router's `.data`, the cart's calls, a page
 * loaded whole) carries the flag in its address (`designModeAddress`), and
 * the preview's own address keeps it, so the next page is drawn with the
 * staff member's draft too.
 */
import { useEffect, useSyncExternalStore } from "react";
import { useLocation, useRevalidator } from "react-router";
import { DESIGN_MODE_PARAMETER, type DesignState, initialDesignState, shownSection, yieldedSection } from "../../../core/content/theme-editor.ts";
import { refreshCart } from "../../cart/cart-store.ts";
import { defineChunk } from "../../chunks/chunks.ts";
import type * as DesignListenerModule from "./design-listener.ts";
import { type DesignListener, type DesignStore, YIELDED_ATTRIBUTE } from "./design-contract.ts";

declare global {
  interface Window {
    Shopify?: { designMode?: boolean } & Record<string, unknown>;
  }
}

let state: DesignState = initialDesignState;
let started = false;
const subscribers = new Set<() => void>();

/** Whether this page is in the editor's preview: Shopify's flag, or the editor's query flag on the framed page. */
export function inDesignMode(): boolean {
  if (typeof window === "undefined") return false;
  return window.Shopify?.designMode === true || new URLSearchParams(window.location.search).get(DESIGN_MODE_PARAMETER) === "1";
}

/**
 * The state the editor's events move, for the listener: it reads it, sets
 * the next one, and has the components that show sections draw again.
 */
export const designStore: DesignStore = {
  read: (): DesignState => state,
  write(next: DesignState): void {
    state = next;
    for (const notify of subscribers) notify();
  },
  /** Reads the page's data again (its loaders, and the cart). */
  readDataAgain: (): Promise<unknown> => readDataAgain(),
};

/** The editor's events are heard by a listener loaded only in design mode; a page outside the preview never loads it. */
let listener: DesignListener | null = null;
const listenerChunk = defineChunk<typeof DesignListenerModule>("design-listener", () => import("./design-listener.ts"));

/** Marks the page as in the preview, once per document, and loads the listener for the editor's events. */
function startDesignMode(): void {
  if (started || !inDesignMode()) return;
  started = true;
  window.Shopify = { ...window.Shopify, designMode: true };
  for (const notify of subscribers) notify();
  listenerChunk.load().then(
    (module) => {
      listener = module.listen(designStore);
    },
    // The chunk loader logs it; the preview then never says it hears the editor, which the editor reports.
    () => undefined,
  );
}

/** Reads the page's data again (its loaders, and the cart), set by the listener's hook once React Router runs. */
let readDataAgain: () => Promise<unknown> = () => refreshCart();

/**
 * Whether `sectionId`'s component leaves its element to the editor now (it
 * is being re-rendered): it then draws the element with no children and
 * `yieldedMark`, and draws them again once this turns false.
 */
export function useYieldedSection(sectionId: string): boolean {
  return useYieldedSectionId() === sectionId;
}

/** The section whose component leaves its element to the editor now, if any (for a component drawing several sections). */
export function useYieldedSectionId(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => (started ? yieldedSection(state) : null),
    () => null,
  );
}

/** The attribute a yielded section's element carries. */
export const yieldedMark = (yielded: boolean): Record<string, string> => (yielded ? { [YIELDED_ATTRIBUTE]: "true" } : {});

/** A shown section the shopper's gesture put away in the preview (a popup closed): as if deselected, until selected again. */
export function dismissDesignSection(sectionId: string): void {
  listener?.hear({ type: "deselect", sectionId });
}

const subscribe = (notify: () => void) => {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
};

/** The section the editor has selected and the page shows; always null outside design mode. */
export function useDesignSection(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => (started ? shownSection(state) : null),
    () => null,
  );
}

/** Whether the page is in the editor's preview (false until hydrated, as on the server). */
export function useDesignMode(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => started,
    () => false,
  );
}

/** The storefront's frame starts the listener once the page has hydrated. */
export function useDesignModeListener(): void {
  const revalidator = useRevalidator();
  const location = useLocation();
  useEffect(() => {
    // A page reached in place keeps the flag in the preview's address, so reloading it stays in design mode.
    listener?.keepFlagInAddress();
  }, [location]);
  useEffect(() => {
    // The preview's address keeps the design-mode flag, so its data requests carry it and the staff member's draft applies.
    readDataAgain = () => Promise.all([revalidator.revalidate(), refreshCart()]);
  }, [revalidator]);
  useEffect(() => {
    startDesignMode();
  }, []);
}

/** Renders nothing: the storefront's frame hears the editor's events in design mode. */
export function DesignModeListener(): null {
  useDesignModeListener();
  return null;
}
