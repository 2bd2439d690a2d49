/**
 * The storefront in the theme editor's preview (design mode): Shopify's
 * `window.Shopify.designMode`, and the editor's section events heard on
 * `document` (`shopify:section:select` and the rest, each a CustomEvent with
 * `detail.sectionId`). Which section shows is core's rule; components read
 * it with `useDesignSection`. Outside design mode nothing listens and no
 * section is ever shown by the editor.
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
import {
  DESIGN_EVENT_TYPES,
  DESIGN_MODE_PARAMETER,
  type DesignEvent,
  type DesignState,
  designEventName,
  initialDesignState,
  nextDesignState,
  redrawnDesignState,
  shownSection,
  SECTION_ATTRIBUTE,
  designModeAddress,
  yieldedSection,
} from "../../core/theme-editor.ts";
import { refreshCart } from "../cart/cart-store.ts";

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
      const redraw = type === "load" && state.unloaded === sectionId;
      apply({ type, sectionId });
      if (redraw) void redrawFromData(sectionId);
    });
  }
  carryDesignMode();
  // A mark for the editor and tests: the preview hears the editor's events from now on.
  document.documentElement.dataset.designMode = "true";
}

/** `href` as the preview keeps it, or null to leave it be. */
const flagged = (href: string): string | null => designModeAddress(new URL(href, window.location.href), new URL(window.location.href))?.href ?? null;

/**
 * Keeps design mode on whatever the page asks of the shop: its fetches (React
 * Router's data, the cart's calls) and the documents its links and forms load.
 * A link followed in place (React Router's) is fetched as data; one loaded
 * whole takes its flagged address as it is clicked.
 */
function carryDesignMode(): void {
  const fetchOfPage = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const href = input instanceof Request ? input.url : String(input);
    const address = flagged(href);
    if (!address) return fetchOfPage(input, init);
    return fetchOfPage(input instanceof Request ? new Request(address, input) : address, init);
  };
  const flagLink = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    const address = flagged(link.href);
    if (address) link.href = address;
  };
  document.addEventListener("click", flagLink, true);
  document.addEventListener("auxclick", flagLink, true);
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      const address = flagged(form.action);
      if (!address) return;
      // A form that asks by GET sends its fields as the address: the flag goes with them.
      if (form.method.toLowerCase() === "get" && !form.querySelector(`input[name="${DESIGN_MODE_PARAMETER}"]`)) {
        const field = document.createElement("input");
        field.type = "hidden";
        field.name = DESIGN_MODE_PARAMETER;
        field.value = "1";
        form.append(field);
      } else form.setAttribute("action", address);
    },
    true,
  );
}

function apply(event: DesignEvent): void {
  state = nextDesignState(state, event);
  for (const notify of subscribers) notify();
}

/** Reads the page's data again (its loaders, and the cart), set by the listener once React Router runs. */
let readDataAgain: () => Promise<unknown> = () => refreshCart();

/**
 * A loaded section is drawn again from fresh data: until then the HTML the
 * editor put in place shows; then it is cleared and the component draws the
 * section itself (in the same task, so nothing empty is ever painted).
 */
async function redrawFromData(sectionId: string): Promise<void> {
  await readDataAgain().catch(() => undefined);
  if (state.redrawing !== sectionId || state.unloaded === sectionId) return;
  for (const element of document.querySelectorAll(`[${SECTION_ATTRIBUTE}="${CSS.escape(sectionId)}"][${YIELDED_ATTRIBUTE}]`)) element.replaceChildren();
  state = redrawnDesignState(state, sectionId);
  for (const notify of subscribers) notify();
}

/** Marks the element a component has left to the editor, for the editor to put the section's HTML in. */
export const YIELDED_ATTRIBUTE = "data-design-yielded";

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
  const revalidator = useRevalidator();
  const location = useLocation();
  useEffect(() => {
    // A page reached in place keeps the flag in the preview's address, so reloading it stays in design mode.
    if (!started) return;
    const address = flagged(window.location.href);
    if (address) window.history.replaceState(window.history.state, "", address);
  }, [location]);
  useEffect(() => {
    // The preview's address keeps the design-mode flag, so its data requests carry it and the staff member's draft applies.
    readDataAgain = () => Promise.all([revalidator.revalidate(), refreshCart()]);
  }, [revalidator]);
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
