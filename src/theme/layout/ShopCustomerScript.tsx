import { useEffect } from "react";
import { SAVED_OWNER_KEY } from "../../core/builders/saved-storage.ts";
import { useNonce } from "../entry/nonce.ts";

/** The logged-in customer's id, hash and email, for scripts outside React (as a Shopify theme's `customer.id` and `customer.email`). */
interface ShopCustomer {
  id: number;
  hash: string;
  email: string;
}

/** JSON inside a script element: `<` is escaped so no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");

/** Whether this browser holds a customer's saved list (which leaves at logout). */
function holdsCustomerList(): boolean {
  try {
    return window.localStorage.getItem(SAVED_OWNER_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * `window.ShopCustomer = {id, hash, email}` for a logged-in customer, nothing
 * otherwise. Save for later posts the pair; the shop checks the hash before
 * trusting the id. When who is logged in changes, the saved-for-later list
 * is brought in step (its code loads only for customers and just after a logout).
 */
export function ShopCustomerScript({ customer }: { customer: ShopCustomer | null }) {
  const nonce = useNonce();
  const id = customer?.id;
  const hash = customer?.hash;
  const email = customer?.email;
  // A script React adds after the first page does not run: logging in or out in place sets the global here.
  useEffect(() => {
    const global = window as unknown as { ShopCustomer?: ShopCustomer };
    const signedIn = id !== undefined && hash !== undefined && email !== undefined ? { id, hash, email } : null;
    if (signedIn) global.ShopCustomer = signedIn;
    else delete global.ShopCustomer;
    if (signedIn || holdsCustomerList()) {
      import("../builders/saved-for-later.ts").then(({ syncWithShop }) => syncWithShop(signedIn), (error: unknown) => console.error(error));
    }
  }, [id, hash, email]);
  if (!customer) return null;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: `window.ShopCustomer=${scriptJson({ id: customer.id, hash: customer.hash, email: customer.email })};` }} />;
}
