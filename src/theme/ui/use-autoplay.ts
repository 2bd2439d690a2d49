import { type RefObject, useCallback, useEffect, useState } from "react";
import type { EmblaApi } from "./SliderEngine.tsx";

/** Why rotation is held for now; it resumes when every reason is gone. */
type Hold = "hover" | "focus" | "offscreen" | "hidden";

const NO_HOLDS: ReadonlySet<Hold> = new Set();

interface AutoplayOptions {
  enabled: boolean;
  delayMs: number;
  /** Rotation starts stopped for shoppers who asked for less motion; they may still start it. */
  reducedMotion: boolean;
  /** The selected snap: any move, the shopper's or autoplay's, starts the delay again. */
  selected: number;
}

export interface Autoplay {
  /** Whether the shopper (or the default) wants rotation: what the rotation control offers to stop. */
  rotating: boolean;
  /** Whether the slides are moving by themselves right now: rotating and nothing holds them. */
  running: boolean;
  toggle: () => void;
  /** Handlers for the carousel's root: a mouse over it or keyboard focus in it holds rotation. */
  holdHandlers: {
    onPointerEnter: (event: React.PointerEvent) => void;
    onPointerLeave: (event: React.PointerEvent) => void;
    onFocus: (event: React.FocusEvent) => void;
    onBlur: (event: React.FocusEvent) => void;
  };
}

/**
 * Autoplay with a small timer rather than Embla's autoplay plugin (not a
 * dependency): the next slide after `delayMs`, back to the first after the
 * last. Held while a mouse is over the carousel, while keyboard focus is in
 * it, while it is off-screen and while the page is hidden; resumed when all of
 * those have passed. The rotation control stops and starts it for good.
 */
export function useAutoplay(api: EmblaApi | undefined, rootRef: RefObject<HTMLElement | null>, { enabled, delayMs, reducedMotion, selected }: AutoplayOptions): Autoplay {
  const [choice, setChoice] = useState<boolean | null>(null);
  const [holds, setHolds] = useState(NO_HOLDS);
  const rotating = enabled && (choice ?? !reducedMotion);
  const running = rotating && holds.size === 0;

  const hold = useCallback((reason: Hold, on: boolean) => {
    setHolds((current) => {
      if (current.has(reason) === on) return current;
      const next = new Set(current);
      if (on) next.add(reason);
      else next.delete(reason);
      return next;
    });
  }, []);

  useEffect(() => {
    const root = rootRef.current;
    if (!enabled || !root) return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries.at(-1);
      if (entry) hold("offscreen", !entry.isIntersecting);
    });
    observer.observe(root);
    const onVisibility = () => hold("hidden", document.hidden);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      observer.disconnect();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [enabled, rootRef, hold]);

  useEffect(() => {
    if (!api || !running) return;
    const timer = window.setTimeout(() => {
      if (api.canScrollNext()) api.scrollNext();
      else if (api.selectedScrollSnap() !== 0) api.scrollTo(0);
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [api, running, delayMs, selected]);

  const holdHandlers = {
    // Touch and pen fire these around a tap too; only a mouse resting over the slides holds them.
    onPointerEnter: (event: React.PointerEvent) => {
      if (event.pointerType === "mouse") hold("hover", true);
    },
    onPointerLeave: (event: React.PointerEvent) => {
      if (event.pointerType === "mouse") hold("hover", false);
    },
    // Keyboard focus only: a mouse click on an arrow focuses it too, and should not stop rotation for good.
    onFocus: (event: React.FocusEvent) => {
      if (event.target instanceof Element && event.target.matches(":focus-visible")) hold("focus", true);
    },
    onBlur: (event: React.FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) hold("focus", false);
    },
  };

  return { rotating, running, toggle: () => setChoice(!rotating), holdHandlers };
}
