import { useEffect, useState } from "react";
import type { LineItemJson, ProductViewJson } from "../../core/shopify-types.ts";
import { loadProductView, primeProductViews } from "./product-views.ts";

/** Product details of the cart's lines: what the server rendered, then whatever new lines need. */
export function useLineProducts(items: LineItemJson[], rendered: ProductViewJson[] = []): ReadonlyMap<string, ProductViewJson> {
  const [loaded, setLoaded] = useState<ReadonlyMap<string, ProductViewJson>>(() => new Map(rendered.map((view) => [view.product.handle, view])));
  const missing = [...new Set(items.map((item) => item.handle))].filter((handle) => !loaded.has(handle)).join(",");

  useEffect(() => primeProductViews(rendered), [rendered]);

  useEffect(() => {
    let live = true;
    for (const handle of missing.split(",").filter(Boolean)) {
      void loadProductView(handle).then((result) => {
        if (live && result.status === "ok") setLoaded((current) => new Map(current).set(handle, result.value));
      });
    }
    return () => {
      live = false;
    };
  }, [missing]);

  return loaded;
}
