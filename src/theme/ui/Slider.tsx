import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { SLIDER_MOTION_DEFAULTS, emblaDuration } from "../../core/content/slider-motion.ts";
import { useShop, useText } from "../storefront/use-shop.ts";
import { defineChunk } from "../chunks/chunks.ts";
import type * as SliderEngineModule from "./SliderEngine.tsx";
import type { EmblaApi, EmblaOptions } from "./SliderEngine.tsx";
import { useAutoplay } from "./use-autoplay.ts";
import { REDUCED_MOTION_QUERY, useMediaQuery } from "./use-media-query.ts";
import "./slider.css";

/** From `minWidth` pixels of viewport up, `perView` slides at once. */
export interface SliderBreakpoint {
  minWidth: number;
  perView: number;
}

export interface Slide {
  key: string;
  content: ReactNode;
}

interface CarouselProps {
  /** The carousel's accessible name: a text, or the id of the heading that names it. */
  label: string | { labelledBy: string };
  /** Slides visible at once below the first breakpoint; may be fractional (3.2 shows a peek of the next). */
  perView: number;
  /** Other slide counts on wider screens, switched by CSS media queries so the server's page already has them. */
  responsive?: readonly SliderBreakpoint[];
  /** Move by itself every `sliders.autoplaySpeedMs`, with a rotation control. */
  autoplay?: boolean;
  className?: string;
  slides: Slide[];
}

interface SliderProps extends CarouselProps {
  /**
   * A media query the carousel exists under: it mounts when the query starts
   * to match and unmounts when it stops. Read in the browser only (the server
   * renders `otherwise`), so it suits panels drawn in the browser such as the
   * side cart; server-rendered carousels use `responsive`.
   */
  mountWhen?: string;
  /** What stands in for an unmounted carousel: its slides as a plain list, or nothing. */
  otherwise?: "list" | "nothing";
  listClassName?: string;
}

/**
 * Embla and its React hook (about 8 kB gzipped) stay off the page's first
 * load: imported once, when the first carousel is in the document, through
 * the theme's chunk loader (ChunkLoadError after a failure or 120 s), and
 * rendered directly when loaded rather than through React.lazy, whose
 * Suspense reveal waits on timers.
 */
const engineChunk = defineChunk<typeof SliderEngineModule>("slider", () => import("./SliderEngine.tsx"));
type SliderEngineType = (typeof SliderEngineModule)["default"];

/**
 * The shop's one carousel (WAI-ARIA carousel pattern) on Embla: slides are
 * groups, previous/next are real buttons that stay focusable at the ends
 * (aria-disabled) so focus is never dropped, Left and Right arrow keys move
 * it, no loop. With autoplay it gets a rotation control, first in its tab
 * order, and its slides are a live region only while it is not rotating.
 */
export function Slider({ mountWhen, otherwise = "list", listClassName, ...carousel }: SliderProps) {
  if (mountWhen) return <MediaSlider query={mountWhen} otherwise={otherwise} listClassName={listClassName} carousel={carousel} />;
  return <Carousel {...carousel} />;
}

function MediaSlider({ query, otherwise, listClassName, carousel }: { query: string; otherwise: "list" | "nothing"; listClassName: string | undefined; carousel: CarouselProps }) {
  const mounted = useMediaQuery(query);
  if (mounted) return <Carousel {...carousel} />;
  if (otherwise === "nothing") return null;
  return (
    <ul className={listClassName}>
      {carousel.slides.map((slide) => (
        <li key={slide.key}>{slide.content}</li>
      ))}
    </ul>
  );
}

/** A class and its rules giving the slides their width at every breakpoint; one per layout, shared by carousels that use it. */
function perViewLayout(perView: number, responsive: readonly SliderBreakpoint[]) {
  const steps = [{ minWidth: 0, perView }, ...[...responsive].sort((a, b) => a.minWidth - b.minWidth)];
  const className = `slider-pv-${steps.map((step) => `${step.minWidth}-${step.perView}`.replace(/\./g, "p")).join("_")}`;
  const rule = (count: number) => `.${className}>.slider__slide{flex-basis:${Math.round((100 / count) * 1000) / 1000}%}`;
  const css = steps.map((step) => (step.minWidth ? `@media (min-width:${step.minWidth}px){${rule(step.perView)}}` : rule(step.perView))).join("");
  return { className, css, fewest: Math.min(...steps.map((step) => step.perView)) };
}

const NOT_STARTED = "0,0,0";

function Carousel({ label, perView, responsive = [], autoplay = false, className, slides }: CarouselProps) {
  const text = useText();
  const motion = useShop().sliders ?? SLIDER_MOTION_DEFAULTS;
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const options = useMemo<EmblaOptions>(
    () => ({
      loop: false,
      align: "start",
      containScroll: "trimSnaps",
      // Shoppers who asked for less motion get jumps, not animated scrolls.
      duration: reducedMotion ? 0 : emblaDuration(motion.animationDurationMs),
      watchDrag: motion.dragSpeed > 0,
    }),
    [reducedMotion, motion.animationDurationMs, motion.dragSpeed],
  );
  // The viewport is known once the markup is in place (after hydration); the engine is loaded then.
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [SliderEngine, setSliderEngine] = useState<SliderEngineType | null>(null);
  useEffect(() => {
    let current = true;
    engineChunk.load().then(
      (engine) => {
        if (current) setSliderEngine(() => engine.default);
      },
      // Logged by the loader; the carousel still shows its slides, it just cannot move.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  const [api, setApi] = useState<EmblaApi>();
  const rootRef = useRef<HTMLElement>(null);

  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!api) return () => undefined;
      api.on("select", onChange).on("reInit", onChange).on("init", onChange);
      return () => {
        api.off("select", onChange).off("reInit", onChange).off("init", onChange);
      };
    },
    [api],
  );
  const position = useSyncExternalStore(
    subscribe,
    () => (api ? `${api.canScrollPrev() ? 1 : 0},${api.canScrollNext() ? 1 : 0},${api.selectedScrollSnap()}` : NOT_STARTED),
    () => NOT_STARTED,
  );
  const [canPrevious, canNext, selected] = position.split(",").map(Number) as [number, number, number];

  const layout = perViewLayout(perView, responsive);
  const hasControls = slides.length > Math.floor(layout.fewest);
  const rotation = useAutoplay(api, rootRef, { enabled: autoplay && hasControls, delayMs: motion.autoplaySpeedMs, reducedMotion, selected });

  const controls = hasControls ? (
    <div className="slider__controls">
      {autoplay ? (
        <button className="slider__button slider__rotation" type="button" aria-label={rotation.rotating ? text("slider_pause") : text("slider_play")} onClick={rotation.toggle}>
          {rotation.rotating ? (
            <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
              <path d="M5.5 3.5v9M10.5 3.5v9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          ) : (
            <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
              <path d="M5 3.2v9.6L12.5 8z" fill="currentColor" stroke="currentColor" strokeWidth="1.2" strokeLinejoin="round" />
            </svg>
          )}
        </button>
      ) : null}
      <button className="slider__button slider__arrow" type="button" aria-label={text("slider_previous")} aria-disabled={!canPrevious} onClick={() => api?.scrollPrev()}>
        <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
          <path d="M10 3 5 8l5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <button className="slider__button slider__arrow" type="button" aria-label={text("slider_next")} aria-disabled={!canNext} onClick={() => api?.scrollNext()}>
        <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
          <path d="m6 3 5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
    </div>
  ) : null;

  return (
    <section
      ref={rootRef}
      className={`slider ${autoplay ? "slider--autoplay" : ""} ${className ?? ""}`}
      aria-roledescription={text("slider_role")}
      {...(typeof label === "string" ? { "aria-label": label } : { "aria-labelledby": label.labelledBy })}
      {...(autoplay ? rotation.holdHandlers : {})}
      onKeyDown={(event) => {
        // The left and right arrow keys (codes 37 and 39) move it; not while typing in a field inside a slide.
        const target = event.target as HTMLElement;
        if (target.closest("input, textarea, select, [contenteditable]")) return;
        if (event.key === "ArrowLeft") api?.scrollPrev();
        else if (event.key === "ArrowRight") api?.scrollNext();
      }}
    >
      {/* React 19 hoists this into <head> once per layout, on the server's page too. */}
      <style href={layout.className} precedence="default">
        {layout.css}
      </style>
      {autoplay ? controls : null}
      {viewport && SliderEngine ? <SliderEngine viewport={viewport} options={options} onApi={setApi} /> : null}
      <div className="slider__viewport" ref={setViewport} {...(autoplay ? { "aria-live": rotation.running ? "off" : "polite" } : {})}>
        {/* Slides are groups (the WAI-ARIA carousel pattern), so the track is not a list. */}
        <div className={`slider__track ${layout.className}`}>
          {slides.map((slide, index) => (
            <div key={slide.key} className="slider__slide" role="group" aria-roledescription={text("slide_role")} aria-label={text("slide_label", { n: index + 1, total: slides.length })}>
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      {autoplay ? null : controls}
    </section>
  );
}
