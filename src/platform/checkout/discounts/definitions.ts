import type { BuilderBundle, BuilderKind } from "../../../core/builders/builder-bundles.ts";

/** A discount code as the merchant defined it. */
export interface DiscountDefinition {
  code: string;
  title: string;
  valueType: "percentage" | "fixed_amount" | "free_shipping";
  /** percentage: percent off; fixed_amount: minor units off; free_shipping: 0. */
  value: number;
  /** Minor units. */
  minimumSubtotal: number;
  /** ISO timestamps; null when open-ended. */
  startsAt: string | null;
  endsAt: string | null;
  enabled: boolean;
  createdAt: string;
  /** Orders that may use the code in all; null: no limit. */
  usageLimit: number | null;
  /** Orders placed with it so far (counted only when it has a limit). */
  timesUsed: number;
  /** Orders one customer email may place with it; null: no limit. */
  usageLimitPerCustomer: number | null;
  /** Orders the shopper's email placed with it; null while the email is not known (a cart before checkout). */
  customerUses: number | null;
}

/** What pricing needs besides the cart and catalog. */
export interface PricingContext {
  /** Definitions of the cart's discount codes (unknown codes are simply absent). */
  discounts: DiscountDefinition[];
  /** Epoch milliseconds, for code start and end dates. */
  now: number;
  /** The builders' bundles (quiz, kit) as the merchant defined them. */
  builders: BuilderBundles;
}

export type BuilderBundles = ReadonlyMap<BuilderKind, BuilderBundle>;
