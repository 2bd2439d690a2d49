/** The ways an order can travel; which a country offers is its shipping zone's business (shipping-rates.ts). */
export const SHIPPING_METHODS = ["standard", "express"] as const;
export type ShippingMethodCode = (typeof SHIPPING_METHODS)[number];
