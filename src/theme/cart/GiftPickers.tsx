import { useId, useState } from "react";
import type { GiftProductView } from "../../core/cart/cart-view-json.ts";
import type { GiftGroupState } from "../../core/cart/free-gifts.ts";
import { ProductImage } from "../ui/ProductImage.tsx";
import { chooseGift } from "./cart-store.ts";
import { Slider } from "../ui/Slider.tsx";
import { useLocaleText } from "./use-locale-text.ts";

/** The gift slider shows 3.2 slides and is mounted only from the desktop breakpoint. */
const GIFT_SLIDES_PER_VIEW = 3.2;
const GIFT_SLIDER_QUERY = "(min-width: 835px)";

/** One picker per gift group that offers a choice, shown while the group is enabled or one of its gifts is in the cart. */
export function GiftPickers({ groups, giftProducts }: { groups: GiftGroupState[]; giftProducts: Readonly<Record<string, GiftProductView>> }) {
  const shown = groups.filter((group) => group.settings.show_product_picker && group.live && (group.enabled || group.addedKeys.length > 0));
  if (!shown.length) return null;
  return (
    <div className="gift-pickers">
      {shown.map((group) => (
        <GiftPicker key={group.key} group={group} giftProducts={giftProducts} />
      ))}
    </div>
  );
}

function GiftPicker({ group, giftProducts }: { group: GiftGroupState; giftProducts: Readonly<Record<string, GiftProductView>> }) {
  const text = useLocaleText();
  const id = useId();
  const chosen = group.addedKeys.length;
  const [toggled, setToggled] = useState<boolean | null>(null);
  // Opened when one of its gifts is in the cart; the shopper may open or close it.
  const expanded = toggled ?? chosen > 0;
  const title = group.threshold?.title || group.settings.progress_title || text("gift_choose");
  const slides = group.gifts.flatMap((gift) => {
    const product = giftProducts[gift.handle];
    if (!product) return [];
    const available = product.available;
    const full = gift.disabled && available;
    return [
      {
        key: gift.handle,
        content: (
          <article className={`gift-card ${gift.lineKey ? "is-added" : ""}`}>
            <div className="gift-card__media">{product.image ? <ProductImage src={product.image} alt="" width={240} height={240} sizes="120px" /> : null}</div>
            <h4 className="gift-card__title">{product.title.replace(/^Free Gift:\s*/i, "")}</h4>
            {gift.lineKey ? (
              <p className="gift-card__state gift-card__state--added">{text("gift_added")}</p>
            ) : !available ? (
              <p className="gift-card__state">{text("gift_unavailable")}</p>
            ) : (
              // A full group's gifts stay clickable: choosing one says why it cannot be added.
              <button className={`button button--small gift-card__add ${full || !gift.valid ? "is-full" : ""}`} type="button" onClick={() => chooseGift(group.key, gift.handle)}>
                {text("gift_add")}
                <span className="visually-hidden"> {product.title}</span>
              </button>
            )}
          </article>
        ),
      },
    ];
  });
  return (
    <div className="gift-picker">
      <h3 className="gift-picker__heading" id={`${id}-title`}>
        <button className="gift-picker__toggle" type="button" aria-expanded={expanded} aria-controls={`${id}-panel`} onClick={() => setToggled(!expanded)}>
          <span>{title}</span>
          <span className="gift-picker__count">
            {text("gift_chosen", { chosen, limit: group.limit })}
          </span>
        </button>
      </h3>
      <div className="gift-picker__panel" id={`${id}-panel`} hidden={!expanded}>
        {/* Below the breakpoint the gifts are a stacked list. */}
        <Slider label={{ labelledBy: `${id}-title` }} perView={GIFT_SLIDES_PER_VIEW} mountWhen={GIFT_SLIDER_QUERY} otherwise="list" listClassName="gift-picker__list" slides={slides} />
      </div>
    </div>
  );
}
