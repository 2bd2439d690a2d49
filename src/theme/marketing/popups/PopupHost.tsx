import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigationType } from "react-router";
import { backAfterAWhile, readNewsletterMemory, withPage } from "../../../core/marketing/popup-visit.ts";
import { pageTask } from "../../../core/marketing/overlays.ts";
import { useShopperTask } from "../overlays/stage.ts";
import { defineChunk } from "../../chunks/chunks.ts";
import { useShop } from "../../storefront/use-shop.ts";
import { whenIdle } from "../../ui/when-idle.ts";
import { readMemory, writeMemory } from "./popup-storage.ts";
import type * as PopupsModule from "./Popups.tsx";

/** The popups start when the browser is idle, at the latest after 2 s. */
const IDLE_TIMEOUT_MS = 2000;

const popupsChunk = defineChunk<typeof PopupsModule>("popups", () => import("./Popups.tsx"));

/**
 * Where the popups live on every page. Their code is a chunk loaded once
 * the page is idle (none of it is needed to paint); a chunk that fails is
 * only logged, since the shop works without popups. Each page's load time
 * goes to the scheduler (and counts for the newsletter popup at once), and so does a return by the browser's back button
 * after a while on the page before, which reads as leaving.
 */
export function PopupHost() {
  const shop = useShop();
  const location = useLocation();
  const navigationType = useNavigationType();
  const settings = shop.popups;
  // The geo popup needs the shop's sites: none told (or only one), no geo popup.
  const sites = settings?.geo.enabled && shop.site && shop.sites && shop.sites.length > 1 && shop.defaultSiteCode ? { site: shop.site, sites: shop.sites, defaultSiteCode: shop.defaultSiteCode } : null;
  const wanted = Boolean(
    settings &&
      (sites || (settings.newsletter.enabled && shop.newsletter) || settings.countdown.enabled || settings.announcement.enabled || settings.abandonment.enabled || settings.trafficShaping.enabled),
  );
  const [module, setModule] = useState<typeof PopupsModule>();
  const [page, setPage] = useState<{ pathname: string; loadedAt: number; cameBack: boolean } | null>(null);
  const lastLoadedAt = useRef<number | null>(null);
  // The cart page, the checkout, the account pages and the challenge are tasks on the overlay stage: no popup over them.
  useShopperTask(pageTask(location.pathname));

  // Each page counts at once towards the pages the newsletter popup waits for, even when left before the popups load.
  const countsPages = Boolean(settings?.newsletter.enabled && shop.newsletter);
  useEffect(() => {
    if (countsPages) writeMemory("newsletter", withPage(readMemory("newsletter", readNewsletterMemory), location.pathname));
  }, [countsPages, location.pathname]);

  useEffect(() => {
    const now = Date.now();
    const previous = lastLoadedAt.current;
    lastLoadedAt.current = now;
    setPage({ pathname: location.pathname, loadedAt: now, cameBack: navigationType === "POP" && previous !== null && backAfterAWhile(now, previous) });
    // The page changes with its path; a new query on the same page is the same visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const cancel = whenIdle(
      () =>
        popupsChunk.load().then(
          (loaded) => {
            if (live) setModule(loaded);
          },
          () => undefined,
        ),
      IDLE_TIMEOUT_MS,
    );
    return () => {
      live = false;
      cancel();
    };
  }, [wanted]);

  if (!module || !page || !settings) return null;
  return <module.Popups settings={settings} newsletter={Boolean(shop.newsletter)} pathname={page.pathname} loadedAt={page.loadedAt} cameBack={page.cameBack} language={shop.language ?? "en"} words={shop.countdownWords} sites={sites} />;
}
