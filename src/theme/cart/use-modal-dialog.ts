import { type RefObject, useEffect, useEffectEvent, useId } from "react";
import { useOverlay } from "../marketing/overlays/stage.ts";

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => !element.closest("[inert]") && element.getClientRects().length > 0);
}

/**
 * A modal dialog by WAI-ARIA practice, for a panel rendered as a direct child
 * of <body>: while open, every other child of <body> is `inert` (out of reach
 * of focus, pointer and assistive technology) and the page does not scroll;
 * focus moves to `initialFocus`, Tab and Shift+Tab wrap inside the panel, Esc
 * closes, and on close focus goes back to `returnFocus` (or `fallbackFocus`
 * when that element is gone). While open it is on the overlay stage as the
 * shopper's dialog, so no popup opens over it.
 */
export function useModalDialog(options: {
  open: boolean;
  container: RefObject<HTMLElement | null>;
  panel: RefObject<HTMLElement | null>;
  initialFocus: RefObject<HTMLElement | null>;
  returnFocus: HTMLElement | null;
  fallbackFocus: () => HTMLElement | null;
  onClose: () => void;
}): void {
  const { open, container, panel, initialFocus, returnFocus } = options;
  const close = useEffectEvent(() => options.onClose());
  const fallback = useEffectEvent(() => options.fallbackFocus());
  const stageId = `dialog:${useId()}`;
  useOverlay(open ? { id: stageId, kind: "dialog", modal: true } : null);

  useEffect(() => {
    const root = container.current;
    const dialog = panel.current;
    if (!open || !root || !dialog) return;
    const made: Element[] = [];
    for (const element of document.body.children) {
      if (element === root || element.tagName === "SCRIPT" || element.hasAttribute("inert")) continue;
      element.setAttribute("inert", "");
      made.push(element);
    }
    const { body } = document;
    const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    // Keep the page from shifting when its scrollbar goes away.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    body.style.overflow = "hidden";
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    (initialFocus.current ?? dialog).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== "Tab") return;
      const focusable = tabbables(dialog);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      for (const element of made) element.removeAttribute("inert");
      body.style.overflow = previous.overflow;
      body.style.paddingRight = previous.paddingRight;
      const target = returnFocus?.isConnected ? returnFocus : fallback();
      target?.focus();
    };
  }, [open, container, panel, initialFocus, returnFocus]);
}
