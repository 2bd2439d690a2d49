/**
 * Every page's after-idle helpers, one chunk loaded when the browser is
 * idle (PageEnhancements): the link prefetcher and smooth in-page scrolling.
 * Nothing here is needed to read or use the page; without it links simply
 * load when followed and hash links jump.
 */
import { startTransition, useCallback, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { PrefetchPageLinks, UNSAFE_DataRouterContext, useLocation } from "react-router";
import { REDUCED_MOTION_QUERY } from "../ui/use-media-query.ts";
import { inIdleSlices, whenIdle } from "../ui/when-idle.ts";
import { type ConnectionFacts, PREFETCH_LIMIT, SMOOTH_SCROLL_MS, inPageTarget, prefetchAddress, prefetchAllowed, smoothScrollY } from "./page-links.ts";

const linkFacts = (link: HTMLAnchorElement) => ({ href: link.href, target: link.getAttribute("target"), download: link.hasAttribute("download") });

/** Link scans and prefetch batches wait for idle time, at most this long (200 ms where there is no idle callback). */
const SCAN_IDLE_MS = 1000;
const SCAN_FALLBACK_MS = 200;
/** Pages whose prefetch starts in one idle moment: React adds one page's links in a few milliseconds, four took a phone's main thread over 100 ms. */
const PREFETCH_BATCH = 1;

/**
 * Calls `onVisible` with the address of each prefetchable link that comes
 * into the viewport, once per link, including links added later (a swapped
 * collection, the recommendations). The answer stops watching.
 */
function watchLinks(onVisible: (address: string) => void): () => void {
  const watched = new WeakSet<Element>();
  const visible = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      visible.unobserve(entry.target);
      const address = prefetchAddress(linkFacts(entry.target as HTMLAnchorElement), window.location.href);
      if (address) onVisible(address);
    }
  });
  const watch = (link: HTMLAnchorElement) => {
    if (watched.has(link)) return;
    watched.add(link);
    if (!link.isConnected || !prefetchAddress(linkFacts(link), window.location.href)) return;
    // React Router learns the routes of links carrying this (its own <Link>s do), which prefetching needs.
    if (!link.hasAttribute("data-discover")) link.setAttribute("data-discover", "true");
    visible.observe(link);
  };
  // A page holds hundreds of links: they are looked at a slice per idle moment, never in one long task. A scan
  // cut short by a newer one leaves its remaining links to that one.
  let cancelScan: () => void = () => undefined;
  const scan = () => {
    const fresh = [...document.querySelectorAll<HTMLAnchorElement>("a[href]")].filter((link) => !watched.has(link));
    cancelScan = inIdleSlices(fresh, watch, SCAN_IDLE_MS, SCAN_FALLBACK_MS);
  };
  const added = new MutationObserver(() => {
    cancelScan();
    cancelScan = whenIdle(scan, SCAN_IDLE_MS, SCAN_FALLBACK_MS);
  });
  scan();
  added.observe(document.body, { childList: true, subtree: true });
  return () => {
    cancelScan();
    added.disconnect();
    visible.disconnect();
  };
}

/**
 * The link prefetcher (quicklink's idea, for React Router): same-origin links
 * that come into view are prefetched (their route's modules and data, through
 * React Router's PrefetchPageLinks, so following one is a client navigation
 * that needs no request), up to 100 pages per page. Nothing at all with
 * data saving on or on a 2G connection.
 */
export function LinkPrefetcher() {
  const { pathname, search } = useLocation();
  const page = `${pathname}${search}`;
  const [prefetched, setPrefetched] = useState<{ page: string; addresses: string[] }>({ page, addresses: [] });
  // Only addresses a page route of the shop serves: not one still unknown to the router (it is learning it),
  // nor one only the not-found route answers, whose prefetch would be a 404. React Router has no public
  // way to ask, hence its internal context.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  // Routes the router learns later (once it has loaded, the links' routes) come with a new router state, which
  // nothing else here reads: the links are drawn again with every state, now with their routes.
  const subscribe = useCallback((notify: () => void) => router?.subscribe(notify) ?? (() => undefined), [router]);
  useSyncExternalStore(
    subscribe,
    () => router?.state,
    () => undefined,
  );
  const served = (address: string) => {
    const leaf = router?.match(address)?.at(-1);
    return leaf !== undefined && leaf.route.path !== "*";
  };
  const allowed = prefetchAllowed((navigator as Navigator & { connection?: ConnectionFacts }).connection);

  useEffect(() => {
    if (!allowed) return;
    let waiting: string[] = [];
    let cancelFlush: () => void = () => undefined;
    // One page per idle moment, rendered as a transition: each page's prefetch adds links to the document,
    // and a screenful of product cards at once would make one long task.
    const flush = () => {
      const batch = [...new Set(waiting)];
      waiting = batch.slice(PREFETCH_BATCH);
      startTransition(() =>
        setPrefetched((current) => {
          const addresses = current.page === page ? current.addresses : [];
          const fresh = batch.slice(0, PREFETCH_BATCH).filter((address) => !addresses.includes(address));
          return { page, addresses: [...addresses, ...fresh].slice(0, PREFETCH_LIMIT) };
        }),
      );
      if (waiting.length) cancelFlush = whenIdle(flush, SCAN_IDLE_MS, SCAN_FALLBACK_MS);
    };
    const stop = watchLinks((address) => {
      waiting.push(address);
      cancelFlush();
      cancelFlush = whenIdle(flush, SCAN_IDLE_MS, SCAN_FALLBACK_MS);
    });
    return () => {
      stop();
      cancelFlush();
    };
  }, [page, allowed]);

  if (!allowed || prefetched.page !== page) return null;
  return prefetched.addresses.filter(served).map((address) => <PrefetchPageLinks key={address} page={address} />);
}

const reducedMotion = () => window.matchMedia(REDUCED_MOTION_QUERY).matches;

/** Scrolls the window to `top` over 468 ms, or at once for shoppers who prefer reduced motion; a wheel, touch or key press stops it. */
function scrollWindowTo(top: number, done: () => void) {
  const from = window.scrollY;
  if (reducedMotion() || Math.abs(top - from) < 2) {
    window.scrollTo({ top, behavior: "instant" });
    done();
    return;
  }
  const start = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ["wheel", "touchstart", "keydown"]) window.removeEventListener(type, stop);
  };
  for (const type of ["wheel", "touchstart", "keydown"]) window.addEventListener(type, stop, { passive: true, once: true });
  const step = (now: number) => {
    const elapsed = now - start;
    window.scrollTo({ top: smoothScrollY(from, top, elapsed, SMOOTH_SCROLL_MS), behavior: "instant" });
    if (elapsed < SMOOTH_SCROLL_MS) frame = requestAnimationFrame(step);
    else {
      stop();
      done();
    }
  };
  frame = requestAnimationFrame(step);
}

/**
 * In-page hash links (`#main`, `#reviews`) scroll smoothly to their target
 * and then move focus there, so a keyboard or screen-reader user carries on
 * from it. The address takes the hash without a new history entry. Links
 * handled elsewhere (a React Router <Link>, a default already prevented) are
 * left alone. The answer stops it.
 */
export function startSmoothScroll(): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.("a[href]");
    if (!(link instanceof HTMLAnchorElement)) return;
    const id = inPageTarget(linkFacts(link), window.location.href);
    const target = id === null ? null : document.getElementById(id);
    if (id === null || !target) return;
    event.preventDefault();
    const marginTop = Number.parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
    // A sticky or fixed target (the header) is drawn where the viewport is; its place in the page is its container's.
    const placed = /^(?:sticky|fixed)$/.test(getComputedStyle(target).position) ? (target.parentElement ?? target) : target;
    const top = Math.min(placed.getBoundingClientRect().top + window.scrollY - marginTop, document.documentElement.scrollHeight - window.innerHeight);
    window.history.replaceState(window.history.state, "", `#${encodeURIComponent(id)}`);
    scrollWindowTo(Math.max(0, top), () => {
      if (!target.matches("a[href], button, input, select, textarea, [tabindex]")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    });
  };
  document.addEventListener("click", onClick);
  return () => document.removeEventListener("click", onClick);
}
