import { useCallback } from "react";
import { useRouteLoaderData } from "react-router";
import { formatMoney } from "../../core/money.ts";
import type { ShopInfo } from "../../core/storefront.ts";
import type { loader as rootLoader } from "../root.tsx";

/** Used only while the shop itself could not be loaded (the root error page). */
const FALLBACK_SHOP: ShopInfo = { name: "Shop", currency: "USD", moneyFormat: "${{amount}}", menus: {} };

/** The shop every page is rendered for, from the root loader. */
export function useShop(): ShopInfo {
  return useRouteLoaderData<typeof rootLoader>("root")?.shop ?? FALLBACK_SHOP;
}

/** Formats minor units in the shop's money format. */
export function useMoney(): (cents: number) => string {
  const { moneyFormat } = useShop();
  return useCallback((cents: number) => formatMoney(cents, moneyFormat), [moneyFormat]);
}
