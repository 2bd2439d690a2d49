import type { ContentImage } from "../../core/content/content.ts";
import { ProductImage } from "../ui/ProductImage.tsx";

/** The picture heading an article or its card, at its intrinsic size so nothing shifts. */
export function ArticleImage({ image, sizes, priority }: { image: ContentImage; sizes: string; priority?: "high" | "lazy" }) {
  return <ProductImage className="article-image" src={image.src} alt={image.alt} width={image.width} height={image.height} sizes={sizes} {...(priority ? { priority } : {})} />;
}
