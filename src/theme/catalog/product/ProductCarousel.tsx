import { Slider } from "../../ui/Slider.tsx";
import { ProductCard } from "./ProductCard.tsx";
import type { GridProduct } from "./ProductGrid.tsx";

/** 1.3 cards on phones, 2.2 on tablets, 4 from the desktop breakpoint (835 px). */
const PER_VIEW = 1.3;
const RESPONSIVE = [
  { minWidth: 600, perView: 2.2 },
  { minWidth: 835, perView: 4 },
] as const;
const CAROUSEL_IMAGE_SIZES = "(max-width: 599px) 75vw, (max-width: 834px) 44vw, (max-width: 1360px) calc(25vw - 40px), 300px";

/** Product cards in a carousel, named by the section heading whose id is given. */
export function ProductCarousel({ products, labelledBy, autoplay }: { products: GridProduct[]; labelledBy: string; autoplay: boolean }) {
  return (
    <Slider
      className="product-carousel"
      label={{ labelledBy }}
      perView={PER_VIEW}
      responsive={RESPONSIVE}
      autoplay={autoplay}
      slides={products.map(({ product, metafields }) => ({
        key: String(product.id),
        content: <ProductCard product={product} {...(metafields ? { metafields } : {})} imageSizes={CAROUSEL_IMAGE_SIZES} />,
      }))}
    />
  );
}
