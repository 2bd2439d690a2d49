/** The product editor's "Shown in the shop" section: the theme's fields (badges, size, what it helps with, add-ons). */
import type { AdminProductDetail } from "../../../core/admin/admin-catalog.ts";
import { HELPS_WITH_POINTS, HELPS_WITH_SHOWN } from "../../../core/builders/routine-builder.ts";
import {
  AMOUNT_ML_MAX,
  CART_BADGES_MAX,
  CART_BADGE_LENGTH_MAX,
  HELPS_WITH_LENGTH_MAX,
  PRODUCT_PAGE_ADD_ONS,
  THEME_METAFIELD_FIELDS as THEMED,
  UPSELL_ITEMS_MAX,
} from "../../../core/catalog/product-metafields.ts";
import { AccountField } from "../../accounts/AccountField.tsx";
import { type ProductFormState, TextArea } from "./product-form.tsx";

/** The theme fields' labels, keyed by their form names, for the error summary. */
export const shopFieldLabels = (): Record<string, string> => ({
  [THEMED.badges]: "Badges",
  [THEMED.amountMl]: "Size in millilitres",
  [THEMED.helpsWith]: "Helps with",
  [THEMED.upsellHandles]: "Add-ons",
});

export function ShopFields({ product, form: { problem, value } }: { product: AdminProductDetail; form: ProductFormState }) {
  const themed = product.themeMetafields;
  return (
    <>
      <h2 className="admin-stock__subtitle">Shown in the shop</h2>
      <TextArea
        name={THEMED.badges}
        label="Badges"
        hint={`Up to ${CART_BADGES_MAX}, one per line, each at most ${CART_BADGE_LENGTH_MAX} characters, such as Vegan. Shown on product cards, the product page and cart lines.`}
        problem={problem}
        rows={3}
        maxLength={CART_BADGES_MAX * (CART_BADGE_LENGTH_MAX + 2)}
        defaultValue={value(THEMED.badges, themed.badges.join("\n"))}
      />
      <AccountField
        name={THEMED.amountMl}
        field={THEMED.amountMl}
        label="Size in millilitres"
        required={false}
        hint={`Such as 50 (at most ${AMOUNT_ML_MAX.toLocaleString("en-GB")}). The price per volume uses it when a variant's own size does not say, such as a "30 ml" option. Leave it empty for products not sold by volume.`}
        problem={problem}
        autoComplete="off"
        defaultValue={value(THEMED.amountMl, themed.amountMl === null ? "" : String(themed.amountMl))}
        maxLength={12}
      />
      <TextArea
        name={THEMED.helpsWith}
        label="Helps with"
        hint={`Up to ${HELPS_WITH_POINTS} points, one per line, each at most ${HELPS_WITH_LENGTH_MAX} characters. The routine and quiz builders show the first ${HELPS_WITH_SHOWN} on the product's card.`}
        problem={problem}
        rows={4}
        maxLength={HELPS_WITH_POINTS * (HELPS_WITH_LENGTH_MAX + 2)}
        defaultValue={value(THEMED.helpsWith, themed.helpsWith.join("\n"))}
      />
      <TextArea
        name={THEMED.upsellHandles}
        label="Add-ons"
        hint={`Handles of up to ${UPSELL_ITEMS_MAX} other products, one per line, such as rose-face-oil. The product page offers the first ${PRODUCT_PAGE_ADD_ONS} as tick boxes beside "Add to cart"; the side cart suggests them while this product is in the cart.`}
        problem={problem}
        rows={3}
        maxLength={UPSELL_ITEMS_MAX * 120}
        defaultValue={value(THEMED.upsellHandles, themed.upsellHandles.join("\n"))}
      />
    </>
  );
}
