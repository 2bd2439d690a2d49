import { useEffect } from "react";

/** The logged-in customer's id and hash, for scripts outside React (as a Shopify theme's `customer.id`). */
interface ShopCustomer {
  id: number;
  hash: string;
}

/** JSON inside a script element: `<` is escaped so no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");

/**
 * `window.ShopCustomer = {id, hash}` for a logged-in customer, nothing
 * otherwise. Later features (save for later) post the pair; the shop
 * checks the hash before trusting the id.
 */
export function ShopCustomerScript({ customer }: { customer: ShopCustomer | null }) {
  const id = customer?.id;
  const hash = customer?.hash;
  // A script React adds after the first page does not run: logging in or out in place sets the global here.
  useEffect(() => {
    const global = window as unknown as { ShopCustomer?: ShopCustomer };
    if (id !== undefined && hash !== undefined) global.ShopCustomer = { id, hash };
    else delete global.ShopCustomer;
  }, [id, hash]);
  if (!customer) return null;
  return <script dangerouslySetInnerHTML={{ __html: `window.ShopCustomer=${scriptJson({ id: customer.id, hash: customer.hash })};` }} />;
}
