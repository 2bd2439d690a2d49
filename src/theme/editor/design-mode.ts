/**
 * The storefront in the theme editor's preview (design mode): Shopify's
 * `window.Shopify.designMode`, and the editor's section events heard on
 * `document` (`shopify:section:select` and the rest, each a CustomEvent with
 * `detail.sectionId`). Which section shows is core's rule; components read
 * it with `useDesignSection`. Outside design mode nothing listens and no
 * section is ever shown by the editor.
 */
import { useEffect, useSyncExternalStore } from "react";
import { DESIGN_EVENT_TYPES, DESIGN_MODE_PARAMETER, type DesignEvent, type DesignState, designEventName, initialDesignState, nextDesignState, shownSection } from "../../core/theme-editor.ts";

declare global {
  interface Window {
    Shopify?: { designMode?: boolean } & Record<string, unknown>;
  }
}

let state: DesignState = initialDesignState;
let started = false;
const subscribers = new Set<() => void>();

const sectionIdOf = (event: Event): string | null => {
  const detail = (event as CustomEvent<{ sectionId?: unknown } | null>).detail;
  return detail && typeof detail.sectionId === "string" && detail.sectionId !== "" ? detail.sectionId : null;
};

/** Whether this page is in the editor's preview: Shopify's flag, or the editor's query flag on the framed page. */
export function inDesignMode(): boolean {
  if (typeof window === "undefined") return false;
  return window.Shopify?.designMode === true || new URLSearchParams(window.location.search).get(DESIGN_MODE_PARAMETER) === "1";
}

/** Starts listening for the editor's events, once per document, when the page is in design mode. */
export function startDesignMode(): void {
  if (started || !inDesignMode()) return;
  started = true;
  window.Shopify = { ...window.Shopify, designMode: true };
  for (const type of DESIGN_EVENT_TYPES) {
    document.addEventListener(designEventName(type), (event) => {
      const sectionId = sectionIdOf(event);
      if (!sectionId) return;
      apply({ type, sectionId });
    });
  }
  // A mark for the editor and tests: the preview hears the editor's events from now on.
  document.documentElement.dataset.designMode = "true";
}

function apply(event: DesignEvent): void {
  state = nextDesignState(state, event);
  for (const notify of subscribers) notify();
}

/** A shown section the shopper's gesture put away in the preview (a popup closed): as if deselected, until selected again. */
export function dismissDesignSection(sectionId: string): void {
  if (started) apply({ type: "deselect", sectionId });
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
  useEffect(() => {
    const before = started;
    startDesignMode();
    if (!before && started) for (const notify of subscribers) notify();
  }, []);
}

/** Renders nothing: the storefront's frame hears the editor's events in design mode. */
export function DesignModeListener(): null {
  useDesignModeListener();
  return null;
}
