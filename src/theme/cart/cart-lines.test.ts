import { describe, expect, it } from "vitest";
import type { LineItemJson } from "../../core/contract/shopify-types.ts";
import { settle, withPendingQuantities } from "./cart-lines.ts";

const line = (key: string, quantity: number) => ({ key, quantity, final_line_price: quantity * 1000 }) as LineItemJson;

describe("cart lines", () => {
  it("shows chosen quantities at once and drops removed lines, keeping the shop's prices", () => {
    const items = [line("1:a", 1), line("2:b", 2), line("3:c", 1)];
    const shown = withPendingQuantities(items, { "1:a": { quantity: 4, sequence: 1 }, "2:b": { quantity: 0, sequence: 2 } });
    expect(shown.map((item) => [item.key, item.quantity, item.final_line_price])).toEqual([
      ["1:a", 4, 1000],
      ["3:c", 1, 1000],
    ]);
  });

  it("keeps a newer pending change when an older one settles", () => {
    const pending = { "1:a": { quantity: 3, sequence: 5 } };
    expect(settle(pending, "1:a", 4)).toBe(pending);
    expect(settle(pending, "1:a", 5)).toEqual({});
  });
});
