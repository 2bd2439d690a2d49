import { type RefObject, useEffect } from "react";
import { INITIAL_HEADER_STATE, nextHeaderState } from "./header-scroll.ts";

interface HeaderScrollOptions {
  hideOnScroll: boolean;
  shrinkOffset: number;
}

/**
 * Hides the sticky header on scroll down, brings it back on scroll up and
 * shrinks it after the offset. Writes two data attributes straight onto the
 * header (once per animation frame at most, no React render) and moves it
 * only with transforms, so scrolling costs no layout and no layout shift.
 */
export function useHeaderScroll(ref: RefObject<HTMLElement | null>, { hideOnScroll, shrinkOffset }: HeaderScrollOptions): void {
  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    let state = { ...INITIAL_HEADER_STATE, y: window.scrollY };
    let frame = 0;
    let height = header.offsetHeight;
    const pinned = () => header.querySelector('[aria-expanded="true"], :focus-visible') !== null;
    const update = () => {
      frame = 0;
      state = nextHeaderState(state, { y: window.scrollY, height, shrinkOffset, pinned: !hideOnScroll || pinned() });
      header.toggleAttribute("data-hidden", state.hidden);
      header.toggleAttribute("data-shrunk", state.shrunk);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const resize = new ResizeObserver(() => {
      height = header.offsetHeight;
      // Everything above the header's own row (the announcement bar) slides away when it shrinks.
      const row = header.querySelector<HTMLElement>(".site-header__inner");
      header.style.setProperty("--announcement-height", `${row?.offsetTop ?? 0}px`);
    });
    resize.observe(header);
    update();
    window.addEventListener("scroll", schedule, { passive: true });
    // Keyboard focus or an opened menu brings a hidden header back at once.
    header.addEventListener("focusin", schedule);
    header.addEventListener("click", schedule);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      resize.disconnect();
      window.removeEventListener("scroll", schedule);
      header.removeEventListener("focusin", schedule);
      header.removeEventListener("click", schedule);
    };
  }, [ref, hideOnScroll, shrinkOffset]);
}
