import { createContext } from "react-router";
import type { StorefrontClient } from "../../core/contract/storefront.ts";

/** The storefront client of the request being rendered, set by the server for every page request. */
export const storefrontContext = createContext<StorefrontClient>();

/**
 * Whether the request being answered asks for a document (a page) rather
 * than for data after the page has started: a document carries the shop
 * info in an element of its own. Set by the server; unset, data is assumed.
 */
export const documentRequestContext = createContext<boolean>(false);
