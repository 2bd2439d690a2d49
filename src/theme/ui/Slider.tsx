import useEmblaCarousel from "embla-carousel-react";
import { type ReactNode, useCallback, useSyncExternalStore } from "react";
import "./slider.css";

interface SliderProps {
  /** The carousel's accessible name: a text, or the id of the heading that names it. */
  label: string | { labelledBy: string };
  /** Slides visible at once; may be fractional (3.2 shows a peek of the next). */
  perView: number;
  previousLabel: string;
  nextLabel: string;
  slides: { key: string; content: ReactNode }[];
}

const NO_EDGES = "00";

/**
 * A carousel (WAI-ARIA carousel pattern) on Embla: real previous/next
 * buttons, Left/Right arrow keys, no loop. Buttons at an end stay focusable
 * (aria-disabled) so focus is never dropped.
 */
export function Slider({ label, perView, previousLabel, nextLabel, slides }: SliderProps) {
  const [viewportRef, api] = useEmblaCarousel({ loop: false, align: "start", containScroll: "trimSnaps", dragFree: false });
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
  const edges = useSyncExternalStore(
    subscribe,
    () => (api ? `${api.canScrollPrev() ? 1 : 0}${api.canScrollNext() ? 1 : 0}` : NO_EDGES),
    () => NO_EDGES,
  );
  const canPrevious = edges[0] === "1";
  const canNext = edges[1] === "1";

  return (
    <section
      className="slider"
      aria-roledescription="carousel"
      {...(typeof label === "string" ? { "aria-label": label } : { "aria-labelledby": label.labelledBy })}
      onKeyDown={(event) => {
        if (event.target instanceof HTMLInputElement) return;
        if (event.key === "ArrowLeft") api?.scrollPrev();
        else if (event.key === "ArrowRight") api?.scrollNext();
      }}
    >
      <div className="slider__viewport" ref={viewportRef}>
        {/* Slides are groups (the WAI-ARIA carousel pattern), so the track is not a list. */}
        <div className="slider__track">
          {slides.map((slide, index) => (
            <div
              key={slide.key}
              className="slider__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              style={{ flexBasis: `${100 / perView}%` }}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      {slides.length > Math.floor(perView) ? (
        <div className="slider__controls">
          <button className="slider__arrow" type="button" aria-label={previousLabel} aria-disabled={!canPrevious} onClick={() => api?.scrollPrev()}>
            <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
              <path d="M10 3 5 8l5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <button className="slider__arrow" type="button" aria-label={nextLabel} aria-disabled={!canNext} onClick={() => api?.scrollNext()}>
            <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
              <path d="m6 3 5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
      ) : null}
    </section>
  );
}
