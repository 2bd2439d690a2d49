import type { MediaJson } from "../../../core/contract/shopify-types.ts";
import { ProductImage } from "../../ui/ProductImage.tsx";
import { useText } from "../../storefront/use-shop.ts";

const MAIN_SIZES = "(max-width: 834px) 100vw, (max-width: 1360px) 52vw, 680px";

interface ProductGalleryProps {
  media: MediaJson[];
  shownId: number | undefined;
  onShow: (id: number) => void;
  productTitle: string;
}

/** The large picture and a row of thumbnails that choose it. */
export function ProductGallery({ media, shownId, onShow, productTitle }: ProductGalleryProps) {
  const shown = media.find((item) => item.id === shownId) ?? media[0];
  const text = useText();
  if (!shown) return <div className="gallery gallery--empty" />;
  return (
    <div className="gallery">
      <div className="gallery__main">
        <ProductImage src={shown.src} alt={shown.alt || productTitle} width={shown.width} height={shown.height} sizes={MAIN_SIZES} priority="high" />
      </div>
      {media.length > 1 ? (
        <ul className="gallery__thumbs js-only" aria-label={text("gallery_label")}>
          {media.map((item, index) => (
            <li key={item.id}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={text("gallery_show", { n: index + 1, total: media.length })}
                aria-pressed={item.id === shown.id}
                onClick={() => onShow(item.id)}
              >
                <ProductImage src={item.src} alt="" width={item.width} height={item.height} sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
