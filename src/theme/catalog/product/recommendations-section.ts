/**
 * The product-recommendations section as HTML: what
 * `GET /recommendations/products?section_id=product-recommendations`
 * answers, in the shape of Shopify's section rendering (a
 * `shopify-section` wrapper around the section). The cards carry the same
 * markup and classes as the theme's ProductCard, so they look the same.
 */
import { formatMoney } from "../../../core/money/money.ts";
import { CARD_IMAGE_SIZES, cardCompareAt } from "../../../core/catalog/product-card.ts";
import type { ProductJson } from "../../../core/contract/shopify-types.ts";
import { imageSrcSet, imageUrl } from "../../ui/product-image.ts";
import { RECOMMENDATIONS_SECTION_ID } from "./recommendations-url.ts";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);

export interface SectionTexts {
  title: string;
  soldOut: string;
  salePrice: string;
  regularPrice: string;
}

function card(product: ProductJson, moneyFormat: string, texts: SectionTexts): string {
  const image = product.media[0];
  const compareAt = cardCompareAt(product);
  const onSale = compareAt !== null && compareAt > product.price;
  const current = `${product.price_varies ? "From " : ""}${formatMoney(product.price, moneyFormat)}`;
  const price = onSale
    ? `<span class="visually-hidden">${escapeHtml(texts.salePrice)}</span><span class="price__current">${escapeHtml(current)}</span> <span class="visually-hidden">${escapeHtml(texts.regularPrice)}</span><s class="price__compare">${escapeHtml(formatMoney(compareAt, moneyFormat))}</s>`
    : `<span class="price__current">${escapeHtml(current)}</span>`;
  const picture = image
    ? `<img src="${escapeHtml(imageUrl(image.src, Math.min(640, image.width)))}" srcset="${escapeHtml(imageSrcSet(image.src, image.width))}" sizes="${CARD_IMAGE_SIZES}" width="${image.width}" height="${image.height}" alt="" loading="lazy" decoding="async">`
    : "";
  return `<li><article class="card"><div class="card__media">${picture}</div><div class="card__body"><p class="card__vendor">${escapeHtml(product.vendor)}</p><h3 class="card__title"><a class="card__link" href="${escapeHtml(product.url)}">${escapeHtml(product.title)}</a></h3><p class="price ${onSale ? "price--sale" : ""} card__price">${price}</p>${product.available ? "" : `<ul class="card__badges"><li class="badge badge--sold-out">${escapeHtml(texts.soldOut)}</li></ul>`}</div></article></li>`;
}

/** The section's HTML; an empty wrapper when there is nothing to recommend. */
export function recommendationsSectionHtml(products: readonly ProductJson[], moneyFormat: string, texts: SectionTexts): string {
  const inner = products.length
    ? `<section class="section recommendations" aria-labelledby="recommendations-title"><div class="section__header"><h2 id="recommendations-title" class="section__title">${escapeHtml(texts.title)}</h2></div><ul class="product-grid">${products.map((product) => card(product, moneyFormat, texts)).join("")}</ul></section>`
    : "";
  return `<div id="shopify-section-${RECOMMENDATIONS_SECTION_ID}" class="shopify-section">${inner}</div>`;
}
