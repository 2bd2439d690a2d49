/** Pure helpers behind the cart view: how pending changes look before the shop answers. (What a line shows is core's `lineDisplay`.) */
import type { LineItemJson } from "../../core/contract/shopify-types.ts";

export interface PendingQuantity {
  quantity: number;
  /** Which request set it, so an older answer does not clear a newer choice. */
  sequence: number;
}

/**
 * The lines as the shopper expects them right now: quantities they just chose
 * applied at once, lines set to 0 gone. Prices stay as the shop last said.
 */
export function withPendingQuantities(items: LineItemJson[], pending: Record<string, PendingQuantity>): LineItemJson[] {
  return items.flatMap((item) => {
    const change = pending[item.key];
    if (!change) return [item];
    if (change.quantity <= 0) return [];
    return [{ ...item, quantity: change.quantity }];
  });
}

/** A change to a line settled: forget it unless a newer one for the same line is waiting. */
export function settle(pending: Record<string, PendingQuantity>, key: string, sequence: number): Record<string, PendingQuantity> {
  if (pending[key]?.sequence !== sequence) return pending;
  const { [key]: _settled, ...rest } = pending;
  return rest;
}
