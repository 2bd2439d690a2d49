/** The recommendations section's id, as Shopify's section rendering names it. */
export const RECOMMENDATIONS_SECTION_ID = "product-recommendations";
/** Where the theme fetches the section from (Shopify's `routes.product_recommendations_url`). */
export const RECOMMENDATIONS_URL = "/recommendations/products";
