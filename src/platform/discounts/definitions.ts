import type { BuilderBundle, BuilderKind } from "../../core/builder-bundles.ts";

/** A discount code as the merchant defined it. */
export interface DiscountDefinition {
  code: string;
  title: string;
  valueType: "percentage" | "fixed_amount";
  /** percentage: percent off; fixed_amount: minor units off. */
  value: number;
  /** Minor units. */
  minimumSubtotal: number;
  /** ISO timestamps; null when open-ended. */
  startsAt: string | null;
  endsAt: string | null;
  enabled: boolean;
  createdAt: string;
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
