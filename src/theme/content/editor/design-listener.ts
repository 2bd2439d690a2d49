/**
 * The theme editor's preview hears the editor here: its section events on
 * `document`, and the design-mode flag kept on every request and page the
 * preview asks for. Loaded only once a page finds it is in design mode
 * (design-mode.ts); a shopper's page never loads it.
 */
import {
  DESIGN_EVENT_TYPES,
  DESIGN_MODE_PARAMETER,
  type DesignEvent,
  SECTION_ATTRIBUTE,
  designEventName,
  designModeAddress,
  nextDesignState,
  redrawnDesignState,
} from "../../../core/content/theme-editor.ts";
import { type DesignListener, type DesignStore, YIELDED_ATTRIBUTE } from "./design-contract.ts";

const sectionIdOf = (event: Event): string | null => {
  const detail = (event as CustomEvent<{ sectionId?: unknown } | null>).detail;
  return detail && typeof detail.sectionId === "string" && detail.sectionId !== "" ? detail.sectionId : null;
};

/** `href` as the preview keeps it, or null to leave it be. */
const flagged = (href: string): string | null => designModeAddress(new URL(href, window.location.href), new URL(window.location.href))?.href ?? null;

/** Starts hearing the editor's events and keeping the flag, once per document. */
export function listen(store: DesignStore): DesignListener {
  const hear = (event: DesignEvent) => store.write(nextDesignState(store.read(), event));
  for (const type of DESIGN_EVENT_TYPES) {
    document.addEventListener(designEventName(type), (event) => {
      const sectionId = sectionIdOf(event);
      if (!sectionId) return;
      const redraw = type === "load" && store.read().unloaded === sectionId;
      hear({ type, sectionId });
      if (redraw) void redrawFromData(store, sectionId);
    });
  }
  carryDesignMode();
  // A mark for the editor and tests: the preview hears the editor's events from now on.
  document.documentElement.dataset.designMode = "true";
  return {
    hear,
    keepFlagInAddress() {
      const address = flagged(window.location.href);
      if (address) window.history.replaceState(window.history.state, "", address);
    },
  };
}

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

/**
 * A loaded section is drawn again from fresh data: until then the HTML the
 * editor put in place shows; then it is cleared and the component draws the
 * section itself (in the same task, so nothing empty is ever painted).
 */
async function redrawFromData(store: DesignStore, sectionId: string): Promise<void> {
  await store.readDataAgain().catch(() => undefined);
  const state = store.read();
  if (state.redrawing !== sectionId || state.unloaded === sectionId) return;
  for (const element of document.querySelectorAll(`[${SECTION_ATTRIBUTE}="${CSS.escape(sectionId)}"][${YIELDED_ATTRIBUTE}]`)) element.replaceChildren();
  store.write(redrawnDesignState(state, sectionId));
}
