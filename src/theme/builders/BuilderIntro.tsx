import type { ReactNode } from "react";
import { useText } from "../storefront/use-shop.ts";
import { ProductImage } from "../ui/ProductImage.tsx";
import type { BuilderImage } from "./builder-data.ts";

export interface BuilderIntroProps {
  /** The merchant's words beyond the title and lead: what the shopper comes away with, and about how many minutes it takes (0: not said). */
  start: { points: readonly string[]; minutes: number };
  /** Products the builder offers, drawn beside the words on a wide screen and above them on a phone. */
  pictures: readonly BuilderImage[];
  /** The words at the top: the builder's heading and lead, as each builder draws them. */
  children: ReactNode;
  /** The button or link that starts the builder, when it has one (the kit starts on the same page). */
  action?: ReactNode;
}

/**
 * A builder's start: its heading and lead, what the shopper will get, how
 * long it takes, the start button, and pictures of the products it offers.
 * The pictures keep their box from the first paint (square, sized), so
 * nothing moves as they load.
 */
export function BuilderIntro({ start, pictures, children, action }: BuilderIntroProps) {
  const text = useText();
  return (
    <div className={`builder-intro ${pictures.length ? "builder-intro--pictured" : ""}`}>
      <div className="builder-intro__words">
        {children}
        {start.points.length ? (
          <div className="builder-intro__gets">
            <p className="builder-intro__gets-title">{text("builder_you_get")}</p>
            <ul className="builder-intro__points">
              {start.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {start.minutes > 0 ? (
          <p className="builder-intro__time">
            <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24">
              <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            {text(start.minutes === 1 ? "builder_one_minute" : "builder_minutes", { count: start.minutes })}
          </p>
        ) : null}
        {action ? <div className="builder-intro__action">{action}</div> : null}
      </div>
      {pictures.length ? (
        <div className={`builder-intro__pictures builder-intro__pictures--${pictures.length}`}>
          {pictures.map((picture, index) => (
            <ProductImage
              key={picture.src}
              className="builder-intro__picture"
              src={picture.src}
              alt=""
              width={picture.width}
              height={picture.height}
              sizes={index === 0 ? "(min-width: 990px) 360px, 60vw" : "(min-width: 990px) 180px, 30vw"}
              priority={index === 0 ? "high" : "eager"}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
