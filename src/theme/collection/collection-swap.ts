/**
 * The collection area swap used by filtering and load-more:
 * fetch the `?view=ajax` HTML of an address, take the collection area out of
 * it by its stable id, and hand back its inner HTML. Browser-only helpers; the
 * route decides when to call them and how the address changes.
 */
import { withView } from "../../core/collection-url.ts";

export const COLLECTION_AREA_ID = "collection-area";
/** The wait before a fetched collection area is swapped in: 100 ms. */
export const COLLECTION_SWAP_DELAY_MS = 100;
/** Fired on `window` after each swap so the reviews widget refreshes its stars. */
export const REVIEWS_REFRESH_EVENT = "reviews:refresh";

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The inner HTML of the element with `id` in an HTML page or fragment, or null. */
export function extractById(html: string, id: string): string | null {
  const doc = new DOMParser().parseFromString(html, "text/html");
  return doc.getElementById(id)?.innerHTML ?? null;
}

/** Requests `{address}?view=ajax` and answers the area's inner HTML, after the swap delay. */
export async function fetchArea(address: string, id: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(withView(address, "ajax"), { headers: { Accept: "text/html" }, ...(signal ? { signal } : {}) });
  if (!response.ok) throw new Error(`${response.status} from ${address}`);
  const inner = extractById(await response.text(), id);
  if (inner === null) throw new Error(`no #${id} in ${address}`);
  await delay(COLLECTION_SWAP_DELAY_MS);
  return inner;
}

/**
 * Load-more: the current area with the items of a fetched page added after
 * (`next`) or before (`previous`) its own, the fetched page's link for the
 * same direction in place of the used one, and the count updated.
 */
export function mergePage(currentInner: string, fetchedInner: string, direction: "next" | "previous", countText: (shown: number, total: number) => string): string {
  const current = document.createElement("div");
  current.innerHTML = currentInner;
  const fetched = document.createElement("div");
  fetched.innerHTML = fetchedInner;
  const grid = current.querySelector(".product-grid");
  const items = [...fetched.querySelectorAll(".product-grid > li")];
  if (grid) {
    if (direction === "next") grid.append(...items);
    else grid.prepend(...items);
  }
  const link = current.querySelector(`.load-more--${direction}`);
  const replacement = fetched.querySelector(`.load-more--${direction}`);
  if (replacement) link?.replaceWith(replacement);
  else link?.remove();

  const count = current.querySelector<HTMLElement>("[data-collection-count]");
  const fetchedCount = fetched.querySelector<HTMLElement>("[data-collection-count]");
  if (count && fetchedCount) {
    const key = direction === "next" ? "lastPage" : "firstPage";
    count.dataset[key] = fetchedCount.dataset[key] ?? count.dataset[key];
    const total = Number(count.dataset.total);
    const shown = Math.min(total, grid?.children.length ?? 0);
    count.textContent = countText(shown, total);
  }
  return current.innerHTML;
}
