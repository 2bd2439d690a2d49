/**
 * Cart lines saved for later: a paid line moves out of the cart into the
 * saved list in one step (the list first, so nothing is lost if the removal
 * fails), and back into the cart as the same line (variant, quantity,
 * properties) through the cart store, leaving the list only once the shop
 * has taken it.
 */
import { type SavedCartItem, saveCartLine, savedCartItem, savedFrom, withoutSavedCartItem } from "../../core/builders/saved-bundles.ts";
import type { LineItemJson } from "../../core/contract/shopify-types.ts";
import { addItemsToCart } from "./buying/add-to-cart.ts";
import { saveFrom, savedList } from "../builders/saved-for-later.ts";
import { removeLines } from "./cart-store.ts";

export type SaveLineOutcome = { ok: true; item: SavedCartItem } | { ok: false; reason: "full" | "unsaveable" };

/** The analytics list a move back to the bag is counted under. */
const SAVED_LIST_NAME = "Saved for later";

/** Moves a cart line (at the quantity the shopper chose) into the saved list and out of the cart. */
export function saveLineForLater(line: LineItemJson): SaveLineOutcome {
  const item = savedCartItem(line);
  if (!item) return { ok: false, reason: "unsaveable" };
  const saved = saveCartLine(savedList(), item);
  if (!saved.ok) return saved;
  void saveFrom("cart", savedFrom(saved.list, "cart"));
  removeLines([line]);
  return { ok: true, item };
}

/** Takes a saved line off the list. */
export function removeSavedLine(item: SavedCartItem): void {
  void saveFrom("cart", savedFrom(withoutSavedCartItem(savedList(), item), "cart"));
}

/**
 * Adds a saved line back to the cart; once the shop has taken it, it leaves
 * the list. A refusal rejects with the shop's reason (a `CartApiError`) and
 * the line stays saved.
 */
export async function moveSavedToBag(item: SavedCartItem, { openSideCart }: { openSideCart: boolean }): Promise<void> {
  await addItemsToCart({ items: [{ id: item.product_variant, quantity: item.quantity, properties: item.properties }], openSideCart, listName: SAVED_LIST_NAME });
  removeSavedLine(item);
}
