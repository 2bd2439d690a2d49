import { useEffect, useEffectEvent, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { ShopInfo } from "../../core/contract/storefront.ts";
import type * as PanelModule from "./SideCart.tsx";
import type { CartShop } from "./SideCart.tsx";
import { setCartTexts } from "./cart-store.ts";
import { shopTranslator } from "../storefront/use-shop.ts";
import { CART_ITEM_ADDED } from "../storefront/cart-events.ts";
import { CHECKOUT_PATH, isGoToCheckoutMessage } from "./checkout-messages.ts";
import { startCartSync } from "./cart-sync.ts";
import { type OpenReason, SHOW_SIDE_CART, showSideCart } from "./side-cart-events.ts";
import { defineChunk, reportChunkFailure } from "../chunks/chunks.ts";
import type { ChunkLoadError } from "../chunks/chunk-load.ts";
import { wantsCartShown } from "./show-cart.ts";
import { whenIdle } from "../ui/when-idle.ts";
import { SIDE_CART_SECTION } from "../../core/content/theme-editor.ts";
import { useDesignSection, useYieldedSection } from "../content/editor/design-mode.ts";

/** Load the panel's code once the page is idle, at the latest after this (the prefetch idle timeout). */
const PRELOAD_IDLE_MS = 2000;

/** The panel's code, loaded once: after the page is idle, or at the first opening. */
const panelChunk = defineChunk<typeof PanelModule>("side cart", () => import("./SideCart.tsx"));

interface OpenRequest {
  open: boolean;
  /** Counts openings, so the panel refreshes on each. */
  serial: number;
  reason: OpenReason;
  opener: HTMLElement | null;
}

/**
 * The side cart's always-present part, small enough for every page: it
 * listens for the events that open the panel (`show-side-cart`,
 * `cart-item-added`, `?show-cart=1`), loads the panel's code after the page is
 * interactive or on first use, keeps tabs in step, and follows go-to-checkout
 * messages from framed pages.
 */
export function SideCartHost({ shop }: { shop: ShopInfo }) {
  const [request, setRequest] = useState<OpenRequest>({ open: false, serial: 0, reason: "event", opener: null });
  // The panel component once its code is here: rendered directly rather than through React.lazy, so showing it waits on no timer.
  const [Panel, setPanel] = useState<(typeof PanelModule)["default"] | null>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const cartShop: CartShop | null = shop.sideCart && shop.upsell ? { ...shop, sideCart: shop.sideCart, upsell: shop.upsell } : null;
  const enabled = cartShop !== null;

  const open = useEffectEvent((reason: OpenReason, opener: HTMLElement | null) => {
    void panelChunk.load().then(
      (module) => setPanel(() => module.default),
      // The shopper is told the cart did not load; trying again asks for it again.
      (error: ChunkLoadError) => reportChunkFailure(error, () => showSideCart(opener)),
    );
    setRequest((current) => ({ open: true, serial: current.serial + 1, reason, opener: current.open ? current.opener : opener }));
  });
  const preload = useEffectEvent(() => {
    void panelChunk.load().catch(() => undefined);
  });
  const goToCheckout = useEffectEvent(() => navigate(CHECKOUT_PATH));

  useEffect(() => {
    if (!enabled) return;
    const focused = () => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null);
    const onShow = (event: WindowEventMap[typeof SHOW_SIDE_CART]) => {
      event.preventDefault();
      open("event", event.detail?.opener ?? focused());
    };
    const onAdded = () => open("added", focused());
    const onMessage = (event: MessageEvent) => {
      if (isGoToCheckoutMessage(event, window.location.origin)) goToCheckout();
    };
    window.addEventListener(SHOW_SIDE_CART, onShow);
    window.addEventListener(CART_ITEM_ADDED, onAdded);
    window.addEventListener("message", onMessage);
    // After hydration, not during it: the address asks for the cart to be shown.
    if (wantsCartShown(window.location.search)) queueMicrotask(() => open("address", null));
    const stopSync = startCartSync();
    const cancelPreload = whenIdle(() => preload(), PRELOAD_IDLE_MS);
    return () => {
      window.removeEventListener(SHOW_SIDE_CART, onShow);
      window.removeEventListener(CART_ITEM_ADDED, onAdded);
      window.removeEventListener("message", onMessage);
      stopSync();
      cancelPreload();
    };
  }, [enabled]);

  useEffect(() => setCartTexts(shopTranslator(shop)), [shop]);

  // In the theme editor the side cart shows while its section is selected (and while it is re-rendered), and goes when it is not.
  const shownInEditor = useDesignSection() === SIDE_CART_SECTION;
  const designed = useYieldedSection(SIDE_CART_SECTION) || shownInEditor;
  const [wasDesigned, setWasDesigned] = useState(false);
  useEffect(() => {
    if (designed) void panelChunk.load().then((module) => setPanel(() => module.default), () => undefined);
  }, [designed]);
  if (wasDesigned !== designed) {
    setWasDesigned(designed);
    if (designed) setRequest({ open: true, serial: request.serial + 1, reason: "event", opener: null });
    else if (request.open) setRequest({ ...request, open: false, opener: null });
  }

  // Following a link out of the panel closes it.
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    if (request.open) setRequest({ ...request, open: false, opener: null });
  }

  if (!cartShop || !Panel) return null;
  return (
    <Panel
      shop={cartShop}
      open={request.open}
      serial={request.serial}
      reason={request.reason}
      opener={request.opener}
      onClose={() => setRequest((current) => ({ ...current, open: false }))}
    />
  );
}
