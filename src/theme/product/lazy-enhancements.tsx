import { type ComponentProps, Suspense, lazy } from "react";
import { useHydrated } from "./browser-state.ts";
import { RecommendationsPlaceholder } from "./RecommendationsPlaceholder.tsx";

const enhancements = () => import("./enhancements.ts");

const StickyAddToCart = lazy(() => enhancements().then((module) => ({ default: module.StickyAddToCart })));
const UsersOnPage = lazy(() => enhancements().then((module) => ({ default: module.UsersOnPage })));
const RecommendationsSection = lazy(() => enhancements().then((module) => ({ default: module.RecommendationsSection })));
const DiscountLinkAtLoad = lazy(() => enhancements().then((module) => ({ default: module.DiscountLinkAtLoad })));

/** The sticky add-to-cart bar, once the page is interactive. */
export function LazyStickyAddToCart(props: ComponentProps<typeof StickyAddToCart>) {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <StickyAddToCart {...props} />
    </Suspense>
  ) : null;
}

/** The 'users on page' line; its height is reserved whether or not it has anything to say. */
export function LazyUsersOnPage(props: ComponentProps<typeof UsersOnPage>) {
  const hydrated = useHydrated();
  if (!props.settings.enabled) return null;
  return (
    <div className="product__viewers" data-testid="users-on-page">
      {hydrated ? (
        <Suspense fallback={null}>
          <UsersOnPage {...props} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The recommendations section: a placeholder from the server, its HTML fetched once the page is interactive. */
export function LazyRecommendations(props: ComponentProps<typeof RecommendationsSection>) {
  const placeholder = <RecommendationsPlaceholder count={props.limit} />;
  return useHydrated() ? (
    <Suspense fallback={placeholder}>
      <RecommendationsSection {...props} />
    </Suspense>
  ) : (
    placeholder
  );
}

/** Applies the discount link's code at load when the merchant switched it on (its code is only loaded then). */
export function LazyDiscountLinkAtLoad(props: ComponentProps<typeof DiscountLinkAtLoad>) {
  return useHydrated() && props.settings?.enabled ? (
    <Suspense fallback={null}>
      <DiscountLinkAtLoad {...props} />
    </Suspense>
  ) : null;
}
