import { type ReactNode, useEffect, useId, useRef } from "react";
import { useText } from "../../storefront/use-shop.ts";
import { bundlePopupSeen, rememberBundlePopup } from "./popup-memory.ts";
import { claimPopup, subscribeStage } from "../../marketing/overlays/stage.ts";

/** Desktop is 835 px and wider. */
const DESKTOP_QUERY = "(min-width: 835px)";
/** On desktop the popup appears after 5 s on the page. */
const BUNDLE_POPUP_DELAY_MS = 5000;
/** On mobile it appears once the add-to-cart area's top has scrolled 100 px above the viewport. */
const BUNDLE_POPUP_SCROLL_PX = 100;

interface BundlePopupProps {
  /** The bundle product's handle: the popup shows once per visit per bundle. */
  handle: string;
  heading: string;
  /** What the set saves, for "Save {amount}" ("£9.90", "20%"). */
  offer: string;
  /** The popup's action; a button marked `data-popup-close` also closes the popup. */
  children: ReactNode;
}

/**
 * The product-bundle popup: on desktop after 5 s on the page; on
 * mobile when the add-to-cart area (`[data-add-to-cart-area]`) has scrolled
 * 100 px past the top, read from a passive scroll listener at most once a
 * frame. A native modal `<dialog>`: focus moves into it, the page behind is
 * inert, Escape closes it and focus returns; a click on the backdrop closes it
 * too. Shown once per visit, never after the bundle was added. Like every
 * popup it asks the overlay stage first: due while the side cart, another
 * dialog or the cookie banner is open, or while the shopper types, it waits
 * for the stage to clear and a quiet moment.
 */
export function BundlePopup({ handle, heading, offer, children }: BundlePopupProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const text = useText();
  const id = useId();
  // Takes the popup off the overlay stage once it closes.
  const release = useRef<(() => void) | null>(null);
  useEffect(() => () => release.current?.(), []);

  useEffect(() => {
    if (bundlePopupSeen(handle)) return;
    let stopWaiting: (() => void) | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const element = dialog.current;
      if (!element || element.open || bundlePopupSeen(handle)) return;
      const answer = claimPopup({ id: `bundle-popup:${handle}`, modal: true });
      if (!answer.open) {
        // Held: asked again when what is on screen changes, or at the moment the stage names.
        stopWaiting ??= subscribeStage(() => {
          clearTimeout(retry);
          retry = setTimeout(open, 0);
        });
        if (answer.until !== null) {
          clearTimeout(retry);
          retry = setTimeout(open, answer.until - Date.now());
        }
        return;
      }
      stopWaiting?.();
      stopWaiting = null;
      release.current = answer.release;
      rememberBundlePopup(handle);
      element.showModal();
    };
    const stop = () => {
      clearTimeout(retry);
      stopWaiting?.();
    };
    if (window.matchMedia(DESKTOP_QUERY).matches) {
      const timer = setTimeout(open, BUNDLE_POPUP_DELAY_MS);
      return () => {
        clearTimeout(timer);
        stop();
      };
    }
    let frame = 0;
    const check = () => {
      frame = 0;
      const area = document.querySelector("[data-add-to-cart-area]");
      if (area && area.getBoundingClientRect().top < -BUNDLE_POPUP_SCROLL_PX) {
        window.removeEventListener("scroll", onScroll);
        open();
      }
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
      stop();
    };
  }, [handle]);

  return (
    <dialog
      ref={dialog}
      className="bundle-popup"
      aria-labelledby={`${id}-title`}
      onClose={() => {
        release.current?.();
        release.current = null;
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself; its content sits in the inner box.
        if (event.target === event.currentTarget || (event.target as Element).closest("[data-popup-close]")) event.currentTarget.close();
      }}
    >
      <div className="bundle-popup__box">
        <button type="button" className="bundle-popup__close" aria-label={text("popup_close")} data-popup-close="">
          <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
            <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
        <h2 id={`${id}-title`} className="bundle-popup__title">
          {heading}
        </h2>
        <p className="bundle-popup__offer">{text("bundle_save", { amount: offer })}</p>
        {children}
      </div>
    </dialog>
  );
}
