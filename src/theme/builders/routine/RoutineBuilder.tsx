import { type ReactNode, useEffect, useRef, useState } from "react";
import { useShopperTask } from "../../marketing/overlays/stage.ts";
import { Link } from "react-router";
import { BUILDER_PROPERTIES, ROUTINE_SOURCE } from "../../../core/builders/builder-bundles.ts";
import { type RoutineScreen, routineItems, stepItems } from "../../../core/builders/routine-builder.ts";
import { ROUTINE_SCREEN_SECTIONS } from "../../../core/content/editor-sections.ts";
import { AddButton } from "../../cart/buying/AddButton.tsx";
import { useAddToCart } from "../../cart/buying/use-add-to-cart.ts";
import { useMoney, useShop, useText, useSitePath } from "../../storefront/use-shop.ts";
import { ProductImage } from "../../ui/ProductImage.tsx";
import { useMediaQuery } from "../../ui/use-media-query.ts";
import { useYieldedSection, yieldedMark } from "../../content/editor/design-mode.ts";
import { BuilderIntro } from "../BuilderIntro.tsx";
import { BookingForm, type BookingResult } from "./BookingForm.tsx";
import type { RoutinePage, RoutinePageProduct, RoutinePageStep } from "./routine-data.ts";

/** Desktop is 835 px and wider: the detail view opens on hover there, on tap below. */
const DESKTOP_QUERY = "(min-width: 835px)";

const PAGE = "/pages/routine-builder";
export const screenUrl = (screen: RoutineScreen, step?: number) => `${PAGE}?screen=${screen}${step ? `&step=${step}` : ""}`;

interface RoutineBuilderProps {
  page: RoutinePage;
  screen: RoutineScreen;
  /** 1-based. */
  step: number;
  booking: BookingResult | null;
  /** The screen is the one the theme editor selected: the focus stays where the merchant is. */
  designed?: boolean;
}

/** One product of a list: picture, name, price and up to three 'helps with' points; its detail view opens on hover (desktop) or tap (mobile). */
function RoutineProductRow({ product, time, open, onOpen, onClose, onLeave }: { product: RoutinePageProduct; time: "AM" | "PM"; open: boolean; onOpen: (how: OpenedBy) => void; onClose: () => void; onLeave: () => void }) {
  const text = useText();
  const onSite = useSitePath();
  const money = useMoney();
  const id = `routine-detail-${time}-${product.handle}`;
  return (
    <li className={`routine-product ${product.exclude ? "is-optional" : ""}`} onMouseEnter={() => onOpen("hover")} onMouseLeave={onLeave}>
      {product.image ? <ProductImage className="routine-product__image" src={product.image.src} alt="" width={product.image.width} height={product.image.height} sizes="72px" /> : null}
      <div className="routine-product__body">
        <p className="routine-product__type">
          {product.type}
          {product.exclude ? <span className="routine-product__tag">{text("routine_optional")}</span> : null}
          {product.isDuplicateOf ? <span className="routine-product__tag">{text("routine_also_morning")}</span> : null}
        </p>
        <h4 className="routine-product__title">{product.title}</h4>
        <p className="routine-product__price">{product.price === null ? text("sold_out") : `${money(product.price)}${product.variantTitle ? ` · ${product.variantTitle}` : ""}`}</p>
        {product.helpsWith.length ? (
          <ul className="routine-product__helps" aria-label={text("helps_with")}>
            {product.helpsWith.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        ) : null}
        <button type="button" className="link-button routine-product__more" aria-expanded={open} aria-controls={id} onClick={() => (open ? onClose() : onOpen("tap"))}>
          {open ? text("routine_hide_details") : text("routine_details")}
          <span className="visually-hidden"> {text("routine_details_of", { title: product.title })}</span>
        </button>
      </div>
      {open ? (
        <div className="routine-detail" id={id} role="dialog" aria-modal="false" aria-label={product.title}>
          <button type="button" className="routine-detail__close" aria-label={text("routine_close_details")} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <p className="routine-detail__title">{product.title}</p>
          {product.reviews ? (
            <p className="routine-detail__reviews">
              {text("routine_rated", { rating: product.reviews.rating.toFixed(1), count: product.reviews.count })}
            </p>
          ) : null}
          <p className="routine-detail__summary">{product.summary}</p>
          <a className="routine-detail__link" href={onSite(product.url)}>
            {text("routine_full_product")}
          </a>
        </div>
      ) : null}
    </li>
  );
}

/** Which product's detail view is open, and whether a hover opened it (leaving closes it) or a tap or click (it stays until closed). */
type OpenedBy = "hover" | "tap";
interface OpenDetail {
  key: string;
  by: OpenedBy;
}

function StepLists({ step, detail, setDetail }: { step: RoutinePageStep; detail: OpenDetail | null; setDetail: (detail: OpenDetail | null) => void }) {
  const text = useText();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const list = (time: "AM" | "PM", products: RoutinePageProduct[]) => (
    <section className={`routine-list routine-list--${time.toLowerCase()}`} aria-labelledby={`routine-${time}`}>
      <h3 className="routine-list__title" id={`routine-${time}`}>
        {time === "AM" ? text("routine_morning") : text("routine_evening")}
      </h3>
      {products.length ? (
        <ul className="routine-list__products">
          {products.map((product) => {
            const key = `${time}:${product.handle}`;
            return (
              <RoutineProductRow
                key={key}
                product={product}
                time={time}
                open={detail?.key === key}
                onOpen={(by) => {
                  // Hover opens the view on desktop only, and never takes over one a tap opened; a tap opens it everywhere.
                  if (by === "tap") setDetail({ key, by });
                  else if (desktop && detail?.by !== "tap") setDetail({ key, by });
                }}
                onClose={() => {
                  if (detail?.key === key) setDetail(null);
                }}
                onLeave={() => {
                  if (detail?.key === key && detail.by === "hover") setDetail(null);
                }}
              />
            );
          })}
        </ul>
      ) : (
        <p className="routine-list__empty">{text("routine_step_empty", { time: time === "AM" ? "am" : "pm" })}</p>
      )}
    </section>
  );
  return (
    <div className="routine-lists">
      {list("AM", step.am)}
      {list("PM", step.pm)}
    </div>
  );
}

/** A cart form for items: a plain post to `/cart/add` without JavaScript, the shop's add in place with it. */
function AddForm({ items, onAdd, children }: { items: { variantId: number }[]; onAdd: () => void; children: ReactNode }) {
  const onSite = useSitePath();
  return (
    <form
      method="post"
      action={onSite("/cart/add")}
      onSubmit={(event) => {
        event.preventDefault();
        onAdd();
      }}
    >
      {items.map((item, position) => (
        <span key={item.variantId} hidden>
          <input type="hidden" name={`items[${position}][id]`} value={item.variantId} />
          <input type="hidden" name={`items[${position}][quantity]`} value="1" />
          <input type="hidden" name={`items[${position}][properties][${BUILDER_PROPERTIES.source}]`} value={ROUTINE_SOURCE} />
        </span>
      ))}
      {children}
    </form>
  );
}

/**
 * The routine builder: a start screen, an offer of a free skin consultation,
 * then the steps with their morning and evening products. Each screen and step
 * has its own address, so links move between them with or without JavaScript.
 */
export function RoutineBuilder({ page, screen, step, booking, designed = false }: RoutineBuilderProps) {
  const shop = useShop();
  const text = useText();
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const [detail, setDetail] = useState<OpenDetail | null>(null);
  const stepAdd = useAddToCart(shop.productPage?.addToCartWaitMs ?? 1500);
  const routineAdd = useAddToCart(shop.productPage?.addToCartWaitMs ?? 1500);

  // Past the start screen the shopper is building: no popup opens over the routine.
  useShopperTask(screen !== "start" ? "builder" : null);

  const current = page.steps[Math.min(Math.max(step, 1), page.steps.length) - 1] ?? page.steps[0];
  const index = current ? page.steps.indexOf(current) + 1 : 1;

  useEffect(() => {
    // Focus follows a move to another screen or step, not the first render.
    if (first.current) {
      first.current = false;
      return;
    }
    if (!designed) heading.current?.focus();
    // Only a move to another screen or step moves the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [screen, index]);

  useEffect(() => {
    if (detail === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setDetail(null);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [detail]);

  // Re-rendered in the theme editor: the editor puts the start screen's new HTML here until the page has its new data.
  const startYielded = useYieldedSection(ROUTINE_SCREEN_SECTIONS.start);

  const lines = (items: { variantId: number }[]) => items.map((item) => ({ id: item.variantId, quantity: 1, properties: { [BUILDER_PROPERTIES.source]: ROUTINE_SOURCE } }));

  if (screen === "start" || !current) {
    if (startYielded) return <section className="routine routine--start" data-section-id={ROUTINE_SCREEN_SECTIONS.start} {...yieldedMark(true)} />;
    return (
      <section className="routine routine--start" aria-labelledby="routine-heading" data-section-id={ROUTINE_SCREEN_SECTIONS.start}>
        <BuilderIntro
          start={page.start}
          pictures={page.pictures}
          action={
            <Link className="button routine__start" to={screenUrl(page.booking.enabled ? "booking" : "steps")} preventScrollReset>
              {text("routine_start")}
            </Link>
          }
        >
          <h1 className="builder-title" id="routine-heading" ref={heading} tabIndex={-1}>
            {page.title}
          </h1>
          {page.intro ? <p className="builder-lead">{page.intro}</p> : null}
          <ol className="routine__outline" aria-label={text("routine_the_steps")}>
            {page.steps.map((entry) => (
              <li key={entry.title}>{entry.title}</li>
            ))}
          </ol>
        </BuilderIntro>
      </section>
    );
  }

  if (screen === "booking") {
    return (
      <section className="routine routine--booking" aria-labelledby="routine-heading" data-section-id={ROUTINE_SCREEN_SECTIONS.booking}>
        <h1 className="builder-title" id="routine-heading" ref={heading} tabIndex={-1}>
          {page.booking.title}
        </h1>
        {page.booking.text ? <p className="builder-lead">{page.booking.text}</p> : null}
        <div className="routine__booking">
          <BookingForm booking={page.booking} action={screenUrl("booking")} initial={booking} />
          <aside className="routine__skip">
            <p>{text("routine_know_already")}</p>
            <Link className="button button--secondary" to={screenUrl("steps", 1)} preventScrollReset>
              {text("routine_build")}
            </Link>
          </aside>
        </div>
      </section>
    );
  }

  const items = stepItems(current);
  const whole = routineItems(page.steps);
  return (
    <section className="routine routine--steps" aria-labelledby="routine-heading" data-section-id={ROUTINE_SCREEN_SECTIONS.steps}>
      <nav className="routine__nav" aria-label={text("routine_steps")}>
        <ol>
          {page.steps.map((entry, position) => (
            <li key={entry.title}>
              <Link to={screenUrl("steps", position + 1)} aria-current={position + 1 === index ? "step" : undefined} preventScrollReset>
                <span className="routine__nav-number">{position + 1}</span> {entry.title}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <p className="builder-eyebrow">
        {text("routine_step_of", { step: index, count: page.steps.length })}
      </p>
      <h1 className="builder-title" id="routine-heading" ref={heading} tabIndex={-1}>
        {current.title}
      </h1>
      {current.description ? <p className="builder-lead">{current.description}</p> : null}
      <StepLists step={current} detail={detail} setDetail={setDetail} />
      <div className="routine__actions">
        <AddForm items={items} onAdd={() => void stepAdd.add(lines(items))}>
          <AddButton
            state={items.length ? "add" : "sold-out"}
            phase={stepAdd.phase}
            texts={{ add: text("routine_add_step", { step: current.title.toLowerCase(), count: items.length }), soldOut: text("sold_out"), select: text("make_a_selection"), adding: text("adding"), added: text("added") }}
          />
        </AddForm>
        {index === page.steps.length ? (
          <AddForm items={whole} onAdd={() => void routineAdd.add(lines(whole))}>
            <AddButton
              className="button--secondary"
              state={whole.length ? "add" : "sold-out"}
              phase={routineAdd.phase}
              texts={{ add: text("routine_add_whole", { count: whole.length }), soldOut: text("sold_out"), select: text("make_a_selection"), adding: text("adding"), added: text("added") }}
            />
          </AddForm>
        ) : null}
        {stepAdd.error || routineAdd.error ? (
          <p className="routine__error" role="alert">
            {stepAdd.error ?? routineAdd.error}
          </p>
        ) : null}
      </div>
      <div className="routine__pager">
        {index > 1 ? (
          <Link className="link-button" to={screenUrl("steps", index - 1)} preventScrollReset>
            {text("routine_previous_step")}
          </Link>
        ) : (
          <span />
        )}
        {index < page.steps.length ? (
          <Link className="button button--secondary" to={screenUrl("steps", index + 1)} preventScrollReset>
            {text("routine_next_step", { title: page.steps[index]?.title ?? "" })}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
