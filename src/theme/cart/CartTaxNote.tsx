import { cartTaxNote } from "../../core/tax/tax.ts";
import type { ShopInfo } from "../../core/contract/storefront.ts";
import { useMoney, useText } from "../storefront/use-shop.ts";

const NO_TAX = { includedName: null, addedAtCheckout: false };

/** The cart's word on tax, from the server's answer: the tax its prices include, or that tax is added at checkout; nothing where the site has none. */
export function CartTaxNote({ cart, shop, className }: { cart: { total_tax: number; taxes_included: boolean }; shop: Pick<ShopInfo, "checkout">; className: string }) {
  const text = useText();
  const money = useMoney();
  const note = cartTaxNote(cart, shop.checkout?.tax ?? NO_TAX);
  if (!note) return null;
  return <p className={className}>{note.key === "cart_tax_included" ? text(note.key, { amount: money(note.values.amount), name: note.values.name }) : text(note.key)}</p>;
}
