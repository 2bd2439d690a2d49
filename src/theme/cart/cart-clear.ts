import type { CartJson } from "../../core/shopify-types.ts";

/** `POST /cart/clear.js` with the cache-busting `v` every cart call carries; the last resort after a failed remove. */
export async function clearCart(): Promise<CartJson> {
  const version = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const response = await fetch(`/cart/clear.js?v=${version}`, { method: "POST", credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`cart clear answered ${response.status}`);
  return (await response.json()) as CartJson;
}
