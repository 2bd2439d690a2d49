/**
 * The product page's browser-only parts, one chunk loaded after hydration:
 * nothing in it is needed for the first paint (their space is reserved by
 * the page), so the page's always-loaded JavaScript stays small.
 */
export { StickyAddToCart } from "./StickyAddToCart.tsx";
export { UsersOnPage } from "./UsersOnPage.tsx";
export { RecommendationsSection } from "./RecommendationsSection.tsx";
export { DiscountLinkAtLoad } from "./DiscountLinkAtLoad.tsx";
