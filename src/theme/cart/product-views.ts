/**
 * Product details the cart needs, fetched once per page and shared by the
 * cart page, the side cart, its gift rule and its upsells:
 * `GET /products/{handle}?view=json` (metafields, bundle, collections) and
 * `GET /products/{handle}.js` (variants, availability).
 */
import type { ProductJson, ProductViewJson } from "../../core/shopify-types.ts";

export type Loaded<T> = { status: "ok"; value: T } | { status: "missing" } | { status: "failed" };

const views = new Map<string, Promise<Loaded<ProductViewJson>>>();
const scripts = new Map<string, Promise<Loaded<ProductJson>>>();

async function fetchJson<T>(url: string): Promise<Loaded<T>> {
  try {
    const response = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (response.status === 404) return { status: "missing" };
    if (!response.ok) return { status: "failed" };
    return { status: "ok", value: (await response.json()) as T };
  } catch {
    return { status: "failed" };
  }
}

function cached<T>(store: Map<string, Promise<Loaded<T>>>, key: string, load: () => Promise<Loaded<T>>): Promise<Loaded<T>> {
  const existing = store.get(key);
  if (existing) return existing;
  const loading = load().then((result) => {
    // A failure may be passing (a dropped connection): ask again next time.
    if (result.status === "failed") store.delete(key);
    return result;
  });
  store.set(key, loading);
  return loading;
}

export function loadProductView(handle: string): Promise<Loaded<ProductViewJson>> {
  return cached(views, handle, () => fetchJson<ProductViewJson>(`/products/${encodeURIComponent(handle)}?view=json`));
}

export function loadProductJs(handle: string): Promise<Loaded<ProductJson>> {
  return cached(scripts, handle, () => fetchJson<ProductJson>(`/products/${encodeURIComponent(handle)}.js`));
}

/** Views the server already rendered (the cart page's loader): no need to fetch them again. */
export function primeProductViews(rendered: ProductViewJson[]): void {
  for (const view of rendered) {
    if (views.has(view.product.handle)) continue;
    views.set(view.product.handle, Promise.resolve({ status: "ok", value: view }));
  }
}
