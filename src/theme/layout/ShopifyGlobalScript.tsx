import { useEffect } from "react";
import type { ShopInfo } from "../../core/contract/storefront.ts";
import { shopifyGlobal, shopifyGlobalScript } from "../../core/shopify/shopify-global.ts";
import { useNonce } from "../entry/nonce.ts";

/**
 * `window.Shopify` for theme and app scripts, set in the head before any of
 * them runs (an inline script with the page's nonce). Moving to another
 * site in place sets it again, since React does not run a script it adds.
 */
export function ShopifyGlobalScript({ shop }: { shop: ShopInfo }) {
  const nonce = useNonce();
  const { site, url = "" } = shop;
  useEffect(() => {
    if (!site) return;
    const page = window as unknown as { Shopify?: object };
    page.Shopify = Object.assign(page.Shopify ?? {}, shopifyGlobal(site, url));
  }, [site, url]);
  if (!site) return null;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: shopifyGlobalScript(shopifyGlobal(site, url)) }} />;
}
