/**
 * The page's script nonce: the server makes one per page and names it in the
 * Content-Security-Policy, so only the scripts the shop itself put in the
 * page (each carrying the nonce) run inline. Loaders never see it (it is not
 * page data); components read it through React context while the server
 * renders, and after hydration it is not needed (scripts React adds later
 * are not run by the browser anyway).
 */
import { createContext, useContext } from "react";
import { createContext as createRouterContext } from "react-router";

/** Set by the server for each page request. */
export const nonceContext = createRouterContext<string>("");

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
