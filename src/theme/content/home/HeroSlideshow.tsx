import { Link } from "react-router";
import type { DayTimeWindow, ScheduleState } from "../../../core/common/day-time-rule.ts";
import { ProductImage } from "../../ui/ProductImage.tsx";
import { Slider } from "../../ui/Slider.tsx";
import { useScheduledSlides } from "./use-scheduled-slides.ts";

export interface HeroSlideData {
  key: string;
  eyebrow: string;
  title: string;
  text: string;
  links: { label: string; url: string }[];
  image: { src: string; width: number; height: number } | null;
  schedule: DayTimeWindow[] | null;
  /** The schedule as the server read it when it rendered the page (null: no schedule). */
  scheduleState: ScheduleState | null;
}

export interface HeroData {
  label: string;
  autoplay: boolean;
  slides: HeroSlideData[];
  timeZone: string;
  /** The instant (epoch ms) since which the server's slide states hold: scheduled slides are first shown as they were then. */
  statesSince: number;
}

/** The home page's opening slideshow; slides with a day-and-time rule come and go with it. */
export function HeroSlideshow({ hero }: { hero: HeroData }) {
  const slides = useScheduledSlides(hero.slides, hero.timeZone, hero.statesSince);
  return (
    <Slider
      className="hero"
      label={hero.label}
      perView={1}
      autoplay={hero.autoplay}
      slides={slides.map((slide) => ({ key: slide.key, content: <HeroSlide slide={slide} first={slide === hero.slides[0]} /> }))}
    />
  );
}

function HeroSlide({ slide, first }: { slide: HeroSlideData; first: boolean }) {
  // The first slide is never scheduled (the settings insist), so the page always has its main heading.
  const Heading = first ? "h1" : "h2";
  return (
    <div className="hero__slide">
      <div className="hero__inner">
        {slide.eyebrow ? <p className="hero__eyebrow">{slide.eyebrow}</p> : null}
        <Heading className="hero__title">{slide.title}</Heading>
        {slide.text ? <p className="hero__text">{slide.text}</p> : null}
        {slide.links.length ? (
          <p className="hero__actions">
            {slide.links.map((link, index) => (
              <Link key={link.url + link.label} className={index === 0 ? "button" : "button button--secondary"} to={link.url} prefetch="intent">
                {link.label}
              </Link>
            ))}
          </p>
        ) : null}
      </div>
      {slide.image ? (
        // Desktop only: hidden on phones. The first slide's picture is the likely largest paint on desktop.
        <div className="hero__art" aria-hidden="true">
          <ProductImage src={slide.image.src} alt="" width={slide.image.width} height={slide.image.height} sizes="360px" priority={first ? "high" : "lazy"} />
        </div>
      ) : null}
    </div>
  );
}
