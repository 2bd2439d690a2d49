/** After a login or logout the browser holds another cart: the side cart and header count are read again. */
import { refreshCart } from "../cart/cart-store.ts";

/** Runs the server's action; a redirect (the account answered yes) refreshes the cart before it is followed. */
export async function withCartRefresh<T>(serverAction: () => Promise<T>): Promise<T> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) void refreshCart();
    throw error;
  }
}
