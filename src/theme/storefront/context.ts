import { createContext } from "react-router";
import type { StorefrontClient } from "../../core/storefront.ts";

/** The storefront client of the request being rendered, set by the server for every page request. */
export const storefrontContext = createContext<StorefrontClient>();
