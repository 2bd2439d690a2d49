import type { ComponentProps } from "react";
import type * as Enhancements from "./enhancements.ts";
import { defineChunk, useChunk } from "../../chunks/chunks.ts";
import { useHydrated } from "../../ui/use-hydrated.ts";
import { RecommendationsPlaceholder } from "./RecommendationsPlaceholder.tsx";

/** The product page's browser-only parts, one chunk, loaded once the page is interactive. */
const enhancementsChunk = defineChunk<typeof Enhancements>("product page enhancements", () => import("./enhancements.ts"));

/** The chunk once the page is interactive (undefined before, and on the server). */
function useEnhancements(wanted = true) {
  const hydrated = useHydrated();
  const module = useChunk(enhancementsChunk, hydrated && wanted);
  return hydrated ? module : undefined;
}

/** The sticky add-to-cart bar, once the page is interactive. */
export function LazyStickyAddToCart(props: ComponentProps<typeof Enhancements.StickyAddToCart>) {
  const module = useEnhancements();
  return module ? <module.StickyAddToCart {...props} /> : null;
}

/** The 'users on page' line; its height is reserved whether or not it has anything to say. */
export function LazyUsersOnPage(props: ComponentProps<typeof Enhancements.UsersOnPage>) {
  const module = useEnhancements(props.settings.enabled);
  if (!props.settings.enabled) return null;
  return (
    <div className="product__viewers" data-testid="users-on-page">
      {module ? <module.UsersOnPage {...props} /> : null}
    </div>
  );
}

/** The recommendations section: a placeholder from the server, its HTML fetched once the page is interactive. */
export function LazyRecommendations(props: ComponentProps<typeof Enhancements.RecommendationsSection>) {
  const module = useEnhancements();
  return module ? <module.RecommendationsSection {...props} /> : <RecommendationsPlaceholder count={props.limit} />;
}

/** Applies the discount link's code at load when the merchant switched it on (its code is only loaded then). */
export function LazyDiscountLinkAtLoad(props: ComponentProps<typeof Enhancements.DiscountLinkAtLoad>) {
  const enabled = Boolean(props.settings?.enabled);
  const module = useEnhancements(enabled);
  return module && enabled ? <module.DiscountLinkAtLoad {...props} /> : null;
}
